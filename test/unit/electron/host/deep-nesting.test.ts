// Tool-call arguments nested thousands of levels deep: reported where they are read, never a stack
// overflow — and a line at the limit goes through every walk of the app (payloads, documents,
// exports, the web mode's JSON).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../electron/host/inspector.js';
import { startWebServer } from '../../../../electron/web.js';
import { MAX_NESTING, TOO_DEEP_MESSAGE } from '../../../../shared/session/nesting.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-deep-'));
const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});
const target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };

/** A session whose tool call's `arguments.x` nests `levels` arrays (the line itself adds 5 levels). */
function session(name: string, levels: number): string {
  const x = `${'['.repeat(levels)}1${']'.repeat(levels)}`;
  const lines = [
    '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/x"}',
    '{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi","timestamp":1}}',
    `{"type":"message","id":"b","parentId":"a","timestamp":"t","message":{"role":"assistant","content":[{"type":"toolCall","id":"toolu_1","name":"bash","arguments":{"x":${x}}}],"api":"anthropic-messages","provider":"anthropic","model":"claude-sonnet-4-5","usage":{"input":1,"output":1},"stopReason":"toolUse","timestamp":2}}`,
    '{"type":"message","id":"c","parentId":"b","timestamp":"t","message":{"role":"toolResult","toolCallId":"toolu_1","toolName":"bash","content":[{"type":"text","text":"ok"}],"isError":false,"timestamp":3}}',
  ];
  const file = path.join(dir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('deeply nested tool-call arguments', () => {
  it('at the limit, go through payloads, documents and every export', async () => {
    const file = session('at-limit.jsonl', MAX_NESTING - 5);
    const info = await inspector.open({ kind: 'path', path: file });
    expect(info.diagnostics).toEqual([]);
    const summary = await inspector.inspect(info.sessionId, target);
    expect(summary.replay.payloadError).toBeUndefined();
    expect(JSON.parse(JSON.stringify(summary)).inspectionId).toBe(summary.inspectionId);
    for (const side of ['original', 'replay'] as const) {
      for (const view of ['payload', 'transcript'] as const) {
        expect((await inspector.getDocument(summary.inspectionId, side, view)).text).toMatch(/"(x|input|arguments)"/);
      }
    }
    for (const kind of ['payload-json', 'curl', 'report-markdown', 'report-json'] as const) {
      expect((await inspector.exportText(summary.inspectionId, kind)).text.length).toBeGreaterThan(0);
    }
    await inspector.close(info.sessionId);
  });

  it('past it, the line is skipped with a located error and the rest inspected', async () => {
    const file = session('deep.jsonl', 100_000);
    const info = await inspector.open({ kind: 'path', path: file });
    expect(info.diagnostics[0]).toEqual({
      line: 3,
      column: 1,
      severity: 'error',
      code: 'too-deep',
      message: `line 3, column 1: ${TOO_DEEP_MESSAGE}`,
    });
    const summary = await inspector.inspect(info.sessionId, target);
    // The skipped line held the tool call: its result starts the branch (a dangling parent).
    expect(summary.original.turnCount).toBe(1);
    await inspector.close(info.sessionId);
  });

  it('the CLI reports it as file:line, exit 1, not a stack overflow (exit 2)', () => {
    const file = session('cli-deep.jsonl', 2000);
    const r = spawnSync(
      process.execPath,
      [...cliArgs(), 'inspect', file, '--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-sonnet-4-5'],
      { cwd: root, encoding: 'utf8' },
    );
    expect(r.stderr).toBe('');
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${file}:3:1: error: ${TOO_DEEP_MESSAGE}`);
  });

  it('the web mode answers 200, not 500', async () => {
    const server = await startWebServer({ inspector, rendererDir: dir });
    try {
      const call = (method: string, args: unknown[]) =>
        fetch(`http://127.0.0.1:${server.port}/api/${method}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': server.token },
          body: JSON.stringify({ args }),
        });
      const bytes = readFileSync(session('web-deep.jsonl', 5000)).toString('base64');
      const opened = await call('open', [{ kind: 'bytes', name: 'web-deep.jsonl', bytes: { $bytes: bytes } }]);
      expect(opened.status).toBe(200);
      const { result } = (await opened.json()) as { result: { sessionId: string; diagnostics: { code: string }[] } };
      expect(result.diagnostics.map((d) => d.code)).toContain('too-deep');
      expect((await call('inspect', [result.sessionId, target])).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

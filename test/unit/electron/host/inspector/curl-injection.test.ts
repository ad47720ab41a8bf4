// The exported curl script, run for real with a stub `curl`: text from the session (a model id, a
// file name) must reach curl as data and never run as a command.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, type HostInspector } from '../../../../../electron/host/inspector.js';

let dir: string;
let bin: string;
let inspector: HostInspector;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-curl-'));
  bin = path.join(dir, 'bin');
  mkdirSync(bin);
  // The stub records each argument on its own NUL-terminated record, then the body it was given.
  writeFileSync(path.join(bin, 'curl'), '#!/bin/sh\nfor a in "$@"; do printf \'%s\\0\' "$a"; done > "$CURL_ARGV"\ncat > "$CURL_BODY"\n');
  chmodSync(path.join(bin, 'curl'), 0o755);
  inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
});

afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});

/** A session whose model_change names `provider`/`modelId` (so they are the default target). */
function session(provider: string, modelId: string, api: string): string {
  const lines = [
    { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' },
    { type: 'model_change', id: 'm', parentId: null, timestamp: '2026-01-01T00:00:00.500Z', provider, modelId, api },
    {
      type: 'message',
      id: 'u',
      parentId: 'm',
      timestamp: '2026-01-01T00:00:01.000Z',
      message: { role: 'user', content: 'hi', timestamp: 1 },
    },
  ];
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

/** Open `fileName` in its own folder, inspect it for its recorded target, export curl and run the script in `shell`. */
async function runExport(fileName: string, provider: string, modelId: string, api: string, shell: string) {
  const work = mkdtempSync(path.join(dir, 'case-'));
  const file = path.join(work, fileName);
  writeFileSync(file, session(provider, modelId, api));
  const info = await inspector.open({ kind: 'path', path: file });
  expect(info.defaultTarget?.modelId).toBe(modelId);
  const { inspectionId } = await inspector.inspect(info.sessionId, info.defaultTarget!);
  const script = path.join(work, 'replay.sh');
  writeFileSync(script, (await inspector.exportText(inspectionId, 'curl')).text);
  await inspector.close(info.sessionId);
  const argvFile = path.join(work, 'argv');
  const bodyFile = path.join(work, 'body');
  execFileSync(shell, [script], {
    cwd: work,
    env: {
      PATH: `${bin}:/usr/bin:/bin`,
      CURL_ARGV: argvFile,
      CURL_BODY: bodyFile,
      ANTHROPIC_API_KEY: 'sk-ant-test',
      GEMINI_API_KEY: 'gm-test',
      HOME: work,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const argv = readFileSync(argvFile, 'utf8').split('\0').slice(0, -1);
  const body = JSON.parse(readFileSync(bodyFile, 'utf8')) as Record<string, unknown>;
  return { work, argv, body };
}

describe.each(['/bin/sh', '/bin/bash'])('the exported curl script under %s', (shell) => {
  it('a model id with line breaks stays in the body and the comment (model_change, the default target)', async () => {
    const modelId = 'claude-sonnet-4-5\ntouch pwned\n#';
    const { work, argv, body } = await runExport('s.jsonl', 'anthropic', modelId, 'anthropic-messages', shell);
    expect(existsSync(path.join(work, 'pwned'))).toBe(false);
    expect(argv.slice(0, 4)).toEqual(['-sS', '-N', 'https://api.anthropic.com/v1/messages', '-H']);
    expect(argv).toContain('x-api-key: sk-ant-test');
    expect(argv.slice(-2)).toEqual(['--data-binary', '@-']);
    expect(body.model).toBe(modelId);
  });

  it.each([
    ['$(touch pwned)', '%24(touch%20pwned)'],
    ['`touch pwned`', '%60touch%20pwned%60'],
    ["x'; touch pwned; '", "x'%3B%20touch%20pwned%3B%20'"],
    ['${HOME}x', '%24%7BHOME%7Dx'],
  ])('a Gemini model id %j reaches the URL as data', async (modelId, encoded) => {
    const { work, argv } = await runExport('g.jsonl', 'google', modelId, 'google-generative-ai', shell);
    expect(existsSync(path.join(work, 'pwned'))).toBe(false);
    expect(argv[2]).toBe(`https://generativelanguage.googleapis.com/v1beta/models/${encoded}:streamGenerateContent?alt=sse`);
    expect(argv).toContain('x-goog-api-key: gm-test');
  });

  it('a file name with a line break stays inside its comment', async () => {
    const { work, argv } = await runExport('a\ntouch pwned\n#.jsonl', 'anthropic', 'claude-sonnet-4-5', 'anthropic-messages', shell);
    expect(existsSync(path.join(work, 'pwned'))).toBe(false);
    expect(argv[2]).toBe('https://api.anthropic.com/v1/messages');
    const script = readFileSync(path.join(work, 'replay.sh'), 'utf8');
    expect(script.split('\n')[0]).toBe(
      '# Replay of a\\ntouch pwned\\n#.jsonl for anthropic/claude-sonnet-4-5, built by Transcript Inspector. Set the key variable first.',
    );
  });
});

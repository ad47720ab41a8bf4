// Export › Redacted session through the Inspector service: the copy, the check that it reproduces, and refusals.
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { sampleSessionPath } from '../../../../../electron/host/inspector/sample-path.js';
import { redactSession } from '../../../../../electron/host/redact/redact-session.js';
import { validateArguments } from '../../../../../shared/api-guards.js';
import { storePath, twinPath } from '../store/support.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-redacted-export-'));
const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const TARGET = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };

describe('exportText(…, "session-redacted")', () => {
  it('redacts the sample and says the copy reproduces the inspection', async () => {
    const info = await inspector.open({ kind: 'sample' });
    const summary = await inspector.inspect(info.sessionId, TARGET);
    const exported = await inspector.exportText(summary.inspectionId, 'session-redacted');
    expect(exported.fileName).toBe('sample-session.redacted.jsonl');
    const lines = exported.text.trimEnd().split('\n');
    expect(lines.length).toBe(readFileSync(sampleSessionPath(), 'utf8').trimEnd().split('\n').length);
    expect(exported.text).not.toContain('invoice');
    const findings = summary.preflight.original.length + summary.preflight.replay.length;
    expect(exported.notes?.[0]).toBe(
      `It reproduces this inspection for anthropic/claude-sonnet-4-5: ${summary.annotations.length} rule changes, ${findings} preflight findings, ${summary.diagnostics.length} file problems.`,
    );
    expect(exported.notes?.some((n) => /recorded provider errors? (is|are) kept word for word/.test(n))).toBe(true);
  });

  it('redacts pasted text, naming a message array .json', async () => {
    const text = JSON.stringify([
      { role: 'user', content: 'my secret plan' },
      { role: 'assistant', content: [{ type: 'text', text: 'ok' }] },
    ]);
    const info = await inspector.open({ kind: 'text', name: 'pasted.json', text });
    const summary = await inspector.inspect(info.sessionId, TARGET);
    const exported = await inspector.exportText(summary.inspectionId, 'session-redacted');
    expect(exported.fileName).toBe('pasted.redacted.json');
    expect(JSON.parse(exported.text)).toEqual([
      { role: 'user', content: 'xx xxxxxx xxxx' },
      { role: 'assistant', content: [{ type: 'text', text: 'xx' }] },
    ]);
  });

  it('refuses a file that changed since it was opened', async () => {
    const file = path.join(dir, 'changing.jsonl');
    copyFileSync(sampleSessionPath(), file);
    const info = await inspector.open({ kind: 'path', path: file });
    const summary = await inspector.inspect(info.sessionId, TARGET);
    appendFileSync(file, '\n');
    await expect(inspector.exportText(summary.inspectionId, 'session-redacted')).rejects.toThrow(
      'changing.jsonl changed since it was opened: reload it, then export (the export must be what the app shows)',
    );
    writeFileSync(file, readFileSync(sampleSessionPath()));
  });

  it('redacts a session of an OpenClaw store: the redacted copy of its JSONL, named after the session', async () => {
    const sessionId = '0199b8a4-4f40-757d-bdfc-f0f0f0f0f0f0';
    const info = await inspector.open({ kind: 'store', path: storePath('main'), storeSessionId: sessionId });
    const summary = await inspector.inspect(info.sessionId, TARGET);
    const exported = await inspector.exportText(summary.inspectionId, 'session-redacted');
    expect(exported.fileName).toBe(`${sessionId}.redacted.jsonl`);
    expect(exported.text).toBe((await redactSession({ file: twinPath('main', sessionId) })).text);
    expect(exported.notes?.[0]).toMatch(/^It reproduces this inspection for anthropic\/claude-sonnet-4-5: /);
  });

  it('is an export kind the IPC and HTTP checks accept', () => {
    expect(() => validateArguments('exportText', ['id', 'session-redacted'])).not.toThrow();
    expect(() => validateArguments('exportText', ['id', 'session'])).toThrow(/session-redacted/);
  });
});

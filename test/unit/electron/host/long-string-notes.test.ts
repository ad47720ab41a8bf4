// The long-line parse notes its longest strings (well formed, in the base64 alphabet) so later checks
// skip them; those notes keep the strings alive, so an inspection that is over, or a session that is
// closed, must leave none behind (a large session's tool output is tens of MB).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { createInspector } from '../../../../electron/host/inspector.js';
import { LONG_LINE_BYTES } from '../../../../electron/host/long-line.js';
import { isWellFormed } from '../../../../shared/text/well-formed.js';
import { assistant, entry, HEADER, jsonl, toolResult, user } from '../../../fixtures/repair/sessions.js';

const ANTHROPIC = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-notes-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** A tool output past U+00FF, long enough for its line to be parsed by its parts. */
const OUTPUT = 'résultat 中文 '.repeat(Math.ceil(LONG_LINE_BYTES / 10));

function writeSession(name: string): string {
  const lines = [
    HEADER,
    entry('a1', null, user('Run it')),
    entry(
      'a2',
      'a1',
      assistant([{ type: 'toolCall', id: 'toolu_01A', name: 'bash', arguments: { command: 'cat big' } }], { stopReason: 'toolUse' }),
    ),
    entry('a3', 'a2', toolResult('toolu_01A', OUTPUT, 'bash')),
  ];
  const file = path.join(dir, name);
  writeFileSync(file, jsonl(lines));
  return file;
}

/** Whether checking the output (a copy: the notes match by content) scans it, that is, no note spares it. */
function outputIsScanned(): boolean {
  const scans = vi.spyOn(String.prototype as string & { isWellFormed(): boolean }, 'isWellFormed');
  expect(isWellFormed(`${OUTPUT}`)).toBe(true);
  const scanned = scans.mock.calls.length > 0;
  scans.mockRestore();
  return scanned;
}

describe('notes on long strings', () => {
  it('are gone once inspect() has returned', async () => {
    const inspection = await inspect({ file: writeSession('inspect.jsonl') }, ANTHROPIC);
    expect(inspection.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(outputIsScanned()).toBe(true);
  });

  it('are kept while the session is open in the app host, and gone when it is closed', async () => {
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
    try {
      const { sessionId } = await inspector.open({ kind: 'path', path: writeSession('open.jsonl') });
      expect(outputIsScanned()).toBe(false);
      await inspector.close(sessionId);
      expect(outputIsScanned()).toBe(true);
    } finally {
      await inspector.dispose();
    }
  });
});

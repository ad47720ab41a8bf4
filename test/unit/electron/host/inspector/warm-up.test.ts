// The warm-up session reaches what a real session's first screen runs: both payloads, preflight, and
// the replay payload's reuse of the original's entries. If it stopped reaching them, a real session's
// first inspection would load and compile them itself.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../../electron/host/inspect.js';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { WARM_UP_SESSION, WARM_UP_TARGET, warmUp } from '../../../../../electron/host/inspector/warm-up.js';

/** For each entry of a payload's messages, the index of the same object in the other payload's (-1: none). */
function sameEntries(payload: unknown, other: unknown): number[] {
  const entries = (payload as { messages: unknown[] }).messages;
  const others = (other as { messages: unknown[] }).messages;
  return entries.map((entry) => others.indexOf(entry));
}

describe('warm-up session', () => {
  it('builds both payloads and preflights them, without a diagnostic', async () => {
    const inspection = await inspect({ text: WARM_UP_SESSION }, WARM_UP_TARGET, { now: 0 });
    expect(inspection.diagnostics).toEqual([]);
    expect(inspection.original.payload).toBeDefined();
    expect(inspection.replay.payload).toBeDefined();
    expect(inspection.preflight).toEqual({ original: [], replay: [] });
  });

  it("reuses the original payload's entry for the unchanged first turn", async () => {
    const inspection = await inspect({ text: WARM_UP_SESSION }, WARM_UP_TARGET, { now: 0 });
    expect(sameEntries(inspection.replay.payload, inspection.original.payload)).toEqual([0, -1, -1]);
  });

  it('is inspected through the inspector, with its first payload and turn windows, and closed', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-warm-up-'));
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
    // Each call is noted once it succeeded: the warm-up swallows failures.
    const calls: string[] = [];
    const noted = async <T>(name: string, result: Promise<T>): Promise<T> => {
      const value = await result;
      calls.push(name);
      return value;
    };
    try {
      await warmUp({
        open: (request) => noted('open', inspector.open(request)),
        inspect: (...args) => noted('inspect', inspector.inspect(...args)),
        getDocument: (...args) => noted(`document ${args[1]}`, inspector.getDocument(...args)),
        getTurns: (...args) => noted('turns', inspector.getTurns(...args)),
        close: (sessionId) => noted('close', inspector.close(sessionId)),
      });
    } finally {
      await inspector.dispose();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(calls).toEqual(['open', 'inspect', 'document original', 'document replay', 'turns', 'close']);
  });
});

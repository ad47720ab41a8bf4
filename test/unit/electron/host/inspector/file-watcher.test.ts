// The same file opened many times is watched by one poller: no MaxListenersExceededWarning, every
// session still told of a change, and closing some of them leaves the others watched.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import type { FileChangedEvent } from '../../../../../shared/api.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-watch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('watching a file opened many times', () => {
  it('warns nothing, and reports a change to every open session', async () => {
    const file = path.join(dir, 's.jsonl');
    writeFileSync(file, '{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/x"}\n');
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json'), watch: true, watchIntervalMs: 20 });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const ids: string[] = [];
      for (let i = 0; i < 15; i += 1) ids.push((await inspector.open({ kind: 'path', path: file })).sessionId);
      for (const id of ids.slice(0, 5)) await inspector.close(id);
      const seen = new Set<string>();
      const all = new Promise<void>((resolve) => {
        inspector.onFileChanged((event: FileChangedEvent) => {
          seen.add(event.sessionId);
          if (seen.size === 10) resolve();
        });
      });
      writeFileSync(file, '{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/y"}\n{"type":"label"}\n');
      await all;
      expect([...seen].sort()).toEqual(ids.slice(5).sort());
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await inspector.dispose();
    }
  });
});

// Watching opened files: the same file opened many times is watched by one poller (no
// MaxListenersExceededWarning, every session still told of a change, closing some of them leaves the
// others watched); a change right after the watcher is made is reported, and so are a deletion and
// the file coming back.
import { pbkdf2 } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { FileWatcher, type FileChange } from '../../../../../electron/host/inspector/file-watcher.js';
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

describe('a change right after the watcher is made', () => {
  it('is reported even when the stat workers are busy at that moment', async () => {
    const file = path.join(dir, 'busy.jsonl');
    writeFileSync(file, '{"type":"session"}\n');
    // Four slow key derivations fill libuv's four worker threads, where any asynchronous stat waits:
    // a watcher whose first look at the file came from there would take the write below as its start.
    const busy = Array.from({ length: 4 }, () => new Promise((resolve) => pbkdf2('k', 's', 300_000, 32, 'sha256', resolve)));
    const kinds: FileChange[] = [];
    const reported = new Promise<void>((resolve) => {
      const watcher = new FileWatcher(
        file,
        (kind) => {
          kinds.push(kind);
          watcher.close();
          resolve();
        },
        { intervalMs: 10, debounceMs: 10 },
      );
    });
    writeFileSync(file, '{"type":"session"}\n{"type":"label"}\n');
    await Promise.all([reported, ...busy]);
    expect(kinds).toEqual(['changed']);
  });

  it('reports a deletion and the file coming back', async () => {
    const file = path.join(dir, 'gone.jsonl');
    writeFileSync(file, 'a\n');
    const kinds: FileChange[] = [];
    let next: () => void = () => {};
    const watcher = new FileWatcher(
      file,
      (kind) => {
        kinds.push(kind);
        next();
      },
      { intervalMs: 10, debounceMs: 10 },
    );
    try {
      const deleted = new Promise<void>((resolve) => (next = resolve));
      rmSync(file);
      await deleted;
      const back = new Promise<void>((resolve) => (next = resolve));
      writeFileSync(file, 'b\n');
      await back;
      expect(kinds).toEqual(['deleted', 'changed']);
    } finally {
      watcher.close();
    }
  });
});

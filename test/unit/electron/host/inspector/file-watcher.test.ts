// Watching opened files: the same file opened many times is watched by one poller (no
// MaxListenersExceededWarning, every session still told of a change, closing some of them leaves the
// others watched); a change right after the watcher is made is reported, and so are a deletion and
// the file coming back; a write between the read of an opened file and its watcher is reported too.
import { pbkdf2 } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { FileWatcher, type FileChange } from '../../../../../electron/host/inspector/file-watcher.js';
import { fileVersionOf } from '../../../../../electron/host/read-input.js';
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

/** The changes a watcher reports within `ms` (its poll and debounce are 10 ms). */
async function changesWithin(file: string, since: ReturnType<typeof fileVersionOf>, ms: number): Promise<FileChange[]> {
  const kinds: FileChange[] = [];
  const watcher = new FileWatcher(file, (kind) => kinds.push(kind), { intervalMs: 10, debounceMs: 10, since });
  await new Promise((resolve) => setTimeout(resolve, ms));
  watcher.close();
  return kinds;
}

describe('a watcher made from the file as it was read', () => {
  it('reports a write made since then at once, and a deletion as deleted', async () => {
    const file = path.join(dir, 'since.jsonl');
    writeFileSync(file, '{"type":"session"}\n');
    const read = fileVersionOf(statSync(file));
    writeFileSync(file, '{"type":"session"}\n{"type":"label"}\n');
    expect(await changesWithin(file, read, 150)).toEqual(['changed']);
    const current = fileVersionOf(statSync(file));
    rmSync(file);
    expect(await changesWithin(file, current, 150)).toEqual(['deleted']);
  });

  it('reports nothing while the file is still the one read', async () => {
    const file = path.join(dir, 'same.jsonl');
    writeFileSync(file, '{"type":"session"}\n');
    expect(await changesWithin(file, fileVersionOf(statSync(file)), 150)).toEqual([]);
  });

  it('is how open() watches: a write after the read, before open() returns, is reported', async () => {
    const file = path.join(dir, 'opened.jsonl');
    writeFileSync(file, '{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/x"}\n');
    const inspector = createInspector({ recentFile: path.join(dir, 'recent.json'), watch: true, watchIntervalMs: 10 });
    try {
      const changes: FileChangedEvent[] = [];
      inspector.onFileChanged((event) => changes.push(event));
      // The read's last progress event comes once every byte is read, before the watcher is made.
      let written = false;
      inspector.onProgress((event) => {
        if (written || event.done !== event.total) return;
        written = true;
        writeFileSync(file, '{"type":"session","version":3,"id":"s","timestamp":"t","cwd":"/x"}\n{"type":"label"}\n');
      });
      const { sessionId } = await inspector.open({ kind: 'path', path: file });
      expect(written).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(changes).toEqual([{ sessionId, path: file, kind: 'changed' }]);
    } finally {
      await inspector.dispose();
    }
  });
});

// The last snapshot of a store is read again only when the store may have changed: kept for the next
// read of the same quiet files (a preview, then the open), never across a change to the file or its log.
import { appendFileSync, copyFileSync, openSync, closeSync, writeSync, utimesSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetStoreSnapshot, readStoreSnapshot } from '../../../../../electron/host/store/snapshot.js';
import { copyStore, storePath } from './support.js';

// Snapshots are compared by identity with `===`: `not.toBe` compares two snapshots deeply (seconds).
const cleanup: string[] = [];
afterEach(() => {
  forgetStoreSnapshot();
  vi.useRealTimers();
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

/** A copy of the fixture store whose files were last written a minute ago. */
function quietCopy(agent = 'main'): string {
  const file = copyStore(agent);
  cleanup.push(file);
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
  return file;
}

describe('the kept snapshot', () => {
  it('serves the next read of the same unchanged store', async () => {
    const file = quietCopy();
    const first = await readStoreSnapshot(file);
    expect(await readStoreSnapshot(file)).toBe(first);
    // Another store is read for itself, and becomes the one kept.
    const other = quietCopy();
    const second = await readStoreSnapshot(other);
    expect(second === first).toBe(false);
    expect(Buffer.from(second.image).equals(first.image)).toBe(true);
    expect((await readStoreSnapshot(file)) === first).toBe(false);
  });

  it('is read again once the file is written in place (same size), or its log grows or starts over', async () => {
    const file = quietCopy();
    const first = await readStoreSnapshot(file);
    // A byte of the last page written in place, as a rollback-journal writer would: same size, later time.
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, Buffer.from([0]), 0, 1, first.dbBytes - 1);
    } finally {
      closeSync(fd);
    }
    const afterWrite = await readStoreSnapshot(file);
    expect(afterWrite === first).toBe(false);
    expect(afterWrite.dbBytes).toBe(first.dbBytes);
    // A log beside it (here not a valid one: it is ignored, but it is a change to look at).
    const past = new Date(Date.now() - 60_000);
    utimesSync(file, past, past);
    const quiet = await readStoreSnapshot(file);
    expect(await readStoreSnapshot(file)).toBe(quiet);
    appendFileSync(`${file}-wal`, Buffer.alloc(32));
    utimesSync(`${file}-wal`, past, past);
    const withLog = await readStoreSnapshot(file);
    expect(withLog === quiet).toBe(false);
    expect(await readStoreSnapshot(file)).toBe(withLog);
    // The log grew (frames appended after the same header).
    appendFileSync(`${file}-wal`, Buffer.alloc(32));
    utimesSync(`${file}-wal`, past, past);
    const grown = await readStoreSnapshot(file);
    expect(grown === withLog).toBe(false);
    expect(await readStoreSnapshot(file)).toBe(grown);
    // The log started over: same size, another header.
    const fdWal = openSync(`${file}-wal`, 'r+');
    try {
      writeSync(fdWal, Buffer.from([1, 2, 3, 4]), 0, 4, 16);
    } finally {
      closeSync(fdWal);
    }
    utimesSync(`${file}-wal`, past, past);
    expect((await readStoreSnapshot(file)) === grown).toBe(false);
  });

  it('is not kept when the store was written just before it was read', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    const now = new Date();
    utimesSync(file, now, now);
    const first = await readStoreSnapshot(file);
    expect((await readStoreSnapshot(file)) === first).toBe(false);
  });

  it('is let go ten seconds after its last use', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = quietCopy();
    const first = await readStoreSnapshot(file);
    vi.advanceTimersByTime(9_000);
    expect(await readStoreSnapshot(file)).toBe(first);
    // Its use started the wait again.
    vi.advanceTimersByTime(9_000);
    expect(await readStoreSnapshot(file)).toBe(first);
    vi.advanceTimersByTime(10_001);
    expect((await readStoreSnapshot(file)) === first).toBe(false);
  });

  it('is the fixture store as it is on disk', async () => {
    const file = quietCopy();
    copyFileSync(storePath('main'), join(dirname(file), 'again.sqlite'));
    const kept = await readStoreSnapshot(file);
    expect(Buffer.from((await readStoreSnapshot(join(dirname(file), 'again.sqlite'))).image).equals(kept.image)).toBe(true);
  });
});

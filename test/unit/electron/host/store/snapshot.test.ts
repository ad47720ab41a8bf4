// A store's snapshot read to be read again (a preview, then the open) is given to that next read of
// the same quiet files, once; never across a change to the file or its log, and never otherwise.
import { appendFileSync, closeSync, copyFileSync, openSync, renameSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetStoreSnapshot, readStoreSnapshot, type StoreSnapshot } from '../../../../../electron/host/store/snapshot.js';
import { copyStore, storePath } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  forgetStoreSnapshot();
  vi.useRealTimers();
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

/** A copy of the fixture store whose files were last written a minute ago. */
function quietCopy(): string {
  const file = copyStore('main');
  cleanup.push(file);
  quiet(file);
  return file;
}
const quiet = (file: string): void => {
  const past = new Date(Date.now() - 60_000);
  utimesSync(file, past, past);
};

// Snapshots are compared by identity with `===`: `not.toBe` compares two snapshots deeply (seconds).
const isSame = (a: StoreSnapshot, b: StoreSnapshot): boolean => a === b;
const again = (file: string, keep = false) => readStoreSnapshot(file, undefined, keep);

describe('a snapshot kept for the next read', () => {
  it('is given once to the next read of the same unchanged store', async () => {
    const file = quietCopy();
    const first = await again(file, true);
    expect(isSame(await again(file), first)).toBe(true);
    // Given once: the read after that reads the files.
    const third = await again(file);
    expect(isSame(third, first)).toBe(false);
    expect(Buffer.from(third.image).equals(first.image)).toBe(true);
    // A read that is not to be followed keeps nothing.
    expect(isSame(await again(file), third)).toBe(false);
    // A read that takes it and is to be followed keeps it again.
    const kept = await again(file, true);
    expect(isSame(await again(file, true), kept)).toBe(true);
    expect(isSame(await again(file), kept)).toBe(true);
    expect(isSame(await again(file), kept)).toBe(false);
  });

  it('is not given to a read of another store, which reads its own files', async () => {
    const file = quietCopy();
    const kept = await again(file, true);
    const other = join(dirname(file), 'other.sqlite');
    copyFileSync(storePath('main'), other);
    quiet(other);
    expect(isSame(await again(other), kept)).toBe(false);
  });

  it('is read again once the file is written in place (same size), or its log appears, grows or starts over', async () => {
    const file = quietCopy();
    const first = await again(file, true);
    // A byte of the last page written in place, as a rollback-journal writer would: same size, later time.
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, Buffer.from([0]), 0, 1, first.dbBytes - 1);
    } finally {
      closeSync(fd);
    }
    const afterWrite = await again(file, true);
    expect(isSame(afterWrite, first)).toBe(false);
    expect(afterWrite.dbBytes).toBe(first.dbBytes);
    quiet(file);
    const settled = await again(file, true);
    expect(isSame(await again(file, true), settled)).toBe(true);
    // A log beside it (not a valid one here: ignored, but a change to look at).
    appendFileSync(`${file}-wal`, Buffer.alloc(32));
    quiet(`${file}-wal`);
    const withLog = await again(file, true);
    expect(isSame(withLog, settled)).toBe(false);
    expect(isSame(await again(file, true), withLog)).toBe(true);
    // The log grew (frames appended after the same header).
    appendFileSync(`${file}-wal`, Buffer.alloc(32));
    quiet(`${file}-wal`);
    const grown = await again(file, true);
    expect(isSame(grown, withLog)).toBe(false);
    expect(isSame(await again(file, true), grown)).toBe(true);
    // The log started over: same size, another header.
    const fdWal = openSync(`${file}-wal`, 'r+');
    try {
      writeSync(fdWal, Buffer.from([1, 2, 3, 4]), 0, 4, 16);
    } finally {
      closeSync(fdWal);
    }
    quiet(`${file}-wal`);
    expect(isSame(await again(file), grown)).toBe(false);
  });

  it('is read again once another file is renamed into its place, or it is written with its times set back', async () => {
    const file = quietCopy();
    const kept = await again(file, true);
    const { mtime } = statSync(file);
    // A copy with the same size and times, renamed over it.
    const copy = join(dirname(file), 'copy.sqlite');
    copyFileSync(file, copy);
    utimesSync(copy, mtime, mtime);
    renameSync(copy, file);
    const renamed = await again(file, true);
    expect(isSame(renamed, kept)).toBe(false);
    // Written in place, its modification time then set back (as a copy that keeps times would).
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, Buffer.from([0]), 0, 1, renamed.dbBytes - 1);
    } finally {
      closeSync(fd);
    }
    utimesSync(file, mtime, mtime);
    expect(isSame(await again(file), renamed)).toBe(false);
  });

  it('is not kept when the store was written just before it was read', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    const now = new Date();
    utimesSync(file, now, now);
    const first = await again(file, true);
    expect(isSame(await again(file), first)).toBe(false);
  });

  it('is let go ten seconds after it was kept', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const file = quietCopy();
    const first = await again(file, true);
    vi.advanceTimersByTime(9_000);
    // Taken by a read to be followed: kept for ten seconds more.
    expect(isSame(await again(file, true), first)).toBe(true);
    vi.advanceTimersByTime(9_000);
    expect(isSame(await again(file, true), first)).toBe(true);
    vi.advanceTimersByTime(10_001);
    expect(isSame(await again(file), first)).toBe(false);
  });
});

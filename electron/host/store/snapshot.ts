/**
 * One consistent read of a SQLite store that a running gateway may be writing: the main file and its
 * `-wal`, opened read-only and read whole, then merged in memory (wal.ts). Nothing is written, locked
 * or created next to the store. A writer that checkpoints (copies log pages into the main file) or
 * starts the log again while the files are read is noticed, and the read starts over.
 */
import { stat, type FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { InputError } from '../read-input.js';
import { notRegularReason, openRegularFile } from '../regular-file.js';
import { mergeWal, type MergedImage } from './wal.js';

/** The largest file read whole (what one buffer can hold). */
const MAX_WHOLE_BYTES = 2 ** 31 - 1;
/** Reads tried before giving up on a store that keeps changing. */
const ATTEMPTS = 6;
/**
 * How long a snapshot read to be read again is kept for that read of the same unchanged store: the
 * check of `serve DB#ID` and a stored session's preview are each followed by the session's open,
 * within a second or two; a store's image is read whole (0.1 s for 113 MB, 0.25–0.3 s for 395 MB).
 */
const KEEP_MS = 10_000;
/** How long before a read its files must have been last written for its snapshot to be kept. */
const QUIET_MS = 100;

/** A store's pages as of one moment, with what the read saw. */
export interface StoreSnapshot extends MergedImage {
  /** Bytes of the main file and of the log read. */
  dbBytes: number;
  walBytes: number;
  /** Reads started over because a writer changed the files meanwhile. */
  retries: number;
}

export interface FileMark {
  size: bigint;
  mtimeNs: bigint;
  /** Changed by any write, and by setting the times back (a copy that keeps them). */
  ctimeNs: bigint;
  /** Another file renamed into its place. */
  ino: bigint;
  /**
   * The file's first bytes: the log's 32 (its salts and checkpoint sequence), the main file's 100
   * (SQLite's header, whose change counter every commit of a rollback-journal writer moves).
   */
  head: string;
}

/** Bytes of the main file's header read into its mark. */
const DB_HEAD = 100;
/** Bytes of the log's header read into its mark. */
const WAL_HEAD = 32;

/**
 * A read-only handle on a file, or null when there is none (a store without a log). A FIFO or a
 * device in the store's place (or its log's) is refused, never read: it would block or never end.
 */
export async function openIfExists(file: string): Promise<FileHandle | null> {
  try {
    return await openRegularFile(file, (reason) => new InputError(`${file}: ${reason}`));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

async function mark(file: string, headBytes: number): Promise<FileMark | null> {
  const handle = await openIfExists(file);
  if (!handle) return null;
  try {
    const info = await handle.stat({ bigint: true });
    const head = Buffer.alloc(headBytes);
    const { bytesRead } = headBytes > 0 ? await handle.read(head, 0, headBytes, 0) : { bytesRead: 0 };
    return {
      size: info.size,
      mtimeNs: info.mtimeNs,
      ctimeNs: info.ctimeNs,
      ino: info.ino,
      head: head.subarray(0, bytesRead).toString('hex'),
    };
  } finally {
    await handle.close();
  }
}

/** A store's main file's mark, or its log's. */
export const markOf = (file: string, kind: 'db' | 'wal'): Promise<FileMark | null> => mark(file, kind === 'db' ? DB_HEAD : WAL_HEAD);

export async function readWhole(file: string): Promise<Buffer | null> {
  const handle = await openIfExists(file);
  if (!handle) return null;
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

export const same = (a: FileMark | null, b: FileMark | null, compareTimes: boolean): boolean =>
  a === null || b === null
    ? a === b
    : a.head === b.head && (!compareTimes || (a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs && a.ino === b.ino));

/** Whether a file was last written at least QUIET_MS ago. */
export const quiet = (mark: FileMark): boolean => BigInt(Date.now()) * 1_000_000n - mark.mtimeNs > BigInt(QUIET_MS) * 1_000_000n;

/** The snapshot kept for the next read, with the marks of its files after the read; dropped KEEP_MS after it was kept. */
let last: { file: string; db: FileMark; wal: FileMark | null; snapshot: StoreSnapshot; timer: NodeJS.Timeout } | null = null;

function keepLast(file: string, db: FileMark, wal: FileMark | null, snapshot: StoreSnapshot): void {
  if (last) clearTimeout(last.timer);
  const timer = setTimeout(() => (last = null), KEEP_MS);
  // A command that is done does not wait for it.
  timer.unref();
  last = { file, db, wal, snapshot, timer };
}

/**
 * The kept snapshot, when it is of this file and neither the file nor its log has changed since it was
 * read (their marks: sizes, times, inodes and headers). It is given once: kept again only when this
 * read is to be followed by another.
 */
function lastIfSame(file: string, db: FileMark, wal: FileMark | null, keep: boolean): StoreSnapshot | null {
  if (!last || last.file !== file || !same(last.db, db, true) || !same(last.wal, wal, true)) return null;
  const { snapshot } = last;
  if (keep) keepLast(file, db, wal, snapshot);
  else forgetStoreSnapshot();
  return snapshot;
}

/** Times stores' files were read whole in this process (a test checks that a preview and the open after it read once). */
let reads = 0;
export const storeFileReads = (): number => reads;

/** Forget the kept snapshot (tests, and a reader that must see the files again). */
export function forgetStoreSnapshot(): void {
  if (last) clearTimeout(last.timer);
  last = null;
}

/**
 * Read a store's main file and log consistently and merge them. Throws an InputError for a file that
 * is missing, unreadable or not SQLite, or a store that kept changing over every attempt.
 * `onStart` is called once the file is found to be there, before it is read (so that what reads
 * the image can start loading meanwhile). With `keep`, the snapshot is kept for the next read of
 * the same unchanged files (KEEP_MS at most), which takes it instead of reading them again; without,
 * nothing outlives the read's use.
 */
export async function readStoreSnapshot(file: string, onStart?: () => void, keep = false): Promise<StoreSnapshot> {
  const info = await stat(file).catch((error: NodeJS.ErrnoException) => {
    throw new InputError(error.code === 'ENOENT' ? `${file}: no such file` : `${file}: cannot be read (${error.message})`);
  });
  if (info.isDirectory()) throw new InputError(`${file}: is a directory, not a session store`);
  const special = notRegularReason(info);
  if (special !== null) throw new InputError(`${file}: ${special}`);
  if (info.size > MAX_WHOLE_BYTES)
    throw new StoreTooLargeError(
      `${file}: the store is ${(info.size / 1e9).toFixed(1)} GB, past the 2 GiB this tool reads whole for SQLite, which this needs (the sessions of a store of OpenClaw 2026.9.6's layout, and their list, are read from its pages instead)`,
    );
  const walFile = `${file}-wal`;
  let journal = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(10 * 2 ** attempt);
    try {
      const db0 = await mark(file, DB_HEAD);
      const wal0 = await mark(walFile, WAL_HEAD);
      if (!db0) throw new InputError(`${file}: no such file`);
      if (attempt === 0) onStart?.();
      journal = await hotJournal(file);
      if (journal) continue;
      const kept = lastIfSame(file, db0, wal0, keep);
      if (kept) return kept;
      reads += 1;
      const db = await readWhole(file);
      const wal = (await readWhole(walFile)) ?? Buffer.alloc(0);
      const db1 = await mark(file, DB_HEAD);
      const wal1 = await mark(walFile, WAL_HEAD);
      // In WAL mode the main file changes only by a checkpoint, whose pages come from the log: while
      // the log is the same generation (same salts, read before the main file and after the log),
      // the log read after the main file holds every page a checkpoint may have written meanwhile,
      // in a version at least as new, and it is laid over them. A new generation means the reads may
      // not fit together: read again. Without a log (a rollback-journal writer, or a log emptied
      // and gone meanwhile), the main file itself must not have changed during its read.
      const walHead = wal.subarray(0, 32).toString('hex');
      const generation = wal0 !== null && wal0.head.length === 64;
      if (!db || !same(wal0, wal1, false) || (wal1 !== null && wal1.head !== walHead)) continue;
      if (!generation && !same(db0, db1, true)) continue;
      const merged = mergeWal(db, wal);
      const snapshot = { ...merged, dbBytes: db.length, walBytes: wal.length, retries: attempt };
      // Kept with the marks taken after the read. A SQLite writer's change shows in them (its log grows
      // or starts over; a rollback-journal writer moves the header's change counter), and any write
      // changes the times, but for a write in the same tick of a coarse clock as the last one before
      // the read: so only files last written QUIET_MS or more before the read are kept.
      if (keep && db1 && quiet(db1) && (wal1 === null || quiet(wal1))) keepLast(file, db1, wal1, snapshot);
      return snapshot;
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw fileReadError(file, error) ?? new InputError(`${file}: ${(error as Error).message}`);
    }
  }
  throw journal ? hotJournalError(file) : keptChangingError(file, ATTEMPTS);
}

/** A system error met reading a store's files (permission, I/O, a file too large), as the InputError that names it; null for any other error. */
export function fileReadError(file: string, error: unknown): InputError | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code !== 'string') return null;
  if (code === 'EACCES' || code === 'EPERM') return new InputError(`${file}: permission denied`);
  return new InputError(`${file}: cannot be read (${(error as Error).message})`);
}

export const hotJournalError = (file: string): InputError =>
  new InputError(
    `${file}: a rollback journal (${file}-journal) is next to it: a write is in progress or crashed half-way — let OpenClaw open the store once (it rolls the write back), then try again`,
  );

export const keptChangingError = (file: string, attempts: number): InputError =>
  new InputError(
    `${file}: the store kept changing while it was read (${attempts} attempts) — a gateway is writing it heavily; try again in a moment`,
  );

/** A store too large to be read whole (listing it, or reading it with SQLite), with what can be done instead. */
export class StoreTooLargeError extends InputError {}

/**
 * A non-empty `-journal` next to a database in rollback mode: a write is in progress, or one crashed
 * and SQLite has not rolled it back yet (the main file may hold half of it). OpenClaw uses WAL, so
 * this is rare; the read waits for it to go away.
 */
export async function hotJournal(file: string): Promise<boolean> {
  const journal = await mark(`${file}-journal`, 0).catch(() => null);
  return journal !== null && journal.size > 0n;
}

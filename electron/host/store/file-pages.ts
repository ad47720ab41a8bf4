/**
 * A store's pages read from its files as a reader asks for them, instead of the whole store read
 * into memory first (snapshot.ts): reading one session of a store of many needs only that
 * session's pages, and a store past 2 GiB (more than one buffer can hold) can still be read.
 *
 * One read is consistent as a snapshot's is: the log is read whole first (it is small: a writer
 * folds it into the main file every thousand pages or so) and its committed frames are laid over
 * the main file's pages as they are read; after the read, the files' marks say whether a writer
 * changed what the read saw, and the read starts over if so.
 */
import { readSync } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { isSqliteHeader } from '../../../shared/store.js';
import type { PageSource } from './pages.js';
import {
  fileReadError,
  hotJournal,
  hotJournalError,
  keptChangingError,
  markOf,
  openIfExists,
  quiet,
  readWhole,
  same,
  type FileMark,
} from './snapshot.js';
import { databasePageSize, indexWal, type WalIndex } from './wal.js';

/** Reads tried before giving up on a store that keeps changing. */
const ATTEMPTS = 6;
/** Bytes read from the main file at once (a whole number of pages of any size), and how many such blocks are kept. */
const BLOCK_BYTES = 64 * 1024;
const KEPT_BLOCKS = 64;

/** The pages of a store as of one read: the log's committed frames over the main file's pages. */
export class FilePages implements PageSource {
  /** Blocks of the main file read so far, the most recently used last. */
  private readonly blocks = new Map<number, Uint8Array>();
  /** The pages served from the main file (not from the log). */
  readonly fromFile = new Set<number>();
  /** Bytes read from the main file. */
  bytesRead = 0;

  constructor(
    private readonly handle: FileHandle,
    private readonly fileBytes: number,
    readonly size: number,
    readonly count: number,
    private readonly wal: Uint8Array,
    private readonly walPages: WalIndex | null,
  ) {}

  /**
   * Whether bytes are a view of a page read (of a block of the main file, or of the log), which would
   * keep that block or the whole log alive: a value gathered from an overflow chain is a copy of its
   * own. (A copy exactly a block long is taken for a view: copied again for nothing.)
   */
  shares(bytes: Uint8Array): boolean {
    return bytes.buffer === this.wal.buffer || bytes.buffer.byteLength === BLOCK_BYTES;
  }

  page(page: number): Uint8Array {
    const inLog = this.walPages?.pages.get(page);
    if (inLog !== undefined) return this.wal.subarray(inLog, inLog + this.size);
    this.fromFile.add(page);
    const start = (page - 1) * this.size;
    const block = Math.floor(start / BLOCK_BYTES);
    const bytes = this.block(block);
    const at = start - block * BLOCK_BYTES;
    return bytes.subarray(at, at + this.size);
  }

  private block(block: number): Uint8Array {
    const kept = this.blocks.get(block);
    if (kept) {
      this.blocks.delete(block);
      this.blocks.set(block, kept);
      return kept;
    }
    const bytes = new Uint8Array(Buffer.allocUnsafeSlow(BLOCK_BYTES).buffer, 0, BLOCK_BYTES);
    const start = block * BLOCK_BYTES;
    const length = Math.max(0, Math.min(BLOCK_BYTES, this.fileBytes - start));
    let filled = 0;
    while (filled < length) {
      const read = readSync(this.handle.fd, bytes, filled, length - filled, start + filled);
      if (read === 0) break;
      filled += read;
    }
    // Zeros past the main file's end: pages a log's commit added that it does not hold itself.
    bytes.fill(0, filled);
    this.bytesRead += length;
    this.blocks.set(block, bytes);
    if (this.blocks.size > KEPT_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!);
    return bytes;
  }
}

/** Bytes read from stores' files page by page in this process (tests check what a read reads). */
let pageBytes = 0;
export const storePageBytesRead = (): number => pageBytes;

/** What one read of a store's pages gave, with what it saw of the log. */
export interface PagesRead<T> {
  value: T;
  /** Frames taken from the log, and frames of an unfinished transaction left out. */
  walFrames: number;
  walUncommittedFrames: number;
  /** Bytes of the database the read saw: its pages, the log's applied (what an image of it would hold). */
  imageBytes: number;
  /** Reads started over because a writer changed the files meanwhile. */
  retries: number;
}

/**
 * A value read from a store's pages (a session's rows), kept for the next read of the same unchanged
 * files: a stored session's preview reads its events, then its first turns again, then the open reads
 * them all. Given once, kept again only when that read is to be followed by another, and let go
 * KEEP_MS after it was kept. The files' marks after the read must match the next read's.
 */
let kept: { file: string; key: string; db: FileMark; wal: FileMark | null; value: unknown; timer: NodeJS.Timeout } | null = null;
const KEEP_MS = 10_000;

function keepValue(file: string, key: string, db: FileMark, wal: FileMark | null, value: unknown): void {
  forgetKeptPages();
  const timer = setTimeout(() => (kept = null), KEEP_MS);
  // A command that is done does not wait for it.
  timer.unref();
  kept = { file, key, db, wal, value, timer };
}

/** Forget the value kept (tests, and a reader that must see the files again). */
export function forgetKeptPages(): void {
  if (kept) clearTimeout(kept.timer);
  kept = null;
}

/**
 * The value kept under `key` from a read of this store's files, when neither has changed since; kept
 * again with `again`. Null when there is none.
 */
export async function takeKept<T>(file: string, key: string, again: boolean): Promise<T | null> {
  const taken = kept;
  if (!taken || taken.file !== file || taken.key !== key) return null;
  const now = await marks(file, `${file}-wal`);
  if (kept !== taken || !now.db || now.journal || !same(taken.db, now.db, true) || !same(taken.wal, now.wal, true)) return null;
  if (again) keepValue(file, key, taken.db, taken.wal, taken.value);
  else forgetKeptPages();
  return taken.value as T;
}

/**
 * Run `read` over one consistent view of a store's pages, read from its files as it asks for them;
 * null when the store is not a SQLite file this way of reading can serve (missing, empty, damaged
 * headers): its caller reads it whole then, which says what is wrong. A DamagedPageError thrown by
 * `read` is thrown on only once the files are found unchanged (else the read starts over): a page
 * read while a writer moved it is not damage. With `keepAs`, the value is kept under that key for
 * the next read of the same unchanged files (`takeKept`).
 */
export async function readStorePages<T>(
  file: string,
  read: (pages: FilePages) => T | Promise<T>,
  keepAs?: string,
): Promise<PagesRead<T> | null> {
  const walFile = `${file}-wal`;
  let journal = false;
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    if (attempt > 0) await sleep(10 * 2 ** attempt);
    try {
      const result = await readOnce(file, walFile, read, keepAs, attempt);
      if (result === 'changed' || result === 'journal') {
        journal = result === 'journal';
        continue;
      }
      return result;
    } catch (error) {
      throw fileReadError(file, error) ?? error;
    }
  }
  throw journal ? hotJournalError(file) : keptChangingError(file, ATTEMPTS);
}

/** One attempt of `readStorePages`: what it read, or why it is to be read again. */
async function readOnce<T>(
  file: string,
  walFile: string,
  read: (pages: FilePages) => T | Promise<T>,
  keepAs: string | undefined,
  attempt: number,
): Promise<PagesRead<T> | null | 'changed' | 'journal'> {
  const before = await marks(file, walFile);
  if (!before.db) return null;
  // A write in progress, or one that crashed half-way: waited for, as a snapshot's read waits.
  if (before.journal) return 'journal';
  const handle = await openIfExists(file);
  if (!handle) return null;
  try {
    const wal = (await readWhole(walFile)) ?? new Uint8Array(0);
    const opened = await pagesOf(handle, wal);
    if (!opened) return null;
    let value: T | undefined;
    let thrown: unknown = null;
    try {
      value = await read(opened.pages);
    } catch (error) {
      thrown = error;
    }
    pageBytes += opened.pages.bytesRead + wal.length;
    const after = await marks(file, walFile);
    const committed = opened.index?.committedFrames ?? 0;
    if (!(await consistent(before, after, wal, walFile, opened.pages, committed))) return after.journal ? 'journal' : 'changed';
    if (thrown !== null) throw thrown;
    // Kept only when the log did not change during the read (else the read is of an older state than
    // the files' marks after it say), with those marks, of files last written QUIET_MS or more before
    // the read: a write in the same tick of a coarse clock as the last one would not show in them.
    if (keepAs !== undefined && same(before.wal, after.wal, true) && quiet(after.db!) && (after.wal === null || quiet(after.wal)))
      keepValue(file, keepAs, after.db!, after.wal, value);
    return {
      value: value as T,
      walFrames: opened.index?.committedFrames ?? 0,
      walUncommittedFrames: opened.index?.uncommittedFrames ?? 0,
      imageBytes: opened.pages.count * opened.pages.size,
      retries: attempt,
    };
  } finally {
    await handle.close();
  }
}

interface Marks {
  db: FileMark | null;
  wal: FileMark | null;
  journal: boolean;
}

async function marks(file: string, walFile: string): Promise<Marks> {
  const db = await markOf(file, 'db');
  const wal = await markOf(walFile, 'wal');
  return { db, wal, journal: await hotJournal(file) };
}

/**
 * Whether what was read is one state of the store. The log must be the same generation throughout
 * (its header unchanged: a writer that starts it again changes its salts), and the one read. In
 * WAL mode the main file changes only by a checkpoint, which copies committed log frames into it:
 * if the log has not changed since before it was read, every page a checkpoint wrote was in the
 * copy read, which is laid over them; if frames were added to it since, a checkpoint may have
 * copied those too, so none of them may name a page the read took from the main file (whatever
 * the files' times say: a coarse clock would not show a checkpoint). Without a log, the main file
 * must be unchanged (a rollback-journal writer also moves its header's change counter at every
 * commit).
 */
async function consistent(
  before: Marks,
  after: Marks,
  wal: Uint8Array,
  walFile: string,
  pages: FilePages,
  committed: number,
): Promise<boolean> {
  if (!after.db || after.journal) return false;
  const walHead = Buffer.from(wal.subarray(0, 32)).toString('hex');
  if (!same(before.wal, after.wal, false) || (after.wal !== null && after.wal.head !== walHead)) return false;
  const generation = before.wal !== null && before.wal.head.length === 64;
  if (!generation) return same(before.db, after.db, true);
  return same(before.wal, after.wal, true) || !(await laterFramesName(walFile, wal, pages, committed));
}

/**
 * Whether a frame of the log's generation past the last commit the read took (written since, or of
 * a transaction then unfinished) names a page the read took from the main file. Frames of an older
 * generation left past the end (never checkpointed) do not count; a frame still being written does
 * (its header is enough).
 */
async function laterFramesName(walFile: string, wal: Uint8Array, pages: FilePages, committed: number): Promise<boolean> {
  const frameBytes = 24 + pages.size;
  // The first frame after the last commit the read took: the frames of a transaction still being
  // written when the log was copied are in the copy, but not in the read, and once committed a
  // checkpoint may copy them into the main file as well.
  const from = 32 + committed * frameBytes;
  const handle = await openIfExists(walFile);
  if (!handle) return true;
  try {
    const end = Number((await handle.stat()).size);
    const header = Buffer.alloc(16);
    const salts = Buffer.from(wal.subarray(16, 24));
    for (let at = from; at + 16 <= end; at += frameBytes) {
      const { bytesRead } = await handle.read(header, 0, 16, at);
      if (bytesRead < 16) break;
      if (header.subarray(8, 16).equals(salts) && pages.fromFile.has(header.readUInt32BE(0))) return true;
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** The pages of the main file open on `handle`, with the log's committed frames over them; null when it is not a database. */
async function pagesOf(handle: FileHandle, wal: Uint8Array): Promise<{ pages: FilePages; index: WalIndex | null } | null> {
  const fileBytes = Number((await handle.stat()).size);
  const header = new Uint8Array(100);
  const { bytesRead } = await handle.read(header, 0, 100, 0);
  if (bytesRead < 100 || !isSqliteHeader(header)) return null;
  const pageSize = databasePageSize(header);
  if (pageSize === 0) return null;
  const index = indexWal(wal, pageSize);
  const committed = index !== null && index.committedFrames > 0;
  // A commit that grows the database writes its new pages to the log: no page past both files exists
  // (a log that claims more, damaged or hostile, would have the reader allocate for pages it cannot have).
  let held = Math.floor(fileBytes / pageSize);
  const filePages = held;
  if (committed) for (const page of index.pages.keys()) held = Math.max(held, page);
  const count = committed ? Math.min(index.databasePages, held) : filePages;
  return { pages: new FilePages(handle, fileBytes, pageSize, count, wal, committed ? index : null), index };
}

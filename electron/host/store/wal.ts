/**
 * A SQLite database image with its write-ahead log applied, in memory: the committed frames of the
 * `-wal` file laid over a copy of the main file's pages, as SQLite itself would read them. The files
 * are never written, no `-shm` index is needed and no journal is left.
 *
 * Format facts (SQLite's documented file format): a 32-byte WAL header (magic, version 3007000, page
 * size, checkpoint sequence, two salts, a checksum of the first 24 bytes), then frames of a 24-byte
 * header (page number, database size in pages on a commit frame, the two salts, a running checksum
 * of the frame header's first 8 bytes and the page) followed by the page. A frame counts when its
 * salts match the header and its checksum continues the chain; only frames up to the last valid
 * commit frame are committed, and the latest of them wins for each page.
 */

import { isSqliteHeader } from '../../../shared/store.js';

const WAL_HEADER_BYTES = 32;
const FRAME_HEADER_BYTES = 24;
const WAL_MAGIC = 0x377f0682;
const WAL_VERSION = 3007000;

/** What a write-ahead log holds, once checked. */
export interface WalIndex {
  pageSize: number;
  /** Checkpoint sequence and salts: they change when a writer starts the log again. */
  checkpointSeq: number;
  salt1: number;
  salt2: number;
  /** Frames up to and including the last valid commit frame. */
  committedFrames: number;
  /** Valid frames after it: a transaction still being written (ignored). */
  uncommittedFrames: number;
  /** Database size in pages after the last commit (0 when no frame is committed). */
  databasePages: number;
  /** Page number → offset of that page's latest committed content in the log. */
  pages: Map<number, number>;
}

/** The page size a database header declares (65536 is stored as 1), or 0 when it is not a valid one. */
export function databasePageSize(db: Uint8Array): number {
  if (db.length < 100) return 0;
  const raw = (db[16] << 8) | db[17];
  const size = raw === 1 ? 65536 : raw;
  return isPageSize(size) ? size : 0;
}

/**
 * Whether a database header says its text is UTF-8: the big-endian number at offset 56 is 1 for
 * UTF-8, 2 and 3 for UTF-16 (little- and big-endian), 0 in a database no table was ever made in
 * (UTF-8 then). What `PRAGMA encoding` reports, without SQLite compiling its pragma code.
 */
export function databaseTextIsUtf8(db: Uint8Array): boolean {
  const encoding = db.length < 60 ? 0 : ((db[56] << 24) | (db[57] << 16) | (db[58] << 8) | db[59]) >>> 0;
  return encoding === 0 || encoding === 1;
}

function isPageSize(size: number): boolean {
  return size >= 512 && size <= 65536 && (size & (size - 1)) === 0;
}

/**
 * SQLite's WAL checksum over `length` bytes (a multiple of 8) from `start`, continuing from `s`. The
 * words are big-endian when the log's magic number says so, else little-endian.
 */
function checksum(view: DataView, start: number, length: number, bigEndian: boolean, s: [number, number]): [number, number] {
  let [s1, s2] = s;
  const littleEndian = !bigEndian;
  for (let i = start, end = start + length; i < end; i += 8) {
    s1 = (s1 + view.getUint32(i, littleEndian) + s2) >>> 0;
    s2 = (s2 + view.getUint32(i + 4, littleEndian) + s1) >>> 0;
  }
  return [s1, s2];
}

/**
 * Check a log and index its committed frames. Null when there is no usable log (empty, a bad header,
 * or a page size other than the database's: SQLite ignores such a log too).
 */
export function indexWal(wal: Uint8Array, dbPageSize: number): WalIndex | null {
  if (wal.length < WAL_HEADER_BYTES) return null;
  const view = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = view.getUint32(0);
  if ((magic & 0xfffffffe) !== WAL_MAGIC || view.getUint32(4) !== WAL_VERSION) return null;
  const bigEndian = (magic & 1) === 1;
  const pageSize = view.getUint32(8);
  if (!isPageSize(pageSize) || (dbPageSize !== 0 && pageSize !== dbPageSize)) return null;
  let sum = checksum(view, 0, 24, bigEndian, [0, 0]);
  if (sum[0] !== view.getUint32(24) || sum[1] !== view.getUint32(28)) return null;
  const salt1 = view.getUint32(16);
  const salt2 = view.getUint32(20);
  const frameBytes = FRAME_HEADER_BYTES + pageSize;
  // Offsets of the valid frames, and how many of them the last commit covers.
  const frames: { page: number; offset: number }[] = [];
  let committed = 0;
  let databasePages = 0;
  for (let at = WAL_HEADER_BYTES; at + frameBytes <= wal.length; at += frameBytes) {
    const page = view.getUint32(at);
    if (page === 0 || view.getUint32(at + 8) !== salt1 || view.getUint32(at + 12) !== salt2) break;
    sum = checksum(view, at, 8, bigEndian, sum);
    sum = checksum(view, at + FRAME_HEADER_BYTES, pageSize, bigEndian, sum);
    if (sum[0] !== view.getUint32(at + 16) || sum[1] !== view.getUint32(at + 20)) break;
    frames.push({ page, offset: at + FRAME_HEADER_BYTES });
    const commitPages = view.getUint32(at + 4);
    if (commitPages !== 0) {
      committed = frames.length;
      databasePages = commitPages;
    }
  }
  const pages = new Map<number, number>();
  for (let i = 0; i < committed; i += 1) pages.set(frames[i].page, frames[i].offset);
  return {
    pageSize,
    checkpointSeq: view.getUint32(12),
    salt1,
    salt2,
    committedFrames: committed,
    uncommittedFrames: frames.length - committed,
    databasePages,
    pages,
  };
}

/** The database as SQLite would read it: main file plus committed log frames. */
export interface MergedImage {
  /** The pages, marked as a rollback-journal database so that no reader looks for a log again. */
  image: Uint8Array;
  pageSize: number;
  /** Frames taken from the log (0: none, or no usable log). */
  walFrames: number;
  /** Frames of an unfinished transaction left out. */
  walUncommittedFrames: number;
}

/**
 * Lay the committed frames of `wal` over `db`. The pages are written into `db`'s own buffer when it
 * is large enough (a store of a gigabyte is not copied): pass bytes the caller owns and no longer
 * needs. Throws when the main file is not a database.
 */
export function mergeWal(db: Uint8Array, wal: Uint8Array): MergedImage {
  if (db.length > 0 && !isSqliteHeader(db)) throw new Error('not a SQLite database (the file does not start with "SQLite format 3")');
  const dbPageSize = db.length === 0 ? 0 : databasePageSize(db);
  if (db.length > 0 && dbPageSize === 0) throw new Error('the SQLite header declares no valid page size: the file is damaged');
  const index = indexWal(wal, dbPageSize);
  if (!index || index.committedFrames === 0) {
    if (db.length === 0) throw new Error('the database file is empty and its write-ahead log holds no committed transaction');
    markRollbackJournal(db);
    return { image: db, pageSize: dbPageSize, walFrames: 0, walUncommittedFrames: index?.uncommittedFrames ?? 0 };
  }
  const { pageSize } = index;
  const size = index.databasePages * pageSize;
  let image: Uint8Array;
  if (size <= db.length) image = db.subarray(0, size);
  else {
    image = new Uint8Array(size);
    image.set(db);
  }
  for (const [page, offset] of index.pages) {
    if (page > index.databasePages) continue;
    image.set(wal.subarray(offset, offset + pageSize), (page - 1) * pageSize);
  }
  if (!isSqliteHeader(image)) throw new Error('the write-ahead log does not hold a valid first page: the store is damaged');
  markRollbackJournal(image);
  return { image, pageSize, walFrames: index.committedFrames, walUncommittedFrames: index.uncommittedFrames };
}

/** Header bytes 18–19 (file format write/read versions): 2 means WAL, 1 a rollback journal. */
function markRollbackJournal(image: Uint8Array): void {
  if (image.length >= 20) {
    image[18] = 1;
    image[19] = 1;
  }
}

/**
 * A session's event rows taken out of a read of the store's pages (file-pages.ts), so that the
 * pages can be let go as the read goes on. The values on a page are copied side by side into large
 * chunks, and each row is a few numbers: a session of 170,000 events held as one object and one or two
 * arrays each kept the collector busy with them for as long as they were kept.
 */
import { EventLoopTurns, TURN_CHECK_BYTES, TURN_CHECK_EVERY } from '../event-loop-turns.js';
import type { FilePages } from './file-pages.js';
import { rowsAt, SessionPages, type EventRow } from './session-pages.js';

/** Bytes of each chunk the values are copied into. */
const CHUNK_BYTES = 1024 * 1024;

const NONE = 0;
const JSON_TEXT = 1;
const ZSTD = 2;

export class StoredRows {
  private readonly chunks: Uint8Array[] = [];
  private chunk = new Uint8Array(0);
  /** The chunk short values are copied into, and where its free bytes start. */
  private chunkIndex = -1;
  private at = 0;
  private readonly seqs: number[] = [];
  /** Each row's value: its chunk, start and length, and whether it is `event_json` or `event_zstd`. */
  private readonly chunkOf: number[] = [];
  private readonly starts: number[] = [];
  private readonly lengths: number[] = [];
  private readonly kinds: number[] = [];
  /** `event_utf8_bytes`, NaN for NULL. */
  private readonly utf8Bytes: number[] = [];

  get size(): number {
    return this.seqs.length;
  }

  /**
   * Add a row: its `event_json` when it has one (what is read of it), else its `event_zstd`. A value
   * that `shares` a page's buffer is copied; any other (gathered from an overflow chain: a copy of
   * the reader's own) is kept as it is.
   */
  add(row: EventRow, shares: (bytes: Uint8Array) => boolean): void {
    const value = row.json ?? row.zstd;
    this.seqs.push(row.seq);
    this.kinds.push(row.json !== null ? JSON_TEXT : row.zstd !== null ? ZSTD : NONE);
    this.utf8Bytes.push(row.utf8Bytes ?? Number.NaN);
    if (value === null) {
      this.chunkOf.push(-1);
      this.starts.push(0);
      this.lengths.push(0);
      return;
    }
    const shared = shares(value);
    if (!shared || value.length > CHUNK_BYTES / 8) {
      this.chunks.push(shared ? value.slice() : value);
      this.chunkOf.push(this.chunks.length - 1);
      this.starts.push(0);
      this.lengths.push(value.length);
      return;
    }
    if (this.chunkIndex < 0 || this.at + value.length > this.chunk.length) {
      this.chunk = new Uint8Array(CHUNK_BYTES);
      this.chunkIndex = this.chunks.push(this.chunk) - 1;
      this.at = 0;
    }
    this.chunk.set(value, this.at);
    this.chunkOf.push(this.chunkIndex);
    this.starts.push(this.at);
    this.lengths.push(value.length);
    this.at += value.length;
  }

  /**
   * Each row (those of the `seq`s in `only`, when given) in the order added, as the pages gave it,
   * with turns of the event loop between them (what `each` does with 170,000 rows takes a second).
   */
  async forEach(only: ReadonlySet<number> | undefined, each: (row: EventRow) => void): Promise<void> {
    const turns = new EventLoopTurns();
    for (let i = 0; i < this.seqs.length; i += 1) {
      if (turns.before(this.lengths[i])) await turns.give();
      const seq = this.seqs[i];
      if (only && !only.has(seq)) continue;
      const kind = this.kinds[i];
      const value = kind === NONE ? null : this.chunks[this.chunkOf[i]].subarray(this.starts[i], this.starts[i] + this.lengths[i]);
      const utf8Bytes = this.utf8Bytes[i];
      each({
        seq,
        json: kind === JSON_TEXT ? value : null,
        zstd: kind === ZSTD ? value : null,
        utf8Bytes: Number.isNaN(utf8Bytes) ? null : utf8Bytes,
      });
    }
  }
}

/**
 * The rows of a session's events (of the `seq`s in `only`, when given), copied out of the pages read:
 * the pages are let go as the read goes on. Null when the key's index holds none of its events or
 * cannot be walked. The event loop gets turns between runs of rows.
 */
export async function copiedRows(source: FilePages, sessionId: string, only?: ReadonlySet<number>): Promise<StoredRows | null> {
  const reader = SessionPages.of(source);
  const found = reader?.find(sessionId) ?? null;
  if (reader === null || found === null || found.rowids.length === 0) return null;
  const rows = only ? rowsAt(found, only) : found;
  const copied = new StoredRows();
  const add = (row: EventRow) => copied.add(row, (bytes) => source.shares(bytes));
  const turns = new EventLoopTurns();
  // Runs of TURN_CHECK_EVERY rows, or fewer that hold TURN_CHECK_BYTES (events run to megabytes).
  for (let from = 0; from < rows.rowids.length;) {
    if (from > 0 && turns.due) await turns.give();
    from = reader.read(sessionId, rows, add, from, Math.min(rows.rowids.length, from + TURN_CHECK_EVERY), TURN_CHECK_BYTES);
  }
  return copied;
}

/** Producing the repaired file's bytes piece by piece from the original bytes and a plan's edits. */
import type { RepairEdit } from './plan.js';

/**
 * Emits the repaired file in order, one source range at a time, so a writer can start before the
 * whole file is read or planned. Untouched ranges are views into the original bytes (no copy).
 *
 * `edits` must be sorted by position; the array may grow between calls as long as edits starting
 * before the last `to` given are final.
 */
export class RepairChunkEmitter {
  private at = 0;
  private next = 0;
  private readonly encoder = new TextEncoder();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly edits: readonly RepairEdit[],
  ) {}

  /**
   * The pieces for the source range up to `to` (exclusive), or up to the end with `final`.
   *
   * Only bytes before `to` are read. An edit that starts before `to` and ends after it is emitted
   * whole (its replaced bytes are never needed), and the next range resumes after it.
   */
  emit(to: number, final = false): Uint8Array[] {
    const limit = final ? this.bytes.length : to;
    const out: Uint8Array[] = [];
    while (this.next < this.edits.length) {
      const edit = this.edits[this.next];
      if (!(edit.start < limit || (final && edit.start <= limit))) break;
      if (edit.start > this.at) out.push(this.bytes.subarray(this.at, edit.start));
      if (edit.text !== '') out.push(this.encoder.encode(edit.text));
      this.at = Math.max(this.at, edit.end);
      this.next += 1;
    }
    if (limit > this.at) {
      out.push(this.bytes.subarray(this.at, limit));
      this.at = limit;
    }
    return out;
  }
}

/** Total length of byte pieces. */
export function totalLength(chunks: readonly Uint8Array[]): number {
  let n = 0;
  for (const c of chunks) n += c.length;
  return n;
}

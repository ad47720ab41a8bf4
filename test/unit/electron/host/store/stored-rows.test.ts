// The rows copied out of a read of a store's pages come back as they went in: values short and
// long, JSON text or compressed, rows with neither, NULL and odd `event_utf8_bytes`, chunks filled
// past their end, and only the `seq`s asked for.
import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../../../../electron/host/store/session-pages.js';
import { StoredRows } from '../../../../../electron/host/store/stored-rows.js';
import { rng } from '../../../helpers/transcripts.js';
import { shownRow } from './support.js';

/** Bytes of a length, of a pattern of the row's own, as a view into a larger buffer (as a page's value is). */
function value(length: number, seed: number): Uint8Array {
  const page = new Uint8Array(length + 16);
  for (let i = 0; i < page.length; i += 1) page[i] = (i * 31 + seed) & 0xff;
  return page.subarray(8, 8 + length);
}

describe('rows copied out of the pages', () => {
  it('come back as they went in, whatever their values and lengths, and the views they came from may change', async () => {
    const random = rng(7);
    const rows: EventRow[] = [];
    const lengths = [0, 1, 300, 128 * 1024, 128 * 1024 + 1, 700 * 1024, 1024 * 1024, 3 * 1024 * 1024];
    for (let seq = 0; seq < 400; seq += 1) {
      const length = seq < lengths.length * 3 ? lengths[seq % lengths.length] : Math.floor(random() * 40_000);
      const kind = seq % 4;
      rows.push({
        seq,
        json: kind === 0 || kind === 3 ? value(length, seq) : null,
        zstd: kind === 1 || kind === 3 ? value(length + 1, seq + 1) : null,
        utf8Bytes: kind === 2 ? null : seq % 5 === 0 ? -3 : length * 2,
      });
    }
    // A long value that is a whole buffer of its own, as an overflow chain's copy is.
    rows.push({ seq: 400, json: null, zstd: Uint8Array.from(value(200_000, 9)), utf8Bytes: 5 });
    const expected = rows.map((row) => shownRow({ ...row, zstd: row.json !== null ? null : row.zstd }));
    const stored = new StoredRows();
    // A value is a page's when it is a view of a larger buffer (as the test makes them).
    const ofPage = (bytes: Uint8Array): boolean => bytes.buffer.byteLength !== bytes.length;
    for (const row of rows) stored.add(row, ofPage);
    // The pages read may be let go or reused: what was added does not depend on them (a value that
    // is a buffer of its own is a copy the reader made, and kept as it is).
    for (const row of rows) {
      if (row.json && ofPage(row.json)) row.json.fill(0xee);
      if (row.zstd && ofPage(row.zstd)) row.zstd.fill(0xee);
    }
    const read: string[] = [];
    await stored.forEach(undefined, (row) => read.push(shownRow(row)));
    expect(stored.size).toBe(401);
    expect(read).toEqual(expected);
    const some: string[] = [];
    const only = new Set([0, 5, 17, 399, 400, 1000]);
    await stored.forEach(only, (row) => some.push(shownRow(row)));
    expect(some).toEqual(expected.filter((_, i) => only.has(i)));
  });
});

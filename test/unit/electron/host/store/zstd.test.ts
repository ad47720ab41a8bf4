// Compressed events as OpenClaw wrote them decode to the exact JSON of their twin; a damaged frame is
// refused with the reason (fzstd alone would decode it to garbage without a word).
import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import xxhash from 'xxhash-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCompressedEvent, eventDecoder, MAX_EVENT_BYTES } from '../../../../../electron/host/store/zstd.js';
import { copyStore, manifest, twinPath } from './support.js';

interface Row {
  session_id: string;
  seq: number;
  event_zstd: Buffer;
  event_utf8_bytes: number;
}

let rows: Row[] = [];
let copy = '';
let h64: Awaited<ReturnType<typeof xxhash>>['h64Raw'];

beforeAll(async () => {
  // Read by real SQLite from a copy (SQLite may write a -shm next to what it opens).
  copy = copyStore('main');
  const db = new Database(copy, { readonly: true });
  rows = db
    .prepare('SELECT session_id, seq, event_zstd, event_utf8_bytes FROM transcript_events WHERE event_zstd IS NOT NULL')
    .all() as Row[];
  db.close();
  h64 = (await xxhash()).h64Raw;
});
afterAll(() => rmSync(dirname(copy), { recursive: true, force: true }));

describe('decodeCompressedEvent', () => {
  it('decodes every compressed event of the fixture store to its twin line', async () => {
    const expected = manifest.stores.find((s) => s.agent === 'main')!.sessions.reduce((n, s) => n + s.compressedEvents, 0);
    expect(rows).toHaveLength(expected);
    expect(rows.length).toBeGreaterThan(0);
    const decode = await eventDecoder();
    for (const row of rows) {
      const line = readFileSync(twinPath('main', row.session_id), 'utf8').split('\n')[row.seq];
      expect(decode(row.event_zstd, row.event_utf8_bytes)).toBe(line);
      expect(Buffer.byteLength(line)).toBe(row.event_utf8_bytes);
      expect(row.event_utf8_bytes).toBeGreaterThanOrEqual(1024);
    }
  });

  it('refuses a frame whose content no longer matches its checksum', () => {
    const row = rows[0];
    const damaged = Buffer.from(row.event_zstd);
    // A literal byte of the compressed block: it decodes, to the wrong text.
    damaged[damaged.length - 20] ^= 0x01;
    expect(() => decodeCompressedEvent(damaged, row.event_utf8_bytes, h64)).toThrow(
      /does not match the zstd frame checksum|cannot be decoded|decodes to/,
    );
  });

  it('refuses a recorded size the frame does not declare, a cut frame and what is not zstd', () => {
    const row = rows[0];
    expect(() => decodeCompressedEvent(row.event_zstd, row.event_utf8_bytes + 1, h64)).toThrow(
      `its zstd frame declares ${row.event_utf8_bytes} bytes, not the ${row.event_utf8_bytes + 1} recorded`,
    );
    expect(() => decodeCompressedEvent(row.event_zstd.subarray(0, row.event_zstd.length - 9), row.event_utf8_bytes, h64)).toThrow(
      /cannot be decoded|decodes to|checksum/,
    );
    expect(() => decodeCompressedEvent(Buffer.from('{"type":"message"}'), 18, h64)).toThrow('it is not a zstd frame');
    expect(() => decodeCompressedEvent(new Uint8Array(0), 10, h64)).toThrow(/is 0 bytes/);
    expect(() => decodeCompressedEvent(row.event_zstd, 0, h64)).toThrow(/recorded size 0 is not a byte count/);
    expect(() => decodeCompressedEvent(row.event_zstd, MAX_EVENT_BYTES + 1, h64)).toThrow(/is not a byte count/);
  });
});

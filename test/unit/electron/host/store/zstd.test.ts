// Compressed events as OpenClaw wrote them decode to the exact JSON of their twin; a damaged frame is
// refused with the reason (fzstd alone would decode it to garbage without a word).
import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeCompressedEvent,
  eventDecoder,
  javascriptInflater,
  MAX_EVENT_BYTES,
  nodeInflater,
  nodeZstd,
  type FrameInflater,
} from '../../../../../electron/host/store/zstd.js';
import { copyStore, manifest, twinPath } from './support.js';

interface Row {
  session_id: string;
  seq: number;
  event_zstd: Buffer;
  event_utf8_bytes: number;
}

let rows: Row[] = [];
let copy = '';
/** The inflaters this runtime has: fzstd with xxhash-wasm always, Node's own zstd from Node 22.15. */
const inflaters: Record<string, FrameInflater> = {};

beforeAll(async () => {
  // Read by real SQLite from a copy (SQLite may write a -shm next to what it opens).
  copy = copyStore('main');
  const db = new Database(copy, { readonly: true });
  rows = db
    .prepare('SELECT session_id, seq, event_zstd, event_utf8_bytes FROM transcript_events WHERE event_zstd IS NOT NULL')
    .all() as Row[];
  db.close();
  inflaters['fzstd and xxhash-wasm'] = await javascriptInflater();
  if (nodeZstd) inflaters["Node's zstd"] = nodeInflater(nodeZstd);
});
afterAll(() => rmSync(dirname(copy), { recursive: true, force: true }));

it("decodes with this runtime's choice: Node's own zstd when it has one, else fzstd", async () => {
  const decode = await eventDecoder();
  for (const row of rows) {
    const line = readFileSync(twinPath('main', row.session_id), 'utf8').split('\n')[row.seq];
    expect(decode(row.event_zstd, row.event_utf8_bytes)).toBe(line);
  }
});

// Node 20 has no zstd of its own, so there only fzstd's inflater is tested (better-sqlite3, built
// for Node 20, keeps this file from running under Node 24: the same cases were run there by hand).
describe.each(nodeZstd ? ['fzstd and xxhash-wasm', "Node's zstd"] : ['fzstd and xxhash-wasm'])('decodeCompressedEvent with %s', (name) => {
  let inflater: FrameInflater;
  beforeAll(() => {
    inflater = inflaters[name];
  });

  it('decodes every compressed event of the fixture store to its twin line', async () => {
    const expected = manifest.stores.find((s) => s.agent === 'main')!.sessions.reduce((n, s) => n + s.compressedEvents, 0);
    expect(rows).toHaveLength(expected);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const line = readFileSync(twinPath('main', row.session_id), 'utf8').split('\n')[row.seq];
      expect(decodeCompressedEvent(row.event_zstd, row.event_utf8_bytes, inflater)).toBe(line);
      expect(Buffer.byteLength(line)).toBe(row.event_utf8_bytes);
      expect(row.event_utf8_bytes).toBeGreaterThanOrEqual(1024);
    }
  });

  it('refuses a frame whose content no longer matches its checksum', () => {
    const row = rows[0];
    const damaged = Buffer.from(row.event_zstd);
    // A literal byte of the compressed block: it decodes, to the wrong text.
    damaged[damaged.length - 20] ^= 0x01;
    expect(() => decodeCompressedEvent(damaged, row.event_utf8_bytes, inflater)).toThrow(
      /does not match the zstd frame checksum|cannot be decoded|decodes to/,
    );
  });

  it('refuses a recorded size the frame does not declare, a cut frame and what is not zstd', () => {
    const row = rows[0];
    expect(() => decodeCompressedEvent(row.event_zstd, row.event_utf8_bytes + 1, inflater)).toThrow(
      `its zstd frame declares ${row.event_utf8_bytes} bytes, not the ${row.event_utf8_bytes + 1} recorded`,
    );
    expect(() => decodeCompressedEvent(row.event_zstd.subarray(0, row.event_zstd.length - 9), row.event_utf8_bytes, inflater)).toThrow(
      /cannot be decoded|decodes to|checksum/,
    );
    expect(() => decodeCompressedEvent(Buffer.from('{"type":"message"}'), 18, inflater)).toThrow('it is not a zstd frame');
    expect(() => decodeCompressedEvent(new Uint8Array(0), 10, inflater)).toThrow(/is 0 bytes/);
    expect(() => decodeCompressedEvent(row.event_zstd, 0, inflater)).toThrow(/recorded size 0 is not a byte count/);
    expect(() => decodeCompressedEvent(row.event_zstd, MAX_EVENT_BYTES + 1, inflater)).toThrow(/is not a byte count/);
  });
});

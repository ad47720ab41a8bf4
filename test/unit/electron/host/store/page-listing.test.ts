// A store too large for SQLite is listed from its pages, and that listing is the one SQLite gives:
// on every store OpenClaw wrote, and on events written to test how SQLite's JSON functions read
// them (the first of two members of one name, escaped names, objects where text is expected,
// numbers and booleans, invalid JSON, a compressed event's navigation model as an object or as a
// string of JSON, braces and quotes inside strings).
import Database from 'better-sqlite3';
import { readFileSync, rmSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listPages, mergeSessions, summarizeSessions } from '../../../../../electron/host/store/listing.js';
import { listStoreSessions } from '../../../../../electron/host/store/index.js';
import { openImage } from '../../../../../electron/host/store/sqlite.js';
import { mergeWal } from '../../../../../electron/host/store/wal.js';
import { copyStore, edit, manifest, storePath } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

/** The sessions as SQLite lists them, and as the pages do. */
async function bothListings(file: string): Promise<[unknown, unknown]> {
  let wal: Uint8Array = new Uint8Array(0);
  try {
    wal = readFileSync(`${file}-wal`);
  } catch {
    // no log
  }
  const db = await openImage(mergeWal(new Uint8Array(readFileSync(file)), wal).image);
  try {
    const read = await listPages(file, file);
    return [summarizeSessions(db), mergeSessions(read.counts, read.windows, (id) => read.cold.has(id))];
  } finally {
    db.close();
  }
}

/** Events each of their own session (and window), written into a copy of a store with real SQLite. */
const CASES: { events: [string | null, string | null][] }[] = [
  // The first of two members named alike is the one read.
  { events: [['{"type":"message","type":"model_change","message":{"role":"assistant","provider":"a","model":"b"}}', null]] },
  { events: [['{"type":"model_change","provider":"p","modelId":"m","provider":"q"}', null]] },
  { events: [['{"type":"custom","customType":"model-snapshot","data":{"provider":"x","modelId":"y"},"data":{"provider":"z"}}', null]] },
  // Invalid JSON, an array, an escaped member name, whitespace everywhere.
  { events: [['{"type":"message",}', null]] },
  { events: [['[1,2]', null]] },
  { events: [['{"\\u0074ype":"message","message":{"role":"assistant","provider":"e","model":"f"}}', null]] },
  { events: [[' { "type" : "message" , "message" : { "role" : "assistant" , "provider" : "w" , "model" : "z" } } ', null]] },
  // An object where text is expected is its JSON text; an empty text, a number, a boolean are no model.
  { events: [['{"type":"message","message":{"role":"assistant","provider":{"k": [1, "}"]},"model":"g"}}', null]] },
  { events: [['{"type":"message","message":{"role":"assistant","provider":"","model":"h"}}', null]] },
  { events: [['{"type":"model_change","provider":1,"modelId":"m"}', null]] },
  { events: [['{"type":"custom","customType":"model-snapshot","data":{"provider":true,"modelId":"m"}}', null]] },
  // Braces and quotes inside strings before the members read.
  { events: [['{"x":"}{\\"type\\":\\"message\\",","type":"model_change","provider":"u","modelId":"v"}', null]] },
  { events: [['{"x":"a\\\\","y":"\\\\\\"","type":"model_change","provider":"bs","modelId":"1"}', null]] },
  // Compressed events: their navigation's model, an object or a string of JSON; invalid navigation.
  { events: [[null, '{"model":{"type":"model_change","provider":"n","modelId":"o","provider":"no"}}']] },
  { events: [[null, '{"model":"{\\"type\\":\\"model_change\\",\\"provider\\":\\"s\\",\\"modelId\\":\\"t\\"}"}']] },
  { events: [[null, '{"model":7}']] },
  { events: [[null, '{"model":']] },
  // The last model is of the highest seq that names one; messages are counted whoever sent them.
  {
    events: [
      ['{"type":"model_change","provider":"first","modelId":"1"}', null],
      ['{"type":"message","message":{"role":"user"}}', null],
      ['{"type":"message","message":{"role":"assistant","provider":"last","model":"2"}}', null],
      ['{"type":"message","message":{"role":"assistant","provider":"anthropic"}}', null],
    ],
  },
];

describe('a listing from the pages', () => {
  it('is the one SQLite gives for every store OpenClaw wrote', async () => {
    for (const store of manifest.stores) {
      const [sqlite, pages] = await bothListings(storePath(store.agent));
      expect(pages, store.agent).toEqual(sqlite);
    }
  });

  it("reads events as SQLite's JSON functions do", async () => {
    const file = copyStore('main');
    cleanup.push(file);
    edit(file, (db: Database.Database) => {
      db.pragma('ignore_check_constraints = ON');
      db.pragma('foreign_keys = OFF');
      const window = db.prepare('INSERT INTO session_windows (session_id, session_key, created_at, updated_at) VALUES (?, ?, 0, ?)');
      const event = db.prepare(
        'INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, navigation_json) VALUES (?, ?, ?, ?, ?, ?)',
      );
      CASES.forEach(({ events }, i) => {
        const id = `case-${i}`;
        window.run(id, `agent:main:case:${i}`, i);
        events.forEach(([json, navigation], seq) =>
          event.run(id, seq, json, 1000 + seq, json === null ? Buffer.from([1]) : null, navigation),
        );
      });
    });
    const [sqlite, pages] = await bothListings(file);
    expect(pages).toEqual(sqlite);
    // What SQLite says of a few, so that the comparison is of something.
    const byId = new Map((sqlite as { sessionId: string; lastModel: unknown; messages: number }[]).map((s) => [s.sessionId, s]));
    expect(byId.get('case-0')!.lastModel).toEqual({ provider: 'a', modelId: 'b' });
    expect(byId.get('case-1')!.lastModel).toEqual({ provider: 'p', modelId: 'm' });
    expect(byId.get('case-7')!.lastModel).toEqual({ provider: '{"k":[1,"}"]}', modelId: 'g' });
    expect(byId.get('case-12')!.lastModel).toEqual({ provider: 'bs', modelId: '1' });
    expect(byId.get('case-13')!.lastModel).toEqual({ provider: 'n', modelId: 'o' });
    expect(byId.get('case-14')!.lastModel).toEqual({ provider: 's', modelId: 't' });
    expect(byId.get('case-17')).toMatchObject({ lastModel: { provider: 'last', modelId: '2' }, messages: 3 });
  });

  it('lists a store past 2 GiB, which SQLite is not given whole, as SQLite listed it before it grew', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    const before = await listStoreSessions(file);
    truncateSync(file, 2.2e9);
    const after = await listStoreSessions(file);
    expect(after.sessions).toEqual(before.sessions);
    expect({ ...after, sessions: [], notes: [] }).toEqual({ ...before, sessions: [], notes: [] });
    expect(after.notes).toEqual(['listed from its pages, without SQLite: the store is past 2 GiB, more than SQLite is given whole here']);
  });
});

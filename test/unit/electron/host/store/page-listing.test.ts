// A store is listed from its tables' pages (SQLite is given a store whole, which stops at 2 GiB), and
// that listing is the one SQLite gives:
// on every store OpenClaw wrote, and on events written to test how SQLite's JSON functions read
// them (the first of two members of one name, escaped names, objects where text is expected,
// numbers and booleans, invalid JSON, a compressed event's navigation model as an object or as a
// string of JSON, braces and quotes inside strings).
import Database from 'better-sqlite3';
import { readFileSync, rmSync, truncateSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listPages, mergeSessions, summarizeSessions } from '../../../../../electron/host/store/listing.js';
import { tablePlaces } from '../../../../../electron/host/store/page-tables.js';
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
  // Nesting: at SQLite's deepest (valid), one level past it (invalid), far past it.
  { events: [[`{"type":"message","x":${'['.repeat(999)}${']'.repeat(999)}}`, null]] },
  { events: [[`{"type":"message","x":${'['.repeat(1000)}${']'.repeat(1000)}}`, null]] },
  { events: [[`{"type":"model_change","provider":${'['.repeat(20000)}${']'.repeat(20000)},"modelId":"m"}`, null]] },
  // Objects and arrays where text is expected are their text as written, without the spaces.
  { events: [['{"type":"model_change","provider":{ "a" : 1 , "a" : 2 },"modelId":{"b":1,"1":2}}', null]] },
  { events: [['{"type":"model_change","provider":[ "\\u00e9", "\\/", "\\u000a" ],"modelId":[1.0, 1e2, -0, 12345678901234567890]}', null]] },
  // A byte-order mark is no JSON; SQLite reads JSON up to a NUL.
  { events: [['\uFEFF{"type":"message"}', null]] },
  { events: [['{"type":"message"}\u0000garbage', null]] },
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
    expect(byId.get('case-20')!.lastModel).toEqual({ provider: 'n', modelId: 'o' });
    expect(byId.get('case-21')!.lastModel).toEqual({ provider: 's', modelId: 't' });
    expect(byId.get('case-16')!.lastModel).toEqual({ provider: '{"a":1,"a":2}', modelId: '{"b":1,"1":2}' });
    expect([13, 14, 15, 18, 19].map((i) => byId.get(`case-${i}`)!.messages)).toEqual([1, 0, 0, 0, 1]);
    expect(byId.get('case-15')!.lastModel).toBeNull();
    expect(byId.get('case-24')).toMatchObject({ lastModel: { provider: 'last', modelId: '2' }, messages: 3 });
  });

  it('lists a store past 2 GiB, which SQLite is not given whole, as SQLite lists it before it grows', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    const bySqlite = await listStoreSessions({ name: 'openclaw-agent.sqlite', bytes: readFileSync(file) });
    const before = await listStoreSessions(file);
    truncateSync(file, 2.2e9);
    const after = await listStoreSessions(file);
    expect(after).toEqual(before);
    expect(after.sessions).toEqual(bySqlite.sessions);
  });

  it('leaves to SQLite a store whose other tables it does not know', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    const before = await listStoreSessions(file);
    // The same conversations in a table that is not STRICT: its values could be of any type.
    edit(file, (db: Database.Database) => {
      db.pragma('foreign_keys = OFF');
      // Its triggers name the table: SQLite checks them on a rename unless told to leave them.
      db.pragma('legacy_alter_table = ON');
      db.exec('CREATE TABLE loose AS SELECT * FROM session_nodes; DROP TABLE session_nodes; ALTER TABLE loose RENAME TO session_nodes');
    });
    await expect(listPages(file, file)).rejects.toThrow(/the layout of its session_nodes table is not one this reader knows/);
    expect((await listStoreSessions(file)).sessions).toEqual(before.sessions);
  });
});

describe("a table's columns", () => {
  const table = (body: string): string => `CREATE TABLE t (a TEXT NOT NULL, n INTEGER, s TEXT${body}) STRICT`;
  it('are placed when the wanted ones are plain columns of their types', () => {
    expect(tablePlaces(table(''), { n: 'integer', s: 'text' })).toEqual({ n: 1, s: 2 });
    expect(tablePlaces(table(', PRIMARY KEY (a, n)'), { n: 'integer' })).toEqual({ n: 1 });
    expect(tablePlaces(table(', PRIMARY KEY (a)'), { a: 'text' })).toEqual({ a: 0 });
  });

  it.each([
    ['n is the rowid', ', PRIMARY KEY(n)'],
    ['n is the rowid, in descending order', ', PRIMARY KEY (n DESC)'],
    ['n is the rowid, with a conflict clause', ', CONSTRAINT k PRIMARY KEY ( "n" ASC ) ON CONFLICT IGNORE'],
  ])('are not placed when %s', (_, body) => {
    expect(tablePlaces(table(body), { n: 'integer' })).toBeNull();
  });

  it('are not placed with a collation, a default, another type or a generated column', () => {
    expect(tablePlaces('CREATE TABLE t (a TEXT COLLATE NOCASE) STRICT', { a: 'text' })).toBeNull();
    expect(tablePlaces("CREATE TABLE t (a TEXT DEFAULT 'x') STRICT", { a: 'text' })).toBeNull();
    expect(tablePlaces('CREATE TABLE t (a INTEGER) STRICT', { a: 'text' })).toBeNull();
    expect(tablePlaces('CREATE TABLE t (a TEXT, b TEXT AS (a)) STRICT', { a: 'text' })).toBeNull();
    expect(tablePlaces('CREATE TABLE t (a TEXT)', { a: 'text' })).toBeNull();
  });
});

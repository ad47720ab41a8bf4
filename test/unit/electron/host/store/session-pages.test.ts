// A session's events read from a store's pages are the rows real SQLite gives for them: on OpenClaw's
// stores, on a store of small pages with reserved bytes, and on stores real SQLite wrote with every
// page size, with and without auto-vacuum, events on both sides of every spill boundary, ids long
// enough to spill out of the index, rows deleted and rowids out of seq order. A layout the reader
// was not checked against goes to SQLite, and damage is reported on the page it was found.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readStoredSession } from '../../../../../electron/host/store/stored-session.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { columnPlaces, SessionPages, type EventRow } from '../../../../../electron/host/store/session-pages.js';
import { DamagedPageError, ImagePages, Pages, recordColumns } from '../../../../../electron/host/store/pages.js';
import { mergeWal } from '../../../../../electron/host/store/wal.js';
import { rng } from '../../../helpers/transcripts.js';
import { copyStore, edit, manifest, STORES_DIR, storePath, shownRow } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

const RESERVED_STORE = join(STORES_DIR, 'reserved', 'openclaw-agent.sqlite');
const EVENTS_SQL = `SELECT seq, CAST(event_json AS BLOB) AS json, event_zstd AS zstd, event_utf8_bytes AS utf8Bytes
  FROM transcript_events WHERE session_id = ? ORDER BY seq`;

/** A store's image as the reader is given it (its log applied). */
function imageOf(file: string): Uint8Array {
  let wal = new Uint8Array(0);
  try {
    wal = readFileSync(`${file}-wal`);
  } catch {
    // no log
  }
  return mergeWal(new Uint8Array(readFileSync(file)), wal).image;
}

function fromPages(reader: SessionPages, sessionId: string): string[] {
  const rows = reader.find(sessionId);
  expect(rows).not.toBeNull();
  const read: string[] = [];
  reader.read(sessionId, rows!, (row: EventRow) => read.push(shownRow(row)));
  return read;
}

/**
 * A copy of a store (and its log) for real SQLite to open: even read-only, it leaves a -shm file
 * (and a -wal) beside a store in WAL mode, which must not happen to the fixtures.
 */
function sqliteCopy(file: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), 'store-pages-')), basename(file));
  cleanup.push(copy);
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  return copy;
}

/** Each session's rows from the pages and from real SQLite, and ids the store does not have. */
function expectSameRows(file: string, extraIds: string[] = []): number {
  const reader = SessionPages.of(imageOf(file));
  expect(reader).not.toBeNull();
  const db = new Database(sqliteCopy(file), { readonly: true });
  try {
    const ids = (db.prepare('SELECT DISTINCT session_id AS id FROM transcript_events').all() as { id: string }[]).map((row) => row.id);
    let events = 0;
    for (const id of [...ids, ...extraIds]) {
      const expected = (db.prepare(EVENTS_SQL).all(id) as Parameters<typeof shownRow>[0][]).map(shownRow);
      expect(fromPages(reader!, id), id).toEqual(expected);
      events += expected.length;
    }
    return events;
  } finally {
    db.close();
  }
}

describe("OpenClaw's stores", () => {
  for (const store of manifest.stores)
    it(`reads every session of the ${store.agent} store as SQLite does, and inspects it the same`, async () => {
      const file = storePath(store.agent);
      expect(expectSameRows(file, ['no-such-session', store.sessions[0].sessionId.slice(0, 10)])).toBe(
        store.sessions.reduce((sum, session) => sum + session.events, 0),
      );
      for (const session of store.sessions) {
        const viaPages = await SessionStore.open({ file });
        const viaSqlite = await SessionStore.open({ file }, { pages: false });
        try {
          const a = await readStoredSession(viaPages, session.sessionId);
          const b = await readStoredSession(viaSqlite, session.sessionId);
          expect([viaPages.eventsReadBy, viaSqlite.eventsReadBy]).toEqual(['pages', 'sqlite']);
          expect(a.digest).toBe(b.digest);
          expect(a.parsed).toEqual(b.parsed);
        } finally {
          viaPages.close();
          viaSqlite.close();
        }
      }
    });

  it('reads a store of 1,024-byte pages with 24 bytes of each reserved (made by make-reserved-store.sh)', () => {
    const image = imageOf(RESERVED_STORE);
    expect([image[16], image[17], image[20]]).toEqual([4, 0, 24]);
    expect(expectSameRows(RESERVED_STORE)).toBe(364);
  });

  it('says which sessions a store lacks by asking SQLite only then, and reads nothing once closed', async () => {
    const store = await SessionStore.open({ file: storePath('main') });
    try {
      await expect(store.events('no-such-session', () => undefined)).rejects.toThrow(/no session no-such-session in this store/);
      expect(store.eventsReadBy).toBe('sqlite');
    } finally {
      store.close();
    }
    await expect(store.events(manifest.stores[0].sessions[0].sessionId, () => undefined)).rejects.toThrow(/the store was closed/);
  });
});

/** The tables the reader needs, declared as in OpenClaw's store. */
function openClawTables(): string[] {
  const db = new Database(sqliteCopy(storePath('main')), { readonly: true });
  try {
    return (
      db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name IN ('session_windows', 'transcript_events')").all() as {
        sql: string;
      }[]
    ).map((row) => row.sql);
  } finally {
    db.close();
  }
}

/**
 * A store real SQLite writes: sessions whose events interleave, of sizes around each spill boundary
 * of the page size, some compressed, some deleted afterwards.
 */
function writtenStore(pageSize: number, autoVacuum: boolean, seed: number): { file: string; ids: string[] } {
  const file = join(dirname(copyStore('main')), `generated-${pageSize}.sqlite`);
  cleanup.push(file);
  const next = rng(seed);
  const db = new Database(file);
  db.pragma(`page_size = ${pageSize}`);
  db.pragma(`auto_vacuum = ${autoVacuum ? 'FULL' : 'NONE'}`);
  db.pragma('ignore_check_constraints = ON');
  db.pragma('foreign_keys = OFF'); // no window is written for these sessions
  for (const sql of openClawTables()) db.exec(sql);
  const u = pageSize;
  // A table leaf keeps a payload of up to U-35 bytes whole; an index, ((U-12)*64/255)-23.
  const indexWhole = Math.floor(((u - 12) * 64) / 255) - 23;
  const edges = [u - 35, Math.floor(((u - 12) * 32) / 255) - 23, u - 4, 2 * (u - 4), indexWhole];
  const ids = [
    's1',
    's10',
    's1x',
    'é-session',
    'z'.repeat(indexWhole + 40), // spills out of an index cell
    // Index entries (id, seq, rowid) a few bytes either side of the most an index cell keeps whole.
    ...Array.from({ length: 16 }, (_, k) => 'y'.repeat(indexWhole - 12 + k)),
    ...Array.from({ length: 6 }, (_, i) => `0199${i}-${Math.floor(next() * 1e9).toString(36)}`),
  ];
  const seqs = new Map(ids.map((id) => [id, 0]));
  const insert = db.prepare(
    'INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  db.transaction(() => {
    for (let i = 0; i < 1500; i += 1) {
      const id = ids[Math.floor(next() * ids.length)];
      const seq = seqs.get(id)! + 1 + (next() < 0.05 ? 3 : 0);
      seqs.set(id, seq);
      const edge = edges[Math.floor(next() * edges.length)];
      const length = next() < 0.6 ? Math.max(0, edge - 80 + Math.floor(next() * 160)) : Math.floor(next() * 4 * u);
      const body = JSON.stringify({ type: 'message', i, text: 'é'.repeat(Math.floor(next() * 3)) + 'x'.repeat(length) });
      if (next() < 0.15) insert.run(id, seq, null, i, Buffer.from(body.slice(0, Math.max(1, length))), body.length, '{}');
      else insert.run(id, seq, body, i, null, null, null);
    }
  })();
  db.prepare('DELETE FROM transcript_events WHERE rowid % 17 = 3').run();
  // Negative rowids (nine-byte varints, sorted first) and a negative seq, which SQLite keeps as any other.
  const negative = db.prepare('INSERT INTO transcript_events (rowid, session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?, 0)');
  negative.run(-5, 's1', -1, '{"type":"message","negative":true}');
  negative.run(-(2 ** 40), 's10', 10_000, '{"type":"message"}');
  negative.run(2 ** 50, 's10', 10_001, '{"type":"message"}');
  db.close();
  return { file, ids };
}

describe('stores real SQLite wrote', () => {
  for (const pageSize of [512, 1024, 4096, 65536])
    for (const autoVacuum of [false, true])
      it(`reads the rows SQLite reads: ${pageSize}-byte pages, auto-vacuum ${autoVacuum ? 'on' : 'off'}`, () => {
        const { file, ids } = writtenStore(pageSize, autoVacuum, pageSize + (autoVacuum ? 1 : 0));
        const events = expectSameRows(file, ['s', 's100', 'z', ids[4].slice(0, -1), `${ids[4]}z`]);
        expect(events).toBeGreaterThan(1300);
        // The index of 512-byte pages is more than one level deep, and its long ids spill.
        const db = new Database(file, { readonly: true });
        const depth = db
          .prepare('SELECT count(*) AS n FROM dbstat WHERE name = ? AND pagetype = ?')
          .get('sqlite_autoindex_transcript_events_1', 'internal') as { n: number };
        db.close();
        if (pageSize === 512) expect(depth.n).toBeGreaterThan(0);
      });
});

describe('layouts the reader leaves to SQLite', () => {
  const table = openClawTables().find((sql) => sql.includes('transcript_events'))!;

  it("finds the columns of OpenClaw's declaration, wherever they are", () => {
    expect(columnPlaces(table)).toEqual({ session_id: 0, seq: 1, event_json: 2, event_zstd: 4, event_utf8_bytes: 5 });
    expect(
      columnPlaces(
        'CREATE TABLE "transcript_events" (extra TEXT, [seq] INTEGER NOT NULL, session_id TEXT NOT NULL, event_json TEXT, event_zstd BLOB, event_utf8_bytes INTEGER, CONSTRAINT pk PRIMARY KEY ( session_id , seq )) strict',
      ),
    ).toBeNull(); // a named constraint is not the plain key
    expect(
      columnPlaces(
        'CREATE TABLE t (extra TEXT CHECK (extra IN (\'a,b\', "c")), [seq] INTEGER NOT NULL, session_id TEXT NOT NULL, event_json TEXT, event_zstd BLOB, event_utf8_bytes INTEGER, PRIMARY KEY ( session_id , seq )) STRICT',
      ),
    ).toEqual({ session_id: 2, seq: 1, event_json: 3, event_zstd: 4, event_utf8_bytes: 5 });
    // A column may be named as an object's own property is.
    expect(columnPlaces(table.replace('event_json TEXT,', 'event_json TEXT, constructor TEXT,'))).toEqual({
      session_id: 0,
      seq: 1,
      event_json: 2,
      event_zstd: 5,
      event_utf8_bytes: 6,
    });
  });

  it('reads with SQLite a store whose first UNIQUE index is not the key, and gets its rows in order', async () => {
    const dir = dirname(copyStore('main'));
    const file = join(dir, 'unique-first.sqlite');
    cleanup.push(file);
    const db = new Database(file);
    db.pragma('foreign_keys = OFF');
    db.pragma('ignore_check_constraints = ON');
    for (const sql of openClawTables())
      db.exec(sql.replace('PRIMARY KEY (session_id, seq),', 'UNIQUE (session_id, seq DESC), PRIMARY KEY (session_id, seq),'));
    db.prepare("INSERT INTO session_windows (session_id, session_key, updated_at, created_at) VALUES ('s', 'k', 0, 0)").run();
    const insert = db.prepare("INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES ('s', ?, ?, 0)");
    for (const seq of [0, 1, 2]) insert.run(seq, JSON.stringify({ type: 'custom', seq }));
    db.close();
    expect(SessionPages.of(imageOf(file))).toBeNull();
    const store = await SessionStore.open({ file });
    try {
      const seqs: number[] = [];
      await store.events('s', (event) => seqs.push(event.seq));
      expect(seqs).toEqual([0, 1, 2]);
      expect(store.eventsReadBy).toBe('sqlite');
    } finally {
      store.close();
    }
  });

  it('leaves to SQLite a store of UTF-16 text, other payload fractions or pages too small to use', () => {
    const image = imageOf(storePath('main'));
    expect(SessionPages.of(image)).not.toBeNull();
    const changed = (at: number, value: number): Uint8Array => {
      const copy = Uint8Array.from(image);
      copy[at] = value;
      return copy;
    };
    expect(SessionPages.of(changed(59, 2))).toBeNull(); // UTF-16le
    expect(SessionPages.of(changed(21, 63))).toBeNull(); // the maximum embedded payload fraction
    const small = Uint8Array.from(image);
    small.set([2, 0], 16); // 512-byte pages…
    small[20] = 40; // …of which 40 reserved: 472 usable, under SQLite's least
    expect(SessionPages.of(small)).toBeNull();
  });

  it.each([
    ['not STRICT', table.replace(/\)\s*STRICT\s*$/, ')')],
    ['WITHOUT ROWID', table.replace(/STRICT\s*$/, 'STRICT, WITHOUT ROWID')],
    ['a collation on session_id', table.replace('session_id TEXT NOT NULL', 'session_id TEXT NOT NULL COLLATE NOCASE')],
    ['a default on event_json', table.replace('event_json TEXT,', "event_json TEXT DEFAULT '{}',")],
    ['another type', table.replace('event_zstd BLOB', 'event_zstd TEXT')],
    [
      'a generated column',
      table.replace('event_json TEXT,', 'event_json TEXT, event_len INTEGER GENERATED ALWAYS AS (length(event_json)),'),
    ],
    ['another key', table.replace('PRIMARY KEY (session_id, seq)', 'PRIMARY KEY (seq, session_id)')],
    ['a renamed column', table.replace('event_utf8_bytes INTEGER CHECK', 'utf8_bytes INTEGER CHECK')],
    ['a generated column without GENERATED', table.replace('event_json TEXT,', "event_json TEXT, shown TEXT AS (printf('#%d', seq)),")],
    [
      'a comment that hides a generated column',
      table.replace('event_json TEXT,', "event_json TEXT, shown TEXT AS -- shown\n (printf('#%d', seq)),"),
    ],
    ['a comma in a comment', table.replace('event_json TEXT,', 'event_json TEXT /* utf-8, or null */,')],
    ['a quote in a comment', table.replace('event_json TEXT,', "event_json TEXT, -- don't\n")],
    ['a comment before the list', table.replace('transcript_events (', 'transcript_events /* ( */ (')],
    [
      'a UNIQUE column before the key (its index is numbered first)',
      table.replace('event_json TEXT,', 'event_json TEXT, event_id TEXT UNIQUE,'),
    ],
    [
      'a UNIQUE constraint the key merges into',
      table.replace('PRIMARY KEY (session_id, seq),', 'UNIQUE (session_id, seq DESC), PRIMARY KEY (session_id, seq),'),
    ],
    ['a named key', table.replace('PRIMARY KEY (session_id, seq),', 'CONSTRAINT pk PRIMARY KEY (session_id, seq),')],
  ])('%s', (_, sql) => {
    expect(columnPlaces(table)).not.toBeNull();
    expect(columnPlaces(sql)).toBeNull();
  });

  it('reads a store of another declaration with SQLite, and the same events', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    const id = manifest.stores[0].sessions[0].sessionId;
    const before = await SessionStore.open({ file });
    const expected = await readStoredSession(before, id);
    before.close();
    // The same table, not STRICT: its rows may hold any type, which the page reader does not check.
    edit(file, (db) => {
      db.pragma('foreign_keys = OFF');
      db.exec(table.replace('CREATE TABLE transcript_events', 'CREATE TABLE loose_events').replace(/\)\s*STRICT\s*$/, ')'));
      db.exec('INSERT INTO loose_events SELECT * FROM transcript_events; DROP TABLE transcript_events');
      db.exec('ALTER TABLE loose_events RENAME TO transcript_events');
    });
    expect(SessionPages.of(imageOf(file))).toBeNull();
    const store = await SessionStore.open({ file });
    try {
      const read = await readStoredSession(store, id);
      expect(store.eventsReadBy).toBe('sqlite');
      expect(read.digest).toBe(expected.digest);
    } finally {
      store.close();
    }
  });
});

describe('records no SQLite writes', () => {
  const pages = new Pages(new ImagePages(new Uint8Array(4096), 4096), 0);
  /** A varint of SQLite's format, for values below 2⁵⁶. */
  const varint = (value: number): number[] => {
    const groups: number[] = [];
    for (let v = value; groups.length === 0 || v > 0; v = Math.floor(v / 128)) groups.unshift(v % 128);
    return groups.map((group, i) => (i < groups.length - 1 ? group | 0x80 : group));
  };

  it('refuses a header that claims more than its record, without reading past it', () => {
    const started = performance.now();
    expect(() => recordColumns(pages, Uint8Array.of(...varint(2 ** 28), 0x01), [], [])).toThrow(DamagedPageError);
    expect(() => recordColumns(pages, Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01), [], [])).toThrow(
      DamagedPageError,
    );
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('refuses a serial type past 32 bits instead of reading it as a short value', () => {
    const type = varint(2 ** 32 + 14); // a blob of 2³¹ + 1 bytes, cut to 32 bits: one byte
    expect(() => recordColumns(pages, Uint8Array.of(1 + type.length, ...type, 0x41), [], [])).toThrow(DamagedPageError);
    const text = varint(2 ** 31 + 13); // a text whose length is negative as a 32-bit shift
    expect(() => recordColumns(pages, Uint8Array.of(1 + text.length, ...text, 0x41), [], [])).toThrow(DamagedPageError);
    const types: number[] = [];
    const offsets: number[] = [];
    expect(recordColumns(pages, Uint8Array.of(3, 0x13, 0x01, 0x41, 0x42, 0x43, 0xfb), types, offsets)).toBe(2);
    expect([types, offsets]).toEqual([
      [0x13, 0x01],
      [3, 6],
    ]);
  });

  it('reads a nine-byte varint as a signed 64-bit integer', () => {
    const minusFive = Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfb);
    expect(pages.varint(0, minusFive)).toBe(-5);
    expect(pages.at).toBe(9);
    expect(pages.varint(0, Uint8Array.of(0x81, 0x00))).toBe(128);
  });
});

describe('a damaged store', () => {
  /** A copy of the main store with its log folded in, and the pages SQLite says hold a tree's `type`. */
  function damageable(): { file: string; pages: (name: string, type: string) => number[]; pageSize: number } {
    const file = copyStore('main');
    cleanup.push(file);
    const db = new Database(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    const pageSize = db.pragma('page_size', { simple: true }) as number;
    const map = db.prepare('SELECT name, pagetype, pageno FROM dbstat').all() as { name: string; pagetype: string; pageno: number }[];
    db.close();
    return { file, pageSize, pages: (name, type) => map.filter((p) => p.name === name && p.pagetype === type).map((p) => p.pageno) };
  }
  const id = '0199b8a4-4f40-757d-bdfc-0da82e7aa754';
  const damage = (file: string, at: number, bytes: number[]): void => {
    const image = readFileSync(file);
    image.set(bytes, at);
    writeFileSync(file, image);
  };

  it('names the page of a table leaf that is not one', async () => {
    const { file, pages, pageSize } = damageable();
    const leaves = pages('transcript_events', 'leaf');
    for (const leaf of leaves) damage(file, (leaf - 1) * pageSize, [0x07]);
    const store = await SessionStore.open({ file });
    try {
      const error = await readStoredSession(store, id).then(
        () => null,
        (thrown: Error) => thrown,
      );
      expect(error?.message).toMatch(
        /openclaw-agent\.sqlite: the store is damaged \(page \d+ is not a b-tree page \(its first byte is 7\)\)$/,
      );
      expect(leaves).toContain(Number(/page (\d+)/.exec(error!.message)![1]));
      expect(store.eventsReadBy).toBe('pages');
    } finally {
      store.close();
    }
  });

  it('names the page where an overflow chain leaves the file', async () => {
    const { file, pages, pageSize } = damageable();
    const image = readFileSync(file);
    const chained = pages('transcript_events', 'overflow').find((page) => image.readUInt32BE((page - 1) * pageSize) !== 0)!;
    damage(file, (chained - 1) * pageSize, [0x7f, 0xff, 0xff, 0x00]);
    const store = await SessionStore.open({ file });
    try {
      await expect(readStoredSession(store, id)).rejects.toThrow(
        /the store is damaged \(a b-tree points to page 2147483392, outside the file's \d+ pages\)/,
      );
    } finally {
      store.close();
    }
  });

  it('refuses an index that names one page twice, instead of walking it as often as it is named', () => {
    const { file } = writtenStore(512, false, 7);
    const db = new Database(file, { readonly: true });
    const { root } = db
      .prepare('SELECT rootpage AS root FROM sqlite_master WHERE name = ?')
      .get('sqlite_autoindex_transcript_events_1') as {
      root: number;
    };
    const ids = (db.prepare('SELECT DISTINCT session_id AS id FROM transcript_events').all() as { id: string }[]).map((row) => row.id);
    db.close();
    const image = readFileSync(file);
    const at = (root - 1) * 512;
    expect(image[at]).toBe(0x02); // an interior index page
    expect(ids.every((id) => SessionPages.of(new Uint8Array(image))!.find(id) !== null)).toBe(true);
    // Every child of the index's root left of an entry made its first: a walk past an entry there meets it twice.
    const first = image.readUInt32BE(at + image.readUInt16BE(at + 12));
    for (let i = 1, cells = image.readUInt16BE(at + 3); i < cells; i += 1)
      image.writeUInt32BE(first, at + image.readUInt16BE(at + 12 + 2 * i));
    const damaged = SessionPages.of(new Uint8Array(image))!;
    expect(ids.filter((id) => damaged.find(id) === null).length).toBeGreaterThan(0);
  });

  it('leaves a damaged index to SQLite, which says so', async () => {
    const { file, pages, pageSize } = damageable();
    for (const page of pages('sqlite_autoindex_transcript_events_1', 'leaf')) damage(file, (page - 1) * pageSize, [0x07]);
    const store = await SessionStore.open({ file });
    try {
      await expect(readStoredSession(store, id)).rejects.toThrow(/SQLite cannot read it \(database disk image is malformed\)/);
      expect(store.eventsReadBy).toBe('sqlite');
    } finally {
      store.close();
    }
  });
});

describe('rows read in the leaf the row before was found in', () => {
  /** A store of rows 10–99 of session `s` (seq = rowid), each cell the same size, on 1,024-byte pages. */
  function evenStore(): { image: Uint8Array; root: number } {
    const dir = mkdtempSync(join(tmpdir(), 'ti-leaf-'));
    const file = join(dir, 'even.sqlite');
    cleanup.push(file);
    const tables = openClawTables();
    const db = new Database(file);
    db.pragma('page_size = 1024');
    db.pragma('journal_mode = DELETE');
    db.pragma('foreign_keys = OFF');
    for (const sql of tables) db.exec(sql);
    const insert = db.prepare('INSERT INTO transcript_events (rowid, session_id, seq, event_json, created_at) VALUES (?, ?, ?, ?, 0)');
    for (let row = 10; row < 100; row += 1) insert.run(row, 's', row, `{"n":"${String(row).padStart(3, '0')}","x":"${'x'.repeat(150)}"}`);
    const { root } = db.prepare("SELECT rootpage AS root FROM sqlite_master WHERE name = 'transcript_events'").get() as { root: number };
    db.close();
    return { image: new Uint8Array(readFileSync(file)), root };
  }

  /** The `n` of each row of `seqs` read in one pass, in order. */
  function read(image: Uint8Array, seqs: number[]): string[] {
    const reader = SessionPages.of(image)!;
    const all = reader.find('s')!;
    const rows = { seqs: [] as number[], rowids: [] as number[] };
    for (const seq of seqs) {
      rows.seqs.push(seq);
      rows.rowids.push(all.rowids[all.seqs.indexOf(seq)]);
    }
    const found: string[] = [];
    reader.read('s', rows, (row: EventRow) => found.push(JSON.parse(Buffer.from(row.json!).toString()).n));
    return found;
  }

  it("answers only what the descent from the table's root answers, in a leaf that holds a key routed to the next", () => {
    const { image, root } = evenStore();
    const pages = new Pages(new ImagePages(image, 1024), image[20]);
    const top = pages.node(root);
    const key = (node: ReturnType<Pages['node']>, i: number) => {
      pages.varint(pages.cell(node, i), node.bytes);
      return pages.varint(pages.at, node.bytes);
    };
    const childAt = (i: number) => pages.node(Buffer.from(top.bytes).readUInt32BE(pages.cell(top, i)));
    const [left, right] = [childAt(0), childAt(1)];
    const [lastLeft, firstRight] = [key(left, left.cells - 1), key(right, 0)];
    expect(firstRight).toBe(lastLeft + 1);
    expect(read(image, [lastLeft - 1, firstRight])).toEqual([String(lastLeft - 1).padStart(3, '0'), String(firstRight).padStart(3, '0')]);
    // The left leaf's last cell made a copy of the right leaf's first row, its text changed (all cells are one size).
    const from = pages.cell(right, 0);
    const copy = right.bytes.slice(from, from + 200);
    copy[Buffer.from(copy).indexOf('"n":"') + 5] = 'E'.charCodeAt(0);
    left.bytes.set(copy, pages.cell(left, left.cells - 1));
    const alone = read(image, [firstRight]);
    expect(alone).toEqual([String(firstRight).padStart(3, '0')]);
    // After a row of the left leaf, the row is still the one the descent finds, as SQLite does.
    expect(read(image, [lastLeft - 1, firstRight]).at(-1)).toBe(alone[0]);
  });

  it('reads every row, in order and in any order, as SQLite does', () => {
    const { image } = evenStore();
    const seqs = Array.from({ length: 90 }, (_, i) => i + 10);
    const texts = seqs.map((seq) => String(seq).padStart(3, '0'));
    expect(read(image, seqs)).toEqual(texts);
    const shuffled = [...seqs].sort((a, b) => ((a * 37) % 91) - ((b * 37) % 91));
    expect(read(image, shuffled)).toEqual(shuffled.map((seq) => String(seq).padStart(3, '0')));
  });
});

// A stored session reads exactly as its JSONL twin (the same events written as a file, read back by
// real SQLite when the fixtures were made): same entries, diagnostics, branch, digest and export.
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildContext } from '../../../../../shared/session/context.js';
import { relabelLines } from '../../../../../shared/store.js';
import { readSessionFile } from '../../../../../electron/host/stream-session.js';
import { exportStoredSession, listStoreSessions, openStoredSession } from '../../../../../electron/host/store/index.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { storedLinesAt } from '../../../../../electron/host/store/stored-session.js';
import { copyStore, edit, manifest, storePath, twinPath } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

const relabelled = <T extends { message: string }>(list: T[]): T[] => list.map((d) => ({ ...d, message: relabelLines(d.message) }));

describe('a stored session against its JSONL twin', () => {
  for (const store of manifest.stores)
    for (const session of store.sessions)
      it(`${store.agent} ${session.key} ${session.sessionId}`, async () => {
        const twin = twinPath(store.agent, session.sessionId);
        const file = await readSessionFile(twin);
        const opened = await openStoredSession({ file: storePath(store.agent) }, session.sessionId);
        expect(opened.name).toBe(`openclaw-agent.sqlite#${session.sessionId}`);
        expect(opened.parsed.entries).toEqual(file.parsed.entries);
        expect(opened.parsed.header).toEqual(file.parsed.header);
        expect({ ...opened.parsed, entries: [], diagnostics: [] }).toEqual({ ...file.parsed, entries: [], diagnostics: [] });
        expect(opened.parsed.diagnostics).toEqual(relabelled(file.parsed.diagnostics));
        expect(opened.digest).toBe(file.digest);
        expect(opened.size).toBe(file.size);
        const context = buildContext(file.parsed);
        expect(opened.context.messages).toEqual(context.messages);
        expect(opened.context.messageLines).toEqual(context.messageLines);
        expect(opened.context.lastModel).toEqual(context.lastModel);
        expect(opened.context.leafId).toBe(context.leafId);
        expect(opened.context.diagnostics).toEqual(relabelled(context.diagnostics));
        const exported = await exportStoredSession({ file: storePath(store.agent) }, session.sessionId, 'session');
        expect(exported.bytes.equals(readFileSync(twin))).toBe(true);
        expect(exported.fileName).toBe(`${session.sessionId}.jsonl`);
      });

  it('locates diagnostics by event: line = seq + 1, "event N" in the text', async () => {
    const opened = await openStoredSession({ file: storePath('main') }, '019a8b8b-953f-7b4f-809b-208aa1351459');
    const dangling = opened.context.diagnostics.find((d) => d.code === 'dangling-parent')!;
    expect(dangling.line).toBe(4);
    expect(dangling.message).toMatch(/^event 3: parentId "ffffffff" names no entry/);
  });
});

describe('events the store cannot give whole', () => {
  const copy = (): string => {
    const file = copyStore('main');
    cleanup.push(file);
    return file;
  };
  const id = '0199b8c6-25f2-75ea-996c-f0671c8ac73d';

  it('reports a damaged compressed event at its line and reads every other event', async () => {
    const file = copy();
    let seq = -1;
    edit(file, (db) => {
      const row = db
        .prepare('SELECT seq, event_zstd FROM transcript_events WHERE session_id = ? AND event_zstd IS NOT NULL ORDER BY seq LIMIT 1')
        .get(id) as {
        seq: number;
        event_zstd: Buffer;
      };
      seq = row.seq;
      const damaged = Buffer.from(row.event_zstd);
      damaged[Math.floor(damaged.length / 2)] ^= 0x55;
      db.prepare('UPDATE transcript_events SET event_zstd = ? WHERE session_id = ? AND seq = ?').run(damaged, id, seq);
    });
    const twin = await readSessionFile(twinPath('main', id));
    const opened = await openStoredSession({ file }, id);
    const problem = opened.parsed.diagnostics.find((d) => d.code === 'store-event-unreadable')!;
    expect(problem).toMatchObject({ line: seq + 1, severity: 'error' });
    expect(problem.message).toMatch(new RegExp(`^event ${seq}: its compressed body cannot be read: .* — the event is skipped$`));
    expect(opened.parsed.entries).toEqual(twin.parsed.entries.filter((e) => e.line !== seq + 1));
    // The export keeps the numbering: a blank line stands where the event was.
    const exported = (await exportStoredSession({ file }, id, 'session')).bytes.toString('utf8').split('\n');
    expect(exported[seq]).toBe('');
    expect(exported[seq + 1]).toBe(readFileSync(twinPath('main', id), 'utf8').split('\n')[seq + 1]);
  });

  it('reports missing events and keeps every other event on its own line', async () => {
    const file = copy();
    edit(file, (db) => db.prepare('DELETE FROM transcript_events WHERE session_id = ? AND seq IN (5, 6)').run(id));
    const twin = await readSessionFile(twinPath('main', id));
    const opened = await openStoredSession({ file }, id);
    expect(opened.parsed.diagnostics.filter((d) => d.code === 'store-events-missing')).toEqual([
      { line: 6, column: 0, severity: 'warning', code: 'store-events-missing', message: 'event 5: events 5–6 are missing from the store' },
    ]);
    expect(opened.parsed.entries).toEqual(twin.parsed.entries.filter((e) => e.line !== 6 && e.line !== 7));
  });

  it('writes an event that holds line breaks on one line, and says so', async () => {
    const file = copy();
    const pretty = JSON.stringify({ type: 'session_info', id: 'pp000001', parentId: null, name: 'pretty' }, null, 2);
    edit(file, (db) => {
      const last = (db.prepare('SELECT max(seq) AS seq FROM transcript_events WHERE session_id = ?').get(id) as { seq: number }).seq;
      db.prepare('INSERT INTO transcript_events (session_id, seq, event_json, created_at) VALUES (?, ?, ?, 1)').run(id, last + 1, pretty);
    });
    const opened = await openStoredSession({ file }, id);
    const note = opened.parsed.diagnostics.find((d) => d.code === 'store-event-line-break')!;
    expect(note.message).toMatch(/^event \d+: the event JSON holds line breaks: it is read \(and exported\) on one line$/);
    expect(opened.parsed.entries.at(-1)!.entry).toEqual({ type: 'session_info', id: 'pp000001', parentId: null, name: 'pretty' });
    const lines = (await exportStoredSession({ file }, id, 'session')).bytes.toString('utf8').split('\n');
    expect(lines.at(-2)).toBe('{"type":"session_info","id":"pp000001","parentId":null,"name":"pretty"}');
    expect(createHash('sha256').update(lines.join('\n')).digest('hex')).toBe(opened.digest);
  });

  it('reads a store whose main file has every page (no -wal) the same as one with a log', async () => {
    const before = await openStoredSession({ file: storePath('work') }, '0199b8ce-e568-75b3-a7e8-9a134ebd045d');
    const work = copyStore('work');
    cleanup.push(work);
    // A checkpoint by real SQLite folds the log into the main file.
    const db = new Database(work);
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.close();
    const after = await openStoredSession({ file: work }, '0199b8ce-e568-75b3-a7e8-9a134ebd045d');
    expect(after.digest).toBe(before.digest);
    expect(after.parsed.entries).toEqual(before.parsed.entries);
  });
});

describe("a store's layout and text encoding", () => {
  const id = '0199b8a4-4f40-757d-bdfc-0da82e7aa754';

  /** A store holding the main store's tables the reader needs, written by real SQLite in another text encoding. */
  function storeIn(encoding: 'UTF-16le' | 'UTF-16be'): string {
    const file = copyStore('main');
    cleanup.push(file);
    const other = file.replace(/openclaw-agent\.sqlite$/, `openclaw-agent-${encoding}.sqlite`);
    const source = new Database(file, { readonly: true });
    const db = new Database(other);
    db.pragma(`encoding = '${encoding}'`);
    db.pragma('foreign_keys = OFF'); // the tables they name are not copied
    // Copied row by row: SQLite attaches no database of another text encoding.
    for (const table of ['schema_meta', 'session_nodes', 'session_windows', 'transcript_events']) {
      const { sql } = source.prepare('SELECT sql FROM sqlite_master WHERE type = ? AND name = ?').get('table', table) as { sql: string };
      db.exec(sql);
      const rows = source.prepare(`SELECT * FROM ${table}`).raw().all() as unknown[][];
      if (rows.length === 0) continue;
      const insert = db.prepare(`INSERT INTO ${table} VALUES (${rows[0].map(() => '?').join(', ')})`);
      db.transaction(() => rows.forEach((row) => insert.run(...row)))();
    }
    source.close();
    expect(db.pragma('encoding', { simple: true })).toBe(encoding);
    db.close();
    return other;
  }

  for (const encoding of ['UTF-16le', 'UTF-16be'] as const)
    it(`reads a session of a ${encoding} store as the same JSONL lines`, async () => {
      const twin = readFileSync(twinPath('main', id));
      const opened = await openStoredSession({ file: storeIn(encoding) }, id);
      const file = await readSessionFile(twinPath('main', id));
      expect(opened.digest).toBe(file.digest);
      expect(opened.parsed.entries).toEqual(file.parsed.entries);
      expect((await exportStoredSession({ file: storeIn(encoding) }, id, 'session')).bytes.equals(twin)).toBe(true);
    });

  it('reads the sessions of a store whose listing it cannot make, and says why when asked to list it', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    // The listing reads navigation_json; reading a session does not.
    edit(file, (db) => db.exec('ALTER TABLE transcript_events RENAME COLUMN navigation_json TO navigation'));
    const opened = await openStoredSession({ file }, id);
    expect(opened.digest).toBe((await readSessionFile(twinPath('main', id))).digest);
    await expect(listStoreSessions(file)).rejects.toThrow(/layout is not one this reader knows \(.*navigation_json/);
  });

  it('refuses, by name, a store whose events it cannot read', async () => {
    const file = copyStore('main');
    cleanup.push(file);
    edit(file, (db) => db.exec('ALTER TABLE transcript_events RENAME COLUMN event_zstd TO event_frame'));
    await expect(openStoredSession({ file }, id)).rejects.toThrow(/layout is not one this reader knows \(.*event_zstd/);
  });
});

describe('some events of a stored session, read again', () => {
  it('are the lines of the whole read at those events, from the pages and by SQLite, compressed ones included', async () => {
    for (const session of manifest.stores[0].sessions) {
      const twin = readFileSync(twinPath('main', session.sessionId), 'utf8').split('\n');
      // The first, some in between, the last, and one past the end.
      const seqs = new Set([0, 1, Math.floor(session.events / 2), session.events - 1, session.events + 5]);
      for (const pages of [true, false]) {
        const store = await SessionStore.open({ file: storePath('main') }, { pages });
        try {
          const got = new Map<number, string>();
          await storedLinesAt(store, session.sessionId, seqs, (seq, bytes) => got.set(seq, bytes.toString('utf8')));
          const expected = new Map([...seqs].filter((seq) => seq < session.events).map((seq) => [seq, twin[seq]]));
          expect(got, `${session.sessionId} pages ${pages}`).toEqual(expected);
          expect(store.eventsReadBy).toBe(pages ? 'pages' : 'sqlite');
        } finally {
          store.close();
        }
      }
    }
  });

  it('decode only the events asked for', async () => {
    const session = manifest.stores[0].sessions.find((s) => s.compressedEvents > 0)!;
    const store = await SessionStore.open({ file: storePath('main') });
    try {
      const seen: number[] = [];
      await store.events(session.sessionId, (event) => seen.push(event.seq), new Set([2, 3]));
      expect(seen).toEqual([2, 3]);
    } finally {
      store.close();
    }
  });
});

// The write-ahead log merge must read exactly what SQLite itself reads from the same two files: real
// logs written by SQLite (better-sqlite3), including unfinished transactions, damaged frames and a
// log started again over older frames. Each case copies the files and lets SQLite open the copy.
import Database from 'better-sqlite3';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openImage } from '../../../../../electron/host/store/sqlite.js';
import { databasePageSize, indexWal, mergeWal } from '../../../../../electron/host/store/wal.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'wal-test-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A database in WAL mode that never checkpoints on its own: everything after `setup` stays in the log. */
function writer(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('wal_autocheckpoint = 0');
  db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
  return db;
}

const insert = (db: Database.Database, from: number, count: number): void => {
  const statement = db.prepare('INSERT INTO t (id, body) VALUES (?, ?)');
  db.transaction(() => {
    for (let i = from; i < from + count; i += 1) statement.run(i, `row ${i} `.repeat(1 + (i % 50)));
  })();
};

/** Copy the main file and log as they are now (the writer keeps its connection open). */
function snapshot(file: string, name: string): { db: Buffer; wal: Buffer; copy: string } {
  const copy = join(dir, name);
  copyFileSync(file, copy);
  if (existsSync(`${file}-wal`)) copyFileSync(`${file}-wal`, `${copy}-wal`);
  return { db: readFileSync(copy), wal: existsSync(`${copy}-wal`) ? readFileSync(`${copy}-wal`) : Buffer.alloc(0), copy };
}

/** What SQLite reads from a copy (it recovers the log itself: the copy has no -shm). */
function sqliteRows(copy: string): { id: number; body: string }[] {
  const db = new Database(copy, { readonly: true });
  try {
    return db.prepare('SELECT id, body FROM t ORDER BY id').all() as { id: number; body: string }[];
  } finally {
    db.close();
  }
}

async function mergedRows(db: Buffer, wal: Buffer): Promise<{ id: number; body: string }[]> {
  const image = await openImage(mergeWal(Buffer.from(db), wal).image);
  try {
    return image.all('SELECT id, body FROM t ORDER BY id') as { id: number; body: string }[];
  } finally {
    image.close();
  }
}

describe('mergeWal', () => {
  it('reads the committed transactions that are only in the log, as SQLite does', async () => {
    const file = join(dir, 'live.sqlite');
    const db = writer(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    insert(db, 1, 200);
    insert(db, 201, 300);
    const { db: main, wal, copy } = snapshot(file, 'copy.sqlite');
    db.close();
    const index = indexWal(wal, databasePageSize(main))!;
    expect(index.committedFrames).toBeGreaterThan(2);
    expect(index.uncommittedFrames).toBe(0);
    // The main file alone has the table but none of the rows.
    expect(await mergedRows(main, Buffer.alloc(0))).toEqual([]);
    const rows = await mergedRows(main, wal);
    expect(rows).toHaveLength(500);
    expect(rows).toEqual(sqliteRows(copy));
  });

  it('leaves out a transaction whose commit frame is not in the log yet', async () => {
    const file = join(dir, 'live.sqlite');
    const db = writer(file);
    insert(db, 1, 50);
    const before = snapshot(file, 'before.sqlite');
    insert(db, 51, 400);
    const after = snapshot(file, 'after.sqlite');
    db.close();
    const pageSize = databasePageSize(after.db);
    const frameBytes = 24 + pageSize;
    // Cut the log just before the last frame: the second transaction's commit frame.
    const cut = after.wal.subarray(0, after.wal.length - frameBytes);
    const index = indexWal(cut, pageSize)!;
    expect(index.uncommittedFrames).toBeGreaterThan(0);
    writeFileSync(`${after.copy}-wal`, cut);
    const rows = await mergedRows(after.db, cut);
    expect(rows).toHaveLength(50);
    expect(rows).toEqual(sqliteRows(after.copy));
    expect(rows).toEqual(sqliteRows(before.copy));
  });

  it('stops at a damaged frame, as SQLite recovery does', async () => {
    const file = join(dir, 'live.sqlite');
    const db = writer(file);
    for (let i = 0; i < 6; i += 1) insert(db, 1 + i * 100, 100);
    const { db: main, wal, copy } = snapshot(file, 'copy.sqlite');
    db.close();
    const pageSize = databasePageSize(main);
    const frames = (wal.length - 32) / (24 + pageSize);
    const damaged = Buffer.from(wal);
    // A byte inside the page of a frame in the middle of the log.
    damaged[32 + Math.floor(frames / 2) * (24 + pageSize) + 24 + 100] ^= 0xff;
    writeFileSync(`${copy}-wal`, damaged);
    const rows = await mergedRows(main, damaged);
    const expected = sqliteRows(copy);
    expect(rows).toEqual(expected);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(600);
  });

  it('ignores the older frames left behind when the writer started the log again', async () => {
    const file = join(dir, 'live.sqlite');
    const db = writer(file);
    insert(db, 1, 600);
    // Everything is copied into the main file, and the next write starts the log from its beginning
    // with new salts: the tail of the file still holds frames of the old generation.
    db.pragma('wal_checkpoint(RESTART)');
    db.prepare('DELETE FROM t WHERE id > 10').run();
    const { db: main, wal, copy } = snapshot(file, 'copy.sqlite');
    db.close();
    const index = indexWal(wal, databasePageSize(main))!;
    const frameBytes = 24 + index.pageSize;
    expect((wal.length - 32) / frameBytes).toBeGreaterThan(index.committedFrames);
    const rows = await mergedRows(main, wal);
    expect(rows).toHaveLength(10);
    expect(rows).toEqual(sqliteRows(copy));
  });

  it('ignores a log whose header is damaged or whose page size is not the database’s', async () => {
    const file = join(dir, 'live.sqlite');
    const db = writer(file);
    db.pragma('wal_checkpoint(TRUNCATE)');
    insert(db, 1, 20);
    const { db: main, wal } = snapshot(file, 'copy.sqlite');
    db.close();
    const badHeader = Buffer.from(wal);
    badHeader[16] ^= 1;
    expect(indexWal(badHeader, databasePageSize(main))).toBeNull();
    expect(indexWal(wal, databasePageSize(main) * 2)).toBeNull();
    expect(indexWal(wal.subarray(0, 31), 0)).toBeNull();
    expect(await mergedRows(main, badHeader)).toEqual([]);
  });

  it('marks the merged image as a rollback-journal database and refuses what is not SQLite', () => {
    const file = join(dir, 'live.sqlite');
    const db = writer(file);
    insert(db, 1, 5);
    const { db: main, wal } = snapshot(file, 'copy.sqlite');
    db.close();
    expect([main[18], main[19]]).toEqual([2, 2]);
    const { image } = mergeWal(Buffer.from(main), wal);
    expect([image[18], image[19]]).toEqual([1, 1]);
    expect(() => mergeWal(Buffer.from('{"type":"session"}\n'.repeat(10)), Buffer.alloc(0))).toThrow(/not a SQLite database/);
    const noPageSize = Buffer.from(main);
    noPageSize[16] = 0;
    noPageSize[17] = 3;
    expect(() => mergeWal(noPageSize, Buffer.alloc(0))).toThrow(/no valid page size/);
    expect(() => mergeWal(new Uint8Array(0), Buffer.alloc(0))).toThrow(/empty/);
  });
});

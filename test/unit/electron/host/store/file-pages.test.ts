// A session read from a store file's pages as they are needed is the one read from the whole
// store: on every store OpenClaw wrote, with its log; reading it reads that session's pages, not
// the store; a store past 2 GiB, which no buffer holds whole, still opens by session; and a read
// that a writer changed under it is read again, never given out.
import Database from 'better-sqlite3';
import {
  appendFileSync,
  closeSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  truncateSync,
  utimesSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../../../../electron/host/read-input.js';
import { forgetKeptPages, readStorePages, storePageBytesRead, takeKept } from '../../../../../electron/host/store/file-pages.js';
import { openStoredSession } from '../../../../../electron/host/store/index.js';
import { DamagedPageError, Pages, type PageSource } from '../../../../../electron/host/store/pages.js';
import { SessionPages } from '../../../../../electron/host/store/session-pages.js';
import { StoredRows } from '../../../../../electron/host/store/stored-rows.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { mergeWal } from '../../../../../electron/host/store/wal.js';
import { copyStore, edit, manifest, storePath, shownRow } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

function copied(agent: string): string {
  const file = copyStore(agent);
  cleanup.push(file);
  return file;
}

/** A session's rows from a reader, as compared. */
function rowsOf(reader: SessionPages | null, sessionId: string): string[] | null {
  const rows = reader?.find(sessionId) ?? null;
  if (reader === null || rows === null) return null;
  const read: string[] = [];
  reader.read(sessionId, rows, (row) => read.push(shownRow(row)));
  return read;
}

/** The image of a store with its log applied, read whole. */
function imageOf(file: string): Uint8Array {
  let wal: Uint8Array = new Uint8Array(0);
  try {
    wal = readFileSync(`${file}-wal`);
  } catch {
    // no log
  }
  return mergeWal(new Uint8Array(readFileSync(file)), wal).image;
}

/** Set a file's modification time a minute back: written long before the read. */
const settled = (file: string): void => utimesSync(file, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));

describe("a store's pages read from its files", () => {
  it('give every session of every store OpenClaw wrote as the whole image does, its log included', async () => {
    let sessions = 0;
    for (const store of manifest.stores) {
      const file = storePath(store.agent);
      const whole = SessionPages.of(imageOf(file));
      expect(whole, store.agent).not.toBeNull();
      for (const { sessionId } of store.sessions) {
        const read = await readStorePages(file, (pages) => rowsOf(SessionPages.of(pages), sessionId));
        expect(read?.value, `${store.agent} ${sessionId}`).toEqual(rowsOf(whole, sessionId));
        sessions += 1;
      }
    }
    expect(sessions).toBeGreaterThan(5);
  });

  it("read that session's pages, not the store", async () => {
    const file = copied('main');
    const id = manifest.stores.find((s) => s.agent === 'main')!.sessions[0].sessionId;
    const expected = await openStoredSession({ file }, id);
    // A hundred and fifty other sessions, each a copy of this one, written after it.
    edit(file, (db) => {
      db.pragma('foreign_keys = OFF');
      for (let i = 0; i < 150; i += 1)
        db.prepare(
          `INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json)
           SELECT ?, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json FROM transcript_events WHERE session_id = ?`,
        ).run(`other-${i}`, id);
    });
    const size = statSync(file).size;
    const before = storePageBytesRead();
    const read = await openStoredSession({ file }, id);
    const bytes = storePageBytesRead() - before;
    expect(read.digest).toBe(expected.digest);
    expect(bytes).toBeGreaterThan(0);
    expect(bytes).toBeLessThan(size / 10);
  });

  it('open a session of a store past 2 GiB, which cannot be read whole; what needs SQLite says why it cannot', async () => {
    const file = copied('main');
    const id = manifest.stores.find((s) => s.agent === 'main')!.sessions[0].sessionId;
    const expected = await openStoredSession({ file }, id);
    // Free pages at the end, never written (a sparse file: nothing is stored on the disk).
    truncateSync(file, 2.2e9);
    const before = storePageBytesRead();
    const read = await openStoredSession({ file }, id);
    expect(read.digest).toBe(expected.digest);
    expect(storePageBytesRead() - before).toBeLessThan(20 * 2 ** 20);
    // Its list is read from its pages too (page-listing.test.ts); what still needs SQLite says why it cannot have it.
    const store = await SessionStore.open({ file });
    try {
      await expect(store.trajectoryRows(id)).rejects.toThrow(
        /openclaw-agent\.sqlite: the store is 2\.2 GB, past the 2 GiB this tool reads whole for SQLite, which this needs/,
      );
    } finally {
      store.close();
    }
  });

  it('say which page is damaged only when the files did not change during the read', async () => {
    const file = copied('work');
    settled(file);
    settled(`${file}-wal`);
    const damage = (): never => {
      throw new DamagedPageError('page 7 is not a b-tree page');
    };
    await expect(readStorePages(file, damage)).rejects.toThrow(DamagedPageError);
    let calls = 0;
    const read = await readStorePages(file, (pages) => {
      calls += 1;
      if (calls === 1) {
        // A frame written meanwhile names a page the read took from the main file, which a checkpoint
        // may have overwritten: what looked damaged may have moved.
        appendFrame(`${file}-wal`, pageFromFile(pages));
        damage();
      }
      return 'read';
    });
    expect(read).toMatchObject({ value: 'read', retries: 1 });
  });
});

/** A page the read takes from the main file (not from the log). */
function pageFromFile(pages: Parameters<Parameters<typeof readStorePages>[1]>[0]): number {
  for (let page = 1; page <= pages.count; page += 1) {
    pages.page(page);
    if (pages.fromFile.has(page)) return page;
  }
  throw new Error('every page is in the log');
}

/**
 * Append a frame naming a page to a log, with the salts of its header (a frame of its generation) or
 * others (one left from an older generation); its checksum is not made (only its header is read).
 */
function appendFrame(walFile: string, page: number, salts?: number[]): void {
  const header = readFileSync(walFile).subarray(0, 32);
  const pageSize = header.readUInt32BE(8);
  const frame = Buffer.alloc(24 + pageSize);
  frame.writeUInt32BE(page, 0);
  (salts ? Buffer.from(salts) : header.subarray(16, 24)).copy(frame, 8);
  appendFileSync(walFile, frame);
}

/** Write a byte of a file back as it is: its content unchanged, its times moved. */
function rewriteInPlace(file: string, at: number): void {
  const byte = readFileSync(file).subarray(at, at + 1);
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, byte, 0, 1, at);
  } finally {
    closeSync(fd);
  }
}

describe('a read a writer changes under it', () => {
  /** A store in WAL mode whose log holds committed frames, both files written long ago. */
  function walStore(): string {
    const file = copied('work');
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(32);
    settled(file);
    settled(`${file}-wal`);
    return file;
  }

  it('is kept when the log grew by frames of pages it did not take from the main file, or by frames of an older generation', async () => {
    const file = walStore();
    const read = await readStorePages(file, (pages) => {
      const page = pageFromFile(pages);
      appendFrame(`${file}-wal`, page + 1);
      appendFrame(`${file}-wal`, page, [1, 2, 3, 4, 5, 6, 7, 8]);
      // Whatever the main file's times say (a checkpoint of those frames is no matter to the read).
      rewriteInPlace(file, 4096);
    });
    expect(read?.retries).toBe(0);
  });

  it('is read again when the log grew by a frame of a page it took from the main file (a checkpoint may have copied it there)', async () => {
    const file = walStore();
    let calls = 0;
    const read = await readStorePages(file, (pages) => {
      calls += 1;
      if (calls === 1) appendFrame(`${file}-wal`, pageFromFile(pages));
      return calls;
    });
    expect(read).toMatchObject({ value: 2, retries: 1 });
  });

  it('is kept when the main file was written but the log did not change (a checkpoint of the frames read)', async () => {
    const file = walStore();
    const read = await readStorePages(file, () => rewriteInPlace(file, 4096));
    expect(read?.retries).toBe(0);
  });

  it('is read again when a transaction unfinished when the log was copied names a page it took from the main file', async () => {
    const file = walStore();
    // A frame in the copy, after its last commit: not read, but once its transaction commits a checkpoint may copy it.
    const page = (await readStorePages(file, pageFromFile))!.value;
    appendFrame(`${file}-wal`, page);
    settled(`${file}-wal`);
    let calls = 0;
    const read = await readStorePages(file, (pages) => {
      calls += 1;
      expect(pageFromFile(pages)).toBe(page);
      // Its commit comes meanwhile, in a frame of another page.
      if (calls === 1) appendFrame(`${file}-wal`, page + 1);
      return calls;
    });
    expect(read).toMatchObject({ value: 2, retries: 1 });
  });

  it('is read again when the log started over (a new header)', async () => {
    const file = walStore();
    let calls = 0;
    const read = await readStorePages(file, () => {
      calls += 1;
      if (calls === 1) {
        const fd = openSync(`${file}-wal`, 'r+');
        writeSync(fd, Buffer.from([0xde, 0xad]), 0, 2, 16); // salt-1: a new generation
        closeSync(fd);
      }
      return calls;
    });
    expect(read).toMatchObject({ value: 2, retries: 1 });
  });

  it('is read again when a store without a log is written, and refused when it never stops changing', async () => {
    const file = copied('main');
    edit(file, (db) => db.pragma('journal_mode = DELETE'));
    rmSync(`${file}-wal`, { force: true });
    let calls = 0;
    const read = await readStorePages(file, () => {
      calls += 1;
      if (calls === 1) rewriteInPlace(file, 4096);
      return calls;
    });
    expect(read).toMatchObject({ value: 2, retries: 1 });
    const refused = await readStorePages(file, () => rewriteInPlace(file, 4096)).catch((error: Error) => error);
    expect(refused).toBeInstanceOf(InputError);
    expect((refused as Error).message).toMatch(/kept changing while it was read \(6 attempts\)/);
  });

  it('is not given to a store of a layout the page reader does not know, which is read whole', async () => {
    const file = copied('main');
    edit(file, (db) => db.exec('ALTER TABLE transcript_events RENAME TO transcript_events_old'));
    const store = await SessionStore.open({ file }).catch((error: Error) => error);
    expect(store).toBeInstanceOf(InputError);
    expect((store as Error).message).toMatch(/not an OpenClaw session store/);
  });
});

describe('what cannot be read says why', () => {
  it('a path that cannot be opened (a loop of symbolic links)', async () => {
    const file = copied('main');
    const loop = join(dirname(file), 'loop.sqlite');
    symlinkSync(join(dirname(file), 'back.sqlite'), loop);
    symlinkSync(loop, join(dirname(file), 'back.sqlite'));
    const error = await SessionStore.open({ file: loop }).catch((thrown: Error) => thrown);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/loop\.sqlite: cannot be read \(ELOOP/);
  });

  it('a session not in the index of a store too large for SQLite', async () => {
    const file = copied('main');
    truncateSync(file, 2.2e9);
    const store = await SessionStore.open({ file });
    try {
      await expect(store.events('no-such-session', () => undefined)).rejects.toThrow(
        /openclaw-agent\.sqlite: no session no-such-session among this store's events \(the index of its events holds none; .* past 2 GiB\)/,
      );
      await expect(store.has('no-such-session')).rejects.toThrow(/no session no-such-session among this store's events/);
    } finally {
      store.close();
    }
  });

  it('a write in progress (a rollback journal next to the store), once it has been waited for', async () => {
    const file = copied('main');
    writeFileSync(`${file}-journal`, 'a journal');
    await expect(readStorePages(file, () => 1)).rejects.toThrow(/a rollback journal \(.*-journal\) is next to it/);
  });
});

describe('a hostile store', () => {
  it('has a value longer than SQLite stores refused before it is allocated, whatever the pages it claims', () => {
    const size = 4096;
    const leaf = new Uint8Array(size);
    leaf[0] = 0x0d; // a table leaf, no cells
    const source: PageSource = { size, count: 2 ** 31 - 1, page: (page) => (page === 2 ? leaf : new Uint8Array(size)) };
    const pages = new Pages(source, 0);
    const node = pages.node(2);
    expect(() => pages.payload(node, 100, 1.5e9, true)).toThrow(/page 2: a cell claims 1500000000 bytes, more than the file holds/);
  });
});

describe('a read while a real SQLite writer commits (WAL mode)', () => {
  /** A copy of the main store in WAL mode with a log of one commit, both files written long ago, and a writer on it. */
  function writing(): { file: string; db: Database.Database; id: string } {
    const file = copied('main');
    const id = manifest.stores.find((s) => s.agent === 'main')!.sessions[0].sessionId;
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.pragma('wal_autocheckpoint = 0');
    db.prepare('UPDATE session_windows SET updated_at = updated_at WHERE session_id = ?').run(id);
    settled(file);
    settled(`${file}-wal`);
    return { file, db, id };
  }
  const appendEvent = (db: Database.Database, id: string): void => {
    db.prepare(
      `INSERT INTO transcript_events (session_id, seq, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json)
       SELECT session_id, seq + 100000, event_json, created_at, event_zstd, event_utf8_bytes, navigation_json
       FROM transcript_events WHERE session_id = ? ORDER BY seq DESC LIMIT 1`,
    ).run(id);
  };
  /** The session's rows, copied out of the pages, in one read; and a commit in the middle of the first read. */
  const rowsRead = (id: string, during?: () => void) => {
    let calls = 0;
    return (pages: Parameters<Parameters<typeof readStorePages>[1]>[0]): StoredRows => {
      calls += 1;
      const reader = SessionPages.of(pages)!;
      const rows = new StoredRows();
      reader.read(id, reader.find(id)!, (row) => rows.add(row, (bytes) => pages.shares(bytes)));
      if (calls === 1) during?.();
      return rows;
    };
  };

  it('reads again when the commit names a page the read took from the main file, and gives the state after it', async () => {
    const { file, db, id } = writing();
    try {
      const before = (await readStorePages(file, rowsRead(id)))!.value.size;
      const read = await readStorePages(
        file,
        rowsRead(id, () => appendEvent(db, id)),
      );
      expect(read?.retries).toBe(1);
      expect(read?.value.size).toBe(before + 1);
    } finally {
      db.close();
    }
  });

  it('keeps a read for the next one only when the log did not change during it', async () => {
    const { file, db, id } = writing();
    try {
      forgetKeptPages();
      const key = 'rows';
      const first = await readStorePages(
        file,
        rowsRead(id, () => {
          // A commit the read does not see (its pages were all in the log copied), then time for the files to look quiet.
          db.prepare('UPDATE session_windows SET updated_at = updated_at + 1 WHERE session_id = ?').run(id);
          const until = Date.now() + 150;
          while (Date.now() < until);
        }),
        key,
      );
      expect(first).not.toBeNull();
      expect(await takeKept(file, key, false)).toBeNull();
      // Unchanged files: kept, and given once.
      const second = await readStorePages(file, rowsRead(id), key);
      await new Promise((done) => setTimeout(done, 150));
      expect(second).not.toBeNull();
      settled(file);
      settled(`${file}-wal`);
      const third = await readStorePages(file, rowsRead(id), key);
      expect(await takeKept(file, key, false)).toBe(third!.value);
      expect(await takeKept(file, key, false)).toBeNull();
    } finally {
      db.close();
    }
  });

  it('never hands out a view of a block of the main file or of the log', async () => {
    const { file, db, id } = writing();
    try {
      appendEvent(db, id);
      const read = await readStorePages(file, rowsRead(id));
      const buffers = new Set<number>();
      read!.value.forEach(undefined, (row) => {
        for (const value of [row.json, row.zstd]) if (value) buffers.add(value.buffer.byteLength);
      });
      expect(buffers.size).toBeGreaterThan(0);
      expect(buffers.has(64 * 1024)).toBe(false);
      expect([...buffers].every((bytes) => bytes < statSync(`${file}-wal`).size || bytes === 1024 * 1024)).toBe(true);
    } finally {
      db.close();
    }
  });
});

// A session read from a store file's pages as they are needed is the one read from the whole
// store: on every store OpenClaw wrote, with its log; reading it reads that session's pages, not
// the store; a store past 2 GiB, which no buffer holds whole, still opens by session; and a read
// that a writer changed under it is read again, never given out.
import { appendFileSync, closeSync, openSync, readFileSync, rmSync, statSync, truncateSync, utimesSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InputError } from '../../../../../electron/host/read-input.js';
import { readStorePages, storePageBytesRead } from '../../../../../electron/host/store/file-pages.js';
import { listStoreSessions, openStoredSession } from '../../../../../electron/host/store/index.js';
import { DamagedPageError, Pages, type PageSource } from '../../../../../electron/host/store/pages.js';
import { SessionPages, type EventRow } from '../../../../../electron/host/store/session-pages.js';
import { SessionStore } from '../../../../../electron/host/store/session-store.js';
import { mergeWal } from '../../../../../electron/host/store/wal.js';
import { copyStore, edit, manifest, storePath } from './support.js';

const cleanup: string[] = [];
afterEach(() => {
  for (const file of cleanup.splice(0)) rmSync(dirname(file), { recursive: true, force: true });
});

function copied(agent: string): string {
  const file = copyStore(agent);
  cleanup.push(file);
  return file;
}

const shown = (row: EventRow): string =>
  JSON.stringify([
    row.seq,
    row.json && Buffer.from(row.json).toString('hex'),
    row.zstd && Buffer.from(row.zstd).toString('hex'),
    row.utf8Bytes,
  ]);

/** A session's rows from a reader, as compared. */
function rowsOf(reader: SessionPages | null, sessionId: string): string[] | null {
  const rows = reader?.find(sessionId) ?? null;
  if (reader === null || rows === null) return null;
  const read: string[] = [];
  reader.read(sessionId, rows, (row) => read.push(shown(row)));
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

  it('open a session of a store past 2 GiB, which cannot be read whole; listing it says why it cannot be', async () => {
    const file = copied('main');
    const id = manifest.stores.find((s) => s.agent === 'main')!.sessions[0].sessionId;
    const expected = await openStoredSession({ file }, id);
    // Free pages at the end, never written (a sparse file: nothing is stored on the disk).
    truncateSync(file, 2.2e9);
    const before = storePageBytesRead();
    const read = await openStoredSession({ file }, id);
    expect(read.digest).toBe(expected.digest);
    expect(storePageBytesRead() - before).toBeLessThan(20 * 2 ** 20);
    await expect(listStoreSessions(file)).rejects.toThrow(
      /openclaw-agent\.sqlite: the store is 2\.2 GB, and listing it .* up to 2 GiB — open one of its sessions by its id instead \(openclaw-agent\.sqlite#SESSION_ID, or --session ID\)/,
    );
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
    const read = await readStorePages(file, () => {
      calls += 1;
      if (calls === 1) {
        // A checkpoint of frames the read did not see (the log grew): what looked damaged may have moved.
        appendFileSync(`${file}-wal`, Buffer.alloc(4096 + 24, 1));
        rewriteInPlace(file, 200);
        damage();
      }
      return 'read';
    });
    expect(read).toMatchObject({ value: 'read', retries: 1 });
  });
});

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

  it('is kept when the log only grew: a checkpoint did not run, the main file is as it was', async () => {
    const file = walStore();
    const read = await readStorePages(file, () => appendFileSync(`${file}-wal`, Buffer.alloc(4096 + 24, 1)));
    expect(read?.retries).toBe(0);
  });

  it('is read again when the main file was written while the log grew (a checkpoint of frames the read did not see)', async () => {
    const file = walStore();
    let calls = 0;
    const read = await readStorePages(file, () => {
      calls += 1;
      if (calls === 1) {
        appendFileSync(`${file}-wal`, Buffer.alloc(4096 + 24, 1));
        rewriteInPlace(file, 4096);
      }
      return calls;
    });
    expect(read).toMatchObject({ value: 2, retries: 1 });
  });

  it('is kept when the main file was written but the log did not change (a checkpoint of the frames read)', async () => {
    const file = walStore();
    const read = await readStorePages(file, () => rewriteInPlace(file, 4096));
    expect(read?.retries).toBe(0);
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

/**
 * An OpenClaw agent store (`openclaw-agent.sqlite`, schema 23 in OpenClaw 2026.9.6) opened read-only
 * from one consistent snapshot: its sessions listed, and one session's events read in `seq` order as
 * the JSONL lines they were. Only `session_windows`, `session_nodes` and `transcript_events` are
 * read; the tables OpenClaw derives from them (event identities, the active-events index, full-text
 * search) are not needed.
 */
import path from 'node:path';
import type { SqlValue } from 'sql.js';
import type { StoreListing, StoreSessionSummary } from '../../../shared/store.js';
import { coldArchived, COLD_STORAGE, listPages, mergeSessions, summarizeSessions, writerOf, type StoreWriter } from './listing.js';
import { InputError } from '../read-input.js';
import { DamagedPageError, rowsAt, SessionPages, type SessionRows } from './session-pages.js';
import { copiedRows, type StoredRows } from './stored-rows.js';
import { readStorePages, takeKept } from './file-pages.js';
import { readStoreSnapshot, StoreTooLargeError } from './snapshot.js';
import { prefetchSqlJs, type MemoryDatabase } from './sqlite.js';
import { checkLayout, openDatabase, schemaMeta } from './sqlite-checks.js';
import { databaseTextIsUtf8, mergeWal } from './wal.js';
import { eventDecoder, type EventDecoder } from './zstd.js';
import { beforeStoreWasm } from '../wasm-tiering.js';
import { EVENTS_OF_SESSION_SQL, EVENTS_OF_SESSION_TEXT_SQL, HAS_SESSION_SQL, SESSION_SUMMARY_SQL, WINDOWS_SQL } from './queries.js';

export { KNOWN_SCHEMA_VERSION } from './listing.js';

/** Where a store comes from: a file on disk, or bytes a page sent (no log then). */
export type StoreSource = { file: string } | { name: string; bytes: Uint8Array };

/** How a store is read. */
export interface StoreOpenOptions {
  /** It will be queried with SQLite (listed, its trajectories read): SQLite loads while its files are read. */
  queries?: boolean;
  /** `false`: read its events with SQLite too, not from its pages (tests compare the two). */
  pages?: boolean;
  /** The same store is read again next (a preview, then the open): its snapshot is kept for that read. */
  readAgain?: boolean;
}

/** One event of a session, as the store gives it: its UTF-8 JSON bytes, or why it cannot be read. */
export type StoredEvent = { seq: number; bytes: Buffer } | { seq: number; problem: string };

const text = (value: SqlValue | undefined): string | null => (typeof value === 'string' ? value : null);
const int = (value: SqlValue | undefined): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** A store, open on one snapshot of its pages until `close`. */
export class SessionStore {
  /** Whether the listing's queries were checked against this store's layout. */
  private listingChecked = false;
  /** Who wrote the store, read when it is first listed (reading a session does not need it). */
  private written: StoreWriter | null = null;
  /** SQLite on the store's image, opened when a query needs it. */
  private db: Promise<MemoryDatabase> | null;
  /** A session's rows read from the file's pages are kept for the next read of the same store (`readAgain`). */
  private keepsRows = false;
  /** How the last session's events were read: from the pages, or by SQLite. */
  eventsReadBy: 'pages' | 'sqlite' | null = null;
  private closed = false;

  private constructor(
    /** The store as it was named (the path given, or the name of the bytes sent): what its complaints begin with. */
    private readonly where: string,
    readonly name: string,
    readonly path: string | null,
    /** The store's image; null for a store whose sessions are read from its files' pages, until SQLite needs it. */
    private image: Uint8Array | null,
    /** The reader of events from the image's pages, when the store's layout is one it knows. */
    private readonly pages: SessionPages | null,
    db: MemoryDatabase | null,
    private readonly decode: EventDecoder,
    /** Whether the store keeps its text as UTF-8 (else SQLite converts it). */
    private readonly utf8: boolean,
    readonly walFrames: number,
    private readonly notes: string[],
    /** The store's file, when each session is read from its pages as they are needed (file-pages.ts). */
    private readonly pagesFile: string | null = null,
  ) {
    this.db = db ? Promise.resolve(db) : null;
  }

  /** Read and open a store. Throws an InputError when it cannot be read or is not an OpenClaw agent store. */
  static async open(source: StoreSource, options: StoreOpenOptions = {}): Promise<SessionStore> {
    const where = 'file' in source ? source.file : source.name;
    if ('file' in source && !options.queries && options.pages !== false) {
      const store = await SessionStore.openPages(source.file, options.readAgain === true);
      if (store) return store;
    }
    const notes: string[] = [];
    let image: Uint8Array;
    let walFrames = 0;
    if ('file' in source) {
      // For queries, sql.js's JavaScript and WebAssembly load while the store's files are read.
      const snapshot = await readStoreSnapshot(
        source.file,
        options.queries ? () => void prefetchSqlJs().catch(() => undefined) : undefined,
        options.readAgain,
      ).catch(async (error: unknown) => {
        // Too large for SQLite: read from its pages (listed from them too) when its layout allows.
        const store =
          error instanceof StoreTooLargeError && options.pages !== false ? await SessionStore.openPages(source.file, false) : null;
        if (store) return store;
        throw error;
      });
      if (snapshot instanceof SessionStore) return snapshot;
      image = snapshot.image;
      walFrames = snapshot.walFrames;
      if (snapshot.walUncommittedFrames > 0)
        notes.push(
          `the write-ahead log ends with a transaction still being written (${snapshot.walUncommittedFrames} pages): it is not read`,
        );
    } else {
      try {
        image = mergeWal(new Uint8Array(source.bytes), new Uint8Array(0)).image;
      } catch (error) {
        throw new InputError(`${where}: ${(error as Error).message}`);
      }
      notes.push(
        'read from the bytes of the database file alone: sessions a running gateway has not yet checkpointed (its -wal file) are not in it',
      );
    }
    // How V8 is to run the store's WebAssembly is settled from the image's size before any of it is
    // compiled, xxhash-wasm's included (wasm-tiering.ts).
    beforeStoreWasm(image.byteLength);
    // Loaded before SQLite runs its first query, when it does: with SQLite's functions being optimised
    // on background threads, this small module (0.5 ms) was instantiated only after them, 50–60 ms later.
    const decoder = eventDecoder();
    decoder.catch(() => undefined); // awaited below, unless the store fails first
    // A store whose layout the page reader knows needs no SQLite to read a session; any other is
    // opened with SQLite now, which says what is wrong with it. A store opened to be queried is
    // opened with SQLite whatever its layout.
    const pages = options.pages === false || options.queries ? null : SessionPages.of(image);
    const db = pages ? null : await openDatabase(image, where);
    try {
      return new SessionStore(
        where,
        path.basename(where),
        'file' in source ? path.resolve(source.file) : null,
        image,
        pages,
        db,
        await decoder,
        databaseTextIsUtf8(image),
        walFrames,
        notes,
      );
    } catch (error) {
      db?.close();
      throw error;
    }
  }

  /**
   * A store file whose layout the page reader knows, opened to read its sessions from its pages as
   * they are needed: nothing of it is held between reads, whatever its size. Null for any other file
   * (not SQLite, another layout, damaged), which is then read whole and opened with SQLite.
   */
  private static async openPages(file: string, readAgain: boolean): Promise<SessionStore | null> {
    const read = await readStorePages(file, (pages) => SessionPages.of(pages) !== null);
    if (!read?.value) return null;
    // Judged by the database's pages, as a store read whole is by its image (not by a long log).
    beforeStoreWasm(read.imageBytes);
    const decoder = await eventDecoder();
    const notes =
      read.walUncommittedFrames > 0
        ? [`the write-ahead log ends with a transaction still being written (${read.walUncommittedFrames} pages): it is not read`]
        : [];
    const store = new SessionStore(
      file,
      path.basename(file),
      path.resolve(file),
      null,
      null,
      null,
      decoder,
      true,
      read.walFrames,
      notes,
      file,
    );
    store.keepsRows = readAgain;
    return store;
  }

  /**
   * SQLite on the store, opened and checked at its first query (a store read from its pages is read
   * whole then). `lookingFor`: the session whose events its key's index did not hold, named when the
   * store is too large to be read whole.
   */
  private database(lookingFor?: string): Promise<MemoryDatabase> {
    if (this.closed) return Promise.reject(new Error(`${this.where}: the store was closed`));
    this.db ??= (async () => {
      this.image ??= (await readStoreSnapshot(this.pagesFile!)).image;
      return openDatabase(this.image, this.where);
    })();
    return lookingFor === undefined
      ? this.db
      : this.db.catch((error: unknown) => {
          if (!(error instanceof StoreTooLargeError)) throw error;
          throw new InputError(
            `${this.name}: no session ${lookingFor} among this store's events (the index of its events holds none; whether the store keeps a window of it without events, or moved it to cold storage, would need SQLite, which reads a store whole, and this one is past 2 GiB)`,
          );
        });
  }

  /** Who wrote the store, from `schema_meta`; a schema other than the one this reader knows adds a note. */
  private writer(meta: () => Record<string, unknown> | undefined): StoreWriter {
    if (!this.written) {
      let row: Record<string, unknown> | undefined;
      try {
        row = meta();
      } catch (error) {
        throw new InputError(`${this.where}: cannot be read as an OpenClaw store (${(error as Error).message})`);
      }
      this.written = writerOf(row, this.notes);
    }
    return this.written;
  }

  /** Every session of the store, most recently updated first. */
  async list(): Promise<StoreListing> {
    // A store of the layout the page reader knows is listed from its tables' pages, read as they are
    // needed; one whose other tables it does not know, or that it finds damaged, by SQLite on its image
    // (which says what is wrong), when the image can be had.
    if (this.pagesFile !== null && this.image === null) {
      const read = await listPages(this.pagesFile, this.path ?? this.name).catch((error: unknown) => {
        if (error instanceof InputError) return error;
        throw error;
      });
      if (!(read instanceof InputError))
        return this.listing(
          mergeSessions(read.counts, read.windows, (id) => read.cold.has(id)),
          () => read.meta,
        );
      const db = await this.database().catch((error: unknown) => {
        throw error instanceof StoreTooLargeError ? read : error;
      });
      return this.reading(() => this.listSessions(db));
    }
    const db = await this.database();
    return this.reading(() => this.listSessions(db));
  }

  /** Run queries, turning SQLite's complaints about the image (a damaged store) into a located InputError. */
  private reading<T>(read: () => T): T {
    try {
      return read();
    } catch (error) {
      if (error instanceof InputError) throw error;
      throw new InputError(`${this.path ?? this.name}: SQLite cannot read it (${(error as Error).message})`);
    }
  }

  private listSessions(db: MemoryDatabase): StoreListing {
    if (!this.listingChecked) checkLayout(db, this.where, [SESSION_SUMMARY_SQL, WINDOWS_SQL]);
    this.listingChecked = true;
    return this.listing(summarizeSessions(db), () => schemaMeta(db));
  }

  private listing(sessions: StoreSessionSummary[], meta: () => Record<string, unknown> | undefined, notes: string[] = []): StoreListing {
    const { agentId, schemaVersion, appVersion } = this.writer(meta);
    return {
      name: this.name,
      path: this.path,
      agentId,
      schemaVersion,
      appVersion,
      sessions,
      walFrames: this.walFrames,
      notes: [...this.notes, ...notes],
    };
  }

  /** Whether the store holds a session, as its listing would: events in the key's index, else events or a window in SQLite. */
  async has(sessionId: string): Promise<boolean> {
    if (this.closed) throw new Error(`${this.where}: the store was closed`);
    const rows =
      this.pagesFile === null
        ? (this.pages?.find(sessionId) ?? null)
        : ((await readStorePages(this.pagesFile, (pages) => SessionPages.of(pages)?.find(sessionId) ?? null))?.value ?? null);
    if (rows !== null && rows.rowids.length > 0) return true;
    const db = await this.database(sessionId);
    return this.reading(() => db.all(HAS_SESSION_SQL, [sessionId, sessionId]).length > 0);
  }

  /**
   * The events of one session in `seq` order, each as UTF-8 JSON bytes (compressed ones decoded) or
   * with the reason it cannot be read; with `only`, just the events of those `seq`s (the others are
   * not decoded; from the pages, not read). Throws an InputError for a session the store does not have.
   */
  async events(sessionId: string, onEvent: (event: StoredEvent) => void, only?: ReadonlySet<number>): Promise<void> {
    if (this.closed) throw new Error(`${this.where}: the store was closed`);
    this.eventsReadBy = null;
    if (this.pagesFile !== null) {
      if (await this.filePageEvents(this.pagesFile, sessionId, onEvent, only)) return;
    } else {
      const rows = this.pages?.find(sessionId) ?? null;
      if (rows !== null && rows.rowids.length > 0) return this.pageEvents(sessionId, only ? rowsAt(rows, only) : rows, onEvent);
    }

    // No event in the key's index, or an index the page reader cannot walk: SQLite reads the
    // session (an index that holds none, and a damaged one, cost one query), and says why when it
    // has no event.
    const db = await this.database(sessionId);
    this.reading(() => {
      if (this.sqliteEvents(db, sessionId, onEvent, only)) return;
      // No event: a session the store does not have, or one whose events are gone (a window alone,
      // or moved to cold storage). Asked only then: a session with events needs no other query.
      if (db.all('SELECT 1 FROM session_windows WHERE session_id = ? LIMIT 1', [sessionId]).length === 0)
        throw new InputError(`${this.name}: no session ${sessionId} in this store (list its sessions to see which it has)`);
      if (coldArchived(db, sessionId)) throw new InputError(`${this.name}#${sessionId}: ${COLD_STORAGE}`);
    });
  }

  private pageEvents(sessionId: string, rows: SessionRows, onEvent: (event: StoredEvent) => void): void {
    this.eventsReadBy = 'pages';
    try {
      this.pages!.read(sessionId, rows, (row) => {
        if (row.seq >= 0) onEvent(this.eventOf(row.seq, row.json, row.zstd, row.utf8Bytes));
      });
    } catch (error) {
      if (!(error instanceof DamagedPageError)) throw error;
      throw new InputError(`${this.path ?? this.name}: the store is damaged (${error.message})`);
    }
  }

  /**
   * A session's events read from the store file's pages: its rows found and copied in one consistent
   * read, then decoded; false when the key's index holds none of its events or cannot be walked.
   */
  private async filePageEvents(
    file: string,
    sessionId: string,
    onEvent: (event: StoredEvent) => void,
    only?: ReadonlySet<number>,
  ): Promise<boolean> {
    // A session's rows kept by the read before (a preview's), when the files have not changed since.
    const key = `rows of ${sessionId}`;
    let rows = await takeKept<StoredRows>(file, key, this.keepsRows);
    try {
      const keepAs = this.keepsRows && !only ? key : undefined;
      rows ??= (await readStorePages(file, (pages) => copiedRows(pages, sessionId, only), keepAs))?.value ?? null;
    } catch (error) {
      if (!(error instanceof DamagedPageError)) throw error;
      this.eventsReadBy = 'pages';
      throw new InputError(`${this.path ?? this.name}: the store is damaged (${error.message})`);
    }
    if (rows === null) return false;
    this.eventsReadBy = 'pages';
    await rows.forEach(only, (row) => {
      if (row.seq >= 0) onEvent(this.eventOf(row.seq, row.json, row.zstd, row.utf8Bytes));
    });
    return true;
  }

  /** A session's events as SQLite reads them; false when it has none. */
  private sqliteEvents(db: MemoryDatabase, sessionId: string, onEvent: (event: StoredEvent) => void, only?: ReadonlySet<number>): boolean {
    this.eventsReadBy = 'sqlite';
    let any = false;
    db.each(this.utf8 ? EVENTS_OF_SESSION_SQL : EVENTS_OF_SESSION_TEXT_SQL, [sessionId], (row) => {
      any = true;
      const seq = int(row.seq);
      if (seq === null || seq < 0 || !Number.isInteger(seq) || (only && !only.has(seq))) return;
      onEvent(this.eventOf(seq, row.json, row.event_zstd, int(row.event_utf8_bytes)));
    });
    return any;
  }

  private eventOf(seq: number, json: SqlValue | undefined, frame: SqlValue | undefined, utf8Bytes: number | null): StoredEvent {
    if (json instanceof Uint8Array) return { seq, bytes: Buffer.from(json.buffer, json.byteOffset, json.byteLength) };
    if (typeof json === 'string') return { seq, bytes: Buffer.from(json, 'utf8') };
    if (json !== null && json !== undefined) return { seq, problem: `its event_json is ${typeof json}, not text` };
    if (!(frame instanceof Uint8Array)) return { seq, problem: 'it has neither event_json nor event_zstd: the row is empty' };
    try {
      return { seq, bytes: Buffer.from(this.decode(frame, utf8Bytes ?? Number.NaN), 'utf8') };
    } catch (error) {
      return { seq, problem: `its compressed body cannot be read: ${(error as Error).message}` };
    }
  }

  /**
   * The trajectory OpenClaw recorded for a session (`trajectory_runtime_events`), each row's `seq` and
   * `event_json` text in order; null when the store has no such table (stores before 2026.9).
   */
  async trajectoryRows(sessionId: string): Promise<{ at: number; text: string }[] | null> {
    const db = await this.database();
    return this.reading(() => {
      const table = db.all("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'trajectory_runtime_events'");
      if (table.length === 0) return null;
      return db
        .all('SELECT seq, event_json FROM trajectory_runtime_events WHERE session_id = ? ORDER BY seq', [sessionId])
        .map((row) => ({ at: int(row.seq) ?? -1, text: text(row.event_json) ?? '' }));
    });
  }

  close(): void {
    this.closed = true;
    void this.db?.then((db) => db.close()).catch(() => undefined);
  }
}

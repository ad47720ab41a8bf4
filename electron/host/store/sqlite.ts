/**
 * SQLite compiled to WebAssembly (sql.js), loaded once: it runs the same in Node ≥ 20 and inside
 * Electron, with no native module to rebuild. It opens a database from bytes in memory, so it can
 * never write, lock or leave a journal next to the store it was read from.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { default as InitSqlJs, Database, SqlJsStatic, SqlValue } from 'sql.js';

const require = createRequire(import.meta.url);

let engine: Promise<SqlJsStatic> | null = null;
let files: Promise<{ initSqlJs: typeof InitSqlJs; wasm: ArrayBuffer }> | null = null;

/**
 * sql.js's JavaScript loaded and its WebAssembly's bytes read from the installed package (also from
 * inside an asar archive), once; nothing compiled yet. A caller may start it while a store is read.
 */
export function prefetchSqlJs(): Promise<{ initSqlJs: typeof InitSqlJs; wasm: ArrayBuffer }> {
  files ??= (async () => {
    // sql.js is CommonJS. Required, it loads in 3 ms; imported from this ES module, Node 20 first
    // scans its 64 KB for the names it exports, with a lexer written in JavaScript: 18 ms.
    const initSqlJs = require('sql.js') as typeof InitSqlJs;
    const wasm = await readFile(require.resolve('sql.js/dist/sql-wasm.wasm'));
    return { initSqlJs, wasm: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) };
  })();
  files.catch(() => {
    files = null;
  });
  return files;
}

/**
 * The sql.js module, compiled and instantiated once. How V8 compiles it is settled by
 * `SessionStore.open` before the first store is opened.
 */
function loadSqlJs(): Promise<SqlJsStatic> {
  engine ??= prefetchSqlJs().then(({ initSqlJs, wasm }) => initSqlJs({ wasmBinary: wasm }));
  engine.catch(() => {
    engine = null;
  });
  return engine;
}

/** A database opened from an image in memory, queried with plain rows. */
export interface MemoryDatabase {
  /** Every row of a query, as objects keyed by column name. */
  all(sql: string, params?: SqlValue[]): Record<string, SqlValue>[];
  /** Rows one at a time, without holding them all (a session of many large events). */
  each(sql: string, params: SqlValue[], row: (values: Record<string, SqlValue>) => void): void;
  close(): void;
}

/** Open the image of a database (bytes SQLite wrote, with any log already applied). */
export async function openImage(image: Uint8Array): Promise<MemoryDatabase> {
  const SQL = await loadSqlJs();
  const db: Database = new SQL.Database(image);
  const each: MemoryDatabase['each'] = (sql, params, row) => {
    const statement = db.prepare(sql, params);
    try {
      // The column names read once: sql.js's getAsObject reads them out of SQLite again for every row
      // (a 100 MB session's 172,000 events spent about 0.4 s there).
      const names = statement.getColumnNames();
      while (statement.step()) {
        const values = statement.get();
        const record: Record<string, SqlValue> = {};
        for (let i = 0; i < names.length; i += 1) record[names[i]] = values[i];
        row(record);
      }
    } finally {
      statement.free();
    }
  };
  return {
    all(sql, params = []) {
      const rows: Record<string, SqlValue>[] = [];
      each(sql, params, (row) => rows.push(row));
      return rows;
    },
    each,
    close: () => db.close(),
  };
}

/**
 * A store opened with SQLite and checked to be an OpenClaw agent store this reader knows: its tables,
 * the queries it is read with, and who wrote it.
 */
import type { SqlValue } from 'sql.js';
import { InputError } from '../read-input.js';
import { EVENTS_OF_SESSION_SQL } from './queries.js';
import { openImage, type MemoryDatabase } from './sqlite.js';

const text = (value: SqlValue | undefined): string | null => (typeof value === 'string' ? value : null);

/** SQLite on a store's image, checked to be an OpenClaw agent store whose events this reader can read. */
export async function openDatabase(image: Uint8Array, where: string): Promise<MemoryDatabase> {
  let db: MemoryDatabase;
  try {
    db = await openImage(image);
  } catch (error) {
    throw new InputError(`${where}: SQLite cannot open it (${(error as Error).message})`);
  }
  try {
    checkSchema(db, where);
    return db;
  } catch (error) {
    db.close();
    if (error instanceof InputError) throw error;
    throw new InputError(`${where}: cannot be read as an OpenClaw store (${(error as Error).message})`);
  }
}

/** The store's `schema_meta` row (the primary one first), when it has the table. */
export function schemaMeta(db: MemoryDatabase): Record<string, SqlValue> | undefined {
  const table = db.all("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_meta'");
  if (table.length === 0) return undefined;
  return db.all("SELECT role, schema_version, agent_id, app_version FROM schema_meta ORDER BY meta_key = 'primary' DESC LIMIT 1")[0];
}

/** Check that the database is an OpenClaw agent store whose events this reader can read. */
function checkSchema(db: MemoryDatabase, where: string): void {
  const tables = new Set(db.all("SELECT name FROM sqlite_master WHERE type = 'table'").map((row) => text(row.name)));
  if (!tables.has('transcript_events') || !tables.has('session_windows')) {
    if (text(schemaMeta(db)?.role) === 'state')
      throw new InputError(
        `${where}: this is OpenClaw's shared state database, not an agent's session store — sessions are in agents/<agent>/agent/openclaw-agent.sqlite`,
      );
    throw new InputError(
      `${where}: a SQLite database, but not an OpenClaw session store (it has no transcript_events and session_windows tables)`,
    );
  }
  checkLayout(db, where, [EVENTS_OF_SESSION_SQL]);
}

/**
 * Prepare the queries a reading needs (with no rows): a store without a table or column they need
 * fails here, by name. The listing's queries are checked when a store is first listed, not when
 * one of its sessions is read: preparing them made SQLite compile code (JSON functions, windows)
 * that reading a session never runs.
 */
export function checkLayout(db: MemoryDatabase, where: string, queries: readonly string[]): void {
  for (const sql of queries) {
    try {
      db.all(`SELECT * FROM (${sql.replace('= ?', '= NULL')}) LIMIT 0`);
    } catch (error) {
      throw new InputError(`${where}: this store's layout is not one this reader knows (${(error as Error).message})`);
    }
  }
}

/**
 * A store's sessions as its listing shows them, from SQLite: counts and the last model per session
 * (queries.ts), each window's conversation and the chain of windows before it.
 */
import type { StoreSessionSummary } from '../../../shared/store.js';
import { InputError } from '../read-input.js';
import { readStorePages } from './file-pages.js';
import { listingFromPages, type PageListing } from './page-listing.js';
import { DamagedPageError } from './pages.js';
import { checkedPages } from './session-pages.js';
import { SESSION_SUMMARY_SQL, WINDOWS_SQL } from './queries.js';
import type { MemoryDatabase } from './sqlite.js';

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** Every session of the store, most recently updated first. */
export function summarizeSessions(db: MemoryDatabase): StoreSessionSummary[] {
  return mergeSessions(db.all(SESSION_SUMMARY_SQL), db.all(WINDOWS_SQL), (sessionId) => coldArchived(db, sessionId));
}

/** A row of the listing's queries, from SQLite or from the store's pages. */
type Row = Record<string, unknown>;

/**
 * Every session of the store, most recently updated first, from each session's counts
 * (SESSION_SUMMARY_SQL's rows), every window with its conversation (WINDOWS_SQL's) and whether a
 * session without events is in cold storage.
 */
export function mergeSessions(countRows: Row[], windows: Row[], cold: (sessionId: string) => boolean): StoreSessionSummary[] {
  const counts = new Map(countRows.map((row) => [text(row.session_id) ?? '', row]));
  const previous = new Map(windows.map((row) => [text(row.session_id) ?? '', text(row.previous_session_id)]));
  const ids = new Set([...previous.keys(), ...counts.keys()]);
  const byId = new Map(windows.map((row) => [text(row.session_id) ?? '', row]));
  const sessions: StoreSessionSummary[] = [...ids].map((sessionId) => {
    const window = byId.get(sessionId);
    const count = counts.get(sessionId);
    const model = count;
    const current = window !== undefined && text(window.current_session_id) === sessionId;
    const events = int(count?.events) ?? 0;
    const summary: StoreSessionSummary = {
      sessionId,
      key: text(window?.session_key),
      current,
      reason: text(window?.reason),
      previousSessionIds: chainOf(sessionId, previous),
      forkedFrom:
        current && (text(window?.fork_source_session_id) || text(window?.fork_source_session_key))
          ? {
              key: text(window?.fork_source_session_key),
              sessionId: text(window?.fork_source_session_id),
              entryId: text(window?.fork_source_entry_id),
            }
          : null,
      label: text(window?.label) ?? text(window?.display_name),
      lastModel: text(model?.provider) && text(model?.model) ? { provider: text(model?.provider)!, modelId: text(model?.model)! } : null,
      messages: int(count?.messages) ?? 0,
      events,
      compressedEvents: int(count?.compressed) ?? 0,
      updatedAt: int(window?.updated_at) ?? int(count?.last_created_at),
    };
    if (events === 0 && cold(sessionId)) summary.unavailable = COLD_STORAGE;
    return summary;
  });
  sessions.sort((a, b) => (b.updatedAt ?? 0) - (a.updatedAt ?? 0) || a.sessionId.localeCompare(b.sessionId));
  return sessions;
}

/** Whether OpenClaw moved the session's events out of `transcript_events` into its cold storage. */
export function coldArchived(db: MemoryDatabase, sessionId: string): boolean {
  const table = db.all("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'session_transcript_cold_archives'");
  return table.length > 0 && db.all('SELECT 1 FROM session_transcript_cold_archives WHERE session_id = ?', [sessionId]).length > 0;
}

export const COLD_STORAGE =
  'OpenClaw moved its transcript to its cold storage, which this tool does not read: open the session in OpenClaw once (that brings the transcript back), then read the store again';

/** The windows before a session, nearest first, following `previous_session_id` (a loop is cut). */
function chainOf(sessionId: string, previous: Map<string, string | null>): string[] {
  const chain: string[] = [];
  const seen = new Set([sessionId]);
  for (let at = previous.get(sessionId) ?? null; at !== null && !seen.has(at); at = previous.get(at) ?? null) {
    chain.push(at);
    seen.add(at);
  }
  return chain;
}

/** The schema version this reader was checked against (OpenClaw 2026.9.6). */
export const KNOWN_SCHEMA_VERSION = 23;

/** Who wrote a store, as its `schema_meta` says. */
export interface StoreWriter {
  agentId: string | null;
  schemaVersion: number | null;
  appVersion: string | null;
}

/** Who wrote a store, from its `schema_meta` row; a schema other than the one this reader knows adds a note. */
export function writerOf(meta: Row | undefined, notes: string[]): StoreWriter {
  const schemaVersion = int(meta?.schema_version);
  if (schemaVersion !== null && schemaVersion !== KNOWN_SCHEMA_VERSION)
    notes.push(
      `written with store schema ${schemaVersion}; this reader knows schema ${KNOWN_SCHEMA_VERSION} (OpenClaw 2026.9.6) — what it cannot read is reported`,
    );
  return { agentId: text(meta?.agent_id), schemaVersion, appVersion: text(meta?.app_version) };
}

/** A store's listing rows read from its pages, for a store too large for SQLite (page-listing.ts). */
export async function listPages(file: string, where: string): Promise<PageListing> {
  try {
    const read = await readStorePages(file, (source) => {
      const pages = checkedPages(source);
      return pages && listingFromPages(pages, where);
    });
    if (!read?.value) throw new InputError(`${where}: cannot be read as a store this reader knows`);
    return read.value;
  } catch (error) {
    if (error instanceof DamagedPageError) throw new InputError(`${where}: the store is damaged (${error.message})`);
    if (error instanceof InputError) throw error;
    // Whatever else a hostile store's contents make the reading fail with is said, not thrown on.
    throw new InputError(`${where}: cannot be listed from its pages (${(error as Error).message})`);
  }
}

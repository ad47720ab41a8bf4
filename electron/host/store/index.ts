/**
 * Reading OpenClaw's session stores, read-only, for the API, the CLI and the Inspector: list a
 * store's sessions, open one as a parsed session, export it as JSONL (whole, its active branch, or
 * repaired), and say why it is never repaired in place.
 */
import path from 'node:path';
import type { RepairPlan } from '../../../shared/inspection.js';
import type { SessionContext } from '../../../shared/session/context.js';
import type { ParseLinesOptions, ParsedSession } from '../../../shared/session/types.js';
import { exportFileBase, storeSessionName, type StoreListing } from '../../../shared/store.js';
import type { JsonlExport, JsonlExportKind } from '../jsonl-export.js';
import { SessionStore, type StoreOpenOptions, type StoreSource } from './session-store.js';
import { readStoredSession, storedContext, storedSessionJsonl } from './stored-session.js';

export { SessionStore, type StoreSource } from './session-store.js';
export { findStores, isStoreFile, scanStores, STORE_FILE_NAME, type StoreScan } from './discover.js';
export type { JsonlExport, JsonlExportKind } from '../jsonl-export.js';

/** A stored session named by the API: `{ store: path, sessionId }`. */
export interface StoreInput {
  store: string;
  sessionId: string;
}

/** A stored session, opened: what the Inspector and `inspect()` need of it. */
export interface OpenedStoredSession {
  parsed: ParsedSession;
  context: SessionContext;
  /** SHA-256 of its JSONL export, and that export's size. */
  digest: string;
  size: number;
  /** `openclaw-agent.sqlite#<session id>`. */
  name: string;
  /** The store's absolute path (null for a store sent as bytes). */
  storePath: string | null;
}

async function withStore<T>(source: StoreSource, use: (store: SessionStore) => Promise<T>, options: StoreOpenOptions = {}): Promise<T> {
  const store = await SessionStore.open(source, options);
  try {
    return await use(store);
  } finally {
    store.close();
  }
}

/** The sessions of a store (a file path, or a store's bytes), newest first. */
export async function listStoreSessions(source: StoreSource | string): Promise<StoreListing> {
  return withStore(typeof source === 'string' ? { file: source } : source, (store) => store.list());
}

/**
 * Open a store and close it: throws what opening it would (not SQLite, not an OpenClaw store, its
 * layout unknown, a log that keeps changing). A store of the layout the page reader knows is checked
 * from its first pages (and listed from its pages next); any other is read whole and checked by
 * SQLite, and its snapshot is kept for the listing that comes next.
 */
export async function checkStore(source: StoreSource): Promise<void> {
  await withStore(source, async () => undefined, { readAgain: true });
}

/**
 * Whether a store (a file path, or a store's bytes) holds a session, found without listing it (in the
 * key's index, read from the store's pages). The session is then opened: a store read whole keeps
 * its snapshot for that read.
 */
export async function storeHasSession(source: StoreSource, sessionId: string): Promise<boolean> {
  return withStore(source, (store) => store.has(sessionId), { readAgain: true });
}

/** Open one stored session: parsed and branched as its JSONL export would be. */
export async function openStoredSession(
  source: StoreSource,
  sessionId: string,
  options: ParseLinesOptions = {},
): Promise<OpenedStoredSession> {
  return withStore(source, async (store) => {
    const read = await readStoredSession(store, sessionId, options);
    return { ...read, context: storedContext(read.parsed), storePath: store.path };
  });
}

/**
 * Export a stored session as JSONL: every event (`session`), the header and the active branch's
 * entries (`branch`), or every event with the file repair applied (`repaired`, the same plan
 * `repair` would write to a session file).
 */
export async function exportStoredSession(source: StoreSource, sessionId: string, kind: JsonlExportKind): Promise<JsonlExport> {
  const bytes = await withStore(source, (store) => storedSessionJsonl(store, sessionId));
  // Every event as it is (what redact and the folder scan read): nothing more to load.
  if (kind === 'session') return { fileName: `${exportFileBase(sessionId)}.jsonl`, bytes };
  // The other exports' code (the repair planner, the branch's parse) is loaded for them only.
  const { exportJsonl } = await import('../jsonl-export.js');
  return exportJsonl(bytes, sessionId, kind);
}

/** The refusal of repair on disk for a stored session, with what to do instead. */
export function storeRepairRefusal(storePath: string, sessionId: string): string {
  return (
    `${storeSessionName(path.basename(storePath), sessionId)} lives in an OpenClaw SQLite store, which this tool never writes: ` +
    'editing its rows directly would break the checks OpenClaw keeps over them (event order and identities, the active-branch ' +
    'index, search, and the migration receipts `openclaw doctor` verifies). Use "Export repaired JSONL" to get the repaired ' +
    'session as a file instead. OpenClaw itself does not rewrite a stored turn: its replay hygiene fixes the history in memory ' +
    'at every request, and `openclaw doctor --session-sqlite validate` / `recover` check and restore the store as a whole.'
  );
}

/** `planRepair` for a stored session: the plan of its JSONL export, refused for the store itself. */
export async function planStoredRepair(input: StoreInput): Promise<RepairPlan> {
  const bytes = await withStore({ file: input.store }, (store) => storedSessionJsonl(store, input.sessionId));
  // The plan of the repaired export, without applying it.
  const { planJsonlRepair } = await import('../jsonl-export.js');
  const { plan } = planJsonlRepair(bytes);
  return { ...plan, refusal: storeRepairRefusal(input.store, input.sessionId) };
}

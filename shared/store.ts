/**
 * OpenClaw's session stores (`<agentDir>/openclaw-agent.sqlite`, OpenClaw 2026.8 and later) as the
 * host describes them to the renderer, the CLI and the API: the sessions a store lists, and where an
 * event of a stored session sits. Reading the store itself is the host's job (electron/host/store/).
 */

/** One session (a "window") of a store, as listed before it is opened. */
export interface StoreSessionSummary {
  /** The window's session id: the `{"type":"session"}` header's id. */
  sessionId: string;
  /** The conversation it belongs to (`agent:main:main`…), null when the store names none. */
  key: string | null;
  /** The window its conversation shows now (older windows were reset, rolled over or compacted away). */
  current: boolean;
  /** Why the window was opened (`reset`, `rollover`, `fork`, `compaction`…), when the store records it. */
  reason: string | null;
  /** The windows before it in its conversation, nearest first (`previous_session_id`, followed in the store). */
  previousSessionIds: string[];
  /** The session it was forked from, for a current window of a forked conversation. */
  forkedFrom: { key: string | null; sessionId: string | null; entryId: string | null } | null;
  /** The conversation's label or display name. */
  label: string | null;
  /** The last model the events record (assistant turn, model change or model snapshot), in event order. */
  lastModel: { provider: string; modelId: string } | null;
  /** Message events, on every branch (opening the session shows its active branch). */
  messages: number;
  /** Events (rows), the header included. */
  events: number;
  /** Events stored zstd-compressed. */
  compressedEvents: number;
  /** When the window was last updated (ms since the epoch), as the store records it. */
  updatedAt: number | null;
  /** Why its transcript cannot be read here, when it cannot (moved to OpenClaw's cold storage). */
  unavailable?: string;
}

/** A store's sessions, newest first, and what the read saw. */
export interface StoreListing {
  /** The store's file name. */
  name: string;
  /** Absolute path, when read from disk. */
  path: string | null;
  /** The agent the store belongs to, and the schema and OpenClaw version that wrote it. */
  agentId: string | null;
  schemaVersion: number | null;
  appVersion: string | null;
  sessions: StoreSessionSummary[];
  /** Committed transactions read from the `-wal` file (a running gateway's latest writes). */
  walFrames: number;
  /** Things the reader wants the user to know (an unknown schema version, a transaction left half-written). */
  notes: string[];
}

/** The first 16 bytes of every SQLite database file. */
const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Whether bytes (a file's first 16 are enough) start a SQLite database. */
export function isSqliteHeader(bytes: Uint8Array): boolean {
  if (bytes.length < SQLITE_HEADER.length) return false;
  for (let i = 0; i < SQLITE_HEADER.length; i += 1) if (bytes[i] !== SQLITE_HEADER.charCodeAt(i)) return false;
  return true;
}

/**
 * A stored session is read as the JSONL file it would be: event `seq` is line `seq + 1` (the header
 * is event 0, line 1), so the line numbers of the diagnostics, the turn list and a JSONL export agree.
 */
export const eventOfLine = (line: number): number => line - 1;

/** How a stored session is named in messages and on the command line: `store.sqlite#<session id>`. */
export const storeSessionName = (storeName: string, sessionId: string): string => `${storeName}#${sessionId}`;

/** The base of an exported session's file name: its id or name, with every run of characters other than letters, digits, `.`, `_` and `-` as one `_`. */
export const exportFileBase = (name: string): string => name.replace(/[^A-Za-z0-9._-]+/g, '_') || 'session';

/**
 * Split `DB#SESSION_ID` (the command line's way to name a stored session). Null when `arg` has no `#`
 * followed by a session id; a path that itself contains `#` keeps everything before the last one.
 */
export function splitStoreArgument(arg: string): { store: string; sessionId: string } | null {
  const hash = arg.lastIndexOf('#');
  if (hash <= 0 || hash === arg.length - 1) return null;
  const sessionId = arg.slice(hash + 1);
  if (/[/\\]/.test(sessionId)) return null;
  return { store: arg.slice(0, hash), sessionId };
}

/**
 * A diagnostic message of the parser, located by event instead of line: `line 13, column 5: …`
 * becomes `event 12, column 5: …`, and "on line 4" in the text "on event 3".
 */
export function relabelLines(message: string): string {
  const event = (n: string) => `event ${Number(n) - 1}`;
  return message.replace(/^line (\d+)\b/, (_m, n: string) => event(n)).replace(/\bon line (\d+)\b/g, (_m, n: string) => `on ${event(n)}`);
}

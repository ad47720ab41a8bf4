/**
 * A stored session read as the JSONL file it stands for: event `seq` is line `seq + 1`, each event's
 * JSON on its line, and a blank line where an event is missing or cannot be read (so the numbering
 * holds). The lines go through the same parser as a session file's, so diagnostics, the active
 * branch and the default target come out as they would for that file; its JSONL export is exactly
 * those lines, and the digest is theirs.
 */
import { createHash } from 'node:crypto';
import type { Diagnostic } from '../../../shared/types.js';
import { buildContext, type SessionContext } from '../../../shared/session/context.js';
import { SessionLineParser } from '../../../shared/session/jsonl.js';
import type { ParseLinesOptions, ParsedSession } from '../../../shared/session/types.js';
import { relabelLines, storeSessionName } from '../../../shared/store.js';
import { createLongLineParser } from '../long-line.js';
import { parseLineBytes } from '../stream-session.js';
import type { SessionStore, StoredEvent } from './session-store.js';

const LF = 0x0a;
const CR = 0x0d;
const NEWLINE = Buffer.from('\n');

/** A stored session, parsed. */
export interface StoredSession {
  parsed: ParsedSession;
  /** SHA-256 (hex) of its JSONL export. */
  digest: string;
  /** Bytes of its JSONL export. */
  size: number;
  /** `store.sqlite#<session id>`. */
  name: string;
}

/**
 * The line an event is written as: its JSON, on one line. An event whose text holds a line break
 * (JSON allows one between values; OpenClaw never writes one) is written compactly, so it stays one
 * line of the export.
 */
function eventLine(event: StoredEvent, problems: Diagnostic[]): Buffer {
  if ('problem' in event) {
    problems.push(problem(event.seq, 'error', 'store-event-unreadable', `${event.problem} — the event is skipped`));
    return Buffer.alloc(0);
  }
  const { bytes } = event;
  if (bytes.indexOf(LF) < 0 && bytes.indexOf(CR) < 0) return bytes;
  try {
    const compact = Buffer.from(JSON.stringify(JSON.parse(bytes.toString('utf8'))), 'utf8');
    problems.push(
      problem(event.seq, 'warning', 'store-event-line-break', 'the event JSON holds line breaks: it is read (and exported) on one line'),
    );
    return compact;
  } catch {
    problems.push(
      problem(event.seq, 'warning', 'store-event-line-break', 'the event holds line breaks and is not valid JSON: they are read as spaces'),
    );
    return Buffer.from(bytes.map((b) => (b === LF || b === CR ? 0x20 : b)));
  }
}

function problem(seq: number, severity: Diagnostic['severity'], code: string, what: string): Diagnostic {
  return { line: seq + 1, column: 0, severity, code, message: `event ${seq}: ${what}` };
}

/**
 * Every line of a stored session in order, gaps included, as given to `onLine`; returns the problems
 * only the store has (events missing or unreadable).
 */
export async function storedLines(store: SessionStore, sessionId: string, onLine: (bytes: Buffer) => void): Promise<Diagnostic[]> {
  const problems: Diagnostic[] = [];
  let next = 0;
  await store.events(sessionId, (event) => {
    if (event.seq > next) {
      const missing = event.seq - next;
      problems.push(
        problem(
          next,
          'warning',
          'store-events-missing',
          missing === 1 ? 'this event is missing from the store' : `events ${next}–${event.seq - 1} are missing from the store`,
        ),
      );
      for (; next < event.seq; next += 1) onLine(Buffer.alloc(0));
    }
    onLine(eventLine(event, problems));
    next = event.seq + 1;
  });
  return problems;
}

/**
 * The lines of some events of a stored session, as `storedLines` gives them (line `seq + 1`), by
 * `seq` in order; an event missing or unreadable gives none.
 */
export async function storedLinesAt(
  store: SessionStore,
  sessionId: string,
  seqs: ReadonlySet<number>,
  onLine: (seq: number, bytes: Buffer) => void,
): Promise<void> {
  const problems: Diagnostic[] = [];
  await store.events(
    sessionId,
    (event) => {
      if ('bytes' in event) onLine(event.seq, eventLine(event, problems));
    },
    seqs,
  );
}

/** Read and parse a stored session (diagnostics located by event: `event 12, column 5: …`). */
export async function readStoredSession(store: SessionStore, sessionId: string, options: ParseLinesOptions = {}): Promise<StoredSession> {
  const parser = new SessionLineParser(options);
  const parseLong = createLongLineParser();
  const hash = createHash('sha256');
  let size = 0;
  const problems = await storedLines(store, sessionId, (bytes) => {
    hash.update(bytes);
    hash.update(NEWLINE);
    size += bytes.length + 1;
    if (bytes.length === 0) parser.line(0, () => '');
    else parseLineBytes(parser, bytes, parseLong);
  });
  const parsed = parser.finish(false);
  parsed.diagnostics.push(...problems);
  parsed.diagnostics.sort((a, b) => a.line - b.line || a.column - b.column);
  for (const d of parsed.diagnostics) d.message = relabelLines(d.message);
  return { parsed, digest: hash.digest('hex'), size, name: storeSessionName(store.name, sessionId) };
}

/** The active branch of a stored session, its diagnostics located by event as the parser's are. */
export function storedContext(parsed: ParsedSession): SessionContext {
  const context = buildContext(parsed);
  for (const d of context.diagnostics) d.message = relabelLines(d.message);
  return context;
}

/** The JSONL text of a whole stored session (what `readStoredSession` parsed). */
export async function storedSessionJsonl(store: SessionStore, sessionId: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  await storedLines(store, sessionId, (bytes) => parts.push(bytes, NEWLINE));
  return Buffer.concat(parts);
}

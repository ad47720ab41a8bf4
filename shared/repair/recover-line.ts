/**
 * Entries that can be read back out of a line that is not one JSON value: two entries written on
 * one line (a lost line break: `…}{"type":"message",…`), an entry followed by NUL bytes (a file
 * extended by a crash while it was written), an entry after the cut-off start of another. Every
 * complete entry is kept, byte for byte; only what holds none is removed.
 */
import { isRecord } from '../messages.js';
import { ENTRY_TYPES } from '../session/shape.js';

/** A complete JSON object found in a line, with its byte range in the line. */
export interface RecoveredRecord {
  start: number;
  end: number;
  /** Its text (strict UTF-8, so writing it back gives the same bytes). */
  text: string;
  value: Record<string, unknown>;
}

/** What a damaged line holds. */
export interface LineRecovery {
  records: RecoveredRecord[];
  /** NUL bytes and blanks between or after the records. */
  paddingBytes: number;
  /** Bytes that belong to no complete record: a cut-off entry, binary data. */
  lostBytes: number;
}

const OPEN_BRACE = 0x7b;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
/** How an entry written by pi or OpenClaw starts: its `type` is its first key. */
const ENTRY_START = new TextEncoder().encode('{"type":"');
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** NUL (a hole a crash left in a growing file), space, tab, and a stray carriage return. */
const isPadding = (b: number): boolean => b === 0x00 || b === 0x20 || b === 0x09 || b === 0x0d;

/**
 * Where the JSON object starting at `from` ends (just past its `}`), minding strings and escapes;
 * -1 when it does not end in the line. Only ASCII bytes matter: they never occur inside a UTF-8
 * sequence.
 */
function objectEnd(line: Uint8Array, from: number): number {
  let depth = 0;
  let inString = false;
  for (let i = from; i < line.length; i += 1) {
    const b = line[i];
    if (inString) {
      if (b === BACKSLASH) i += 1;
      else if (b === QUOTE) inString = false;
    } else if (b === QUOTE) inString = true;
    else if (b === OPEN_BRACE || b === 0x5b) depth += 1;
    else if (b === 0x7d || b === 0x5d) {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** The object at [start, end) when it is valid UTF-8 and JSON, else null. */
function objectAt(line: Uint8Array, start: number, end: number): RecoveredRecord | null {
  let text: string;
  try {
    text = strict.decode(line.subarray(start, end));
  } catch {
    return null;
  }
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? { start, end, text, value } : null;
  } catch {
    return null;
  }
}

/** The next complete session entry starting after `from` (an object whose `type` is an entry's), or null. */
function nextEntry(line: Uint8Array, from: number): RecoveredRecord | null {
  for (let at = line.indexOf(ENTRY_START[0], from); at >= 0; at = line.indexOf(ENTRY_START[0], at + 1)) {
    if (!ENTRY_START.every((b, k) => line[at + k] === b)) continue;
    const end = objectEnd(line, at);
    if (end < 0) continue;
    const record = objectAt(line, at, end);
    const type = record?.value.type;
    // Content blocks have a "type" too (`{"type":"text",…}`): only a whole entry starts a record.
    if (record && typeof type === 'string' && (type === 'session' || ENTRY_TYPES.has(type))) return record;
  }
  return null;
}

/**
 * The complete records of a line that is not valid JSON as a whole, or null when it holds none.
 *
 * Read left to right: padding is skipped, an object that closes and parses is a record, and
 * anything else is lost up to the next complete entry (found by the way pi writes one).
 */
export function recoverLine(line: Uint8Array): LineRecovery | null {
  const records: RecoveredRecord[] = [];
  let paddingBytes = 0;
  let lostBytes = 0;
  let at = 0;
  while (at < line.length) {
    if (isPadding(line[at])) {
      paddingBytes += 1;
      at += 1;
      continue;
    }
    if (line[at] === OPEN_BRACE) {
      const end = objectEnd(line, at);
      const record = end < 0 ? null : objectAt(line, at, end);
      if (record) {
        records.push(record);
        at = end;
        continue;
      }
    }
    const next = nextEntry(line, at + 1);
    if (!next) {
      lostBytes += line.length - at;
      break;
    }
    lostBytes += next.start - at;
    records.push(next);
    at = next.end;
  }
  return records.length > 0 ? { records, paddingBytes, lostBytes } : null;
}

/** The plan's words for a recovered line: its code and why. */
export function recoveryReason(recovery: LineRecovery): { code: 'glued-entries' | 'padding-tail' | 'cut-off-entry'; reason: string } {
  const { records, paddingBytes, lostBytes } = recovery;
  const parts: string[] = [];
  if (records.length > 1)
    parts.push(`${records.length} entries were written on one line (a line break was lost); each is put back on a line of its own`);
  else parts.push('the line holds one complete entry, which is kept as it is');
  if (paddingBytes > 0)
    parts.push(`${paddingBytes} NUL or blank byte(s) around the entries — left by a crash while the file was being extended — are removed`);
  if (lostBytes > 0)
    parts.push(`${lostBytes} byte(s) that hold no complete entry (an entry cut off by a crash, or binary data) are removed`);
  const code = records.length > 1 ? 'glued-entries' : lostBytes > 0 ? 'cut-off-entry' : 'padding-tail';
  return { code, reason: `recovered: ${parts.join('; ')}` };
}

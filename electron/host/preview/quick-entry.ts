/**
 * A message line read for its place in the conversation tree only, without parsing it.
 *
 * A preview needs every line's place in the tree (its id and parent) to find the active branch, but
 * the contents of only a few: its first turns and the branch's last ones. On a session of many short
 * lines (a few hundred bytes each, nothing for the skeleton to cut) parsing every skeleton was nearly
 * a whole parse. A message line as pi writes it starts with its type, id, parent, timestamp and role,
 * in that order, and ends with its message: those are read off its bytes, and the rest of the line is
 * checked by JSON's grammar without building anything, so that the parser would keep the line as an
 * entry of that type, id, parent and role. A line it would reject (cut off, two lines run together,
 * binary garbage, a stray comma) drops out of the tree and starts the branch again after it, so it
 * must go to the parser; so must a line where JSON.parse would keep a second member of one of those
 * names, or one that could take its message out of the context.
 *
 * What is not checked is what the message holds: a line whose message OpenClaw's loader does not
 * recognise is left out of the tree without breaking it, and would be counted as a turn by the
 * preview. The preview therefore reads again whole, and checks, every such line whose contents it
 * uses (its first turns and the branch's last messages); the rest only count (its total of turns).
 */
import type { SessionEntry } from '../../../shared/session/types.js';

/**
 * Lines longer than this are parsed as skeletons: the check below reads every byte, while a
 * skeleton's long strings are skipped by native searches, and its parse is then short anyway. At
 * 16 KiB the preview of a session of mid-size lines (deep-branches at 100 MiB) was about 15 % slower
 * than with skeletons alone; at 2 KiB it is as fast, and sessions of short lines gain as much.
 */
export const MAX_QUICK_LINE_BYTES = 2 * 1024;

/** What a message line's first bytes say: its entry id, its parent, and its message's role. */
export interface QuickEntry {
  id: string;
  parentId: string | null;
  role: QuickRole;
}

/** The roles read this way: the others are rarer and their checks read more of the message. */
const QUICK_ROLES = ['user', 'assistant', 'toolResult'] as const;
export type QuickRole = (typeof QUICK_ROLES)[number];
const QUICK_ROLE_BYTES = QUICK_ROLES.map((role) => Buffer.from(role));

const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

const TYPE_AND_ID = Buffer.from('{"type":"message","id":"');
const PARENT = Buffer.from(',"parentId":');
const NULL = Buffer.from('null');
const TIMESTAMP = Buffer.from(',"timestamp":"');
const MESSAGE_AND_ROLE = Buffer.from(',"message":{"role":"');
/** A member that can take the message out of the context: a line with a string of that text is parsed. */
const EXCLUDE = Buffer.from('excludeFromContext');

/**
 * How deep a quick line may nest; deeper ones are parsed (the parser skips lines nested past its own
 * limit, far above this).
 */
const MAX_QUICK_DEPTH = 64;

/**
 * The id, parent and role of a message line written in pi's order, or null when the line must be
 * parsed: another entry type or order, an id or role with characters that JSON escapes or that are
 * not ASCII, a role other than the three above, or a rest that `restIsValid` refuses.
 */
export function quickEntry(bytes: Uint8Array): QuickEntry | null {
  if (bytes.byteLength > MAX_QUICK_LINE_BYTES) return null;
  // Both readers give Buffers already: a view of each line made again was 5 % of the preview.
  const line = bytes instanceof Buffer ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = bytesAfter(line, 0, TYPE_AND_ID);
  if (at < 0) return null;
  const idEnd = plainStringEnd(line, at);
  if (idEnd <= at) return null;
  const id = line.toString('latin1', at, idEnd);
  at = bytesAfter(line, idEnd + 1, PARENT);
  if (at < 0) return null;
  let parentId: string | null = null;
  if (line[at] === QUOTE) {
    const parentEnd = plainStringEnd(line, at + 1);
    if (parentEnd < 0) return null;
    parentId = line.toString('latin1', at + 1, parentEnd);
    at = parentEnd + 1;
  } else {
    at = bytesAfter(line, at, NULL);
    if (at < 0) return null;
  }
  const timestamp = bytesAfter(line, at, TIMESTAMP);
  if (timestamp >= 0) {
    const timestampEnd = plainStringEnd(line, timestamp);
    if (timestampEnd < 0) return null;
    at = timestampEnd + 1;
  }
  at = bytesAfter(line, at, MESSAGE_AND_ROLE);
  if (at < 0) return null;
  const roleEnd = plainStringEnd(line, at);
  if (roleEnd < 0) return null;
  const role = roleAt(line, at, roleEnd);
  if (role === null || !restIsValid(line, roleEnd + 1)) return null;
  return { id, parentId, role };
}

/** The role written from `at` to `end`, when it is one of QUICK_ROLES. */
function roleAt(line: Buffer, at: number, end: number): QuickRole | null {
  for (let i = 0; i < QUICK_ROLES.length; i += 1) {
    const known = QUICK_ROLE_BYTES[i];
    if (known.length === end - at && bytesAfter(line, at, known) === end) return QUICK_ROLES[i];
  }
  return null;
}

/** The position after `expected` when the line has it at `at`; else -1. */
function bytesAfter(line: Buffer, at: number, expected: Buffer): number {
  if (at + expected.length > line.length) return -1;
  for (let i = 0; i < expected.length; i += 1) if (line[at + i] !== expected[i]) return -1;
  return at + expected.length;
}

/**
 * The closing quote of a string starting at `at` whose characters are printable ASCII needing no
 * escape; -1 when it has any other byte before its quote.
 */
function plainStringEnd(line: Buffer, at: number): number {
  for (let i = at; i < line.length; i += 1) {
    const byte = line[i];
    if (byte === QUOTE) return i;
    if (byte < 0x20 || byte > 0x7e || byte === BACKSLASH) return -1;
  }
  return -1;
}

/**
 * Whether four bytes (read as one little-endian word) may hold one that ends a string's run of plain
 * bytes: its quote, an escape, or a control byte. Never false for such a word: a byte of `word ^ Q`
 * is zero where `word` has a quote, and `(x - 0x01…) & ~x & 0x80…` is non-zero when some byte of x
 * is zero (likewise with 0x20… for a byte under 0x20); it can be true for a word without one.
 */
function mayStopString(word: number): boolean {
  const quote = word ^ 0x22222222;
  const backslash = word ^ 0x5c5c5c5c;
  return ((((quote - 0x01010101) & ~quote) | ((backslash - 0x01010101) & ~backslash) | ((word - 0x20202020) & ~word)) & 0x80808080) !== 0;
}

/** What may follow a backslash in a JSON string, `u` aside. */
const SHORT_ESCAPES = new Uint8Array(256);
for (const byte of Buffer.from('"\\/bfnrt')) SHORT_ESCAPES[byte] = 1;

/** JSON's whitespace within a line. */
const isSpace = (byte: number) => byte === 0x20 || byte === 0x09 || byte === 0x0d;
const isDigit = (byte: number) => byte >= 0x30 && byte <= 0x39;

const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const ROLE = Buffer.from('role');

/** What the check of a line expects next. */
const enum Next {
  /** A member's key, or the end of an object just opened. */
  KeyOrEnd,
  /** A member's key, after a comma. */
  Key,
  /** The colon after a key. */
  Colon,
  /** A value, or the end of an array just opened. */
  ValueOrEnd,
  /** A value, after a colon or an array's comma. */
  Value,
  /** A comma, or the end of the object or array the value was in. */
  CommaOrEnd,
}

/** The kind of each open bracket while a line is checked: 1 for an object, 0 for an array. */
const openKinds = new Uint8Array(MAX_QUICK_DEPTH + 1);

/**
 * Whether the line from `at`, just after the value of its message's `role`, is the rest of one JSON
 * object by JSON's grammar, whose message is its last member: so that the parser would keep the
 * line as a message entry of that id, parent and role. Its strings hold no control byte and no
 * escape of a printable ASCII character (which would let a key be spelled otherwise), no string is
 * EXCLUDE's text, the message has no second `role`, and it nests at most MAX_QUICK_DEPTH deep.
 */
function restIsValid(line: Buffer, at: number): boolean {
  const kinds = openKinds;
  const words = new DataView(line.buffer, line.byteOffset, line.length);
  // Inside the entry's object and its message's, which the message's closing brace must find.
  kinds[2] = 1;
  let depth = 2;
  let next = Next.CommaOrEnd;
  const end = line.length;
  for (let i = at; i < end; i += 1) {
    const byte = line[i];
    if (isSpace(byte)) continue;
    if (byte === QUOTE) {
      if (next !== Next.Value && next !== Next.ValueOrEnd && next !== Next.Key && next !== Next.KeyOrEnd) return false;
      const start = i + 1;
      i = checkedStringEnd(line, words, start);
      if (i < 0) return false;
      if (i - start === EXCLUDE.length && bytesAfter(line, start, EXCLUDE) === i) return false;
      const isKey: boolean = next === Next.Key || next === Next.KeyOrEnd;
      // The message's role was read off its first bytes: a second one would be the one kept.
      if (isKey && depth === 2 && i - start === ROLE.length && bytesAfter(line, start, ROLE) === i) return false;
      next = isKey ? Next.Colon : Next.CommaOrEnd;
    } else if (next === Next.Colon) {
      if (byte !== 0x3a) return false;
      next = Next.Value;
    } else if (next === Next.CommaOrEnd) {
      if (byte === 0x2c) next = kinds[depth] === 1 ? Next.Key : Next.Value;
      else if (byte === (kinds[depth] === 1 ? CLOSE_BRACE : CLOSE_BRACKET)) {
        depth -= 1;
        // The message closed: the entry must close right after it, and the line with it.
        if (depth === 1) return closesEntry(line, i + 1);
      } else return false;
    } else if (next === Next.Key || next === Next.KeyOrEnd) {
      if (byte !== CLOSE_BRACE || next !== Next.KeyOrEnd) return false;
      depth -= 1;
      if (depth === 1) return closesEntry(line, i + 1);
      next = Next.CommaOrEnd;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > MAX_QUICK_DEPTH) return false;
      kinds[depth] = byte === OPEN_BRACE ? 1 : 0;
      next = byte === OPEN_BRACE ? Next.KeyOrEnd : Next.ValueOrEnd;
    } else if (byte === CLOSE_BRACKET && next === Next.ValueOrEnd) {
      depth -= 1;
      next = Next.CommaOrEnd;
    } else {
      i = literalEnd(line, i) - 1;
      if (i < 0) return false;
      next = Next.CommaOrEnd;
    }
  }
  return false;
}

/**
 * The end of the string whose first byte is at `at` (its closing quote), or -1: a string with a
 * control byte, an unknown escape, or a `\u` escape that is not four hex digits or stands for a
 * printable ASCII character. `words`: the line's bytes, read four at a time where none of them can
 * end a run of plain bytes (quickEntry over every line of many-calls at 100 MiB: 102 → 85 ms).
 */
function checkedStringEnd(line: Buffer, words: DataView, at: number): number {
  const end = line.length;
  for (let i = at; i < end; i += 1) {
    while (i + 4 <= end && !mayStopString(words.getInt32(i, true))) i += 4;
    if (i >= end) return -1;
    const byte = line[i];
    if (byte > BACKSLASH || (byte > QUOTE && byte < BACKSLASH) || byte === 0x20 || byte === 0x21) continue;
    if (byte === QUOTE) return i;
    if (byte !== BACKSLASH || i + 1 >= end) return -1;
    i += 1;
    if (SHORT_ESCAPES[line[i]] === 1) continue;
    if (line[i] !== 0x75 || i + 4 >= end) return -1;
    let code = 0;
    for (let k = 1; k <= 4; k += 1) {
      const digit = hexValue(line[i + k]);
      if (digit < 0) return -1;
      code = code * 16 + digit;
    }
    if (code >= 0x20 && code < 0x7f) return -1;
    i += 4;
  }
  return -1;
}

/** A hex digit's value, or -1. */
function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  const lower = byte | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** The position after the number or literal (`true`, `false`, `null`) at `at`; -1 when there is none. */
function literalEnd(line: Buffer, at: number): number {
  const byte = line[at];
  if (byte === 0x74) return bytesAfter(line, at, TRUE);
  if (byte === 0x66) return bytesAfter(line, at, FALSE);
  if (byte === 0x6e) return bytesAfter(line, at, NULL);
  // -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
  let i = at;
  if (line[i] === 0x2d) i += 1;
  if (line[i] === 0x30) i += 1;
  else if (isDigit(line[i])) while (isDigit(line[i])) i += 1;
  else return -1;
  if (line[i] === 0x2e) {
    i += 1;
    if (!isDigit(line[i])) return -1;
    while (isDigit(line[i])) i += 1;
  }
  if (line[i] === 0x65 || line[i] === 0x45) {
    i += 1;
    if (line[i] === 0x2b || line[i] === 0x2d) i += 1;
    if (!isDigit(line[i])) return -1;
    while (isDigit(line[i])) i += 1;
  }
  return i;
}

/** Whether the entry's object closes at `at` (after spaces) and nothing but spaces follows. */
function closesEntry(line: Buffer, at: number): boolean {
  let i = at;
  while (i < line.length && isSpace(line[i])) i += 1;
  return line[i] === CLOSE_BRACE && onlySpacesAfter(line, i + 1);
}

/** Whether nothing but JSON whitespace follows `at`. */
function onlySpacesAfter(line: Buffer, at: number): boolean {
  for (let i = at; i < line.length; i += 1) {
    const byte = line[i];
    if (byte !== 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return true;
}

/** A stub tool result's call id and tool name: not blank, so the parser's shape checks pass. */
const STUB_NAME = '-';

/**
 * The entry the parser is given for a quick line: its place in the tree and a message of its role
 * that OpenClaw's loader recognises, with no content. Nothing reads its contents but the count of
 * turns; the lines whose contents are used are read again whole.
 */
export function stubEntry(quick: QuickEntry): SessionEntry {
  const message =
    quick.role === 'toolResult'
      ? { role: quick.role, toolCallId: STUB_NAME, toolName: STUB_NAME, isError: false, content: [] }
      : { role: quick.role, content: '' };
  return { type: 'message', id: quick.id, parentId: quick.parentId, message };
}

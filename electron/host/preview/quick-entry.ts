/**
 * A message line read for its place in the conversation tree only, without parsing it.
 *
 * A preview needs every line's place in the tree (its id and parent) to find the active branch, but
 * the contents of only a few: its first turns and the branch's last ones. On a session of many short
 * lines (a few hundred bytes each, nothing for the skeleton to cut) parsing every skeleton was nearly
 * a whole parse. A message line as pi writes it starts with its type, id, parent, timestamp and role,
 * in that order: those are read off its first bytes, and the rest of the line is only checked to be
 * one complete JSON object (its strings closed, its brackets balanced, nothing after it), so that a
 * line cut off, two lines run together or binary garbage still go to the parser and are judged there.
 *
 * What is not checked is the rest of its grammar and what its message holds: a line that passes and
 * which the full read then rejects, or does not recognise, would be counted as a turn by the preview.
 * The preview therefore reads again whole, and checks, every such line whose contents it uses (its
 * first turns and the branch's last messages); the rest only count (its total of turns, an estimate).
 */
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
 * not ASCII, a role other than the three above, an `excludeFromContext` member anywhere, or a line
 * that is not one complete JSON object by the check above.
 */
export function quickEntry(bytes: Uint8Array): QuickEntry | null {
  if (bytes.byteLength > MAX_QUICK_LINE_BYTES) return null;
  const line = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = expect(line, 0, TYPE_AND_ID);
  if (at < 0) return null;
  const idEnd = plainStringEnd(line, at);
  if (idEnd <= at) return null;
  const id = line.toString('latin1', at, idEnd);
  at = expect(line, idEnd + 1, PARENT);
  if (at < 0) return null;
  let parentId: string | null = null;
  if (line[at] === QUOTE) {
    const parentEnd = plainStringEnd(line, at + 1);
    if (parentEnd < 0) return null;
    parentId = line.toString('latin1', at + 1, parentEnd);
    at = parentEnd + 1;
  } else {
    at = expect(line, at, NULL);
    if (at < 0) return null;
  }
  const timestamp = expect(line, at, TIMESTAMP);
  if (timestamp >= 0) {
    const timestampEnd = plainStringEnd(line, timestamp);
    if (timestampEnd < 0) return null;
    at = timestampEnd + 1;
  }
  at = expect(line, at, MESSAGE_AND_ROLE);
  if (at < 0) return null;
  const roleEnd = plainStringEnd(line, at);
  if (roleEnd < 0) return null;
  const role = roleAt(line, at, roleEnd);
  // Inside the entry's object and its message's.
  if (role === null || !closesOnce(line, roleEnd + 1, 2)) return null;
  return { id, parentId, role };
}

/** The role written from `at` to `end`, when it is one of QUICK_ROLES. */
function roleAt(line: Buffer, at: number, end: number): QuickRole | null {
  for (let i = 0; i < QUICK_ROLES.length; i += 1) {
    const known = QUICK_ROLE_BYTES[i];
    if (known.length === end - at && expect(line, at, known) === end) return QUICK_ROLES[i];
  }
  return null;
}

/** The position after `expected` when the line has it at `at`; else -1. */
function expect(line: Buffer, at: number, expected: Buffer): number {
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

/** The bytes that end a string's run of plain bytes: its quote, an escape, and control bytes. */
const STRING_STOPS = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte += 1) STRING_STOPS[byte] = 1;
STRING_STOPS[QUOTE] = 1;
STRING_STOPS[BACKSLASH] = 1;

/** The kind of each open bracket while a line is checked: 1 for an object, 0 for an array. */
const openKinds = new Uint8Array(MAX_QUICK_DEPTH + 1);

/**
 * Whether the line from `at`, `depth` objects deep, closes them all at its last byte but trailing
 * spaces, and never before: its strings closed, free of control bytes and none of them
 * EXCLUDE's text, its brackets balanced and
 * of matching kinds, no control byte between its tokens, and never more than MAX_QUICK_DEPTH deep.
 */
function closesOnce(line: Buffer, at: number, depth: number): boolean {
  const kinds = openKinds;
  kinds[1] = 1;
  kinds[2] = 1;
  const end = line.length;
  for (let i = at; i < end; i += 1) {
    let byte = line[i];
    if (byte === QUOTE) {
      // A string: its bytes up to its closing quote, read in a loop of their own.
      const start = i + 1;
      for (i = start; i < end; i += 1) {
        byte = line[i];
        if (STRING_STOPS[byte] === 0) continue;
        if (byte === QUOTE) break;
        if (byte !== BACKSLASH) return false;
        i += 1;
        if (i >= end || line[i] < 0x20) return false;
      }
      if (i >= end || (i - start === EXCLUDE.length && expect(line, start, EXCLUDE) === i)) return false;
    } else if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
      depth += 1;
      if (depth > MAX_QUICK_DEPTH) return false;
      kinds[depth] = byte === OPEN_BRACE ? 1 : 0;
    } else if (byte === CLOSE_BRACE || byte === CLOSE_BRACKET) {
      if (kinds[depth] !== (byte === CLOSE_BRACE ? 1 : 0)) return false;
      depth -= 1;
      if (depth === 0) return onlySpacesAfter(line, i + 1);
    } else if (byte < 0x20 && byte !== 0x09 && byte !== 0x0d) return false;
  }
  return false;
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
export function stubEntry(quick: QuickEntry): Record<string, unknown> {
  const message =
    quick.role === 'toolResult'
      ? { role: quick.role, toolCallId: STUB_NAME, toolName: STUB_NAME, isError: false, content: [] }
      : { role: quick.role, content: '' };
  return { type: 'message', id: quick.id, parentId: quick.parentId, message };
}

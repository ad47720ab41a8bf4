/**
 * The byte length of `JSON.stringify(value, null, 2)` or of `JSON.stringify(value)` without building
 * the string (big payloads and messages: a multi-MB tool output would be copied only to be measured).
 * Exact for JSON values (what JSON.parse gives and payloads are made of); an object with a toJSON
 * method (never in those) is measured by stringifying it on its own, which is close, not exact.
 */

// Characters JSON.stringify escapes: quote, backslash, controls, and lone surrogates.
// eslint-disable-next-line no-control-regex -- these are the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
const NON_ASCII = /[^\u0000-\u007f]/;

function stringBytes(value: string): number {
  if (!NEEDS_ESCAPE.test(value)) return NON_ASCII.test(value) ? Buffer.byteLength(value) + 2 : value.length + 2;
  // UTF-8 length (a lone surrogate counts 3, as U+FFFD), plus what escaping adds: counted, not
  // written, so a multi-MB tool output is not copied to be measured.
  let bytes = Buffer.byteLength(value) + 2;
  for (let i = value.search(NEEDS_ESCAPE); i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if (code === 0x22 || code === 0x5c) bytes += 1;
    else if (code < 0x20) bytes += SHORT_ESCAPES.has(code) ? 1 : 5;
    else if (code >= 0xd800 && code <= 0xdfff) {
      const next = value.charCodeAt(i + 1);
      if (code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i += 1;
      else bytes += 3; // \uXXXX instead of U+FFFD's three bytes
    }
  }
  return bytes;
}

/** Control characters JSON writes as two characters (\b \t \n \f \r); the others take six (\u00XX). */
const SHORT_ESCAPES = new Set([0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/** Strings at least this long are remembered by a counter (the two payloads share most of them). */
const MEMO_MIN_CHARS = 256;

/**
 * How a count goes: how strings are measured, pretty or compact, and the entries a counter
 * remembers (see `createJsonByteCounter`).
 */
interface Counting {
  strings: (value: string) => number;
  pretty: boolean;
  entries: Map<object, number> | null;
}

/**
 * Objects at this depth are what a counter remembers: a payload's entries (its `messages`, `input`
 * or `contents`, one level below the payload itself).
 */
const ENTRY_DEPTH = 2;

/**
 * A counter of pretty JSON bytes that remembers long strings and a payload's entries: the replay's
 * payload is built from the very entries of the original's for the turns hygiene left alone, and the
 * two payloads' texts are mostly the very same string objects (V8 compares those by pointer first),
 * so the second payload costs little more than what hygiene changed. A payload is never changed once
 * built; a value counted again after a change of one of its entries would be counted as it was.
 */
export function createJsonByteCounter(): (value: unknown) => number {
  const memo = new Map<string, number>();
  const strings = (value: string): number => {
    if (value.length < MEMO_MIN_CHARS) return shortStringBytes(value);
    let bytes = memo.get(value);
    if (bytes === undefined) memo.set(value, (bytes = stringBytes(value)));
    return bytes;
  };
  const counting: Counting = { strings, pretty: true, entries: new Map() };
  return (value) => countJson(value, 0, counting);
}

const PRETTY: Counting = { strings: shortStringBytes, pretty: true, entries: null };
const COMPACT: Counting = { strings: shortStringBytes, pretty: false, entries: null };

/** UTF-8 bytes of the pretty-printed (2-space) JSON of `value`, as JSON.stringify would write it. */
export function prettyJsonBytes(value: unknown): number {
  return countJson(value, 0, PRETTY);
}

/** UTF-8 bytes of the compact JSON of `value`, as JSON.stringify(value) would write it. */
export function compactJsonBytes(value: unknown): number {
  return countJson(value, 0, COMPACT);
}

/**
 * Bytes of `value`'s JSON at `depth`. Pretty: each member on its own line, indented two spaces a
 * level, and ": " after a key; compact: no whitespace at all.
 */
function countJson(value: unknown, depth: number, how: Counting): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string':
      return how.strings(value);
    case 'number':
      return numberBytes(value);
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      return 0;
  }
  // An object with toJSON is measured by what it gives each time, never remembered.
  if (depth !== ENTRY_DEPTH || how.entries === null || typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return countComposite(value, depth, how);
  let bytes = how.entries.get(value);
  if (bytes === undefined) how.entries.set(value, (bytes = countComposite(value, depth, how)));
  return bytes;
}

/** Bytes of an array's or object's JSON at `depth` (see `countJson`). */
function countComposite(value: object, depth: number, how: Counting): number {
  const { pretty } = how;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return Buffer.byteLength((pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)) ?? '');
  // Around the members: the brackets, and when pretty the newline and indent before the closing one.
  const frame = pretty ? 2 + 1 + 2 * depth : 2;
  // Before each member when pretty: a newline and the indent.
  const lead = pretty ? 1 + 2 * (depth + 1) : 0;
  if (Array.isArray(value)) {
    const length = value.length;
    if (length === 0) return 2;
    let total = frame + length - 1; // the commas
    for (let i = 0; i < length; i += 1) {
      const item: unknown = value[i];
      total += lead + (item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 4 : countJson(item, depth + 1, how));
    }
    return total;
  }
  // The keys read once, without a [key, value] pair made for each member: most of a payload's
  // values are small objects, and those pairs were most of what counting them allocated.
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const separator = pretty ? 2 : 1;
  let members = 0;
  let total = 0;
  for (let i = 0; i < keys.length; i += 1) {
    const key = keys[i];
    const item = record[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    members += 1;
    total += lead + shortStringBytes(key) + separator + countJson(item, depth + 1, how);
  }
  return members === 0 ? 2 : total + frame + members - 1;
}

/** Strings up to this long are read a character at a time (keys, roles, ids): cheaper than two searches. */
const SHORT_STRING_CHARS = 32;

/** `stringBytes` for any string, read without a regular expression when it is short and plain ASCII. */
function shortStringBytes(value: string): number {
  const length = value.length;
  if (length > SHORT_STRING_CHARS) return stringBytes(value);
  for (let i = 0; i < length; i += 1) {
    const code = value.charCodeAt(i);
    // Controls, quote, backslash, DEL and anything past ASCII: counted the long way.
    if (code < 0x20 || code === 0x22 || code === 0x5c || code > 0x7e) return stringBytes(value);
  }
  return length + 2;
}

/** The length of `String(value)` for a finite number (JSON writes it so), without making the string when it is a safe integer. */
function numberBytes(value: number): number {
  if (!Number.isFinite(value)) return 4; // null
  if (!Number.isSafeInteger(value)) return String(value).length;
  // -0 is written 0.
  let digits = value < 0 ? 2 : 1;
  for (let rest = Math.abs(value); rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
  return digits;
}

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
 * A counter of pretty JSON bytes that remembers long strings: the original and replay payloads of
 * an inspection hold mostly the very same string objects (V8 compares those by pointer first), so
 * the second payload costs little more than its structure.
 */
export function createJsonByteCounter(): (value: unknown) => number {
  const memo = new Map<string, number>();
  const strings = (value: string): number => {
    if (value.length < MEMO_MIN_CHARS) return stringBytes(value);
    let bytes = memo.get(value);
    if (bytes === undefined) memo.set(value, (bytes = stringBytes(value)));
    return bytes;
  };
  return (value) => countJson(value, 0, strings, true);
}

/** UTF-8 bytes of the pretty-printed (2-space) JSON of `value`, as JSON.stringify would write it. */
export function prettyJsonBytes(value: unknown): number {
  return countJson(value, 0, stringBytes, true);
}

/** UTF-8 bytes of the compact JSON of `value`, as JSON.stringify(value) would write it. */
export function compactJsonBytes(value: unknown): number {
  return countJson(value, 0, stringBytes, false);
}

/**
 * Bytes of `value`'s JSON at `depth`. Pretty: each member on its own line, indented two spaces a
 * level, and ": " after a key; compact: no whitespace at all.
 */
function countJson(value: unknown, depth: number, strings: (value: string) => number, pretty: boolean): number {
  if (value === null) return 4;
  switch (typeof value) {
    case 'string':
      return strings(value);
    case 'number':
      return Number.isFinite(value) ? String(value).length : 4;
    case 'boolean':
      return value ? 4 : 5;
    case 'object':
      break;
    default:
      return 0;
  }
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function')
    return Buffer.byteLength((pretty ? JSON.stringify(value, null, 2) : JSON.stringify(value)) ?? '');
  // Around the members: the brackets, and when pretty the newline and indent before the closing one.
  const frame = pretty ? 2 + 1 + 2 * depth : 2;
  // Before each member when pretty: a newline and the indent.
  const lead = pretty ? 1 + 2 * (depth + 1) : 0;
  if (Array.isArray(value)) {
    if (value.length === 0) return 2;
    let total = frame + value.length - 1; // the commas
    for (const item of value) {
      const inner =
        item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 4 : countJson(item, depth + 1, strings, pretty);
      total += lead + inner;
    }
    return total;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(
    ([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol',
  );
  if (entries.length === 0) return 2;
  let total = frame + entries.length - 1;
  for (const [key, item] of entries) total += lead + stringBytes(key) + (pretty ? 2 : 1) + countJson(item, depth + 1, strings, pretty);
  return total;
}

/** The byte length of `JSON.stringify(value, null, 2)` without building the string (big payloads). */

// Characters JSON.stringify escapes: quote, backslash, controls, and lone surrogates.
// eslint-disable-next-line no-control-regex -- these are the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
// eslint-disable-next-line no-control-regex -- the ASCII range, NUL included
const NON_ASCII = /[^\u0000-\u007f]/;

function stringBytes(value: string): number {
  if (!NEEDS_ESCAPE.test(value)) return NON_ASCII.test(value) ? Buffer.byteLength(value) + 2 : value.length + 2;
  return Buffer.byteLength(JSON.stringify(value));
}

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
  return (value) => countPretty(value, 0, strings);
}

/** UTF-8 bytes of the pretty-printed (2-space) JSON of `value`, as JSON.stringify would write it. */
export function prettyJsonBytes(value: unknown): number {
  return countPretty(value, 0, stringBytes);
}

function countPretty(value: unknown, depth: number, strings: (value: string) => number): number {
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
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return Buffer.byteLength(JSON.stringify(value, null, 2) ?? '');
  const indent = 2 * (depth + 1);
  if (Array.isArray(value)) {
    if (value.length === 0) return 2;
    let total = 2 + 1 + 2 * depth; // "[" + "\n" + closing indent + "]"
    value.forEach((item, i) => {
      const inner = item === undefined || typeof item === 'function' || typeof item === 'symbol' ? 4 : countPretty(item, depth + 1, strings);
      total += 1 + indent + inner + (i < value.length - 1 ? 1 : 0);
    });
    return total;
  }
  const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol');
  if (entries.length === 0) return 2;
  let total = 2 + 1 + 2 * depth;
  entries.forEach(([key, item], i) => {
    total += 1 + indent + stringBytes(key) + 2 + countPretty(item, depth + 1, strings) + (i < entries.length - 1 ? 1 : 0);
  });
  return total;
}

/**
 * Parsing a long JSONL line without its whole text in memory.
 *
 * A line of megabytes is nearly all one or two strings (a tool's output, an image's base64). Decoding
 * the line and then `JSON.parse` holds two copies of those strings at once, the line's text being
 * garbage the moment the parse ends: for a text with one character outside Latin-1, each copy takes
 * two bytes a character. Here the long strings are cut out by a scan for quotes, the small rest is
 * parsed as usual, and each long string is unescaped (four bytes at a time between escapes) into a
 * scratch buffer (UTF-8), or over its own bytes when the caller allows, and decoded once, straight
 * into its value. Nothing the size of the line is left over for the GC.
 *
 * Anything unusual gives null, and the caller parses the line's text as usual and reports what is
 * wrong, if anything: invalid UTF-8, a raw control character, a string that never ends, invalid
 * JSON, a long key, an escaped lone surrogate (UTF-8 cannot carry it), a short string that starts
 * with NUL (the marks do), a duplicate key that drops a long string, a line without long strings.
 */
import { isUtf8 } from 'node:buffer';
import { forgetBase64AlphabetNotes, isBase64AlphabetBytes, noteBase64Alphabet } from '../../shared/images/probe.js';
import { forgetWellFormedNotes, noteWellFormed } from '../../shared/text/well-formed.js';

/**
 * Lines from this many bytes are parsed by their parts. A line's decoded text of 128 KiB or more
 * (64 KiB of UTF-8 with one character outside Latin-1 takes two bytes a character) is made in V8's
 * large-object space, which only a full collection frees: on a session of 20–150 KB thinking blocks
 * those texts were 13 MB of garbage at the peak. Parsed by their parts, those lines leave none, and
 * took less time (long-thinking at 100 MiB: peak 2.00–2.08 → 1.93–1.97 × the file, 560–572 →
 * 511–531 ms; at 256 KiB before).
 */
export const LONG_LINE_BYTES = 64 * 1024;
/** Strings whose JSON text is longer than this many bytes are decoded apart from the line. */
export const LONG_STRING_BYTES = 16 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;

/**
 * What stands for the n-th long string in the parsed rest of the line. It starts with NUL, which
 * JSON can only write as \u0000: a line with a short string whose text starts so is not parsed here,
 * so every string of the rest that starts with NUL is a mark.
 */
const MARK = '\u0000long-string:';
const NUL_ESCAPE = Buffer.from('\\u0000');
const MARK_INDEX = /^\d+$/;

/** Options of `createLongLineParser`. */
export interface LongLineOptions {
  /**
   * Unescape the strings in the line's own bytes instead of a scratch buffer (unescaping only
   * shrinks a string), so no scratch buffer as long as the line is held; the caller owns the bytes
   * and, when the parser gives null, must restore them (read them again, see `sameLine`) before the
   * line is parsed whole.
   */
  inPlace?: boolean;
  /**
   * With `inPlace`: emptied at each line, then given the place of each string the parse rewrote
   * (three numbers each: where its contents start and end in the line, the bytes written over them).
   */
  edits?: number[];
}

/**
 * A parser of long lines with its own scratch buffer (where escaped strings are unescaped, as UTF-8,
 * before their one decode). One per file read: the buffer goes with it.
 */
export function createLongLineParser(options: LongLineOptions = {}): (line: Uint8Array) => { value: unknown } | null {
  let scratch = Buffer.alloc(0);
  const room = options.inPlace
    ? null
    : (bytes: number): Buffer => {
        if (scratch.length < bytes) scratch = Buffer.allocUnsafe(bytes);
        return scratch;
      };
  const edits = options.inPlace ? (options.edits ?? []) : null;
  return (line) => {
    if (edits) edits.length = 0;
    return parseLongLine(line, room, edits);
  };
}

/**
 * Forget what the long-line parse told the images rule and the payload builders about the last long
 * strings it decoded (in the base64 alphabet, well formed). Those notes keep the strings alive, so
 * once an inspection is over (or its session closed) they would hold a closed session's longest
 * texts — hundreds of MB for a large one — until the next read; a note dropped early only costs a scan.
 */
export function forgetLongStringNotes(): void {
  forgetBase64AlphabetNotes();
  forgetWellFormedNotes();
}

/**
 * Whether `fresh`, a line's bytes read again, are the bytes an in-place parse that gave up read
 * (`edited`: the line's buffer after it, with its `edits`): equal wherever nothing was written, and
 * each rewritten string unescapes to what was written over it. A string may only differ in how an
 * escape is spelled, which gives the same value.
 */
export function sameLine(edited: Uint8Array, fresh: Uint8Array, edits: readonly number[]): boolean {
  if (fresh.length !== edited.length) return false;
  const a = Buffer.from(edited.buffer, edited.byteOffset, edited.byteLength);
  const b = Buffer.from(fresh.buffer, fresh.byteOffset, fresh.byteLength);
  let from = 0;
  for (let k = 0; k < edits.length; k += 3) {
    const start = edits[k];
    const end = edits[k + 1];
    const written = edits[k + 2];
    if (a.compare(b, from, start, from, start) !== 0) return false;
    const out = Buffer.allocUnsafe(end - start);
    const length = unescapeString(b, start, end, out);
    if ((length < 0 ? ~length : length) < written || a.compare(out, 0, written, start, start + written) !== 0) return false;
    from = start + written;
  }
  return a.compare(b, from, a.length, from, a.length) === 0;
}

/** The JSON value of a long line, or null when the line must be parsed as a whole (see above). */
function parseLongLine(line: Uint8Array, room: ((bytes: number) => Buffer) | null, edits: number[] | null): { value: unknown } | null {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  if (!isUtf8(bytes)) return null;
  const rest: string[] = [];
  const strings: string[] = [];
  let copied = 0;
  for (let at = 0; ;) {
    const open = bytes.indexOf(QUOTE, at);
    if (open < 0) break;
    const close = closingQuote(bytes, open);
    if (close < 0) return null;
    at = close + 1;
    if (close - open - 1 <= LONG_STRING_BYTES) {
      if (bytes[open + 1] === BACKSLASH && bytes.compare(NUL_ESCAPE, 0, NUL_ESCAPE.length, open + 1, open + 1 + NUL_ESCAPE.length) === 0)
        return null;
      continue;
    }
    if (isKey(bytes, at)) return null;
    const text = decodeString(bytes, open + 1, close, room, edits);
    if (text === null) return null;
    rest.push(bytes.toString('utf8', copied, open + 1), `\\u0000long-string:${strings.length}`);
    strings.push(text);
    copied = close;
  }
  if (strings.length === 0) return null;
  rest.push(bytes.toString('utf8', copied, bytes.length));
  let value: unknown;
  try {
    value = JSON.parse(rest.join(''));
  } catch {
    return null;
  }
  return putBack(value, strings);
}

/**
 * The index of the quote that closes the JSON string opened by the quote at `open` (the first quote
 * after an even run of backslashes), or -1 when the string never ends.
 */
export function closingQuote(bytes: Buffer, open: number): number {
  let close = bytes.indexOf(QUOTE, open + 1);
  while (close >= 0 && isEscaped(bytes, open, close)) close = bytes.indexOf(QUOTE, close + 1);
  return close;
}

/** Whether the quote at `at` is escaped (preceded by an odd run of backslashes after `open`). */
function isEscaped(bytes: Uint8Array, open: number, at: number): boolean {
  let run = 0;
  for (let i = at - 1; i > open && bytes[i] === BACKSLASH; i -= 1) run += 1;
  return run % 2 === 1;
}

/** Whether the string that ended before `at` is an object's key (a colon follows it). */
function isKey(bytes: Uint8Array, at: number): boolean {
  let i = at;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0d || bytes[i] === 0x0a)) i += 1;
  return bytes[i] === COLON;
}

/** What a one-character escape stands for (\\b \\f \\n \\r \\t \\" \\\\ \\/), by the byte after the backslash; 0: not one. */
const SIMPLE_ESCAPES = new Uint8Array(128);
for (const [letter, byte] of [
  ['b', 0x08],
  ['f', 0x0c],
  ['n', 0x0a],
  ['r', 0x0d],
  ['t', 0x09],
  ['"', 0x22],
  ['\\', 0x5c],
  ['/', 0x2f],
] as const)
  SIMPLE_ESCAPES[letter.charCodeAt(0)] = byte;

/**
 * The value of the JSON string whose contents are bytes[start, end), or null (see unescapeString);
 * without `room`, unescaped over its own bytes.
 */
function decodeString(
  bytes: Buffer,
  start: number,
  end: number,
  room: ((bytes: number) => Buffer) | null,
  edits: number[] | null,
): string | null {
  if (bytes.subarray(start, end).includes(BACKSLASH)) {
    const out = room ? room(end - start) : bytes;
    const from = room ? 0 : start;
    const length = unescapeString(bytes, start, end, out, from);
    edits?.push(start, end, length < 0 ? ~length : length);
    return length < 0 ? null : fromUtf8(out, from, from + length);
  }
  // No escape: decoded where it is, once its bytes are known free of raw control characters (checked
  // on the bytes, four at a time: a RegExp over the decoded text cost twice as much). An image's
  // base64 is all alphabet, so no control character either; the images rule is told, so that it
  // does not check the alphabet again on the text.
  if (isBase64AlphabetBytes(bytes, start, end)) {
    // ASCII: as Latin-1 it is the same text, copied without the UTF-8 decoder's checks.
    const base64 = bytes.toString('latin1', start, end);
    noteBase64Alphabet(base64);
    return base64;
  }
  return hasControlByte(bytes, start, end) ? null : fromUtf8(bytes, start, end);
}

/**
 * The text of valid UTF-8 bytes[start, end). A text with characters outside ASCII is noted well
 * formed: the payload builders would scan it for lone surrogates (one of two bytes a character; an
 * ASCII text is checked at no cost).
 */
function fromUtf8(bytes: Buffer, start: number, end: number): string {
  const text = bytes.toString('utf8', start, end);
  if (text.length < end - start) noteWellFormed(text);
  return text;
}

/** A view to read and write four bytes at a time at any offset. */
const wordsOf = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Whether one of the four bytes of `word` is below 0x20 (a raw control character). Exact for "any":
 * subtracting 0x20 from each byte sets the top bit of a byte below 0x20 (it wraps), never of a byte
 * from 0x20 to 0x7f, and bytes from 0x80 are masked out by `~word`; only a byte that wrapped borrows
 * from the next one, so a false flag can only come after a true one.
 */
const hasControl = (word: number): boolean => ((word - 0x20202020) & ~word & 0x80808080) !== 0;

/** Whether one of the four bytes of `word` is a backslash (the same trick on the bytes XOR 0x5c: a zero byte). */
const hasBackslash = (word: number): boolean => {
  const zeroWhereBackslash = word ^ 0x5c5c5c5c;
  return ((zeroWhereBackslash - 0x01010101) & ~zeroWhereBackslash & 0x80808080) !== 0;
};

/** Whether bytes[start, end) hold a byte below 0x20, which JSON forbids raw inside a string. */
function hasControlByte(bytes: Uint8Array, start: number, end: number): boolean {
  const words = wordsOf(bytes);
  let i = start;
  for (; i + 4 <= end; i += 4) if (hasControl(words.getInt32(i, true))) return true;
  for (; i < end; i += 1) if (bytes[i] < 0x20) return true;
  return false;
}

/**
 * The UTF-8 bytes of the JSON string whose contents are bytes[start, end), written to `out` from
 * `from` (which may be `bytes` itself, from `start`: each byte is written no further than it was
 * read); their count, or, when the contents are not valid JSON (a raw control character, a bad
 * escape) or hold an escaped lone surrogate, which UTF-8 cannot carry, the complement (~) of the
 * count written before (always negative).
 */
function unescapeString(bytes: Uint8Array, start: number, end: number, out: Uint8Array, from = 0): number {
  const source = wordsOf(bytes);
  const target = wordsOf(out);
  let n = from;
  for (let i = start; i < end; i += 1) {
    // Plain bytes are copied as they are, four at a time while none of the four is a backslash or a
    // control character (a long tool output is mostly such runs: twice as fast as byte by byte).
    while (i + 4 <= end) {
      const word = source.getInt32(i, true);
      if (hasBackslash(word) || hasControl(word)) break;
      target.setInt32(n, word, true);
      i += 4;
      n += 4;
    }
    if (i === end) break;
    const b = bytes[i];
    if (b >= 0x20 && b !== BACKSLASH) {
      out[n++] = b;
      continue;
    }
    if (b < 0x20) return ~(n - from);
    const next = bytes[i + 1];
    const simple = next < 0x80 ? SIMPLE_ESCAPES[next] : 0;
    if (simple !== 0) {
      out[n++] = simple;
      i += 1;
      continue;
    }
    if (next !== 0x75 || i + 6 > end) return ~(n - from);
    let code = hex4(bytes, i + 2);
    i += 5;
    if (code < 0 || (code >= 0xdc00 && code <= 0xdfff)) return ~(n - from);
    if (code >= 0xd800 && code <= 0xdbff) {
      const low = i + 7 <= end && bytes[i + 1] === BACKSLASH && bytes[i + 2] === 0x75 ? hex4(bytes, i + 3) : -1;
      if (low < 0xdc00 || low > 0xdfff) return ~(n - from);
      code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
      i += 6;
    }
    n = putUtf8(out, n, code);
  }
  return n - from;
}

/** The value of the four hex digits at `at`, or -1 if one is not a hex digit. */
function hex4(bytes: Uint8Array, at: number): number {
  let code = 0;
  for (let k = at; k < at + 4; k += 1) {
    const b = bytes[k];
    const digit = b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x61 && b <= 0x66 ? b - 0x57 : b >= 0x41 && b <= 0x46 ? b - 0x37 : -1;
    if (digit < 0) return -1;
    code = code * 16 + digit;
  }
  return code;
}

/** Write a code point as UTF-8 at `n`; the next free index. */
function putUtf8(out: Uint8Array, n: number, code: number): number {
  if (code < 0x80) {
    out[n] = code;
    return n + 1;
  }
  if (code < 0x800) {
    out[n] = 0xc0 | (code >> 6);
    out[n + 1] = 0x80 | (code & 0x3f);
    return n + 2;
  }
  if (code < 0x10000) {
    out[n] = 0xe0 | (code >> 12);
    out[n + 1] = 0x80 | ((code >> 6) & 0x3f);
    out[n + 2] = 0x80 | (code & 0x3f);
    return n + 3;
  }
  out[n] = 0xf0 | (code >> 18);
  out[n + 1] = 0x80 | ((code >> 12) & 0x3f);
  out[n + 2] = 0x80 | ((code >> 6) & 0x3f);
  out[n + 3] = 0x80 | (code & 0x3f);
  return n + 4;
}

/**
 * The parsed rest with each mark replaced by its long string, or null unless every long string was
 * put back once (a duplicate key may have dropped one). Iterative: JSON.parse takes any depth.
 */
function putBack(value: unknown, strings: readonly string[]): { value: unknown } | null {
  const holder: Record<string, unknown> = { value };
  const pending: Record<string, unknown>[] = [holder];
  let placed = 0;
  while (pending.length > 0) {
    const node = pending.pop()!;
    for (const key of Object.keys(node)) {
      const item = node[key];
      if (typeof item === 'object' && item !== null) pending.push(item as Record<string, unknown>);
      if (typeof item !== 'string' || item.charCodeAt(0) !== 0) continue;
      const index = item.slice(MARK.length);
      if (!item.startsWith(MARK) || !MARK_INDEX.test(index) || strings[Number(index)] === undefined) return null;
      // Defined, not assigned: a key "__proto__" is an own property here, which assigning would miss.
      Object.defineProperty(node, key, { value: strings[Number(index)], writable: true, enumerable: true, configurable: true });
      placed += 1;
    }
  }
  return placed === strings.length ? { value: holder.value } : null;
}

/**
 * A text replaced by a placeholder of the same shape: letters become x/X, digits 0, whitespace,
 * punctuation and OpenClaw's own markers stay. The UTF-16 length never changes, so every length
 * limit, blank/non-blank test and line structure hygiene looks at gives the same answer.
 */
import { isAsciiAlnumCode } from '../text/ascii.js';
import { KEPT_VALUES, PROTECTED_PATTERN, PROTECTED_PREFILTER, SILENT_TOKEN_PATTERN, SILENT_WORDS_PATTERN } from './vocabulary.js';

const LOWER = 0x78; // x
const UPPER = 0x58; // X
const DIGIT = 0x30; // 0
/** Letters outside ASCII become a letter outside ASCII too: `\w` and `\b` see the same classes. */
const OTHER_LOWER = 0xf8; // ø
const OTHER_UPPER = 0xd8; // Ø
/** A letter outside the BMP keeps its two code units: 𝑥. */
const ASTRAL_HIGH = 0xd835;
const ASTRAL_LOW = 0xdc65;

const KEEP = -1;

/** What an ASCII unit becomes: x, X or 0 for a letter or digit, itself otherwise. */
function maskedAscii(code: number): number {
  return code >= 0x61 && code <= 0x7a ? LOWER : code >= 0x41 && code <= 0x5a ? UPPER : code >= 0x30 && code <= 0x39 ? DIGIT : code;
}
const classOf = new Map<number, number>();

/** What a code point outside ASCII becomes: a placeholder letter, or KEEP (whitespace, punctuation, symbols). */
function replacementFor(codePoint: number): number {
  const known = classOf.get(codePoint);
  if (known !== undefined) return known;
  const ch = String.fromCodePoint(codePoint);
  let out = KEEP;
  if (/\p{Lu}|\p{Lt}/u.test(ch)) out = OTHER_UPPER;
  else if (/\p{L}|\p{N}|\p{M}/u.test(ch)) out = OTHER_LOWER;
  classOf.set(codePoint, out);
  return out;
}

/** True when a text has something to mask (a letter, digit or mark). */
const MASKABLE = /[\p{L}\p{N}\p{M}]/u;

/** Spans [start, end) kept verbatim: markers and prompts, and in a silent reply the words its patterns read. */
function protectedSpans(text: string): [number, number][] {
  // Nearly every text holds no marker: a quicker pattern says whether there is any.
  if (!PROTECTED_PREFILTER.test(text)) return [];
  const spans: [number, number][] = [];
  const collect = (pattern: RegExp) => {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m[0] === '') pattern.lastIndex += 1;
      else spans.push([m.index, m.index + m[0].length]);
    }
  };
  collect(PROTECTED_PATTERN);
  if (SILENT_TOKEN_PATTERN.test(text)) collect(SILENT_WORDS_PATTERN);
  return spans.sort((a, b) => a[0] - b[0]);
}

/**
 * The text with every letter and digit replaced, except inside protected markers.
 *
 * Deterministic and length-preserving (UTF-16 code units): equal texts stay equal and a marker's
 * position does not move.
 */
export function maskText(text: string): string {
  if (!MASKABLE.test(text) || (text.length <= 8 && KEPT_VALUES.has(text.trim().toLowerCase()))) return text;
  const spans = protectedSpans(text);
  // A text of ASCII alone (most of a coding session) is masked into bytes, which decode straight into
  // a one-byte string; the first unit past ASCII sends it to the general path.
  if (spans.length === 0) {
    const ascii = maskAscii(text);
    if (ascii !== null) return ascii;
  }
  const out = new Uint16Array(text.length);
  let from = 0;
  for (const [start, end] of spans) {
    if (end <= from) continue;
    maskRange(text, out, from, Math.max(from, start));
    for (let i = Math.max(from, start); i < end; i += 1) out[i] = text.charCodeAt(i);
    from = end;
  }
  maskRange(text, out, from, text.length);
  return fromCodeUnits(out);
}

const utf8 = new TextDecoder();

/** A text of ASCII alone masked, or null when it holds a unit past ASCII. */
function maskAscii(text: string): string | null {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) return null;
    out[i] = maskedAscii(code);
  }
  return utf8.decode(out);
}

/** Mask text[from, to) into `out`. */
function maskRange(text: string, out: Uint16Array, from: number, to: number): void {
  for (let i = from; i < to; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) {
      out[i] = maskedAscii(code);
      continue;
    }
    const next = i + 1 < to ? text.charCodeAt(i + 1) : 0;
    if (code >= 0xd800 && code <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      const letter = replacementFor(((code - 0xd800) << 10) + (next - 0xdc00) + 0x10000) !== KEEP;
      out[i] = letter ? ASTRAL_HIGH : code;
      out[i + 1] = letter ? ASTRAL_LOW : next;
      i += 1;
      continue;
    }
    const replacement = code >= 0xd800 && code <= 0xdfff ? KEEP : replacementFor(code);
    out[i] = replacement === KEEP ? code : replacement;
  }
}

/** Whether a Uint16Array's bytes are little-endian (as a UTF-16LE decoder reads them). */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
// ignoreBOM: a leading U+FEFF is a unit of the text, not a mark to drop.
const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** A string from UTF-16 code units, lone surrogates included (TextDecoder would replace them). */
export function fromCodeUnits(units: Uint16Array): string {
  // The decoder is exact when every surrogate is in a pair, and several times faster than the loop below.
  if (LITTLE_ENDIAN && pairedSurrogates(units)) return utf16.decode(units);
  let out = '';
  // apply() on a typed array: spreading one is several times slower.
  for (let i = 0; i < units.length; i += 4096) out += String.fromCharCode.apply(null, units.subarray(i, i + 4096) as unknown as number[]);
  return out;
}

/** Whether every surrogate of the units is half of a pair (high, then low). */
function pairedSurrogates(units: Uint16Array): boolean {
  for (let i = 0; i < units.length; i += 1) {
    const unit = units[i];
    if (unit < 0xd800 || unit > 0xdfff) continue;
    if (unit > 0xdbff || i + 1 >= units.length) return false;
    const next = units[i + 1];
    if (next < 0xdc00 || next > 0xdfff) return false;
    i += 1;
  }
  return true;
}

/** Every ASCII letter and digit replaced by `replacement` (base64-like blobs; a loop, not a regex: blobs run to megabytes). */
export function replaceAlphanumerics(text: string, replacement: string): string {
  const code = replacement.charCodeAt(0);
  // Blobs are ASCII: made into bytes, which decode straight into a one-byte string.
  if (code < 0x80) {
    const bytes = new Uint8Array(text.length);
    let ascii = true;
    for (let i = 0; i < text.length && ascii; i += 1) {
      const c = text.charCodeAt(i);
      bytes[i] = isAsciiAlnumCode(c) ? code : c;
      ascii = c < 0x80;
    }
    if (ascii) return utf8.decode(bytes);
  }
  const out = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    out[i] = isAsciiAlnumCode(c) ? code : c;
  }
  return fromCodeUnits(out);
}

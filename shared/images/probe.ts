/**
 * What can be known about a base64 image without decoding pixels: canonical base64, decoded size,
 * mime type from the magic bytes, and dimensions from the PNG/JPEG/GIF/WebP header (docs/rules.md#images).
 */

const B64_VALUE = new Int16Array(128).fill(-1);
'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'.split('').forEach((c, i) => {
  B64_VALUE[c.charCodeAt(0)] = i;
});
const valueOf = (code: number) => (code < 128 ? B64_VALUE[code] : -1);

/** A character outside the base64 alphabet and `=`: a negated class is the regex engine's fastest scan. */
const OUTSIDE_ALPHABET = /[^A-Za-z0-9+/=]/;

/**
 * The last string scanned for characters outside the alphabet and the answer: the images rule asks
 * for the size estimate and then the canonical form of the same image, which would scan it twice.
 */
let lastScanned: string | undefined;
let lastHadOutside = false;

/**
 * The last strings whose bytes a reader found all in the alphabet (`noteBase64Alphabet`), newest last.
 * A few only: the images of the line just parsed, which the host looks at right after; they are held
 * by the parsed session meanwhile.
 */
const knownInAlphabet: string[] = [];
const KNOWN_IN_ALPHABET = 4;

function hasOutsideAlphabet(base64: string): boolean {
  if (base64 !== lastScanned) {
    lastHadOutside = !knownInAlphabet.includes(base64) && OUTSIDE_ALPHABET.test(base64);
    lastScanned = base64;
  }
  return lastHadOutside;
}

/** Whether a byte is an alphabet character or `=`, by its value. */
const BYTE_IN_ALPHABET = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=') BYTE_IN_ALPHABET[c.charCodeAt(0)] = 1;

/**
 * Whether two bytes are both alphabet characters or `=`, by their 16-bit value (either byte order:
 * both must pass). Two lookups a 32-bit word cost far less than testing its four bytes against the
 * alphabet's ranges; the table (64 KiB) stays in the cache during a scan.
 */
const PAIR_IN_ALPHABET = new Uint8Array(0x10000);
for (let pair = 0; pair < 0x10000; pair += 1) PAIR_IN_ALPHABET[pair] = BYTE_IN_ALPHABET[pair & 0xff] & BYTE_IN_ALPHABET[pair >>> 8];

/** 1 when the four bytes of a 32-bit word are all alphabet characters or `=`, else 0. */
const wordInAlphabet = (word: number): number => PAIR_IN_ALPHABET[word & 0xffff] & PAIR_IN_ALPHABET[word >>> 16];

/**
 * Whether bytes[start, end) (text as UTF-8) are all base64 alphabet characters or `=`: a reader can
 * tell so of an image's data before it decodes it, sixteen bytes a test (one branch for four words:
 * three times faster than a word a test), far cheaper than the RegExp over the decoded text, then
 * `noteBase64Alphabet` it.
 */
export function isBase64AlphabetBytes(bytes: Uint8Array, start: number, end: number): boolean {
  const words = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = start;
  for (; i + 16 <= end; i += 16) {
    const inAlphabet =
      wordInAlphabet(words.getInt32(i, true)) &
      wordInAlphabet(words.getInt32(i + 4, true)) &
      wordInAlphabet(words.getInt32(i + 8, true)) &
      wordInAlphabet(words.getInt32(i + 12, true));
    if (inAlphabet === 0) return false;
  }
  for (; i < end; i += 1) if (BYTE_IN_ALPHABET[bytes[i]] === 0) return false;
  return true;
}

/**
 * Note that `text` holds only alphabet characters and `=` (its bytes were checked with
 * `isBase64AlphabetBytes`): the images rule, which looks at it next, does not scan it again.
 */
export function noteBase64Alphabet(text: string): void {
  if (knownInAlphabet.push(text) > KNOWN_IN_ALPHABET) knownInAlphabet.shift();
}

/** Drop the notes and the last scan, and with them the images (MBs each) they keep alive. */
export function forgetBase64AlphabetNotes(): void {
  knownInAlphabet.length = 0;
  lastScanned = undefined;
  lastHadOutside = false;
}

/** Only alphabet characters, then at most two `=` at the very end (checked without a per-character loop). */
function isCanonicalShape(base64: string): boolean {
  if (base64.length === 0 || base64.length % 4 !== 0 || hasOutsideAlphabet(base64)) return false;
  const firstPad = base64.indexOf('=');
  return firstPad < 0 || (firstPad >= base64.length - 2 && base64.charCodeAt(base64.length - 1) === 61);
}

/** The unused low bits of the last character before padding are zero (strict decoders require it). */
function paddingBitsClear(canonical: string): boolean {
  const padding = canonical.endsWith('==') ? 2 : canonical.endsWith('=') ? 1 : 0;
  if (padding === 0) return true;
  const last = valueOf(canonical.charCodeAt(canonical.length - 1 - padding));
  return (last & (padding === 2 ? 15 : 3)) === 0;
}

/** Decoded size estimated from the raw string (whitespace and padding discounted), without decoding. */
export function estimateDecodedBytes(base64: string): number {
  if (!hasOutsideAlphabet(base64)) {
    const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
    return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
  }
  let len = 0;
  for (let i = 0; i < base64.length; i += 1) if (base64.charCodeAt(i) > 32) len += 1;
  if (len === 0) return 0;
  let end = base64.length - 1;
  while (end >= 0 && base64.charCodeAt(end) <= 32) end -= 1;
  let padding = 0;
  if (end >= 0 && base64[end] === '=') {
    padding = 1;
    end -= 1;
    while (end >= 0 && base64.charCodeAt(end) <= 32) end -= 1;
    if (end >= 0 && base64[end] === '=') padding = 2;
  }
  return Math.max(0, Math.floor((len * 3) / 4) - padding);
}

/** Whether a text is canonical base64 as it is: what decoding it and encoding the bytes again gives back. */
export function isCanonicalBase64(base64: string): boolean {
  return isCanonicalShape(base64) && paddingBitsClear(base64);
}

/**
 * Canonical base64 (whitespace removed, missing padding added), or undefined when the alphabet,
 * padding, length or unused pad bits are wrong.
 */
export function canonicalizeBase64(base64: string): string | undefined {
  // The usual case, checked by the regex engine in one native pass: already canonical.
  if (isCanonicalShape(base64)) return paddingBitsClear(base64) ? base64 : undefined;
  let hasWhitespace = false;
  let count = 0;
  let padding = 0;
  let last = 0;
  for (let i = 0; i < base64.length; i += 1) {
    const code = base64.charCodeAt(i);
    if (code <= 32) {
      hasWhitespace = true;
      continue;
    }
    count += 1;
    if (code === 61) {
      padding += 1;
      if (padding > 2) return undefined;
      continue;
    }
    const value = valueOf(code);
    if (padding > 0 || value < 0) return undefined;
    last = value;
  }
  if (count === 0) return undefined;
  const remainder = count % 4;
  if (remainder !== 0 && (padding > 0 || remainder === 1)) return undefined;
  const effectivePadding = remainder === 0 ? padding : 4 - remainder;
  const mask = effectivePadding === 2 ? 15 : effectivePadding === 1 ? 3 : 0;
  if (mask !== 0 && (last & mask) !== 0) return undefined;
  let cleaned = base64;
  if (hasWhitespace) {
    cleaned = '';
    for (let i = 0; i < base64.length; i += 1) if (base64.charCodeAt(i) > 32) cleaned += base64[i];
  }
  return remainder === 0 ? cleaned : cleaned + '='.repeat(4 - remainder);
}

/** Exact decoded byte length of canonical base64. */
export function decodedLength(canonical: string): number {
  const padding = canonical.endsWith('==') ? 2 : canonical.endsWith('=') ? 1 : 0;
  return (canonical.length / 4) * 3 - padding;
}

/** The mime type the magic bytes announce (jpeg, png, gif), or undefined. */
export function sniffMimeType(base64: string): string | undefined {
  const t = base64.trimStart();
  if (t.startsWith('/9j/')) return 'image/jpeg';
  if (t.startsWith('iVBOR')) return 'image/png';
  if (t.startsWith('R0lGOD')) return 'image/gif';
  return undefined;
}

/** Random access to the bytes of canonical base64, decoding only the groups that are read. */
class Base64Bytes {
  readonly length: number;
  constructor(private readonly b64: string) {
    this.length = decodedLength(b64);
  }
  at(i: number): number {
    if (i < 0 || i >= this.length) return -1;
    const group = Math.floor(i / 3) * 4;
    const a = valueOf(this.b64.charCodeAt(group));
    const b = valueOf(this.b64.charCodeAt(group + 1));
    const c = Math.max(0, valueOf(this.b64.charCodeAt(group + 2)));
    const d = Math.max(0, valueOf(this.b64.charCodeAt(group + 3)));
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    return (n >> (16 - (i % 3) * 8)) & 0xff;
  }
  u16be(i: number): number {
    return (this.at(i) << 8) | this.at(i + 1);
  }
  u16le(i: number): number {
    return this.at(i) | (this.at(i + 1) << 8);
  }
  u32be(i: number): number {
    return ((this.at(i) << 24) >>> 0) + ((this.at(i + 1) << 16) | (this.at(i + 2) << 8) | this.at(i + 3));
  }
  ascii(i: number, n: number): string {
    let s = '';
    for (let k = 0; k < n; k += 1) s += String.fromCharCode(Math.max(0, this.at(i + k)));
    return s;
  }
}

/** Image dimensions as displayed (EXIF rotations 5–8 swap width and height). */
export interface ImageDimensions {
  width: number;
  height: number;
  format: 'png' | 'jpeg' | 'gif' | 'webp';
}

function jpegOrientation(bytes: Base64Bytes, app1: number, length: number): number | undefined {
  const start = app1 + 4;
  if (bytes.ascii(start, 6) !== 'Exif\u0000\u0000') return undefined;
  const tiff = start + 6;
  const order = bytes.ascii(tiff, 2);
  const little = order === 'II';
  if (!little && order !== 'MM') return undefined;
  const u16 = (i: number) => (little ? bytes.u16le(i) : bytes.u16be(i));
  const u32 = (i: number) => (little ? (bytes.u16le(i) | (bytes.u16le(i + 2) << 16)) >>> 0 : bytes.u32be(i));
  const ifd = tiff + u32(tiff + 4);
  const entries = u16(ifd);
  for (let k = 0; k < entries && k < 256; k += 1) {
    const entry = ifd + 2 + k * 12;
    if (entry + 12 > app1 + 2 + length) break;
    if (u16(entry) === 0x0112) return u16(entry + 8);
  }
  return undefined;
}

function jpegDimensions(bytes: Base64Bytes): ImageDimensions | null {
  let i = 2;
  let orientation: number | undefined;
  while (i + 9 < bytes.length) {
    if (bytes.at(i) !== 0xff) {
      i += 1;
      continue;
    }
    const marker = bytes.at(i + 1);
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9) return null;
    const length = bytes.u16be(i + 2);
    if (marker === 0xe1 && orientation === undefined) orientation = jpegOrientation(bytes, i, length);
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = bytes.u16be(i + 5);
      const width = bytes.u16be(i + 7);
      const swap = orientation !== undefined && orientation >= 5 && orientation <= 8;
      return { width: swap ? height : width, height: swap ? width : height, format: 'jpeg' };
    }
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

/** Dimensions read from the image header, or null when the header is not one of PNG/JPEG/GIF/WebP. */
export function readImageDimensions(canonicalBase64: string): ImageDimensions | null {
  const bytes = new Base64Bytes(canonicalBase64);
  if (bytes.length >= 24 && bytes.u32be(0) === 0x89504e47 && bytes.ascii(12, 4) === 'IHDR') {
    return { width: bytes.u32be(16), height: bytes.u32be(20), format: 'png' };
  }
  if (bytes.length >= 10 && bytes.ascii(0, 3) === 'GIF') return { width: bytes.u16le(6), height: bytes.u16le(8), format: 'gif' };
  if (bytes.length >= 4 && bytes.at(0) === 0xff && bytes.at(1) === 0xd8) return jpegDimensions(bytes);
  if (bytes.length >= 30 && bytes.ascii(0, 4) === 'RIFF' && bytes.ascii(8, 4) === 'WEBP') {
    const chunk = bytes.ascii(12, 4);
    if (chunk === 'VP8 ') return { width: bytes.u16le(26) & 0x3fff, height: bytes.u16le(28) & 0x3fff, format: 'webp' };
    if (chunk === 'VP8L') {
      const b1 = bytes.at(22);
      const b2 = bytes.at(23);
      const b3 = bytes.at(24);
      return {
        width: 1 + (((b1 & 0x3f) << 8) | bytes.at(21)),
        height: 1 + (((b3 & 0xf) << 10) | (b2 << 2) | ((b1 & 0xc0) >> 6)),
        format: 'webp',
      };
    }
    if (chunk === 'VP8X') {
      return {
        width: 1 + (bytes.at(24) | (bytes.at(25) << 8) | (bytes.at(26) << 16)),
        height: 1 + (bytes.at(27) | (bytes.at(28) << 8) | (bytes.at(29) << 16)),
        format: 'webp',
      };
    }
  }
  return null;
}

/** Bytes in OpenClaw's short form: `10.00MB`, `512.0KB`, `100B` (binary units). */
export function formatBytesShort(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)}MB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)}KB`;
  return `${bytes}B`;
}

/**
 * Image data replaced without decoding pixels: a look-alike of the same validity class for data
 * that is not a usable image, and a header-only image of the same format, size and byte length for
 * one whose pixels the host cannot make (no codec, or a codec that cannot read it).
 */
import { base64Problem } from '../repair/corrupted-image.js';
import { canonicalizeBase64, decodedLength, estimateDecodedBytes, readImageDimensions, sniffMimeType } from '../images/probe.js';
import { MAX_IMAGE_INPUT_BYTES } from '../rules/images.js';
import { replaceAlphanumerics } from './mask-text.js';

/** Turns the base64 of an image into the base64 of a placeholder image. The host's one makes real pixels. */
export interface ImageRedactor {
  redact(data: string): Promise<string>;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Canonical base64 of bytes (small inputs: headers). */
export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < 4; k += 1) out += k < chars ? ALPHABET[(n >> (18 - 6 * k)) & 63] : '=';
  }
  return out;
}

/** Base64 of `header` followed by zero bytes up to `length` bytes in all. */
export function headerThenZeros(header: Uint8Array, length: number): string {
  const total = Math.max(length, header.length);
  const head = Math.min(total, Math.ceil(header.length / 3) * 3);
  const first = new Uint8Array(head);
  first.set(header);
  const rest = total - head;
  const tail = rest % 3 === 0 ? '' : rest % 3 === 1 ? 'AA==' : 'AAA=';
  return bytesToBase64(first) + 'A'.repeat(Math.floor(rest / 3) * 4) + tail;
}

/** The classes hygiene and file repair tell apart for image data. */
function dataClass(data: string): string {
  return `${canonicalizeBase64(data) !== undefined}:${base64Problem(data) === null}:${estimateDecodedBytes(data) > MAX_IMAGE_INPUT_BYTES}`;
}

/**
 * Data that is not a usable image (invalid base64, over the input limit) replaced character for
 * character: letters and digits become `A`, everything else stays, so it is invalid (or too large)
 * in exactly the same way. The last character is adjusted when that alone would change the class.
 */
export function invalidDataLookAlike(data: string): string {
  const masked = replaceAlphanumerics(data, 'A');
  const wanted = dataClass(data);
  const last = masked.search(/A[^A]*$/);
  for (const ch of ['A', 'B', 'Q', 'g', 'z', '*']) {
    const candidate = last < 0 ? masked : masked.slice(0, last) + ch + masked.slice(last + 1);
    if (dataClass(candidate) === wanted) return candidate;
  }
  return masked;
}

/** The original's layout (line breaks, missing padding) applied to new canonical base64. */
export function layoutLike(original: string, canonical: string): string {
  if (original === canonical) return canonical;
  const unpadded = !original.trimEnd().endsWith('=') ? canonical.replace(/=+$/, '') : canonical;
  if (!/\s/.test(original)) return unpadded;
  let out = '';
  let k = 0;
  for (let i = 0; i < original.length && k < unpadded.length; i += 1) {
    if (original.charCodeAt(i) <= 32) out += original[i];
    else out += unpadded[k++];
  }
  return out + unpadded.slice(k);
}

const u16be = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32be = (n: number) => [(n >>> 24) & 0xff, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

/** A header announcing an image of this format and size, with no pixels behind it. */
function syntheticHeader(format: string, width: number, height: number): Uint8Array {
  switch (format) {
    case 'png':
      return Uint8Array.from([
        0x89,
        0x50,
        0x4e,
        0x47,
        0x0d,
        0x0a,
        0x1a,
        0x0a,
        0,
        0,
        0,
        13,
        0x49,
        0x48,
        0x44,
        0x52,
        ...u32be(width),
        ...u32be(height),
      ]);
    case 'jpeg':
      return Uint8Array.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, ...u16be(height), ...u16be(width), 3]);
    case 'gif':
      return Uint8Array.from([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, width & 0xff, width >> 8, height & 0xff, height >> 8]);
    default: {
      const w = width - 1;
      const h = height - 1;
      const riff = [0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x58, 10, 0, 0, 0, 0, 0, 0, 0];
      return Uint8Array.from([...riff, w & 0xff, (w >> 8) & 0xff, (w >> 16) & 0xff, h & 0xff, (h >> 8) & 0xff, (h >> 16) & 0xff]);
    }
  }
}

/** Magic bytes worth keeping when nothing else of a header can be read (the mime type is sniffed from them). */
function magicOf(canonical: string): Uint8Array {
  const sniffed = sniffMimeType(canonical);
  if (sniffed === 'image/png') return Uint8Array.from([0x89, 0x50, 0x4e, 0x47]);
  if (sniffed === 'image/jpeg') return Uint8Array.from([0xff, 0xd8, 0xff]);
  return new Uint8Array(0);
}

/**
 * A placeholder for image data without decoding it: invalid or oversized data gets a look-alike;
 * a valid image a header of the same format and dimensions, then zeros up to the same byte length
 * (so the size limits, the mime sniffing and the header's dimensions give the same answers).
 */
export function imageLookAlike(data: string): string {
  const canonical = canonicalizeBase64(data);
  if (canonical === undefined || base64Problem(data) !== null || estimateDecodedBytes(data) > MAX_IMAGE_INPUT_BYTES)
    return invalidDataLookAlike(data);
  const length = decodedLength(canonical);
  const dims = readImageDimensions(canonical);
  const header = dims ? syntheticHeader(dims.format, dims.width, dims.height) : magicOf(canonical);
  return layoutLike(data, headerThenZeros(header.length <= length || dims ? header : header.subarray(0, length), length));
}

/** The pure image redactor: header-only placeholders (the host plugs in one that draws real pixels). */
export const headerOnlyImages: ImageRedactor = {
  redact: async (data) => imageLookAlike(data),
};

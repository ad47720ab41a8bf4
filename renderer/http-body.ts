/**
 * The body of a web-mode API call: `{"args":[...]}`, each byte array as `{"$bytes":"<base64>"}`.
 * Built as a Blob of pieces: a file of hundreds of MiB never becomes one base64 string (a browser
 * string cannot hold 512 MiB, and the copies would weigh on the page).
 */
import { MAX_BODY_BYTES } from '../shared/web-limits.js';

/** Bytes encoded per base64 piece: a multiple of 3, so the pieces join without padding between them. */
const PIECE_BYTES = 3 * 1024 * 1024;

/** Base64 of bytes: the browser's FileReader does it natively; elsewhere (tests) in chunks with btoa. */
export async function bytesToBase64(bytes: Uint8Array): Promise<string> {
  if (typeof FileReader === 'undefined') {
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }
  const copy = new Uint8Array(bytes.byteLength);
  copy.set(bytes);
  const dataUrl = await new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('could not read the bytes'));
    reader.readAsDataURL(new Blob([copy.buffer]));
  });
  return dataUrl.slice(dataUrl.indexOf(',') + 1);
}

/** `384 MiB`, `1.5 GiB`. */
export const formatSize = (bytes: number): string =>
  bytes >= 1024 ** 3 ? `${(bytes / 1024 ** 3).toFixed(1)} GiB` : `${Math.round(bytes / 1024 ** 2)} MiB`;

/**
 * The request body for `args`, refused before it is sent when it is larger than the server reads.
 * Byte arrays are swapped for a marker no argument can contain (a fresh random id), the rest is
 * JSON.stringify's, and each marker is replaced by the byte array's base64 pieces.
 */
export async function requestBody(args: unknown[], limit: number = MAX_BODY_BYTES): Promise<Blob> {
  const marker = `ti-bytes-${globalThis.crypto.randomUUID()}-`;
  const arrays: Uint8Array[] = [];
  const swap = (value: unknown): unknown => {
    if (value instanceof Uint8Array) return `${marker}${arrays.push(value) - 1}`;
    if (Array.isArray(value)) return value.map(swap);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, swap(inner)]));
    return value;
  };
  const json = JSON.stringify({ args: args.map(swap) });
  const parts: BlobPart[] = [];
  const found = new RegExp(`"${marker}(\\d+)"`, 'g');
  let from = 0;
  for (let match = found.exec(json); match; match = found.exec(json)) {
    parts.push(json.slice(from, match.index), '{"$bytes":"');
    const bytes = arrays[Number(match[1])];
    for (let at = 0; at < bytes.length; at += PIECE_BYTES) parts.push(await bytesToBase64(bytes.subarray(at, at + PIECE_BYTES)));
    parts.push('"}');
    from = match.index + match[0].length;
  }
  parts.push(json.slice(from));
  const body = new Blob(parts);
  if (body.size > limit)
    throw new Error(
      `this request is ${formatSize(body.size)}, more than the ${formatSize(limit)} the web mode's server reads in one request`,
    );
  return body;
}

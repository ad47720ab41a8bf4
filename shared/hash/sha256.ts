/**
 * SHA-256 for the pure engine (deterministic ids, digests of text inputs), from @noble/hashes:
 * audited, pure and synchronous, so the engine hashes the same in Node and in the page. The host
 * hashes large files with node:crypto.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** UTF-8 bytes of a string. */
export const utf8Bytes: (text: string) => Uint8Array = utf8ToBytes;

/** Strings up to this length are encoded by `shortTextBytes`. */
const SHORT_TEXT = 64;

/**
 * UTF-8 bytes of a short string: an ASCII one (every tool-call id the rules hash) has one byte per
 * character, copied here; any other goes to the encoder. TextEncoder's call costs more than the hash
 * of a short id itself: over 53,000 ids, 77 ms against 15 ms for the copy.
 */
function shortTextBytes(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c > 0x7f) return utf8ToBytes(text);
    bytes[i] = c;
  }
  return bytes;
}

/** SHA-256 of bytes, or of a string's UTF-8 bytes, as lower-case hex. */
export function sha256Hex(input: Uint8Array | string): string {
  if (typeof input !== 'string') return bytesToHex(sha256(input));
  return bytesToHex(sha256(input.length <= SHORT_TEXT ? shortTextBytes(input) : utf8ToBytes(input)));
}

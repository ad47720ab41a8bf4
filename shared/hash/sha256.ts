/**
 * SHA-256 for the pure engine (deterministic ids, digests of text inputs), from @noble/hashes:
 * audited, pure and synchronous, so the engine hashes the same in Node and in the page. The host
 * hashes large files with node:crypto.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** UTF-8 bytes of a string. */
export const utf8Bytes: (text: string) => Uint8Array = utf8ToBytes;

/** SHA-256 of bytes, or of a string's UTF-8 bytes, as lower-case hex. */
export function sha256Hex(input: Uint8Array | string): string {
  return bytesToHex(sha256(typeof input === 'string' ? utf8ToBytes(input) : input));
}

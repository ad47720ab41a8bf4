/**
 * SHA-256 for the pure engine (deterministic ids, digests of text inputs), pure and synchronous, so the
 * engine hashes the same in Node and in the page: a short ASCII string (every tool-call id the rules
 * hash) is hashed here, straight from its characters (FIPS 180-4; the unit tests compare it with
 * node:crypto at every length to 300); anything else by @noble/hashes, which is audited. The host
 * hashes large files with node:crypto.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** UTF-8 bytes of a string. */
export const utf8Bytes: (text: string) => Uint8Array = utf8ToBytes;

/**
 * Strings up to this length are tried as ASCII and hashed here: over 54,000 ids of 20–90 characters,
 * 56 ms against 100–147 ms through @noble/hashes and its byte arrays (node:crypto: 40–53 ms).
 */
const SHORT_TEXT = 256;

/** SHA-256 of bytes, or of a string's UTF-8 bytes, as lower-case hex. */
export function sha256Hex(input: Uint8Array | string): string {
  if (typeof input !== 'string') return bytesToHex(sha256(input));
  if (input.length <= SHORT_TEXT) {
    const hex = asciiSha256Hex(input);
    if (hex !== null) return hex;
  }
  return bytesToHex(sha256(utf8ToBytes(input)));
}

const K = new Int32Array(64);
const H0 = new Int32Array(8);
{
  // The first 32 bits of the fractional parts of the cube roots of the first 64 primes (K) and of the
  // square roots of the first 8 (H0), computed rather than listed.
  const primes: number[] = [];
  for (let n = 2; primes.length < 64; n += 1) if (primes.every((p) => n % p !== 0)) primes.push(n);
  const frac32 = (x: number) => Math.floor((x - Math.floor(x)) * 0x100000000) | 0;
  primes.forEach((p, i) => {
    K[i] = frac32(Math.cbrt(p));
    if (i < 8) H0[i] = frac32(Math.sqrt(p));
  });
}

/** The message schedule and the hash value of the string being hashed (names as in FIPS 180-4, §6.2). */
const W = new Int32Array(64);
const H = new Int32Array(8);
const HEX = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** SHA-256 of an ASCII string as lower-case hex (null when a character is past U+007F). */
function asciiSha256Hex(text: string): string | null {
  const length = text.length;
  // The message, a 1 bit, zeros, and the length in bits in the last 8 bytes of the last block.
  const blocks = ((length + 8) >>> 6) + 1;
  H.set(H0);
  for (let block = 0; block < blocks; block += 1) {
    for (let t = 0; t < 16; t += 1) {
      let word = 0;
      for (let k = 0; k < 4; k += 1) {
        const at = block * 64 + t * 4 + k;
        let byte: number;
        if (at < length) {
          byte = text.charCodeAt(at);
          if (byte > 0x7f) return null;
        } else if (at === length) byte = 0x80;
        else byte = 0;
        word = (word << 8) | byte;
      }
      W[t] = word;
    }
    if (block === blocks - 1) {
      // The length in bits, high word then low word (at most SHORT_TEXT × 8 here).
      W[14] = 0;
      W[15] = length * 8;
    }
    for (let t = 16; t < 64; t += 1) {
      const w15 = W[t - 15];
      const w2 = W[t - 2];
      const s0 = ((w15 >>> 7) | (w15 << 25)) ^ ((w15 >>> 18) | (w15 << 14)) ^ (w15 >>> 3);
      const s1 = ((w2 >>> 17) | (w2 << 15)) ^ ((w2 >>> 19) | (w2 << 13)) ^ (w2 >>> 10);
      W[t] = (W[t - 16] + s0 + W[t - 7] + s1) | 0;
    }
    let a = H[0];
    let b = H[1];
    let c = H[2];
    let d = H[3];
    let e = H[4];
    let f = H[5];
    let g = H[6];
    let h = H[7];
    for (let t = 0; t < 64; t += 1) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (h + S1 + ch + K[t] + W[t]) | 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    H[0] += a;
    H[1] += b;
    H[2] += c;
    H[3] += d;
    H[4] += e;
    H[5] += f;
    H[6] += g;
    H[7] += h;
  }
  let out = '';
  for (let i = 0; i < 8; i += 1) {
    const v = H[i];
    out += HEX[(v >>> 24) & 0xff] + HEX[(v >>> 16) & 0xff] + HEX[(v >>> 8) & 0xff] + HEX[v & 0xff];
  }
  return out;
}

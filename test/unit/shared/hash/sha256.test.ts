import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../../shared/hash/sha256.js';

describe('sha256Hex', () => {
  it('hashes strings as their UTF-8 bytes (FIPS 180-2 vectors, non-ASCII and a lone surrogate)', () => {
    expect(sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(sha256Hex('é')).toBe(sha256Hex(new Uint8Array([0xc3, 0xa9])));
    expect(sha256Hex('\ud83d')).toBe(sha256Hex(new Uint8Array([0xef, 0xbf, 0xbd])));
    expect(sha256Hex(new Uint8Array([0x61, 0x62, 0x63]))).toBe(sha256Hex('abc'));
  });

  it('agrees with hashing the encoder’s bytes, on short and long strings, ASCII or not', () => {
    const char = fc.constantFrom('a', 'Z', '0', '_', ':', '\u007f', '\u0080', '\u00e9', '\u4e2d', '\ud83d', '\ude00', '\u0000');
    const text = fc.oneof(
      fc.array(char, { maxLength: 70 }).map((cs) => cs.join('')),
      fc.tuple(fc.integer({ min: 62, max: 66 }), char).map(([n, c]) => 'x'.repeat(n) + c),
      fc.integer({ min: 62, max: 66 }).map((n) => 'x'.repeat(n)),
    );
    fc.assert(
      fc.property(text, (s) => {
        expect(sha256Hex(s)).toBe(bytesToHex(sha256(utf8ToBytes(s))));
      }),
      { numRuns: 5000 },
    );
  });

  it('agrees with node:crypto on ASCII strings of every length to 300 and on random ids (the ones hashed without bytes)', () => {
    const node = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
    const all = Array.from({ length: 128 }, (_, c) => String.fromCharCode(c)).join('');
    for (let n = 0; n <= 300; n += 1) {
      const text = all.repeat(3).slice(n % 128, (n % 128) + n);
      expect(text).toHaveLength(n);
      expect(sha256Hex(text)).toBe(node(text));
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 300 }), (text) => {
        expect(sha256Hex(text)).toBe(node(text));
      }),
      { numRuns: 3000 },
    );
  });
});

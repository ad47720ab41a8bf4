// Base64 checks the images rule relies on: canonical form (whitespace out, padding in, strict
// padding bits) and the decoded size, on the fast path (already canonical) and the slow one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalizeBase64,
  decodedLength,
  estimateDecodedBytes,
  isBase64AlphabetBytes,
  noteBase64Alphabet,
  forgetBase64AlphabetNotes,
} from '../../../../shared/images/probe.js';

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

describe('canonicalizeBase64', () => {
  it('returns canonical base64 itself, and the canonical form of base64 with whitespace or without padding', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.array(fc.constantFrom(' ', '\n', '\r\n', '\t'), { maxLength: 5 }),
        (bytes, spaces) => {
          const canonical = b64(bytes);
          expect(canonicalizeBase64(canonical)).toBe(canonical);
          let spaced = canonical;
          for (const [k, space] of spaces.entries()) {
            const at = Math.floor(((k + 1) * spaced.length) / (spaces.length + 1));
            spaced = spaced.slice(0, at) + space + spaced.slice(at);
          }
          expect(canonicalizeBase64(spaced)).toBe(canonical);
          expect(canonicalizeBase64(canonical.replace(/=+$/, ''))).toBe(canonical);
          expect(decodedLength(canonical)).toBe(bytes.length);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses what strict decoders refuse', () => {
    expect(canonicalizeBase64('')).toBeUndefined();
    expect(canonicalizeBase64('   ')).toBeUndefined();
    expect(canonicalizeBase64('QQ=x')).toBeUndefined(); // data after padding
    expect(canonicalizeBase64('QQ===')).toBeUndefined(); // three padding characters
    expect(canonicalizeBase64('Q')).toBeUndefined(); // one character left over
    expect(canonicalizeBase64('QR==')).toBeUndefined(); // padding bits set (fast path)
    expect(canonicalizeBase64('QUJ=')).toBeUndefined(); // padding bits set, one '='
    expect(canonicalizeBase64('QR')).toBeUndefined(); // padding bits set (slow path)
    expect(canonicalizeBase64('QQ==')).toBe('QQ==');
    expect(canonicalizeBase64('ab-_')).toBeUndefined(); // URL-safe alphabet is not base64 here
    expect(canonicalizeBase64('abc!')).toBeUndefined();
  });
});

describe('estimateDecodedBytes', () => {
  it('is the decoded size, with or without whitespace', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
        const text = b64(bytes);
        expect(estimateDecodedBytes(text)).toBe(bytes.length);
        expect(estimateDecodedBytes(text.replace(/(.{76})/g, '$1\n'))).toBe(bytes.length);
      }),
      { numRuns: 300 },
    );
    expect(estimateDecodedBytes('')).toBe(0);
    expect(estimateDecodedBytes(' \n ')).toBe(0);
  });
});

describe('isBase64AlphabetBytes', () => {
  const outside = /[^A-Za-z0-9+/=]/;
  const check = (text: string): boolean => isBase64AlphabetBytes(Buffer.from(text, 'utf8'), 0, Buffer.byteLength(text));

  it("agrees with the alphabet RegExp for every byte at every offset from a word's edge, in the sixteen-byte steps or after", () => {
    for (let code = 0; code < 0x100; code += 1) {
      for (let at = 0; at < 21; at += 1) {
        const text = `${'QUJD'.repeat(6).slice(0, at)}${String.fromCharCode(code)}${'RA=='.repeat(2).slice(0, at % 9)}`;
        expect(check(text), `${code} at ${at}`).toBe(!outside.test(text));
      }
    }
    expect(check('')).toBe(true);
  });

  it('agrees with the alphabet RegExp for every pair of bytes, in either half of each word of a step', () => {
    const bytes = Buffer.from('QUJD'.repeat(4));
    for (let pair = 0; pair < 0x10000; pair += 1) {
      const text = String.fromCharCode(pair & 0xff, pair >>> 8);
      for (const at of [0, 6, 8, 14]) {
        bytes[at] = pair & 0xff;
        bytes[at + 1] = pair >>> 8;
        if (isBase64AlphabetBytes(bytes, 0, 16) !== !outside.test(text)) expect.fail(`bytes ${pair & 0xff}, ${pair >>> 8} at ${at}`);
        bytes.write('QU', at, 'latin1');
      }
    }
  });

  it('finds one character outside the alphabet at the start, in the middle or at the end, with or without padding', () => {
    const base64 = Buffer.from('a long enough image, or nearly').toString('base64');
    for (const data of [base64, base64.replace(/=+$/, ''), `${base64}=`]) {
      expect(check(data)).toBe(true);
      for (const at of [0, data.length >> 1, data.length - 1, data.length]) {
        for (const bad of ['-', '_', ' ', '\n', '.', 'é', '\u0000', '\u007f']) {
          const text = `${data.slice(0, at)}${bad}${data.slice(at)}`;
          expect(check(text), JSON.stringify(text)).toBe(false);
        }
      }
    }
  });

  it('looks only at bytes[start, end)', () => {
    const bytes = Buffer.from(' QUJD ');
    expect(isBase64AlphabetBytes(bytes, 1, 5)).toBe(true);
    expect(isBase64AlphabetBytes(bytes.subarray(1), 0, 4)).toBe(true);
    expect(isBase64AlphabetBytes(bytes, 0, 5)).toBe(false);
    expect(isBase64AlphabetBytes(bytes, 1, 6)).toBe(false);
  });
});

describe('noteBase64Alphabet', () => {
  it('spares the scan of the last strings noted, and only of those', () => {
    // A false note shows it is trusted: the size estimate then counts the two spaces as characters.
    const spaced = (k: number) => `  QUJD${'A'.repeat(4 * k)}`;
    const scanned = (k: number) => 3 + 3 * k;
    const trusted = (k: number) => Math.floor(((6 + 4 * k) * 3) / 4);
    expect(estimateDecodedBytes(spaced(0))).toBe(scanned(0));
    noteBase64Alphabet(spaced(1));
    expect(estimateDecodedBytes(spaced(1))).toBe(trusted(1));
    // Four notes later the first is forgotten: scanned again.
    for (let k = 2; k <= 5; k += 1) noteBase64Alphabet(spaced(k));
    expect(estimateDecodedBytes(spaced(5))).toBe(trusted(5));
    expect(estimateDecodedBytes(spaced(1))).toBe(scanned(1));
  });

  it('scans again every string noted before the notes were forgotten', () => {
    const spaced = `  QUJD${'B'.repeat(8)}`;
    noteBase64Alphabet(spaced);
    expect(estimateDecodedBytes(spaced)).toBe(Math.floor((14 * 3) / 4));
    forgetBase64AlphabetNotes();
    expect(estimateDecodedBytes(spaced)).toBe(9);
  });
});

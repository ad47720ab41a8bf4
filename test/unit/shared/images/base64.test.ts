// Base64 checks the images rule relies on: canonical form (whitespace out, padding in, strict
// padding bits) and the decoded size, on the fast path (already canonical) and the slow one.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalizeBase64, decodedLength, estimateDecodedBytes } from '../../../../shared/images/probe.js';

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

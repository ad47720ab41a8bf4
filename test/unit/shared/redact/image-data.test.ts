// Image data without pixels: invalid stays invalid the same way, valid gets a header of the same format, size and length.
import { describe, expect, it } from 'vitest';
import { headerThenZeros, imageLookAlike, invalidDataLookAlike, layoutLike } from '../../../../shared/redact/image-data.js';
import {
  canonicalizeBase64,
  decodedLength,
  estimateDecodedBytes,
  readImageDimensions,
  sniffMimeType,
} from '../../../../shared/images/probe.js';
import { base64Problem } from '../../../../shared/repair/corrupted-image.js';

/** A PNG header (signature + IHDR) of the given size, then some bytes. */
function pngBase64(width: number, height: number, extra: number): string {
  const bytes = Buffer.alloc(33 + extra, 7);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).copy(bytes);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return bytes.toString('base64');
}

describe('invalidDataLookAlike', () => {
  it('keeps non-alphabet characters and padding, so the data is invalid for the same reason', () => {
    const data = 'not base64 at all!';
    const out = invalidDataLookAlike(data);
    expect(out).toBe('AAA AAAAAA AA AAA!');
    expect(base64Problem(out)).not.toBeNull();
    expect(canonicalizeBase64(out)).toBeUndefined();
  });

  it('keeps a cut-off payload cut off', () => {
    const data = 'iVBORw0KGgoAAAANSUhEUgAB'.slice(0, 22);
    const out = invalidDataLookAlike(data);
    expect(out.length).toBe(22);
    expect(base64Problem(out)).toBe(base64Problem(data));
  });

  it('keeps pad bits set when they were (invalid for hygiene, fine for file repair)', () => {
    const data = 'QUJDRB==';
    expect(canonicalizeBase64(data)).toBeUndefined();
    const out = invalidDataLookAlike(data);
    expect(canonicalizeBase64(out)).toBeUndefined();
    expect(base64Problem(out)).toBeNull();
  });

  it('keeps the size estimate of data over the input limit', () => {
    const data = 'QUJD'.repeat(3_000_000);
    const out = invalidDataLookAlike(data);
    expect(estimateDecodedBytes(out)).toBe(estimateDecodedBytes(data));
    expect(out.startsWith('AAAA')).toBe(true);
  });
});

describe('headerThenZeros and layoutLike', () => {
  it('encodes a header followed by zeros up to the length', () => {
    expect(headerThenZeros(Uint8Array.from([1, 2, 3, 4]), 8)).toBe(Buffer.from([1, 2, 3, 4, 0, 0, 0, 0]).toString('base64'));
    expect(headerThenZeros(Uint8Array.from([255]), 2)).toBe(Buffer.from([255, 0]).toString('base64'));
  });

  it('puts the original line breaks and missing padding back', () => {
    expect(layoutLike('QUJD\nRA', 'AAAAAA==')).toBe('AAAA\nAA');
    expect(layoutLike('QUJDRA==', 'AAAAAA==')).toBe('AAAAAA==');
  });
});

describe('imageLookAlike', () => {
  it('gives a PNG the same dimensions, mime type and byte length, with no pixels', () => {
    const data = pngBase64(2400, 1600, 500);
    const out = imageLookAlike(data);
    expect(readImageDimensions(out)).toEqual({ width: 2400, height: 1600, format: 'png' });
    expect(sniffMimeType(out)).toBe('image/png');
    expect(decodedLength(out)).toBe(decodedLength(data));
    expect(
      Buffer.from(out, 'base64')
        .subarray(24)
        .every((b) => b === 0),
    ).toBe(true);
  });

  it('gives JPEG, GIF and WebP headers their dimensions', () => {
    const jpeg = Buffer.alloc(64);
    Buffer.from([0xff, 0xd8, 0xff, 0xc0, 0, 17, 8, 0x03, 0x20, 0x04, 0xb0, 3]).copy(jpeg);
    expect(readImageDimensions(imageLookAlike(jpeg.toString('base64')))).toEqual({ width: 1200, height: 800, format: 'jpeg' });
    const gif = Buffer.alloc(40);
    Buffer.from('GIF89a\x40\x01\xf0\x00', 'latin1').copy(gif);
    expect(readImageDimensions(imageLookAlike(gif.toString('base64')))).toEqual({ width: 320, height: 240, format: 'gif' });
  });

  it('gives data with an unknown header zeros of the same length', () => {
    const data = Buffer.from('%PDF-1.7 hello').toString('base64');
    const out = imageLookAlike(data);
    expect(decodedLength(out)).toBe(decodedLength(data));
    expect(readImageDimensions(out)).toBeNull();
  });
});

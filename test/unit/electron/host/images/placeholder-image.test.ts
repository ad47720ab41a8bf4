// Placeholder images drawn by sharp: same format, size, orientation and byte length; none of the original's pixels.
import { randomBytes } from 'node:crypto';
import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { placeholderImage } from '../../../../../electron/host/images/placeholder-image.js';
import { readImageDimensions, sniffMimeType } from '../../../../../shared/images/probe.js';

/** A noisy image (it compresses badly, like a photo), so the placeholder has padding to add. */
async function noisy(width: number, height: number): Promise<Sharp> {
  const pixels = randomBytes(width * height * 3);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

async function meta(base64: string) {
  const m = await sharp(Buffer.from(base64, 'base64')).metadata();
  return { format: m.format, width: m.width, height: m.height, orientation: m.orientation };
}

describe('placeholderImage', () => {
  for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
    it(`draws a ${format} of the same size and byte length`, async () => {
      const original = (await (await noisy(300, 200)).toFormat(format).toBuffer()).toString('base64');
      const out = await placeholderImage(original);
      expect(out).not.toBe(original);
      expect(out.length).toBe(original.length);
      expect(await meta(out)).toEqual(await meta(original));
      expect(readImageDimensions(out)).toEqual(readImageDimensions(original));
      expect(sniffMimeType(out)).toBe(sniffMimeType(original));
      // A uniform grey: nothing of the original's pixels survives.
      const stats = await sharp(Buffer.from(out, 'base64')).stats();
      expect(stats.channels.every((c) => c.max - c.min <= 8)).toBe(true);
    });
  }

  it('keeps a JPEG’s EXIF orientation, so the displayed size is the same', async () => {
    const original = (await (await noisy(120, 80)).jpeg().withMetadata({ orientation: 6 }).toBuffer()).toString('base64');
    const out = await placeholderImage(original);
    expect(readImageDimensions(out)).toEqual({ width: 80, height: 120, format: 'jpeg' });
    expect((await meta(out)).orientation).toBe(6);
  });

  it('gives an oversized image a placeholder that is just as oversized', async () => {
    const original = (await (await noisy(2000, 1400)).jpeg({ quality: 95 }).toBuffer()).toString('base64');
    const out = await placeholderImage(original);
    expect(readImageDimensions(out)).toEqual({ width: 2000, height: 1400, format: 'jpeg' });
    expect(out.length).toBe(original.length);
  });

  it('gives data over the 10 MB input guard a look-alike of the same size that is never decoded', async () => {
    const original = Buffer.alloc(11 * 1024 * 1024, 1).toString('base64');
    const out = await placeholderImage(original);
    expect(out.length).toBe(original.length);
    // Checked without a regular expression: /^A+=*$/ over 10 MB overflowed the regexp stack once under load.
    let end = out.length;
    while (end > 0 && out[end - 1] === '=') end -= 1;
    expect(end).toBeGreaterThan(0);
    expect(out.slice(0, end) === 'A'.repeat(end)).toBe(true);
  });

  it('draws an SVG of the same size as an empty drawing', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><text x="1" y="20">secret</text></svg>';
    const out = await placeholderImage(Buffer.from(svg).toString('base64'));
    const text = Buffer.from(out, 'base64').toString('utf8');
    expect(text).not.toContain('secret');
    expect(text.length).toBe(svg.length);
    expect(await meta(out)).toMatchObject({ format: 'svg', width: 40, height: 30 });
  });

  it('gives bytes sharp cannot read a header-only look-alike, and invalid base64 an invalid look-alike', async () => {
    const garbage = Buffer.from('not an image, just words').toString('base64');
    const out = await placeholderImage(garbage);
    expect(Buffer.from(out, 'base64').every((b) => b === 0)).toBe(true);
    expect(await placeholderImage('%%%not base64')).toBe('%%%AAA AAAAAA');
  });
});

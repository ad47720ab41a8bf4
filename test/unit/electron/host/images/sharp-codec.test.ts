// The sharp codec on real images generated here: limits, grid, EXIF rotation, failures, thumbnails.
import sharp, { type Metadata } from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  createSharpCodec,
  notReducibleMessage,
  reduceImage,
  sideGrid,
  sniffRaster,
} from '../../../../../electron/host/images/sharp-codec.js';
import type { ImageResizeRequest } from '../../../../../shared/images/codec.js';

const MIB = 1024 * 1024;
const LIMITS = { maxDimensionPx: 1200, maxBytes: 5 * MIB, maxPixels: 25_000_000 };

/** Deterministic noise: compresses badly, so byte limits are actually exercised. */
function noise(width: number, height: number, seed = 7): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let x = seed;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = x >> 16;
  }
  return raw;
}

async function png(width: number, height: number): Promise<Buffer> {
  return sharp(noise(width, height), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

async function jpeg(width: number, height: number, options: { orientation?: number; quality?: number } = {}): Promise<Buffer> {
  let img = sharp(noise(width, height), { raw: { width, height, channels: 3 } }).jpeg({ quality: options.quality ?? 90 });
  if (options.orientation) img = img.withMetadata({ orientation: options.orientation });
  return img.toBuffer();
}

function request(bytes: Buffer, mimeType: string, extra: Partial<ImageResizeRequest> = {}): ImageResizeRequest {
  return { data: bytes.toString('base64'), mimeType, ...LIMITS, ...extra };
}

async function decoded(data: string): Promise<Metadata> {
  return sharp(Buffer.from(data, 'base64')).metadata();
}

describe('sideGrid', () => {
  it('starts at the image side capped at the maximum, then the fixed steps, deduplicated and descending', () => {
    expect(sideGrid(3000, 1200)).toEqual([1200, 1000, 800]);
    expect(sideGrid(3000, 2000)).toEqual([2000, 1800, 1600, 1400, 1200, 1000, 800]);
    expect(sideGrid(1500, 2000)).toEqual([1800, 1600, 1500, 1400, 1200, 1000, 800]);
    expect(sideGrid(500, 400)).toEqual([400]);
  });
});

describe('reduceImage', () => {
  it('shrinks a large PNG to a JPEG that fits inside the maximum side, keeping the aspect ratio', async () => {
    const input = await png(3000, 2000);
    const result = await reduceImage(request(input, 'image/png', { width: 3000, height: 2000 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.mimeType).toBe('image/jpeg');
    expect([result.width, result.height]).toEqual([1200, 800]);
    const meta = await decoded(result.data);
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([1200, 800]);
    expect(result.bytes).toBe(Buffer.from(result.data, 'base64').byteLength);
    expect(result.bytes).toBeLessThanOrEqual(5 * MIB);
  });

  it('never enlarges: an image within the side limit but over the byte limit keeps its size', async () => {
    const input = await png(900, 600);
    const result = await reduceImage(request(input, 'image/png', { maxBytes: 400 * 1024 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.width, result.height]).toEqual([900, 600]);
    expect(result.bytes).toBeLessThanOrEqual(400 * 1024);
  });

  it('walks down the quality steps and then the sides until the bytes fit', async () => {
    const input = await png(2400, 2400);
    // At 1200 px even quality 35 is ~130 KB for this noise; at 1000 px a middle quality fits.
    const result = await reduceImage(request(input, 'image/png', { maxBytes: 100 * 1024 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.bytes).toBeLessThanOrEqual(100 * 1024);
    expect([result.width, result.height]).toEqual([1000, 1000]);
  });

  it('reduces a JPEG above the limits and reads its size when the header gave none', async () => {
    const input = await jpeg(2600, 1300);
    const result = await reduceImage(request(input, 'image/jpeg'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.width, result.height]).toEqual([1200, 600]);
  });

  it('applies EXIF orientation before resizing (a 90° rotated photo comes out upright)', async () => {
    const input = await jpeg(2000, 1000, { orientation: 6 });
    const result = await reduceImage(request(input, 'image/jpeg', { width: 2000, height: 1000 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.width, result.height]).toEqual([600, 1200]);
    const meta = await decoded(result.data);
    expect([meta.width, meta.height]).toEqual([600, 1200]);
    expect(meta.orientation ?? 1).toBe(1);
  });

  it('refuses an image above 25 megapixels with the image library error', async () => {
    // One flat colour: only the pixel count matters here, and 30 MP of noise take seconds to make and encode.
    const input = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#808080' } })
      .jpeg({ quality: 40 })
      .toBuffer();
    const result = await reduceImage(request(input, 'image/jpeg', { width: 6000, height: 5000 }));
    expect(result).toEqual({ ok: false, error: 'Input image exceeds pixel limit' });
  });

  it("reports OpenClaw's exact text when no grid point fits the byte limit", async () => {
    // Longest side 1300 px: the grid is 1200, 1000 and 800, each at every quality (18 encodes); wide and
    // short, so each encode is a third of a square's work, and the smallest still far above 10 KB.
    const input = await png(1300, 400);
    const result = await reduceImage(request(input, 'image/png', { maxBytes: 10 * 1024 }));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^Image could not be reduced below 0MB \(got 0\.\d\dMB\)$/);
    expect(notReducibleMessage(5 * MIB, 6.5 * MIB)).toBe('Image could not be reduced below 5MB (got 6.50MB)');
  });

  it('decodes what it can of a truncated JPEG (failOn none) and still returns a JPEG', async () => {
    const input = await jpeg(1600, 1200);
    const truncated = input.subarray(0, Math.floor(input.length / 2));
    const result = await reduceImage(request(truncated, 'image/jpeg', { width: 1600, height: 1200 }));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.width, result.height]).toEqual([1200, 900]);
  });

  it('returns an error (never throws) for bytes that are no image at all', async () => {
    const result = await reduceImage(request(Buffer.from('definitely not an image'), 'image/png', { width: 2000, height: 2000 }));
    expect(result.ok).toBe(false);
  });
});

describe('createSharpCodec', () => {
  it('probes dimensions after EXIF orientation', async () => {
    const codec = createSharpCodec();
    const input = await jpeg(300, 100, { orientation: 6 });
    await expect(codec.probe!(input.toString('base64'))).resolves.toEqual({ width: 100, height: 300 });
    await expect(codec.probe!(Buffer.from('nope').toString('base64'))).resolves.toBeNull();
  });

  it('makes PNG thumbnails no larger than 160 px, and refuses SVG', async () => {
    const codec = createSharpCodec();
    const thumb = await codec.thumbnail((await png(800, 400)).toString('base64'));
    expect(thumb).not.toBeNull();
    const meta = await sharp(thumb!.png).metadata();
    expect(meta.format).toBe('png');
    expect([meta.width, meta.height]).toEqual([160, 80]);
    const small = await codec.thumbnail(await png(40, 20));
    expect([small!.width, small!.height]).toEqual([40, 20]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(codec.thumbnail(svg.toString('base64'))).resolves.toBeNull();
    expect(sniffRaster(svg)).toBeNull();
  });
});

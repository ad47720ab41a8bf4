/**
 * The sharp image codec: OpenClaw's image reduction (docs/rules.md#images) and UI thumbnails.
 *
 * Reduction tries a grid of longest sides and JPEG qualities, largest first, and keeps the first
 * output within the byte limit: fit inside side×side, never enlarge, EXIF auto-rotate, mozjpeg.
 */
import sharp, { type Sharp } from 'sharp';
import type { ImageCodec, ImageResizeRequest, ImageResizeResult } from '../../../shared/images/codec.js';

/** Longest sides tried after the image's own (capped at the configured maximum). */
const SIDE_STEPS = [1800, 1600, 1400, 1200, 1000, 800] as const;
/** JPEG qualities tried for each side. */
const QUALITY_STEPS = [85, 75, 65, 55, 45, 35] as const;

/** Longest side of a thumbnail. */
const THUMBNAIL_SIDE = 160;

/** The sides to try for an image whose longest side is `longest`: capped, de-duplicated, descending. */
export function sideGrid(longest: number, maxDimensionPx: number): number[] {
  const first = Math.min(maxDimensionPx, longest > 0 ? longest : maxDimensionPx);
  const sides = [first, ...SIDE_STEPS].map((side) => Math.min(side, maxDimensionPx));
  return [...new Set(sides)].sort((a, b) => b - a);
}

const MIB = 1024 * 1024;

/** OpenClaw's words when no grid point fits the byte limit (the engine prefixes "Error: "). */
export function notReducibleMessage(maxBytes: number, smallestBytes: number): string {
  return `Image could not be reduced below ${(maxBytes / MIB).toFixed(0)}MB (got ${(smallestBytes / MIB).toFixed(2)}MB)`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Raster formats sharp may decode for us; anything else (SVG, PDF, XML…) is refused before libvips sees it. */
export function sniffRaster(bytes: Uint8Array): 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heif' | 'tiff' | 'bmp' | null {
  const b = bytes;
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length >= 6 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46 && b[3] === 0x38) return 'gif';
  if (
    b.length >= 12 &&
    b[0] === 0x52 &&
    b[1] === 0x49 &&
    b[2] === 0x46 &&
    b[3] === 0x46 &&
    b[8] === 0x57 &&
    b[9] === 0x45 &&
    b[10] === 0x42 &&
    b[11] === 0x50
  )
    return 'webp';
  if (b.length >= 12 && b[4] === 0x66 && b[5] === 0x74 && b[6] === 0x79 && b[7] === 0x70) {
    const brand = String.fromCharCode(b[8], b[9], b[10], b[11]);
    return brand.startsWith('avi') ? 'avif' : 'heif';
  }
  if (
    b.length >= 4 &&
    ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0 && b[3] === 0x2a))
  )
    return 'tiff';
  if (b.length >= 2 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  return null;
}

/** Options of the sharp codec. */
export interface SharpCodecOptions {
  /** Pixel limit for thumbnails' inputs (default 100 MP: the UI may preview what replay would refuse). */
  thumbnailInputPixels?: number;
}

/** The sharp codec: `resize` and `probe` for the engine, `thumbnail` for the UI. */
export interface SharpImageCodec extends ImageCodec {
  /** A PNG no larger than `side`×`side` of a raster image, or null for anything that is not one (SVG never passes). */
  thumbnail(data: string | Uint8Array, side?: number): Promise<{ png: Buffer; width: number; height: number } | null>;
}

/** Reduce one image to the limits (docs/rules.md#images). Never throws: failures are `{ok:false, error}`. */
export async function reduceImage(request: ImageResizeRequest): Promise<ImageResizeResult> {
  const input = Buffer.from(request.data, 'base64');
  const open = (): Sharp => sharp(input, { failOn: 'none', limitInputPixels: request.maxPixels, autoOrient: true });
  let longest = Math.max(request.width ?? 0, request.height ?? 0);
  try {
    if (longest <= 0) {
      const meta = await open().metadata();
      longest = Math.max(meta.autoOrient?.width ?? meta.width ?? 0, meta.autoOrient?.height ?? meta.height ?? 0);
    }
    let smallest = Number.POSITIVE_INFINITY;
    for (const side of sideGrid(longest, request.maxDimensionPx)) {
      const resized = open().resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true });
      for (const quality of QUALITY_STEPS) {
        const { data, info } = await resized.clone().jpeg({ quality, mozjpeg: true }).toBuffer({ resolveWithObject: true });
        if (data.byteLength <= request.maxBytes) {
          return {
            ok: true,
            data: data.toString('base64'),
            mimeType: 'image/jpeg',
            width: info.width,
            height: info.height,
            bytes: data.byteLength,
          };
        }
        smallest = Math.min(smallest, data.byteLength);
      }
    }
    return { ok: false, error: notReducibleMessage(request.maxBytes, smallest) };
  } catch (error) {
    return { ok: false, error: messageOf(error) };
  }
}

/** Dimensions as libvips reads them (after EXIF orientation), or null when it cannot. */
async function probeImage(data: string): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(Buffer.from(data, 'base64'), { failOn: 'none', limitInputPixels: false }).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** Create the sharp codec. */
export function createSharpCodec(options: SharpCodecOptions = {}): SharpImageCodec {
  const thumbnailPixels = options.thumbnailInputPixels ?? 100_000_000;
  return {
    resize: reduceImage,
    probe: probeImage,
    async thumbnail(data, side = THUMBNAIL_SIDE) {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'base64') : Buffer.from(data.buffer, data.byteOffset, data.byteLength);
      if (sniffRaster(bytes) === null) return null;
      try {
        const { data: png, info } = await sharp(bytes, {
          failOn: 'none',
          limitInputPixels: thumbnailPixels,
          autoOrient: true,
          animated: false,
        })
          .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
          .png()
          .toBuffer({ resolveWithObject: true });
        return { png, width: info.width, height: info.height };
      } catch {
        return null;
      }
    },
  };
}

/**
 * Placeholder images for redacted sessions: a plain grey picture drawn by sharp in the original's
 * format, dimensions and EXIF orientation, padded with a comment to the original's byte length, so
 * the size limits, the mime sniffing and the resizing behave as they did for the original.
 */
import { crc32 } from 'node:zlib';
import sharp, { type Metadata } from 'sharp';
import { base64Problem } from '../../../shared/repair/corrupted-image.js';
import { canonicalizeBase64, estimateDecodedBytes, readImageDimensions, sniffMimeType } from '../../../shared/images/probe.js';
import { imageLookAlike, invalidDataLookAlike, layoutLike, type ImageRedactor } from '../../../shared/redact/image-data.js';
import { MAX_IMAGE_INPUT_BYTES, MAX_IMAGE_PIXELS } from '../../../shared/rules/images.js';

type Drawn = 'jpeg' | 'png' | 'gif' | 'webp' | 'tiff' | 'avif' | 'svg';
const DRAWN = new Set<string>(['jpeg', 'png', 'gif', 'webp', 'tiff', 'avif', 'heif', 'svg']);

/** PNG: a private, ancillary, safe-to-copy chunk before IEND (decoders skip it). */
function padPng(image: Buffer, extra: number): Buffer {
  if (extra < 12) return image;
  const type = Buffer.from('prVt', 'latin1');
  const data = Buffer.alloc(extra - 12);
  const chunk = Buffer.alloc(extra);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(data, crc32(type)), 8 + data.length);
  const iend = image.length - 12;
  return Buffer.concat([image.subarray(0, iend), chunk, image.subarray(iend)]);
}

/** JPEG: comment segments right after the start-of-image marker (each at most 65,537 bytes). */
function padJpeg(image: Buffer, extra: number): Buffer {
  if (extra < 4) return image;
  const segments: Buffer[] = [];
  let left = extra;
  while (left > 0) {
    // Never leave less than one empty segment's 4 bytes for the next one.
    let size = Math.min(left, 65_537);
    if (left - size > 0 && left - size < 4) size -= 4;
    const segment = Buffer.alloc(size);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(size - 2, 2);
    segments.push(segment);
    left -= size;
  }
  return Buffer.concat([image.subarray(0, 2), ...segments, image.subarray(2)]);
}

/** GIF: a comment extension before the trailer (introducer, sub-blocks of 1 + up to 255 bytes, terminator). */
function padGif(image: Buffer, extra: number): Buffer {
  const blocks = extra - 3;
  if (blocks < 0 || blocks === 1) return image;
  const sizes: number[] = [];
  for (let left = blocks; left > 0; left -= sizes.at(-1)!) sizes.push(Math.min(256, left));
  // A last sub-block of one byte cannot exist (it would hold nothing): borrow one from the one before.
  if (sizes.at(-1) === 1) {
    sizes[sizes.length - 2] -= 1;
    sizes[sizes.length - 1] += 1;
  }
  const comment = Buffer.alloc(extra, 0x20);
  comment[0] = 0x21;
  comment[1] = 0xfe;
  let at = 2;
  for (const size of sizes) {
    comment[at] = size - 1;
    at += size;
  }
  comment[at] = 0;
  return Buffer.concat([image.subarray(0, image.length - 1), comment, image.subarray(image.length - 1)]);
}

/** WebP: an unknown RIFF chunk at the end (decoders skip it), the RIFF size updated. */
function padWebp(image: Buffer, extra: number): Buffer {
  if (extra < 8 || extra % 2 !== 0) return image;
  const chunk = Buffer.alloc(extra);
  chunk.write('PADx', 0, 'latin1');
  chunk.writeUInt32LE(extra - 8, 4);
  const out = Buffer.concat([image, chunk]);
  out.writeUInt32LE(out.length - 8, 4);
  return out;
}

/** SVG: spaces before the closing tag. */
function padSvg(image: Buffer, extra: number): Buffer {
  const close = image.length - '</svg>'.length;
  return Buffer.concat([image.subarray(0, close), Buffer.alloc(extra, 0x20), image.subarray(close)]);
}

function padTo(format: Drawn, image: Buffer, length: number): Buffer {
  const extra = length - image.length;
  if (extra <= 0) return image;
  if (format === 'svg') return padSvg(image, extra);
  if (format === 'png') return padPng(image, extra);
  if (format === 'jpeg') return padJpeg(image, extra);
  if (format === 'gif') return padGif(image, extra);
  if (format === 'webp') return padWebp(image, extra - (extra % 2));
  return image;
}

async function draw(format: Drawn, width: number, height: number, orientation: number | undefined): Promise<Buffer> {
  // An SVG is text: an empty drawing of the same size (libvips reads the size from its attributes).
  if (format === 'svg') return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"></svg>`);
  let image = sharp({ create: { width, height, channels: 3, background: { r: 128, g: 128, b: 128 } } });
  if (orientation !== undefined && orientation !== 1) image = image.withMetadata({ orientation });
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 50 }).toBuffer();
    case 'png':
      return image.png({ compressionLevel: 9, adaptiveFiltering: false }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp({ quality: 50 }).toBuffer();
    case 'tiff':
      return image.tiff({ compression: 'lzw' }).toBuffer();
    case 'avif':
      return image.avif({ quality: 30, effort: 0 }).toBuffer();
  }
  throw new Error(`cannot draw ${format as string}`);
}

/** A placeholder for one image's base64: drawn when sharp can read the original, header-only otherwise. */
export async function placeholderImage(data: string): Promise<string> {
  const canonical = canonicalizeBase64(data);
  if (canonical === undefined || base64Problem(data) !== null || estimateDecodedBytes(data) > MAX_IMAGE_INPUT_BYTES)
    return invalidDataLookAlike(data);
  const bytes = Buffer.from(canonical, 'base64');
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { failOn: 'none', limitInputPixels: false }).metadata();
  } catch {
    return imageLookAlike(data);
  }
  const { width, height } = meta;
  // Over the pixel limit the resizer refuses the original without decoding it: a header does the same.
  if (!width || !height || !DRAWN.has(meta.format) || width * height > MAX_IMAGE_PIXELS) return imageLookAlike(data);
  const format: Drawn = meta.format === 'heif' ? 'avif' : (meta.format as Drawn);
  try {
    const image = padTo(format, await draw(format, width, height, meta.orientation), bytes.length);
    const drawn = image.toString('base64');
    // The placeholder must read as the original did (header, sniffed type, what libvips sees), or it
    // would not reproduce the same hygiene.
    const again = await sharp(image, { failOn: 'none', limitInputPixels: false }).metadata();
    const same =
      sniffMimeType(drawn) === sniffMimeType(canonical) &&
      JSON.stringify(readImageDimensions(drawn)) === JSON.stringify(readImageDimensions(canonical)) &&
      again.format === meta.format &&
      again.autoOrient.width === meta.autoOrient.width &&
      again.autoOrient.height === meta.autoOrient.height;
    return same ? layoutLike(data, drawn) : imageLookAlike(data);
  } catch {
    return imageLookAlike(data);
  }
}

/** The host's image redactor (sharp draws the placeholders). */
export const drawnPlaceholders: ImageRedactor = { redact: placeholderImage };

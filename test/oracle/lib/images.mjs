// Real images for the corpus, generated with sharp from raw pixel patterns (deterministic output
// for a given sharp/libvips version; the generated files are committed, so regenerating is only
// needed when the corpus changes).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function loadSharp() {
  // sharp lives in the project's node_modules (a dependency of the host's image codec).
  return require('sharp');
}

/** RGB raw buffer of a simple pattern: diagonal stripes + a few blocks (compresses well). */
function pattern(
  width,
  height,
  {
    stripe = 40,
    colors = [
      [32, 96, 160],
      [240, 240, 235],
    ],
    blocks = true,
  } = {},
) {
  const buf = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let c = colors[Math.floor((x + y) / stripe) % colors.length];
      if (blocks && x % 400 < 120 && y % 300 < 90) c = [200, 60, 40];
      const i = (y * width + x) * 3;
      buf[i] = c[0];
      buf[i + 1] = c[1];
      buf[i + 2] = c[2];
    }
  }
  return buf;
}

/** A smooth gradient (for JPEGs: realistic photographic-ish content, still small). */
function gradient(width, height) {
  const buf = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      buf[i] = Math.round((255 * x) / width);
      buf[i + 1] = Math.round((255 * y) / height);
      buf[i + 2] = 128 + Math.round(100 * Math.sin((x + y) / 90));
    }
  }
  return buf;
}

export async function makeImages() {
  const sharp = loadSharp();
  const raw = (buf, w, h) => sharp(buf, { raw: { width: w, height: h, channels: 3 } });
  const png = async (buf, w, h) => (await raw(buf, w, h).png({ compressionLevel: 9 }).toBuffer()).toString('base64');
  const jpeg = async (buf, w, h, quality = 80) => (await raw(buf, w, h).jpeg({ quality }).toBuffer()).toString('base64');
  const gif = async (buf, w, h) => (await raw(buf, w, h).gif().toBuffer()).toString('base64');
  const images = {
    // A small screenshot-like PNG (within every limit).
    smallPng: await png(pattern(96, 64, { stripe: 8, blocks: false }), 96, 64),
    // A small JPEG (within limits) — also used with a wrong declared mime type.
    smallJpeg: await jpeg(gradient(80, 60), 80, 60, 85),
    // A small GIF.
    smallGif: await gif(pattern(32, 32, { stripe: 4, blocks: false }), 32, 32),
    // 1600×1200 PNG: over the 1200 px side limit, a few KB thanks to the simple pattern.
    largePng: await png(pattern(1600, 1200), 1600, 1200),
    // 2400×1600 JPEG: over the side limit.
    largeJpeg: await jpeg(gradient(2400, 1600), 2400, 1600, 70),
    // 1300×200 PNG: only the width is over the limit (aspect ratio check).
    widePng: await png(pattern(1300, 200, { stripe: 20 }), 1300, 200),
  };
  return images;
}

// The default codec is sharp, and the replay pipeline uses it: images below the limits pass, above are reduced or omitted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { defaultImageCodec } from '../../../../electron/host/image-codec.js';
import { createCachedCodec } from '../../../../electron/host/images/cached-codec.js';
import { createSharpCodec } from '../../../../electron/host/images/sharp-codec.js';
import { inspect } from '../../../../electron/host/inspect.js';
import type { Target } from '../../../../shared/types.js';

const TARGET: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };

async function replayImage(bytes: Buffer, mimeType: string, imageMaxDimensionPx?: number): Promise<Record<string, unknown>> {
  const messages = [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image', data: bytes.toString('base64'), mimeType },
      ],
      timestamp: 1,
    },
  ];
  const inspection = await inspect({ text: JSON.stringify(messages) }, TARGET, { now: 1, payloads: false, imageMaxDimensionPx });
  return (inspection.replay.messages[0].content as Record<string, unknown>[])[1];
}

function noise(width: number, height: number): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let x = 99;
  for (let i = 0; i < raw.length; i += 1) {
    x = (x * 1664525 + 1013904223) >>> 0;
    raw[i] = x >>> 24;
  }
  return raw;
}

describe('defaultImageCodec', () => {
  it('is the sharp codec, with thumbnails', async () => {
    const codec = await defaultImageCodec();
    expect(codec).toBeDefined();
    expect(typeof codec!.resize).toBe('function');
    expect(typeof codec!.thumbnail).toBe('function');
    expect(await defaultImageCodec()).toBe(codec);
  });

  it("starts reducing a file's oversized images while it is read, with a memoising codec given explicitly too", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-prewarm-'));
    try {
      const big = await sharp(noise(1600, 1000), { raw: { width: 1600, height: 1000, channels: 3 } })
        .png()
        .toBuffer();
      const lines = [
        { type: 'session', version: 3, id: 's', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' },
        {
          type: 'message',
          id: 'a',
          parentId: null,
          timestamp: '2026-01-01T00:00:01.000Z',
          message: {
            role: 'user',
            content: [
              { type: 'text', text: 'look' },
              { type: 'image', data: big.toString('base64'), mimeType: 'image/png' },
            ],
            timestamp: 1,
          },
        },
      ];
      const file = path.join(dir, 'session.jsonl');
      writeFileSync(file, lines.map((line) => JSON.stringify(line)).join('\n'));
      const codec = createCachedCodec(createSharpCodec());
      const inspection = await inspect({ file }, TARGET, { now: 1, payloads: false, codec });
      // The reduction started at parse time; the images rule found it in the memo.
      expect(codec.stats()).toMatchObject({ reductions: 1, hits: 1 });
      const block = (inspection.replay.messages[0].content as Record<string, unknown>[])[1];
      const meta = await sharp(Buffer.from(block.data as string, 'base64')).metadata();
      expect(Math.max(meta.width!, meta.height!)).toBe(1200);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lets inspect() keep an image within the limits as it is', async () => {
    const small = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#246' } })
      .jpeg()
      .toBuffer();
    const block = await replayImage(small, 'image/jpeg');
    expect(block).toEqual({ type: 'image', data: small.toString('base64'), mimeType: 'image/jpeg' });
  });

  it('lets inspect() reduce a large PNG to a JPEG within 1200 px, or the configured side', async () => {
    const big = await sharp(noise(2400, 1200), { raw: { width: 2400, height: 1200, channels: 3 } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    const block = await replayImage(big, 'image/png');
    expect(block.mimeType).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(block.data as string, 'base64')).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 600]);
    const configured = await replayImage(big, 'image/png', 800);
    const small = await sharp(Buffer.from(configured.data as string, 'base64')).metadata();
    expect([small.width, small.height]).toEqual([800, 400]);
  });

  it("lets inspect() omit an image over 25 megapixels with OpenClaw's text", async () => {
    const huge = await sharp({ create: { width: 6000, height: 5000, channels: 3, background: '#888' } })
      .jpeg({ quality: 50 })
      .toBuffer();
    const block = await replayImage(huge, 'image/jpeg');
    expect(block).toEqual({ type: 'text', text: '[session:history] omitted image payload: Error: Input image exceeds pixel limit' });
  });
});

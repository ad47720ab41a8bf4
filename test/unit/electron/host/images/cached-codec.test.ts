// The memo in front of sharp, and the prewarm that feeds it while a session is parsed: one reduction
// per image and limits, the same bytes out as without the memo, failures kept, a byte budget.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCachedCodec } from '../../../../../electron/host/images/cached-codec.js';
import { imagePrewarmer } from '../../../../../electron/host/images/prewarm.js';
import { createSharpCodec, type SharpImageCodec } from '../../../../../electron/host/images/sharp-codec.js';
import { inspectParsed } from '../../../../../shared/engine.js';
import type { ImageResizeRequest, ImageResizeResult } from '../../../../../shared/images/codec.js';
import { plannedResize } from '../../../../../shared/rules/images.js';
import { parseSessionLines } from '../../../../../shared/session/jsonl.js';
import { parseSession } from '../../../../../shared/session/parse.js';

async function pngBase64(width: number, height: number, colour = '#3a6'): Promise<string> {
  return (
    await sharp({ create: { width, height, channels: 3, background: colour } })
      .png()
      .toBuffer()
  ).toString('base64');
}

const limits = { maxDimensionPx: 1200, maxBytes: 5 * 1024 * 1024, maxPixels: 25_000_000 };

/** A codec that counts calls and answers from a table (errors included). */
function countingCodec(answer: (r: ImageResizeRequest) => ImageResizeResult | Error): SharpImageCodec & { calls: ImageResizeRequest[] } {
  const calls: ImageResizeRequest[] = [];
  return {
    calls,
    async resize(request) {
      calls.push(request);
      const out = answer(request);
      if (out instanceof Error) throw out;
      return out;
    },
    thumbnail: async () => null,
  };
}

describe('createCachedCodec', () => {
  it('reduces an image once per limits and gives every caller the same result as sharp alone', async () => {
    const data = await pngBase64(2000, 1000);
    const request = { data, mimeType: 'image/png', width: 2000, height: 1000, ...limits };
    const direct = await createSharpCodec().resize(request);
    const codec = createCachedCodec(createSharpCodec());
    const [a, b] = await Promise.all([codec.resize(request), codec.resize({ ...request })]);
    expect(a).toEqual(direct);
    expect(b).toBe(a);
    expect(codec.stats()).toEqual({ reductions: 1, hits: 1, entries: 1 });
    const smaller = await codec.resize({ ...request, maxDimensionPx: 800 });
    expect(smaller.ok && [smaller.width, smaller.height]).toEqual([800, 400]);
    expect(codec.stats().reductions).toBe(2);
  });

  it('does not keep failures (thrown or returned): a broken image is tried again next time', async () => {
    const inner = countingCodec((r) => (r.data === 'boom' ? new Error('decoder crashed') : { ok: false, error: 'not an image' }));
    const codec = createCachedCodec(inner);
    const base = { mimeType: 'image/png', ...limits };
    expect(await codec.resize({ ...base, data: 'boom' })).toEqual({ ok: false, error: 'decoder crashed' });
    expect(await codec.resize({ ...base, data: 'boom' })).toEqual({ ok: false, error: 'decoder crashed' });
    expect(await codec.resize({ ...base, data: 'junk' })).toEqual({ ok: false, error: 'not an image' });
    expect(inner.calls.map((c) => c.data)).toEqual(['boom', 'boom', 'junk']);
    expect(codec.stats().entries).toBe(0);
  });

  it('runs at most two early starts at once, and starts a queued one at once when it is asked for', async () => {
    const started: string[] = [];
    const finish = new Map<string, () => void>();
    const inner: SharpImageCodec = {
      resize: (r) =>
        new Promise((resolve) => {
          started.push(r.data);
          finish.set(r.data, () =>
            resolve({ ok: true, data: r.data.toLowerCase(), mimeType: 'image/jpeg', width: 1, height: 1, bytes: 1 }),
          );
        }),
      thumbnail: async () => null,
    };
    const codec = createCachedCodec(inner);
    const base = { mimeType: 'image/png', ...limits };
    for (const data of ['A', 'B', 'C', 'D']) codec.prewarm({ ...base, data });
    expect(started).toEqual(['A', 'B']);
    // The images rule needs D now: it does not wait behind C.
    const d = codec.resize({ ...base, data: 'D' });
    expect(started).toEqual(['A', 'B', 'D']);
    finish.get('D')!();
    expect(await d).toMatchObject({ ok: true, data: 'd' });
    finish.get('A')!();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(['A', 'B', 'D', 'C']);
    expect(codec.stats()).toMatchObject({ reductions: 4, hits: 1 });
  });

  it('drops the oldest results beyond its budget', async () => {
    const inner = countingCodec((r) => ({ ok: true, data: r.data.toLowerCase(), mimeType: 'image/jpeg', width: 1, height: 1, bytes: 1 }));
    const codec = createCachedCodec(inner, 50);
    const base = { mimeType: 'image/png', ...limits };
    for (const data of ['A'.repeat(10), 'B'.repeat(10), 'C'.repeat(10)]) await codec.resize({ ...base, data });
    // Each entry costs 20 characters (input and output): the budget of 50 keeps the last two.
    await codec.resize({ ...base, data: 'C'.repeat(10) });
    await codec.resize({ ...base, data: 'B'.repeat(10) });
    await codec.resize({ ...base, data: 'A'.repeat(10) });
    expect(inner.calls.map((c) => c.data[0])).toEqual(['A', 'B', 'C', 'A']);
  });

  it('keeps the result used last when the budget is full, not the one made last', async () => {
    const inner = countingCodec((r) => ({ ok: true, data: r.data.toLowerCase(), mimeType: 'image/jpeg', width: 1, height: 1, bytes: 1 }));
    const codec = createCachedCodec(inner, 50);
    const base = { mimeType: 'image/png', ...limits };
    await codec.resize({ ...base, data: 'A'.repeat(10) });
    await codec.resize({ ...base, data: 'B'.repeat(10) });
    await codec.resize({ ...base, data: 'A'.repeat(10) });
    // C pushes one out: B, untouched since it was made, not A, asked for again after it.
    await codec.resize({ ...base, data: 'C'.repeat(10) });
    await codec.resize({ ...base, data: 'A'.repeat(10) });
    await codec.resize({ ...base, data: 'B'.repeat(10) });
    expect(inner.calls.map((c) => c.data[0])).toEqual(['A', 'B', 'C', 'B']);
  });
});

describe('imagePrewarmer', () => {
  it('starts exactly the reductions the images rule then asks for, and the replay is the same', async () => {
    const big = await pngBase64(1600, 900, '#c33');
    const small = await pngBase64(300, 200);
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
            { type: 'image', data: big, mimeType: 'image/png' },
            { type: 'image', data: small, mimeType: 'image/png' },
          ],
          timestamp: 1,
        },
      },
      {
        type: 'custom',
        id: 'c',
        parentId: 'a',
        timestamp: '2026-01-01T00:00:02.000Z',
        data: { type: 'image', data: big, mimeType: 'image/png' },
      },
    ];
    const text = lines.map((l) => JSON.stringify(l)).join('\n');
    const target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };

    const plain = await inspectParsed(parseSession(text), target, { codec: createSharpCodec(), now: 0 });
    const codec = createCachedCodec(createSharpCodec());
    const split = text.split('\n');
    const parsed = parseSessionLines(
      { count: split.length, bom: false, byteLength: (i) => split[i].length, text: (i) => split[i] },
      { onEntry: imagePrewarmer(codec, 1200) },
    );
    expect(codec.stats()).toEqual({ reductions: 1, hits: 0, entries: 1 });
    const warmed = await inspectParsed(parsed, target, { codec, now: 0 });
    expect(codec.stats()).toEqual({ reductions: 1, hits: 1, entries: 1 });
    expect(warmed.inspection.replay.messages).toEqual(plain.inspection.replay.messages);
    expect(warmed.inspection.annotations).toEqual(plain.inspection.annotations);
  });

  it('keys early starts by the side the pipeline uses (rounded down), and a failing observer never breaks the parse', async () => {
    const big = await pngBase64(1600, 900, '#c33');
    const line = JSON.stringify({
      type: 'message',
      id: 'a',
      parentId: null,
      timestamp: '2026-01-01T00:00:01.000Z',
      message: { role: 'user', content: [{ type: 'image', data: big, mimeType: 'image/png' }], timestamp: 1 },
    });
    const text = `{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}\n${line}`;
    const codec = createCachedCodec(createSharpCodec());
    const split = text.split('\n');
    const source = { count: split.length, bom: false, byteLength: (i: number) => split[i].length, text: (i: number) => split[i] };
    const parsed = parseSessionLines(source, { onEntry: imagePrewarmer(codec, 999.7) });
    await inspectParsed(
      parsed,
      { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
      { codec, imageMaxDimensionPx: 999.7, now: 0 },
    );
    expect(codec.stats()).toMatchObject({ reductions: 1, hits: 1 });
    const throwing = parseSessionLines(source, {
      onEntry: () => {
        throw new Error('observer bug');
      },
    });
    expect(throwing.entries).toHaveLength(1);
  });

  it('plans no resize for images within limits, broken images or non-images', async () => {
    expect(plannedResize({ type: 'image', data: await pngBase64(300, 200), mimeType: 'image/png' }, 1200)).toBeNull();
    expect(plannedResize({ type: 'image', data: 'not base64!', mimeType: 'image/png' }, 1200)).toBeNull();
    expect(plannedResize({ type: 'text', text: 'hi' }, 1200)).toBeNull();
    const big = await pngBase64(1300, 100);
    expect(plannedResize({ type: 'image', data: ` ${big}\n`, mimeType: 'image/jpeg' }, 1200)).toEqual({
      data: big,
      mimeType: 'image/png',
      width: 1300,
      height: 100,
      ...limits,
    });
  });
});

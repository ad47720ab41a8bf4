// The default codec is loaded only for a session with images: while parsing at the first image (which it then prewarms), or for the messages.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createCachedCodec, type CachedCodec } from '../../../../../electron/host/images/cached-codec.js';
import { codecOnDemand } from '../../../../../electron/host/images/prewarm.js';
import { createSharpCodec } from '../../../../../electron/host/images/sharp-codec.js';
import type { SessionEntry } from '../../../../../shared/session/types.js';
import type { Message } from '../../../../../shared/types.js';

async function oversizedPng(width: number, background: string): Promise<string> {
  const png = await sharp({ create: { width, height: 900, channels: 3, background } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

const entry = (id: string, message: Message): SessionEntry => ({
  type: 'message',
  id,
  parentId: null,
  timestamp: '2026-01-01T00:00:00.000Z',
  message,
});
const text = (role: string, t: string): Message => ({ role, content: [{ type: 'text', text: t }], timestamp: 1 });
const withImage = (data: string): Message => ({
  role: 'user',
  content: [
    { type: 'text', text: 'look' },
    { type: 'image', data, mimeType: 'image/png' },
  ],
  timestamp: 1,
});

/** A loader that counts its calls and gives a real memoising sharp codec (or nothing, as without sharp). */
function loader(give: boolean): { load: () => Promise<CachedCodec | undefined>; calls: () => number } {
  let calls = 0;
  const codec = createCachedCodec(createSharpCodec());
  return {
    load: () => {
      calls += 1;
      return Promise.resolve(give ? codec : undefined);
    },
    calls: () => calls,
  };
}

describe('codecOnDemand', () => {
  it('never loads the codec for a session without images', async () => {
    const l = loader(true);
    const onDemand = codecOnDemand(l.load, undefined);
    const messages = [text('user', 'hi'), text('assistant', 'hello'), { role: 'user', content: 'plain string', timestamp: 2 }];
    messages.forEach((m, i) => onDemand.onEntry(entry(String(i), m)));
    onDemand.onEntry({ type: 'model_change', id: 'm', parentId: null, timestamp: '2026-01-01T00:00:00.000Z' });
    expect(await onDemand.codecFor(messages)).toBeUndefined();
    expect(l.calls()).toBe(0);
  });

  it('loads it once at the first image seen while parsing, and prewarms that image and the later ones', async () => {
    const l = loader(true);
    const onDemand = codecOnDemand(l.load, undefined);
    const [first, second] = await Promise.all([oversizedPng(2000, '#246'), oversizedPng(2100, '#642')]);
    onDemand.onEntry(entry('a', text('user', 'before')));
    onDemand.onEntry(entry('b', withImage(first)));
    expect(l.calls()).toBe(1);
    // Asked with messages that hold no image: the codec is still the one loading for the parsed image.
    const codec = await onDemand.codecFor([text('user', 'before')]);
    expect(codec).toBeDefined();
    expect(codec!.stats()).toEqual({ reductions: 1, hits: 0, entries: expect.any(Number) });
    onDemand.onEntry(entry('c', withImage(second)));
    expect(codec!.stats().reductions).toBe(2);
    expect(await onDemand.codecFor([])).toBe(codec);
    expect(l.calls()).toBe(1);
  });

  it('loads it for messages holding an image when the parser saw none (text input)', async () => {
    const l = loader(true);
    const onDemand = codecOnDemand(l.load, undefined);
    const codec = await onDemand.codecFor([text('user', 'a'), { ...withImage('iVBORw0KGgo='), role: 'toolResult' }]);
    expect(codec).toBeDefined();
    expect(codec!.stats().reductions).toBe(0);
    expect(l.calls()).toBe(1);
  });

  it('gives no codec when it cannot be loaded (no sharp), images or not', async () => {
    const l = loader(false);
    const onDemand = codecOnDemand(l.load, undefined);
    onDemand.onEntry(entry('b', withImage(await oversizedPng(2000, '#246'))));
    expect(await onDemand.codecFor([withImage('AAAA')])).toBeUndefined();
    expect(l.calls()).toBe(1);
  });
});

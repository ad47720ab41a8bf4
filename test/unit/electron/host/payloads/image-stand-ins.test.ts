// Images go to pi-ai's Bedrock builder as stand-ins and come back as their own text.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { imageOfBytes, withImageStandIns } from '../../../../../electron/host/payloads/image-stand-ins.js';
import { buildLlmPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import type { Message } from '../../../../../shared/types.js';

const BEDROCK = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' };

/** Canonical base64 of `n` bytes of value `fill`. */
const canonical = (n: number, fill: number) => Buffer.alloc(n, fill).toString('base64');
const image = (data: string) => ({ type: 'image', mimeType: 'image/png', data });
const blocks = (m: Message) => m.content as { data?: string }[];
const imageData = (m: Message, i: number) => blocks(m)[i].data;

/** Base64 that decodes, but is not what encoding its bytes gives back. */
const NOT_CANONICAL = {
  wrapped: `${canonical(90, 1).slice(0, 60)}\n${canonical(90, 1).slice(60)}`,
  unpadded: canonical(100, 2).replace(/=+$/, ''),
  strayBits: `${canonical(99, 3).slice(0, -2)}R=`,
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('image stand-ins', () => {
  it('stands in only for the canonical base64 of user and tool-result images, without touching the messages', () => {
    const big = canonical(300, 7);
    const messages: Message[] = [
      { role: 'user', content: [{ type: 'text', text: 'look' }, image(big), image(NOT_CANONICAL.wrapped)], timestamp: 1 },
      {
        role: 'toolResult',
        toolCallId: 't',
        toolName: 'shot',
        content: [image(NOT_CANONICAL.unpadded), image(big)],
        isError: false,
        timestamp: 2,
      },
      { role: 'user', content: [image(NOT_CANONICAL.strayBits), image('iVBORw0KGgo='), image(`${big.slice(0, -4)}!!!!`)], timestamp: 3 },
      { role: 'assistant', content: [{ type: 'text', text: big }], stopReason: 'stop', timestamp: 4 } as Message,
    ];
    const copy = structuredClone(messages);
    const standIns = withImageStandIns(messages);
    expect(messages).toEqual(copy);
    expect(standIns.data).toEqual([big, big]);
    const [first, result, third, assistant] = standIns.messages;
    expect(imageData(first, 1)).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(imageData(result, 1)).toMatch(/^[A-Za-z0-9+/]{16}$/);
    expect(imageData(first, 1)).not.toBe(imageData(result, 1));
    // Not canonical, too short to gain anything, or not base64: as they were, the same objects.
    expect(blocks(first)[2]).toBe(blocks(messages[0])[2]);
    expect(blocks(result)[0]).toBe(blocks(messages[1])[0]);
    expect(third).toBe(messages[2]);
    expect(assistant).toBe(messages[3]);
    expect(blocks(first)[0]).toBe(blocks(messages[0])[0]);
    // A token's bytes give its image back; any other bytes, another build's token included, give nothing.
    const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));
    expect(imageOfBytes(bytes(imageData(result, 1)!), standIns)).toBe(big);
    expect(imageOfBytes(bytes(imageData(first, 1)!), withImageStandIns(messages))).toBeUndefined();
    expect(imageOfBytes(new Uint8Array(12), standIns)).toBeUndefined();
    expect(imageOfBytes(bytes(big), standIns)).toBeUndefined();
  });

  it('gives the payload pi-ai builds from the images themselves, whatever their form', async () => {
    const messages: Message[] = [];
    const forms = [canonical(3000, 1), canonical(3001, 2), canonical(3002, 3), ...Object.values(NOT_CANONICAL)];
    forms.forEach((data, i) => {
      messages.push({ role: 'user', content: [{ type: 'text', text: `image ${i}` }, image(data)], timestamp: i });
      messages.push({
        role: 'assistant',
        content: [{ type: 'toolCall', id: `call${i}`, name: 'shot', arguments: {} }],
        api: 'bedrock-converse-stream',
        provider: 'amazon-bedrock',
        model: BEDROCK.modelId,
        stopReason: 'toolUse',
        timestamp: i,
      } as Message);
      messages.push({ role: 'toolResult', toolCallId: `call${i}`, toolName: 'shot', content: [image(data)], isError: false, timestamp: i });
    });
    const llm = { messages, sources: messages.map((_, i) => i) };
    const atob = vi.spyOn(globalThis, 'atob');
    const withStandIns = await buildLlmPayload(llm, BEDROCK);
    // pi-ai decoded the images it got as they were, and the tokens: never a canonical image.
    const decoded = atob.mock.calls.map(([text]) => String(text));
    expect(decoded.filter((text) => text.length > 16).sort()).toEqual(
      [...Object.values(NOT_CANONICAL), ...Object.values(NOT_CANONICAL)].sort(),
    );
    atob.mockClear();
    const whole = await buildLlmPayload(llm, BEDROCK, {}, { standIns: false });
    expect(atob.mock.calls.length).toBe(forms.length * 2);
    expect(withStandIns.error).toBeUndefined();
    expect(JSON.stringify(withStandIns.payload)).toBe(JSON.stringify(whole.payload));
    // The canonical images are the messages' own texts, not copies of them.
    const sent = JSON.stringify(whole.payload);
    for (const data of forms.slice(0, 3)) expect(sent).toContain(`"bytes":"${data}"`);
  });

  it('fails on an image that is not base64 as pi-ai does without stand-ins', async () => {
    const messages: Message[] = [{ role: 'user', content: [image(`${canonical(300, 9)}%%%%`), image(canonical(300, 8))], timestamp: 1 }];
    const llm = { messages, sources: [0] };
    const withStandIns = await buildLlmPayload(llm, BEDROCK);
    const whole = await buildLlmPayload(llm, BEDROCK, {}, { standIns: false });
    expect(withStandIns.error).toMatch(/could not build/);
    expect(withStandIns.error).toBe(whole.error);
  });
});

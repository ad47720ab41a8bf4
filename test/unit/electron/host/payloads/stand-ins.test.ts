// Long texts go to pi-ai's Anthropic builder as stand-ins and come back in place.
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { buildLlmPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import { restoreAnthropicTexts, restoreTexts, withStandIns } from '../../../../../electron/host/payloads/stand-ins.js';
import type { Message } from '../../../../../shared/types.js';

const long = (c: string) => c.repeat(600);

/** A full collection, for the tests that weigh what a payload keeps (made once: a new context is itself weighed). */
let collect: (() => void) | undefined;
function gc(): void {
  if (!collect) {
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as () => void;
  }
  collect();
}

describe('stand-ins', () => {
  it('replaces only long, well-formed, non-blank texts, without touching the messages', () => {
    const messages: Message[] = [
      { role: 'user', content: long('a') },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'short' },
          { type: 'text', text: `${long('b')}\ud800` },
        ],
      },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: long('c') },
          { type: 'text', text: long(' ') },
        ],
      },
      { role: 'toolResult', toolCallId: 't', content: [{ type: 'text', text: long('d') }] },
    ];
    const copy = structuredClone(messages);
    const standIns = withStandIns(messages);
    expect(standIns.texts).toEqual([long('a'), long('c'), long('d')]);
    expect(standIns.messages[1]).toBe(messages[1]);
    expect(messages).toEqual(copy);
    expect(JSON.stringify(standIns.messages).length).toBeLessThan(JSON.stringify(messages).length / 2);
  });

  it('puts texts back whole, joined with others, and in nested tool results', () => {
    const standIns = withStandIns([
      { role: 'toolResult', content: [{ type: 'text', text: long('x') }] },
      { role: 'toolResult', content: [{ type: 'text', text: long('y') }] },
    ]);
    const [x, y] = standIns.messages.map((m) => (m.content as { text: string }[])[0].text);
    const params = {
      messages: [
        { role: 'user', content: x },
        { role: 'user', content: [{ type: 'tool_result', content: `${x}\nmiddle\n${y}` }] },
        { role: 'user', content: [{ type: 'tool_result', content: [{ type: 'text', text: y }] }] },
      ],
    };
    expect(restoreAnthropicTexts(params, standIns)).toBe(true);
    expect(params.messages[0].content).toBe(long('x'));
    expect(JSON.stringify(params.messages[1])).toBe(
      JSON.stringify({ role: 'user', content: [{ type: 'tool_result', content: `${long('x')}\nmiddle\n${long('y')}` }] }),
    );
    expect(JSON.stringify(params.messages[2])).toContain(long('y'));
    expect(JSON.stringify(params)).not.toContain('\uE000');
  });

  it('says so, and stops, when a token lost its end or names no text', () => {
    const standIns = withStandIns([{ role: 'toolResult', content: [{ type: 'text', text: long('x') }] }]);
    const token = (standIns.messages[0].content as { text: string }[])[0].text;
    const cut = { messages: [{ role: 'user', content: `a ${token.slice(0, -1)} b` }] };
    expect(restoreAnthropicTexts(cut, standIns)).toBe(false);
    const unknown = { messages: [{ role: 'user', content: `${standIns.prefix}7\uE001` }] };
    expect(restoreAnthropicTexts(unknown, standIns)).toBe(false);
    expect(unknown.messages[0].content).not.toContain(long('x'));
  });

  it('are put back anywhere in the conversation of the other builders, and only there', () => {
    const standIns = withStandIns([
      { role: 'toolResult', content: [{ type: 'text', text: long('x') }] },
      { role: 'user', content: long('y') },
    ]);
    const x = (standIns.messages[0].content as { text: string }[])[0].text;
    const y = standIns.messages[1].content as string;
    const params = {
      model: x,
      contents: [
        { role: 'user', parts: [{ functionResponse: { name: 'bash', response: { output: `${x}\n${y}` } } }] },
        { role: 'user', parts: [{ text: y }], deep: [[[{ at: [x] }]]] },
      ],
    };
    expect(restoreTexts(params, standIns, 'google-generative-ai')).toBe(true);
    expect(params.model).toBe(x);
    expect(JSON.stringify(params.contents)).toBe(
      JSON.stringify([
        { role: 'user', parts: [{ functionResponse: { name: 'bash', response: { output: `${long('x')}\n${long('y')}` } } }] },
        { role: 'user', parts: [{ text: long('y') }], deep: [[[{ at: [long('x')] }]]] },
      ]),
    );
    expect(restoreTexts({ input: [{ content: [{ text: x.slice(0, -1) }] }] }, standIns, 'openai-responses')).toBe(false);
    expect(restoreTexts({ messages: [] }, standIns, 'mistral-conversations')).toBe(false);
  });

  it("leaves an image's data URL as pi-ai joined it: no second copy of the image for as long as the payload", async () => {
    // V8 keeps pi-ai's `data:…;base64,` + data as a pair of strings until their characters are read,
    // when it copies them into one: a search of the URL for tokens held every image twice.
    const image = (i: number) => ({ type: 'image', mimeType: 'image/png', data: `${i}`.padEnd(1 << 20, 'A') });
    const messages: Message[] = [];
    for (let i = 0; i < 24; i += 1) {
      // A long text in each turn, so that the build has stand-ins to put back.
      messages.push({ role: 'user', content: [{ type: 'text', text: long(`q${i}`) }, image(i)], timestamp: i });
      messages.push({
        role: 'assistant',
        content: [{ type: 'text', text: 'ok' }],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        stopReason: 'stop',
        timestamp: i,
      } as Message);
    }
    const imageBytes = 24 * (1 << 20);
    for (const target of [
      { provider: 'openrouter', api: 'openai-completions', modelId: 'openai/gpt-4o' },
      { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' },
    ]) {
      gc();
      const before = process.memoryUsage().heapUsed;
      const build = await buildLlmPayload({ messages, sources: messages.map((_, i) => i) }, target);
      gc();
      const grown = process.memoryUsage().heapUsed - before;
      expect(JSON.stringify(build.payload), target.api).toContain(`data:image/png;base64,23${'A'.repeat(64)}`);
      // Each image's bytes once more would be 24 MiB (two bytes a character: 48 MiB); the payload itself is small.
      expect(grown, target.api).toBeLessThan(imageBytes / 8);
    }
  });

  it("gives Bedrock's image bytes back as the image's own base64 text, not a second copy of it", async () => {
    // pi-ai's Bedrock builder decodes each image to bytes, which go on the wire as base64 again.
    const data = (i: number) => Buffer.alloc(3 << 18, i).toString('base64');
    const messages: Message[] = [];
    for (let i = 0; i < 24; i += 1)
      messages.push({
        role: 'user',
        content: [
          { type: 'text', text: `look ${i}` },
          { type: 'image', mimeType: 'image/png', data: data(i) },
        ],
        timestamp: i,
      });
    const imageBytes = 24 * data(0).length;
    const target = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' };
    // Node keeps a long base64 text it encodes outside V8's heap: both are counted.
    const used = () => process.memoryUsage().heapUsed + process.memoryUsage().external;
    gc();
    const before = used();
    const build = await buildLlmPayload({ messages, sources: messages.map((_, i) => i) }, target);
    gc();
    const grown = used() - before;
    const images = collectBytes(build.payload);
    expect(images).toEqual(messages.map((m) => (m.content as { data?: string }[])[1].data));
    // A second copy of each image would be 24 MiB; the payload itself is small.
    expect(grown).toBeLessThan(imageBytes / 8);
  });
});

/** The `bytes` strings of a payload, in order. */
function collectBytes(value: unknown): unknown[] {
  if (Array.isArray(value)) return value.flatMap(collectBytes);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => (key === 'bytes' ? [item] : collectBytes(item)));
}

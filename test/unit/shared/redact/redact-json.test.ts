// Which strings of a session line are structure (kept) and which are the user's (masked).
import { describe, expect, it } from 'vitest';
import { headerOnlyImages } from '../../../../shared/redact/image-data.js';
import { emptyCounts, imagePaths, mayBeImage, redactJsonText } from '../../../../shared/redact/redact-json.js';
import { redactSessionText } from '../../../../shared/redact/redact-session.js';

const line = (value: unknown) => JSON.stringify(value);

/** A 9×7 PNG's signature and header chunk, then 16 bytes: enough for the image redactor to read its size. */
function tinyPng(): Buffer {
  const png = Buffer.alloc(40);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 9, 0, 0, 0, 7]).copy(png);
  return png;
}

describe('redactJsonText', () => {
  it('keeps ids, roles, models, usage and stop reasons; masks texts and tool inputs; keeps tool names', async () => {
    const input = line({
      type: 'message',
      id: 'a1b2',
      parentId: 'u1',
      timestamp: '2026-01-02T10:00:00.000Z',
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'The user wants the invoice', thinkingSignature: 'QUJDRA==' },
          { type: 'text', text: 'Reading it now.' },
          { type: 'toolCall', id: 'toolu_01AB', name: 'read', arguments: { path: '/home/alice/invoice.pdf', id: 'inv-77', limit: 20 } },
        ],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage: { input: 12, output: 34, totalTokens: 46 },
        stopReason: 'toolUse',
        timestamp: 1767348000000,
      },
    });
    const counts = emptyCounts();
    const out = JSON.parse(await redactJsonText(input, headerOnlyImages, counts));
    expect(out).toEqual({
      type: 'message',
      id: 'a1b2',
      parentId: 'u1',
      timestamp: '2026-01-02T10:00:00.000Z',
      message: {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'Xxx xxxx xxxxx xxx xxxxxxx', thinkingSignature: 'AAAAAA==' },
          { type: 'text', text: 'Xxxxxxx xx xxx.' },
          { type: 'toolCall', id: 'toolu_01AB', name: 'read', arguments: { path: '/xxxx/xxxxx/xxxxxxx.xxx', id: 'xxx-00', limit: 20 } },
        ],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage: { input: 12, output: 34, totalTokens: 46 },
        stopReason: 'toolUse',
        timestamp: 1767348000000,
      },
    });
    expect(counts).toEqual({ texts: 4, images: 0, signatures: 1, errorMessages: 0 });
  });

  it('keeps a tool result’s call id and tool name, masks its output and details', async () => {
    const input = line({
      type: 'message',
      message: {
        role: 'toolResult',
        toolCallId: 'call_9|fc_1',
        toolName: 'bash',
        content: 'secret',
        details: { stdout: 'x=1', exitCode: 0 },
        isError: false,
      },
    });
    expect(JSON.parse(await redactJsonText(input, headerOnlyImages))).toEqual({
      type: 'message',
      message: {
        role: 'toolResult',
        toolCallId: 'call_9|fc_1',
        toolName: 'bash',
        content: 'xxxxxx',
        details: { stdout: 'x=0', exitCode: 0 },
        isError: false,
      },
    });
  });

  it('keeps JSON-string arguments JSON with the same keys', async () => {
    const input = line({ type: 'function_call', call_id: 'call_1', name: 'search', arguments: '{"query":"alice smith","page":2}' });
    const out = JSON.parse(await redactJsonText(input, headerOnlyImages));
    expect(out).toEqual({ type: 'function_call', call_id: 'call_1', name: 'search', arguments: '{"query":"xxxxx xxxxx","page":2}' });
  });

  it('keeps the provider error text but masks secrets in it', async () => {
    const input = line({ message: { role: 'assistant', stopReason: 'error', errorMessage: '401 invalid x-api-key sk-ant-abcdefgh123' } });
    expect(JSON.parse(await redactJsonText(input, headerOnlyImages)).message.errorMessage).toBe('401 invalid x-api-key xx-xxx-xxxxxxxx000');
  });

  it('replaces image data and data URLs, keeping their mime types', async () => {
    const png = tinyPng();
    png.fill(0x61, 24);
    const data = png.toString('base64');
    const input = line({
      content: [
        { type: 'image', data, mimeType: 'image/png' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${data}` } },
      ],
    });
    const counts = emptyCounts();
    const out = JSON.parse(await redactJsonText(input, headerOnlyImages, counts));
    const expected = Buffer.concat([png.subarray(0, 24), Buffer.alloc(16)]).toString('base64');
    expect(out.content[0]).toEqual({ type: 'image', data: expected, mimeType: 'image/png' });
    expect(out.content[1].image_url.url).toBe(`data:image/png;base64,${expected}`);
    expect(counts.images).toBe(2);
  });

  it('finds image data however the line spells it: with escaped letters, or as a data URL whose text says nothing of images', async () => {
    const png = tinyPng();
    png.fill(0x61, 24);
    const data = png.toString('base64');
    const expected = Buffer.concat([png.subarray(0, 24), Buffer.alloc(16)]).toString('base64');
    // "type":"image" written with escapes: the line's text holds neither "image" nor "base64".
    const escaped = String.raw`{"content":[{"type":"\u0069mage","data":"` + data + String.raw`","mimeType":"\u0069mage/png"}]}`;
    expect(escaped.includes('image')).toBe(false);
    const counts = emptyCounts();
    const out = JSON.parse(await redactJsonText(escaped, headerOnlyImages, counts));
    expect(out.content[0]).toEqual({ type: 'image', data: expected, mimeType: 'image/png' });
    expect(counts.images).toBe(1);
    const url = line({ screenshot: `data:application/octet-stream;base64,${data}` });
    const fromUrl = JSON.parse(await redactJsonText(url, headerOnlyImages, emptyCounts()));
    expect(fromUrl.screenshot).toBe(`data:application/octet-stream;base64,${expected}`);
  });

  it('finds an image however deep a line nests it', async () => {
    const png = tinyPng();
    png.fill(0x61, 24);
    const data = png.toString('base64');
    const depth = 20_000;
    const input = '{"a":['.repeat(depth) + JSON.stringify({ type: 'image', data, mimeType: 'image/png' }) + ']}'.repeat(depth);
    const counts = emptyCounts();
    const out = await redactJsonText(input, headerOnlyImages, counts);
    expect(counts.images).toBe(1);
    expect(out.length).toBe(input.length);
    expect(out).not.toContain(data);
    expect(out).toContain(Buffer.concat([png.subarray(0, 24), Buffer.alloc(16)]).toString('base64'));
  });

  it('counts each replacement once in a line whose image comes after its texts and signatures', async () => {
    const png = tinyPng();
    const input = line({
      type: 'message',
      message: {
        role: 'user',
        content: [
          { type: 'thinking', thinking: 'first', thinkingSignature: 'QUJDRA==' },
          { type: 'text', text: 'look at this' },
          { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
          { type: 'text', text: 'and this' },
        ],
      },
    });
    const counts = { texts: 1, images: 1, signatures: 1, errorMessages: 1 };
    const out = JSON.parse(await redactJsonText(input, headerOnlyImages, counts));
    expect(counts).toEqual({ texts: 4, images: 2, signatures: 2, errorMessages: 1 });
    expect(out.message.content.map((b: { type: string }) => b.type)).toEqual(['thinking', 'text', 'image', 'text']);
    expect(out.message.content[1].text).toBe('xxxx xx xxxx');
  });

  it('masks a data field that is no image as any text, and keeps redacted thinking data a signature', async () => {
    const input = line({
      type: 'message',
      message: {
        role: 'assistant',
        content: [
          { type: 'toolCall', id: 'c1', name: 'post', arguments: { data: 'secret body' } },
          { type: 'redacted_thinking', data: 'QUJDRA==' },
        ],
      },
    });
    const counts = emptyCounts();
    const out = JSON.parse(await redactJsonText(input, headerOnlyImages, counts));
    expect(out.message.content[0]).toEqual({ type: 'toolCall', id: 'c1', name: 'post', arguments: { data: 'xxxxxx xxxx' } });
    expect(out.message.content[1]).toEqual({ type: 'redacted_thinking', data: 'AAAAAA==' });
    expect(counts).toEqual({ texts: 1, images: 0, signatures: 1, errorMessages: 0 });
  });

  it('stops the walk without images at every string the image walk would take for one', () => {
    // Random values with images of every shape imagePaths knows, anywhere: each one it finds must be a
    // string the first walk stops at, or that walk would write the image's bytes as text.
    let seed = 5;
    const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
    const keys = ['data', 'url', 'image_url', 'content', 'source', 'text', 'arguments', 'x'];
    const strings = ['data:image/png;base64,QUJD', 'data:;base64,', 'QUJD', 'plain', 'data:text/plain,hi'];
    const value = (depth: number): unknown => {
      const r = random();
      if (depth > 4 || r < 0.3) return pick(strings);
      if (r < 0.5) return Array.from({ length: Math.floor(random() * 4) }, () => value(depth + 1));
      const out: Record<string, unknown> = {};
      if (random() < 0.5) out.type = pick(['image', 'base64', 'text', 'image_url']);
      for (let k = Math.floor(random() * 4); k > 0; k -= 1) out[pick(keys)] = value(depth + 1);
      return out;
    };
    let found = 0;
    for (let round = 0; round < 3000; round += 1) {
      const root = value(0);
      for (const path of imagePaths(root)) {
        let at: unknown = root;
        for (const step of path) at = (at as Record<string | number, unknown>)[step];
        expect(typeof at).toBe('string');
        expect(mayBeImage(path.at(-1), at as string)).toBe(true);
        found += 1;
      }
    }
    expect(found).toBeGreaterThan(1000);
  });

  it('keeps the model snapshot a custom entry records', async () => {
    const input = line({
      type: 'custom',
      customType: 'model-snapshot',
      data: { provider: 'openai', modelApi: 'openai-responses', modelId: 'gpt-5' },
    });
    expect(await redactJsonText(input, headerOnlyImages)).toBe(input);
  });
});

describe('redactSessionText', () => {
  it('keeps the BOM, CRLF terminators, blank lines, a missing final newline and a cut-off line in place', async () => {
    const text =
      '\uFEFF{"type":"session","id":"s","cwd":"/home/bob"}\r\n\r\n{"type":"message","message":{"role":"user","content":"hi Bob"}}\r\n{"type":"message","message":{"role":"user","content":"cut';
    const out = await redactSessionText(text);
    expect(out.text).toBe(
      '\uFEFF{"type":"session","id":"s","cwd":"/xxxx/xxx"}\r\n\r\n{"type":"message","message":{"role":"user","content":"xx Xxx"}}\r\n{"type":"message","message":{"role":"user","content":"xxx',
    );
  });

  it('redacts a JSON message array as one value', async () => {
    const text = '[\n  {"role": "user", "content": "hello"},\n  {"role": "assistant", "content": [{"type": "text", "text": "hi"}]}\n]\n';
    expect((await redactSessionText(text)).text).toBe(
      '[\n  {"role": "user", "content": "xxxxx"},\n  {"role": "assistant", "content": [{"type": "text", "text": "xx"}]}\n]\n',
    );
  });
});

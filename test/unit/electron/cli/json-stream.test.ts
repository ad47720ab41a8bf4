// The streamed JSON writer must produce exactly JSON.stringify's text, in pieces, with backpressure.
import { PassThrough, Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jsonPieces, writeJson } from '../../../../electron/cli/json-stream.js';

describe('jsonPieces', () => {
  it('concatenates to JSON.stringify on random values, undefined and functions included', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue(),
        fc.constant(undefined),
        fc.constant(() => 1),
        fc.array(tie('node'), { maxLength: 5 }),
        fc.dictionary(fc.string(), tie('node'), { maxKeys: 5 }),
      ),
    })).node;
    fc.assert(fc.property(value, (v) => [...jsonPieces(v)].join('') === (JSON.stringify(v) ?? '')), { numRuns: 2000 });
  });

  it('honours toJSON and walks only near the root', () => {
    const value = { when: new Date(0), list: [{ deep: { deeper: [1, 2] } }] };
    const pieces = [...jsonPieces(value)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    // root → list → element → its fields: a message of inspection.original.messages is one piece.
    expect(pieces).toContain('{"deeper":[1,2]}');
  });
});

describe('writeJson', () => {
  it('writes the JSON and a newline through a slow stream, waiting for drain', async () => {
    const chunks: string[] = [];
    let waits = 0;
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk.toString());
        waits += 1;
        setImmediate(done);
      },
    });
    const value = { messages: Array.from({ length: 3000 }, (_, i) => ({ role: 'user', content: `message ${i} ${'x'.repeat(1000)}` })) };
    await writeJson(slow, value);
    expect(chunks.join('')).toBe(`${JSON.stringify(value)}\n`);
    expect(waits).toBeGreaterThan(2);
  });

  it('writes a piece longer than the flush size on its own', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const value = { big: 'y'.repeat(3 << 20), after: 1 };
    await writeJson(out, value);
    expect(text).toBe(`${JSON.stringify(value)}\n`);
  });
});

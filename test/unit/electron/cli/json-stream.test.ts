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
    fc.assert(
      fc.property(value, (v) => [...jsonPieces(v)].join('') === (JSON.stringify(v) ?? '')),
      { numRuns: 2000 },
    );
  });

  it('honours toJSON and walks down to the fields of payload messages, no further', () => {
    const value = { when: new Date(0), list: [{ deep: { deeper: { deepest: { bottom: [1, 2] } } } }] };
    const pieces = [...jsonPieces(value)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces).toContain('{"bottom":[1,2]}');
  });

  it('never makes one piece of several messages of a payload (each could be hundreds of MB)', () => {
    const message = (i: number) => ({ role: 'user', content: [{ type: 'text', text: `m${i} ${'x'.repeat(1000)}` }] });
    const inspection = {
      original: { messages: [message(0), message(1)], payload: { model: 'm', messages: [message(0), message(1), message(2)] } },
      replay: { messages: [message(0)], payload: { model: 'm', messages: [message(0), message(1), message(2)] } },
    };
    const pieces = [...jsonPieces(inspection)];
    expect(pieces.join('')).toBe(JSON.stringify(inspection));
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(JSON.stringify(message(0).content).length + 10);
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

  it('fails, instead of waiting forever, when the output errors or closes', async () => {
    const broken = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, done) {
        done(new Error('EPIPE: the reader went away'));
      },
    });
    broken.on('error', () => undefined);
    await expect(writeJson(broken, { big: 'z'.repeat(3 << 20), more: 'z'.repeat(3 << 20) })).rejects.toThrow(/EPIPE|closed/);
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

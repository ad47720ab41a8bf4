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

  it('honours toJSON, walks what holds the lists and gives each item of a list as one piece', () => {
    const value = { when: new Date(0), list: [{ deep: { deeper: [1, { bottom: [1, 2] }] } }], plain: [1, null, 'x'], n: 1 };
    const pieces = [...jsonPieces(value)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces).toContain(JSON.stringify(new Date(0)));
    expect(pieces).toContain('{"deep":{"deeper":[1,{"bottom":[1,2]}]}}');
    expect(pieces).toContain('[1,null,"x"]');
    expect(pieces).toContain('1');
  });

  it('never makes one piece of several messages of a payload (each could be hundreds of MB)', () => {
    const message = (i: number) => ({ role: 'user', content: [{ type: 'text', text: `m${i} ${'x'.repeat(1000)}` }] });
    const inspection = {
      original: { messages: [message(0), message(1)], payload: { model: 'm', messages: [message(0), message(1), message(2)] } },
      replay: { messages: [message(0)], payload: { model: 'm', messages: [message(0), message(1), message(2)] } },
    };
    const pieces = [...jsonPieces(inspection)];
    expect(pieces.join('')).toBe(JSON.stringify(inspection));
    expect(Math.max(...pieces.map((p) => p.length))).toBe(JSON.stringify(message(0)).length);
    // Each message is one piece: five of the original's payload and messages, and four of the replay's.
    expect(pieces.filter((p) => p.startsWith('{"role":"user"')).length).toBe(9);
  });

  it('walks a value too long for one string down to what fits, still giving JSON.stringify', () => {
    // A bound of 60 characters stands for V8's longest string.
    const bounded = (value: unknown) => {
      const text = JSON.stringify(value);
      return text.length > 60 ? null : text;
    };
    const big = {
      role: 'user',
      content: [
        { type: 'text', text: 'a'.repeat(30) },
        { type: 'text', text: 'b'.repeat(30) },
      ],
    };
    const value = { replay: { messages: [big, { role: 'user', content: 'short' }] } };
    const pieces = [...jsonPieces(value, bounded)];
    expect(pieces.join('')).toBe(JSON.stringify(value));
    expect(pieces).toContain(JSON.stringify(big.content[0]));
    expect(pieces).toContain('{"role":"user","content":"short"}');
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThanOrEqual(60);
  });

  it('lets any other error of a value through', () => {
    const failing = {
      a: {
        b: {
          c: {
            toJSON: () => 1,
            get d() {
              return 1;
            },
          },
        },
      },
    };
    const throwing = {
      a: {
        b: {
          c: {
            get d(): number {
              throw new Error('no such field');
            },
          },
        },
      },
    };
    expect([...jsonPieces(failing)].join('')).toBe(JSON.stringify(failing));
    expect(() => [...jsonPieces(throwing)]).toThrow('no such field');
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

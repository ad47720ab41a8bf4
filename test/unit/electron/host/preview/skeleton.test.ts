// The skeleton of a line keeps its JSON shape and short strings exactly, and cuts only long strings.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CUT_STRING, skeletonText } from '../../../../../electron/host/preview/skeleton.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');

describe('skeletonText', () => {
  it('returns a line without long strings unchanged', () => {
    const line = '{"type":"message","id":"a1","parentId":null,"message":{"role":"user","content":"hi \\"there\\""}}';
    expect(skeletonText(bytes(line))).toBe(line);
  });

  it('cuts a long string to CUT_STRING and keeps everything around it', () => {
    const long = 'x'.repeat(500);
    const line = JSON.stringify({
      type: 'message',
      id: 'a',
      message: { role: 'toolResult', content: [{ type: 'text', text: long }], isError: false },
    });
    const out = skeletonText(bytes(line), 128)!;
    expect(JSON.parse(out)).toEqual({
      type: 'message',
      id: 'a',
      message: { role: 'toolResult', content: [{ type: 'text', text: CUT_STRING }], isError: false },
    });
  });

  it('finds the end of a long string past escaped quotes and backslash runs', () => {
    const tricky = `${'a'.repeat(200)}\\"quoted\\" and a backslash \\\\ then "${'b'.repeat(200)}`;
    const line = JSON.stringify({ type: 'message', id: 'b', message: { role: 'user', content: tricky }, after: 'kept' });
    expect(JSON.parse(skeletonText(bytes(line), 64)!)).toEqual({
      type: 'message',
      id: 'b',
      message: { role: 'user', content: CUT_STRING },
      after: 'kept',
    });
  });

  it('keeps multi-byte text of short strings and cuts long ones on character boundaries', () => {
    const line = JSON.stringify({ id: 'é中', text: '中文'.repeat(100), tail: 'ü' });
    expect(JSON.parse(skeletonText(bytes(line), 64)!)).toEqual({ id: 'é中', text: CUT_STRING, tail: 'ü' });
  });

  it('says null for a line whose string never ends (a cut-off write)', () => {
    expect(skeletonText(bytes('{"type":"message","id":"c","message":{"role":"user","content":"the agent crashed wh'))).toBeNull();
  });

  it('on any JSON value, parses to the value with exactly the long strings cut', () => {
    const cut = (value: unknown, keep: number): unknown => {
      if (typeof value === 'string') return Buffer.byteLength(JSON.stringify(value)) - 2 > keep ? CUT_STRING : value;
      if (Array.isArray(value)) return value.map((v) => cut(v, keep));
      if (value && typeof value === 'object')
        return Object.fromEntries(Object.entries(value).map(([k, v]) => [cut(k, keep), cut(v, keep)]));
      return value;
    };
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 40 }), (value, keep) => {
        const line = JSON.stringify(value);
        expect(JSON.parse(skeletonText(bytes(line), keep)!)).toEqual(cut(JSON.parse(line), keep));
      }),
      { numRuns: 300 },
    );
  });
  it('ends strings where a byte-by-byte reading does, escapes on either side of where it stops reading byte by byte', () => {
    // The reference: every byte read, an escape's second byte skipped.
    const reference = (line: Buffer, keep: number): string | null => {
      const parts: string[] = [];
      let copied = 0;
      for (let at = 0; at < line.length; at += 1) {
        if (line[at] !== 0x22) continue;
        let close = at + 1;
        while (close < line.length && line[close] !== 0x22) close += line[close] === 0x5c ? 2 : 1;
        if (close >= line.length) return null;
        if (close - at - 1 > keep) {
          parts.push(line.toString('utf8', copied, at + 1), CUT_STRING);
          copied = close;
        }
        at = close;
      }
      parts.push(line.toString('utf8', copied));
      return parts.join('');
    };
    // Strings of backslashes, quotes and letters around 48 bytes and beyond, whole or cut off anywhere.
    const piece = fc.constantFrom('\\\\', '\\"', '\\\\\\"', 'a', 'bc', '\\n', 'é', '\\\\\\\\');
    const text = fc
      .oneof(fc.array(piece, { maxLength: 8 }), fc.array(piece, { minLength: 20, maxLength: 80, size: 'max' }))
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 4 }), fc.integer({ min: 0, max: 130 }), fc.nat(), (texts, keep, cutAt) => {
        const line = Buffer.from(`{${texts.map((t, i) => `"k${i}":"${t}"`).join(',')}}`, 'utf8');
        expect(skeletonText(line, keep)).toBe(reference(line, keep));
        const cutOff = line.subarray(0, cutAt % (line.length + 1));
        expect(skeletonText(cutOff, keep)).toBe(reference(cutOff, keep));
      }),
      { numRuns: 2000 },
    );
  });
});

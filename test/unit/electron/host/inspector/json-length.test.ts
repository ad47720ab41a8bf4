// prettyJsonBytes and compactJsonBytes must equal the byte length of JSON.stringify(value, null, 2)
// and of JSON.stringify(value) for any JSON-ish value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactJsonBytes, createJsonByteCounter, prettyJsonBytes } from '../../../../../electron/host/inspector/json-length.js';

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value, null, 2) ?? '');

describe('prettyJsonBytes', () => {
  it('matches JSON.stringify on escapes, non-ASCII, lone surrogates, undefined members and toJSON', () => {
    const samples: unknown[] = [
      null,
      true,
      false,
      0,
      -1.5e-7,
      Number.NaN,
      Infinity,
      '',
      'plain',
      'quote " and \\ and \n\t\u0001',
      'é ✓ 😀',
      '\ud800 lone',
      '\udc00',
      [],
      {},
      [undefined, () => 1, 1],
      { a: undefined, b: () => 1, c: 1 },
      { nested: { deep: [1, { x: 'y' }] } },
      new Date(0),
      { when: new Date(5) },
    ];
    for (const value of samples) expect(prettyJsonBytes(value), JSON.stringify(value)).toBe(bytesOf(value));
  });

  it('matches JSON.stringify on random JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => prettyJsonBytes(value) === bytesOf(value)),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withObjectString: false }), (value) => {
        try {
          return prettyJsonBytes(value) === bytesOf(value);
        } catch {
          return true; // BigInt etc.: JSON.stringify itself throws
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('long strings', () => {
  it('count every escape, surrogate pair and lone surrogate of a multi-KB text', () => {
    const text = 'a"\\\n\t\b\f\r\u0001\u001f\ud800x\udc00😀é中 '.repeat(20_000);
    for (const value of [text, { text }, [text, text.slice(1)], text.slice(0, -1)]) {
      expect(prettyJsonBytes(value)).toBe(Buffer.byteLength(JSON.stringify(value, null, 2)));
      expect(compactJsonBytes(value)).toBe(Buffer.byteLength(JSON.stringify(value)));
    }
  });
});

describe('compactJsonBytes', () => {
  const compactBytes = (value: unknown): number => Buffer.byteLength(JSON.stringify(value) ?? '');

  it('matches compact JSON.stringify on escapes, non-ASCII, undefined members and toJSON', () => {
    const samples: unknown[] = [
      '',
      'quote " and \\ and \n',
      'é ✓ 😀',
      '\ud800 lone',
      [],
      {},
      [undefined, () => 1, 1],
      { a: undefined, b: () => 1, c: 1 },
      { nested: { deep: [1, { x: 'y' }] } },
      { when: new Date(5) },
    ];
    for (const value of samples) expect(compactJsonBytes(value), JSON.stringify(value)).toBe(compactBytes(value));
    expect(compactJsonBytes({ a: [1, 'é'] })).toBe('{"a":[1,"é"]}'.length + 1);
  });

  it('matches compact JSON.stringify on random JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => compactJsonBytes(value) === compactBytes(value)),
      { numRuns: 1000 },
    );
  });
});

describe('createJsonByteCounter', () => {
  it('counts like prettyJsonBytes, remembering long strings across values', () => {
    const count = createJsonByteCounter();
    const long = 'line with "quotes"\n'.repeat(100);
    const a = {
      messages: [
        { role: 'user', content: long },
        { role: 'assistant', content: [{ type: 'text', text: long }] },
      ],
    };
    const b = { messages: [{ role: 'user', content: long, extra: 'é'.repeat(300) }] };
    expect(count(a)).toBe(bytesOf(a));
    expect(count(b)).toBe(bytesOf(b));
    expect(count(a)).toBe(bytesOf(a));
    fc.assert(
      fc.property(fc.jsonValue(), (value) => count(value) === bytesOf(value)),
      { numRuns: 300 },
    );
  });
});

describe('a counter remembering payload entries', () => {
  it('counts a second payload that shares entries with the first, at other places, exactly', () => {
    const count = createJsonByteCounter();
    const shared = { role: 'user', content: [{ type: 'text', text: 'shared "entry"\n' }] };
    const other = { role: 'assistant', content: [{ type: 'text', text: 'é✓' }], usage: { input: 12, output: 0 } };
    const original = { model: 'm', messages: [shared, other, { role: 'user', content: 'x' }] };
    // The same entries one and two places further on, and one of them deeper down, where its indent differs.
    const replay = {
      system: [{ type: 'text', text: 's' }],
      messages: [{ role: 'user', content: 'y' }, other, shared, { nested: [shared] }],
    };
    expect(count(original)).toBe(bytesOf(original));
    expect(count(replay)).toBe(bytesOf(replay));
    // A value whose top level holds an entry (a depth of 1, not 2) is counted at its own depth too.
    expect(count([shared])).toBe(bytesOf([shared]));
    expect(count({ a: { b: shared } })).toBe(bytesOf({ a: { b: shared } }));
  });

  it('counts payloads made of a shared pool of random entries exactly', () => {
    const entry = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { maxKeys: 4 });
    fc.assert(
      fc.property(
        fc.array(entry, { minLength: 1, maxLength: 8 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 12 }),
        (pool, a, b) => {
          const count = createJsonByteCounter();
          const pick = (picks: number[]) => ({ messages: picks.map((i) => pool[i % pool.length]) });
          const first = pick(a);
          const second = pick(b);
          return count(first) === bytesOf(first) && count(second) === bytesOf(second) && count(first) === bytesOf(first);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('numbers and short strings read without making strings', () => {
  it('match JSON.stringify on integers of every length, negative zero, fractions and keys that need escaping', () => {
    const numbers = [
      0,
      -0,
      7,
      -7,
      9,
      10,
      99,
      100,
      12345,
      -12345,
      2 ** 31,
      -(2 ** 31),
      Number.MAX_SAFE_INTEGER,
      -Number.MAX_SAFE_INTEGER,
      2 ** 53,
      1e21,
      1.5,
      -0.25,
      1e-7,
    ];
    for (const n of numbers) {
      expect(compactJsonBytes(n), String(n)).toBe(JSON.stringify(n).length);
      expect(prettyJsonBytes({ n }), String(n)).toBe(bytesOf({ n }));
    }
    const keys = ['', 'a', 'tab\there', 'quote"', 'back\\slash', 'del\u007f', 'é', '✓', '\u0000', 'x'.repeat(32), 'x'.repeat(33) + '"'];
    for (const key of keys) {
      const value = { [key]: key };
      expect(compactJsonBytes(value), JSON.stringify(key)).toBe(Buffer.byteLength(JSON.stringify(value)));
      expect(prettyJsonBytes(value), JSON.stringify(key)).toBe(bytesOf(value));
    }
  });
});

describe('an entry with toJSON', () => {
  it('is measured by what it gives at each count, not remembered', () => {
    const count = createJsonByteCounter();
    let calls = 0;
    const changing = { toJSON: () => ({ n: 'x'.repeat((calls += 1)) }) };
    const payload = { messages: [changing] };
    // Each count asks it again, and it gives one character more.
    const first = count(payload);
    expect(count(payload)).toBe(first + 1);
    expect(calls).toBe(2);
  });
});

// asJsonValue: the JSON toJsonValue gives, without copying what is plain JSON already.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { asJsonValue, toJsonValue } from '../../../../../electron/host/payloads/json-value.js';

describe('asJsonValue', () => {
  it('returns a plain payload as it is', () => {
    const payload = { model: 'm', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }], stream: true, n: 1.5 };
    expect(asJsonValue(payload)).toBe(payload);
  });

  it('rebuilds only the levels holding something that is not JSON, like toJsonValue', () => {
    const shared = { input: { a: [1, 'x', null] } };
    const payload = {
      messages: [shared, { is_error: undefined, f: () => 1, n: Number.NaN, big: 10n, when: new Date(0), bytes: new Uint8Array([1, 2]) }],
      config: { abortSignal: new AbortController().signal, holes: [1, , 3], list: [undefined] }, // eslint-disable-line no-sparse-arrays
      own: JSON.parse('{"__proto__": {"x": 1}, "y": 2}') as unknown,
    };
    const out = asJsonValue(payload) as { messages: unknown[] };
    expect(JSON.stringify(out)).toBe(JSON.stringify(toJsonValue(payload)));
    expect(out).not.toBe(payload);
    expect(out.messages[0]).toBe(shared);
  });

  it('throws on a cycle, like toJsonValue', () => {
    const a: Record<string, unknown> = { b: { c: [1] } };
    (a.b as Record<string, unknown>).a = a;
    expect(() => asJsonValue({ root: a })).toThrow('payload contains a cycle');
  });

  it('handles nesting deeper than it checks itself', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 500; i += 1) deep = [deep];
    const value = { x: deep };
    expect(JSON.stringify(asJsonValue(value))).toBe(JSON.stringify(value));
  });

  it('gives the JSON toJsonValue gives on random values, and leaves plain ones as they are', () => {
    const value = fc.anything({
      withBigInt: true,
      withDate: true,
      withTypedArray: true,
      withSparseArray: true,
      withNullPrototype: true,
      withObjectString: true,
      withUnicodeString: true,
      values: [fc.constant(undefined), fc.constant(() => 1), fc.constant(new AbortController().signal), fc.double()],
    });
    fc.assert(
      fc.property(value, (v) => {
        // An invalid Date throws in both.
        const json = (convert: (v: unknown) => unknown) => {
          try {
            return JSON.stringify(convert(v));
          } catch (error) {
            return `throws ${(error as Error).message}`;
          }
        };
        expect(json(asJsonValue)).toBe(json(toJsonValue));
        if (isJsonAsItIs(v)) expect(asJsonValue(v)).toBe(v);
      }),
      { numRuns: 3000 },
    );
  });
});

/** Plain arrays and objects of strings, booleans, null and finite numbers only. */
function isJsonAsItIs(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v);
  if (typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  if (Array.isArray(v))
    return proto === Array.prototype && Array.from({ length: v.length }, (_, i) => i in v).every(Boolean) && v.every(isJsonAsItIs);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.keys(v).every((k) => k !== '__proto__' && isJsonAsItIs((v as Record<string, unknown>)[k]));
}

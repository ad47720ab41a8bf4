// asJsonValue: the JSON toJsonValue gives, without copying what is plain JSON already.
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
});

// Rewriting JSON string values in place: keys, layout, numbers and escapes keep their places.
import { describe, expect, it } from 'vitest';
import { rewriteJsonStrings, type JsonPath } from '../../../../shared/redact/json-text.js';
import { maskText } from '../../../../shared/redact/mask-text.js';

const mask = (value: string) => maskText(value);

describe('rewriteJsonStrings', () => {
  it('masks values, keeps keys, numbers, literals and whitespace', () => {
    const text = '{ "path": "src/App.tsx", "line": 12, "ok": true, "tags": ["a b", null] }';
    expect(rewriteJsonStrings(text, mask)).toBe('{ "path": "xxx/Xxx.xxx", "line": 12, "ok": true, "tags": ["x x", null] }');
  });

  it('gives the rule each value with its path', () => {
    const seen: [string, JsonPath][] = [];
    rewriteJsonStrings('{"a":[{"b":"x"},"y"],"c":{"d":"z"}}', (value, path) => {
      seen.push([value, path]);
      return value;
    });
    expect(seen).toEqual([
      ['x', ['a', 0, 'b']],
      ['y', ['a', 1]],
      ['z', ['c', 'd']],
    ]);
  });

  it('keeps escapes and the raw length of a token', () => {
    const text = String.raw`{"t":"line\nnext \"q\" caf\u00e9 \ud83d\ude00"}`;
    const out = rewriteJsonStrings(text, mask);
    expect(out).toBe(String.raw`{"t":"xxxx\nxxxx \"x\" xxx\u00f8 \ud83d\ude00"}`);
    expect(out.length).toBe(text.length);
    expect(JSON.parse(out)).toEqual({ t: 'xxxx\nxxxx "x" xxxø 😀' });
  });

  it('writes a raw replacement token as given', () => {
    expect(rewriteJsonStrings('{"data":"abc"}', () => ({ raw: '"QUJD"' }))).toBe('{"data":"QUJD"}');
  });

  it('masks a cut-off line as far as it goes, keeping the place of the cut', () => {
    const text = '{"type":"message","message":{"content":"Secret pass\\u0041 and mor';
    const out = rewriteJsonStrings(text, (value, path) => (path.at(-1) === 'type' ? value : mask(value)));
    expect(out).toBe('{"type":"message","message":{"content":"Xxxxxx xxxx\\u0078 xxx xxx');
    expect(out.length).toBe(text.length);
  });

  it('masks bare words that are not JSON literals', () => {
    expect(rewriteJsonStrings('{"a": tru, "b": 1e5, "c": secret}', mask)).toBe('{"a": xxx, "b": 1e5, "c": xxxxxx}');
  });
});

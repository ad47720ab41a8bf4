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

  it('ends a string at the first quote after an even run of backslashes, not at an escaped one', () => {
    // "a\\" ends after its escaped backslash; "b\"c" holds an escaped quote; "\\\"" is a backslash and a quote.
    const text = String.raw`{"k":"a\\","l":"b\"c","m":"\\\"","n":"d"}`;
    const seen: [string, JsonPath][] = [];
    const out = rewriteJsonStrings(text, (value, path) => {
      seen.push([value, path]);
      return mask(value);
    });
    expect(seen).toEqual([
      ['a\\', ['k']],
      ['b"c', ['l']],
      ['\\"', ['m']],
      ['d', ['n']],
    ]);
    expect(out).toBe(String.raw`{"k":"x\\","l":"x\"x","m":"\\\"","n":"x"}`);
  });

  it('keeps the key an escape spells, and any whitespace between tokens, as they are', () => {
    const text = '{"\\u0074ype":"x",\u000b"b":\u00a0"y",\f"c":\t"z"}';
    const seen: JsonPath[] = [];
    const out = rewriteJsonStrings(text, (value, path) => {
      seen.push(path);
      return mask(value);
    });
    expect(seen).toEqual([['type'], ['b'], ['c']]);
    expect(out).toBe(text.replace(/"[xyz]"/g, '"x"'));
  });

  it('returns the text itself when no value changes', () => {
    const text = '{"a":["b",1,{"c":null}]}';
    expect(rewriteJsonStrings(text, (value) => value)).toBe(text);
  });

  it('writes a changed value with the original escapes where it can, and escapes it anew where it cannot', () => {
    const to = (next: string) => () => next;
    // A run changed around a kept escape: the escape stays two characters.
    expect(rewriteJsonStrings(String.raw`{"a":"ab\ncd"}`, to('xy\nzw'))).toBe(String.raw`{"a":"xy\nzw"}`);
    // A \uXXXX escape whose unit changed stays six characters.
    expect(rewriteJsonStrings(String.raw`{"a":"\u00e9t\u00e9"}`, to('øxø'))).toBe(String.raw`{"a":"\u00f8x\u00f8"}`);
    // A two-character escape whose unit changed, a quote or a control character in a run: escaped anew.
    expect(rewriteJsonStrings(String.raw`{"a":"ab\ncd"}`, to('abZcd'))).toBe('{"a":"abZcd"}');
    expect(rewriteJsonStrings(String.raw`{"a":"ab\ncd"}`, to('"b\ncd'))).toBe(String.raw`{"a":"\"b\ncd"}`);
    expect(rewriteJsonStrings(String.raw`{"a":"ab\ncd"}`, to('a\tb\ncd'.slice(0, 5)))).toBe(String.raw`{"a":"a\tb\nc"}`);
  });

  it('escapes what a rule puts into a value that had no escape', () => {
    const out = rewriteJsonStrings('{"a":"bc","d":"ef"}', (value) => (value === 'bc' ? 'b"' : 'e\n'));
    expect(out).toBe(String.raw`{"a":"b\"","d":"e\n"}`);
    expect(JSON.parse(out)).toEqual({ a: 'b"', d: 'e\n' });
  });

  it('hands a rule the value JSON.parse gives for each token, whether or not the text is known to parse', () => {
    // Strings without escapes are read as they are; with escapes as JSON.parse reads them.
    const values = ['plain', 'é 東 😀 \ud800', 'a\nb', 'q"q', '', 'tab\tend', '\u2028', 'a\\', '\u0000'];
    const text = JSON.stringify({ list: values });
    for (const parsed of [true, false]) {
      const seen: string[] = [];
      const out = rewriteJsonStrings(
        text,
        (value) => {
          seen.push(value);
          return mask(value);
        },
        parsed,
      );
      expect(seen).toEqual(values);
      expect(JSON.parse(out)).toEqual({ list: values.map(mask) });
    }
  });

  it('masks a token holding a raw control character, which no JSON string holds, as a broken one', () => {
    const text = '{"a":"x\u0001y","b":"ok"}';
    const seen: string[] = [];
    const out = rewriteJsonStrings(text, (value) => {
      seen.push(value);
      return mask(value);
    });
    expect(out).toBe('{"a":"x\u0001x","b":"xx"}');
    expect(seen).toEqual(['ok']);
  });
});

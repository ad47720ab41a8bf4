// A long line parsed by its parts must give exactly JSON.parse's value, or null (then the caller
// parses the text as usual and reports what is wrong) — never a different value.
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { createLongLineParser, LONG_STRING_BYTES, sameLine } from '../../../../electron/host/long-line.js';
import { estimateDecodedBytes } from '../../../../shared/images/probe.js';
import { isWellFormed } from '../../../../shared/text/well-formed.js';

const enc = (text: string): Buffer => Buffer.from(text, 'utf8');
const long = (unit: string): string => unit.repeat(Math.ceil((LONG_STRING_BYTES + 10) / unit.length));

/** The entry of a tool result whose output is `text`, as one JSONL line. */
const line = (text: string, extra: Record<string, unknown> = {}): string =>
  JSON.stringify({
    type: 'message',
    id: 'a',
    parentId: null,
    message: { role: 'toolResult', toolCallId: 't', content: [{ type: 'text', text }], ...extra },
  });

describe('parsing a long line by its parts', () => {
  it("gives JSON.parse's value for every escape, non-ASCII text and surrogate pair", () => {
    const parse = createLongLineParser();
    const texts = [
      long('plain ascii '),
      long('line\n"quoted" back\\slash /slash \b\f\r\t tab é 中文 😀 \u0000 nul \u001f '),
      long('😀'),
      `${long('x')}\n`,
      `\n${long('y')}`,
    ];
    for (const text of texts) {
      const json = line(text, { image: long('iVBORw0KGgo') });
      expect(parse(enc(json)), json.slice(0, 60)).toEqual({ value: JSON.parse(json) });
    }
    // Escapes written by another writer: \/ and \u escapes of any case, an escaped surrogate pair.
    const handWritten = `{"type":"message","text":"${long('a\\/b\\u00E9\\u4e2D\\ud83d\\ude00c')}","n":1}`;
    expect(parse(enc(handWritten))).toEqual({ value: JSON.parse(handWritten) });
  });

  it('keeps short strings, numbers, nesting and several long strings in place', () => {
    const parse = createLongLineParser();
    const json = JSON.stringify({ a: [long('1'), { b: long('2'), c: 'short', d: [1.5, null, true] }], e: long('3') });
    expect(parse(enc(json))).toEqual({ value: JSON.parse(json) });
  });

  it('agrees with JSON.parse on random values with long strings', () => {
    const parse = createLongLineParser();
    const longString = fc
      .tuple(fc.string({ unit: 'binary', maxLength: 40 }), fc.integer({ min: 1, max: 3 }))
      .map(([unit, times]) => long(unit || 'z').repeat(times));
    const value = fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(longString, fc.jsonValue({ maxDepth: 2 })), {
      minKeys: 1,
      maxKeys: 5,
    });
    fc.assert(
      fc.property(value, longString, (record, text) => {
        const json = JSON.stringify({ ...record, text });
        const result = parse(enc(json));
        // null only for an escaped lone surrogate, which UTF-8 cannot carry.
        if (result === null) return /\\ud[89a-f]/i.test(json);
        expect(result.value).toEqual(JSON.parse(json));
        return true;
      }),
      { numRuns: 60 },
    );
  });

  it('never gives another value than JSON.parse: a mark spelled another way, a dropped duplicate, "__proto__"', () => {
    const parse = createLongLineParser();
    const x = long('x');
    const lines = [
      `{"a":"${x}","a":"\\u0000\\u006cong-string:0"}`,
      `{"a":"${x}","a":"\\u0000long-string\\u003a0"}`,
      `{"a":["\\u0000long-string:0"],"b":"${x}","b":"short"}`,
      `{"a":"${x}","b":"${x}","b":"\\u0000long-string:1"}`,
      `{"__proto__":"${x}","other":1}`,
      `{"nested":{"__proto__":["${x}"]}}`,
    ];
    for (const json of lines) {
      const result = parse(enc(json));
      if (result !== null) expect(result.value, json.slice(0, 30)).toEqual(JSON.parse(json));
    }
    const proto = parse(enc(lines[4]));
    expect(proto).not.toBeNull();
    expect(Object.getOwnPropertyDescriptor(proto!.value as object, '__proto__')?.value).toBe(x);
  });

  it('gives null, not a value, for what JSON.parse rejects or what it cannot tell', () => {
    const parse = createLongLineParser();
    const good = line(long('ok '));
    const cases: [string, Buffer][] = [
      ['a raw tab in a long string', enc(good.replace('ok ok', 'ok\tok'))],
      ['a raw U+001F in a long string', enc(good.replace('ok ok', 'ok\u001fok'))],
      ['a raw U+001F in a long string with escapes', enc(line(long('a\nb')).replace('a\\nb', 'a\u001fb'))],
      ['a long string that never ends (a cut-off line)', enc(line(long('ok ').repeat(2)).slice(0, LONG_STRING_BYTES + 1000))],
      ['invalid JSON outside the long strings', enc(good.replace('"role"', 'role'))],
      ['a bad escape', enc(good.replace('ok ok', 'ok\\x ok'))],
      ['a cut \\u escape', enc(good.replace('ok ok', 'ok\\u12 ok'))],
      ['an escaped lone surrogate', enc(good.replace('ok ok', 'ok\\ud800 ok'))],
      ['a long key', enc(`{"${long('k')}":1}`)],
      ['no long string', enc(JSON.stringify({ a: 'short' }))],
      ['the mark used for long strings', enc(good.replace('"t"', '"\\u0000long-string:0"'))],
      ['a short string starting with NUL', enc(good.replace('"t"', '"\\u0000"'))],
      ['invalid UTF-8', Buffer.concat([enc(good.slice(0, 100)), Buffer.from([0xc3, 0x28]), enc(good.slice(100))])],
    ];
    for (const [what, bytes] of cases) expect(parse(bytes), what).toBeNull();
    // A deeper line than the call stack allows is still parsed (or refused), never a throw.
    const deep = enc(`${'['.repeat(20_000)}"${long('d')}"${']'.repeat(20_000)}`);
    let inner = parse(deep)!.value;
    for (let depth = 0; depth < 20_000; depth += 1) inner = (inner as unknown[])[0];
    expect(inner).toBe(long('d'));
    // The parser is still good after a refusal.
    expect(parse(enc(good))).toEqual({ value: JSON.parse(good) });
  });

  it('finds a raw control byte at any place of a long string, with or without escapes, in place or not', () => {
    const body = long('ok ');
    for (const escapes of ['', '\\n']) {
      for (let at = 0; at < 9; at += 1) {
        for (const control of [0x00, 0x09, 0x0a, 0x1f]) {
          for (const where of [at, body.length - at]) {
            const text = `${escapes}${body.slice(0, where)}${String.fromCharCode(control)}${body.slice(where)}`;
            const json = `{"type":"message","text":"${text}"}`;
            expect(createLongLineParser()(enc(json)), `${escapes} ${control} at ${where}`).toBeNull();
            expect(createLongLineParser({ inPlace: true })(enc(json)), `${escapes} ${control} at ${where} in place`).toBeNull();
          }
        }
      }
    }
    // Bytes from 0x20 up, around the word edges, are no control characters (nor is UTF-8's 0x80 and up).
    const allowed = `${long(' !~\u007f')}é中😀`;
    for (let at = 0; at < 5; at += 1) {
      const json = `{"text":"${'x'.repeat(at)}${allowed}"}`;
      expect(createLongLineParser({ inPlace: true })(enc(json))).toEqual({ value: JSON.parse(json) });
    }
  });

  it('decodes a long string of base64 alphabet or not the same, and tells the images rule of the base64 (noteBase64Alphabet)', () => {
    const base64 = long('iVBORw0KGgo+/9=');
    for (const inPlace of [false, true]) {
      for (const at of [0, base64.length >> 1, base64.length]) {
        for (const other of ['', '-', ' ', 'é', '中']) {
          const json = line(`${base64.slice(0, at)}${other}${base64.slice(at)}`);
          expect(createLongLineParser({ inPlace })(enc(json)), `${other} at ${at}`).toEqual({ value: JSON.parse(json) });
        }
      }
    }
    // The images rule does not scan the alphabet of the base64 again; it does scan other text.
    const textOf = (json: string): string =>
      (createLongLineParser()(enc(json))!.value as { message: { content: { text: string }[] } }).message.content[0].text;
    const image = textOf(line(`${base64}A`));
    const spaced = textOf(line(`${base64} A`));
    const scans = vi.spyOn(RegExp.prototype, 'test');
    estimateDecodedBytes(image);
    expect(scans).not.toHaveBeenCalled();
    estimateDecodedBytes(spaced);
    expect(scans).toHaveBeenCalledOnce();
    scans.mockRestore();
  });

  it('tells the payload builders that the long strings it decodes outside ASCII are well formed (noteWellFormed)', () => {
    const textOf = (json: string, inPlace: boolean): string =>
      (createLongLineParser({ inPlace })(enc(json))!.value as { message: { content: { text: string }[] } }).message.content[0].text;
    const scans = vi.spyOn(String.prototype as string & { isWellFormed(): boolean }, 'isWellFormed');
    for (const inPlace of [false, true]) {
      for (const text of [long('tab\there é 中文 😀 '), long('中文 without escapes ')]) {
        expect(isWellFormed(textOf(line(text), inPlace)), text.slice(0, 20)).toBe(true);
        expect(scans).not.toHaveBeenCalled();
      }
    }
    // An ASCII text is scanned: at no cost, one byte a character.
    expect(isWellFormed(textOf(line(long('ascii only ')), false))).toBe(true);
    expect(scans).toHaveBeenCalledOnce();
    scans.mockRestore();
  });

  it("gives JSON.parse's value or null for raw string bodies of escapes, control bytes and UTF-8 at any offset", () => {
    const token = fc.constantFrom(
      'a',
      'bcd',
      'é',
      '中',
      '😀',
      '\\n',
      '\\"',
      '\\\\',
      '\\/',
      '\\u00e9',
      '\\u4E2d',
      '\\ud83d\\ude00',
      '\\ud83d',
      '\\x',
      '\t',
      '\u0001',
    );
    const body = fc.tuple(fc.array(token, { maxLength: 12 }), fc.nat(7), fc.array(token, { maxLength: 12 }), fc.boolean());
    fc.assert(
      fc.property(body, fc.boolean(), ([head, shift, tail, tokensFirst], inPlace) => {
        const padding = 'p'.repeat(LONG_STRING_BYTES + 1 + shift);
        const text = tokensFirst ? `${head.join('')}${padding}${tail.join('')}` : `${padding}${head.join('')}x${tail.join('')}`;
        const json = `{"type":"message","text":"${text}","n":1}`;
        let expected: unknown = null;
        try {
          expected = { value: JSON.parse(json) };
        } catch {
          // JSON.parse refuses it: so must the parser.
        }
        const result = createLongLineParser({ inPlace })(enc(json));
        // An escaped lone surrogate, which UTF-8 cannot carry, is left to JSON.parse too.
        if (result === null && expected !== null) return /\\ud83d(?!\\ude00)/.test(text);
        expect(result).toEqual(expected);
        return true;
      }),
      { numRuns: 300 },
    );
  });

  it('in place: tells the bytes it read, read again, from bytes rewritten since (sameLine)', () => {
    const edits: number[] = [];
    const parse = createLongLineParser({ inPlace: true, edits });
    const text = fc.string({ unit: 'binary', maxLength: 30 }).map((unit) => long(`${unit}\n"`));
    const bad = fc.constantFrom('\\ud800', '\\x', '\u0001');
    fc.assert(
      fc.property(text, text, bad, fc.nat(), (first, second, trouble, at) => {
        // Two long strings; the second gives up (after the first was unescaped over the line).
        const json = JSON.stringify({ a: first, b: second }).replace(/"}$/, `${trouble}"}`);
        const original = enc(json);
        const line = Buffer.from(original);
        if (parse(line) !== null) return true;
        expect(sameLine(line, original, edits)).toBe(true);
        // Any one byte changed is seen (to a space, which no escape holds: "\\u00e9" and "\\u00E9" would be the same text).
        const changed = Buffer.from(original);
        const k = at % changed.length;
        changed[k] = changed[k] === 0x20 ? 0x21 : 0x20;
        expect(sameLine(line, changed, edits)).toBe(false);
        expect(sameLine(line, original.subarray(1), edits)).toBe(false);
        return true;
      }),
      { numRuns: 60 },
    );
  });
});

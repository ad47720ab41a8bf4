// A message line's place in the tree read off its first bytes: only for lines in pi's form that are
// one complete JSON object; anything else goes to the parser.
import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_QUICK_LINE_BYTES, quickEntry, stubEntry } from '../../../../../electron/host/preview/quick-entry.js';
import { unrecognizedReason } from '../../../../../shared/session/recognize.js';
import type { SessionEntry } from '../../../../../shared/session/types.js';

const bytes = (text: string) => Buffer.from(text, 'utf8');
const quick = (text: string) => quickEntry(bytes(text));

const PI_LINE =
  '{"type":"message","id":"000003ea","parentId":"000003e9","timestamp":"2025-10-06T09:29:54.620Z","message":{"role":"toolResult","toolCallId":"toolu_01","toolName":"bash","content":[{"type":"text","text":"Command \\"aborted\\" ]}"}],"details":{},"isError":true,"timestamp":1759742994620}}';

const fixtures = path.resolve(__dirname, '../../../../fixtures/pi-sessions');

/** A message entry in pi's field order, as JSON text. */
const piLine = (id: string, parentId: string | null, message: Record<string, unknown>) =>
  JSON.stringify({ type: 'message', id, parentId, timestamp: '2026-01-01T00:00:01.000Z', message });

describe('quickEntry', () => {
  it("reads the id, parent and role of a message line in pi's form", () => {
    expect(quick(PI_LINE)).toEqual({ id: '000003ea', parentId: '000003e9', role: 'toolResult' });
    expect(quick('{"type":"message","id":"a","parentId":null,"timestamp":"t","message":{"role":"user","content":"hi"}}')).toEqual({
      id: 'a',
      parentId: null,
      role: 'user',
    });
    // Without a timestamp, and with spaces after the object (a CR of a CRLF file among them).
    expect(quick('{"type":"message","id":"b","parentId":"a","message":{"role":"assistant","content":[]}} \t\r')).toEqual({
      id: 'b',
      parentId: 'a',
      role: 'assistant',
    });
  });

  it('agrees with the parsed line on every message line of the sessions pi wrote, and takes every one in its form', () => {
    let taken = 0;
    for (const name of readdirSync(fixtures).filter((f) => f.endsWith('.jsonl'))) {
      for (const line of readFileSync(path.join(fixtures, name), 'utf8').split('\n')) {
        if (line === '') continue;
        const entry = JSON.parse(line) as SessionEntry;
        const message = entry.message as Record<string, unknown> | undefined;
        const found = quick(line);
        const inForm =
          entry.type === 'message' &&
          ['user', 'assistant', 'toolResult'].includes(message?.role as string) &&
          bytes(line).length <= MAX_QUICK_LINE_BYTES;
        expect(found !== null, `${name}: ${line.slice(0, 80)}`).toBe(inForm);
        if (found) {
          expect(found).toEqual({ id: entry.id, parentId: entry.parentId, role: message!.role });
          taken += 1;
        }
      }
    }
    expect(taken).toBeGreaterThan(300);
  });

  it('leaves to the parser every other line: other types, orders, ids, roles, and what can take a message out of the context', () => {
    const cases = [
      '{"type":"session","version":3,"id":"s","timestamp":"t"}',
      '{"type":"model_change","id":"m","parentId":null,"provider":"anthropic","modelId":"claude"}',
      '{"id":"a","type":"message","parentId":null,"message":{"role":"user","content":"hi"}}',
      '{"type":"message","parentId":null,"id":"a","message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"","parentId":null,"message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"a\\u0062","parentId":null,"message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"é","parentId":null,"message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"a","parentId":7,"message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"a","message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"a","parentId":null,"timestamp":1,"message":{"role":"user","content":"hi"}}',
      '{"type":"message","id":"a","parentId":null,"message":{"content":"hi","role":"user"}}',
      '{"type":"message","id":"a","parentId":null,"message":{"role":"custom","customType":"x","content":"hi"}}',
      '{"type":"message","id":"a","parentId":null,"message":{"role":"hookMessage","content":"hi"}}',
      '{"type":"message","id":"a","parentId":null,"message":{"role":"users","content":"hi"}}',
      '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi","excludeFromContext":true}}',
      '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":[{"type":"text","text":"excludeFromContext"}]}}',
      '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi","excludeFromConte\\u0078t":true}}',
      ' {"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi"}}',
    ];
    for (const line of cases) expect(quick(line), line).toBeNull();
  });

  it('leaves to the parser a line that is not one complete JSON object', () => {
    const ok = '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":[{"type":"text","text":"x"}]}}';
    expect(quick(ok)).not.toBeNull();
    const cases = {
      'cut off': ok.slice(0, -1),
      'cut off in a string': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi',
      'an escaped quote left open': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi\\"}}',
      'two lines run together': `${ok.slice(0, 60)}${ok}`,
      'two objects on one line': `${ok}${ok}`,
      'something after the object': `${ok},`,
      'closed early': '{"type":"message","id":"a","parentId":null,"message":{"role":"user"}},"content":"hi"}',
      'a bracket of the wrong kind': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":["hi"}}}',
      'a NUL between tokens': '{"type":"message","id":"a","parentId":null,"message":{"role":"user",\0"content":"hi"}}',
      'a raw control byte in a string': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"h\x01i"}}',
      'an escape of a raw control byte': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"h\\\ni"}}',
      'a trailing comma': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi",}}',
      'a missing comma': '{"type":"message","id":"a","parentId":null,"message":{"role":"user" "content":"hi"}}',
      'a missing colon': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content" "hi"}}',
      'a key that is not a string': '{"type":"message","id":"a","parentId":null,"message":{"role":"user",content:"hi"}}',
      'an unknown escape': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"h\\xi"}}',
      'a short unicode escape': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"h\\u12"}}',
      'an escaped printable character': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"h\\u0069"}}',
      'a leading zero': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","timestamp":01}}',
      'a bare word': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","isError":yes}}',
      'a number without digits after its point': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","timestamp":1.}}',
      'a member after the message': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi"},"id":"b"}',
      'a second role': '{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi","role":"assistant"}}',
      'nested past the limit': `{"type":"message","id":"a","parentId":null,"message":{"role":"user","content":"hi","x":${'['.repeat(70)}${']'.repeat(70)}}}`,
      'longer than the quick read takes': piLine('a', null, { role: 'user', content: 'x'.repeat(MAX_QUICK_LINE_BYTES) }),
    };
    for (const [what, line] of Object.entries(cases)) expect(quick(line), what).toBeNull();
  });

  it('reads strings four bytes at a time without passing over a byte that ends one, wherever that byte falls', () => {
    // Every byte value at each of eight places in a text and in a key: taken exactly when JSON.parse reads the line.
    const head = '{"type":"message","id":"a","parentId":null,"message":{"role":"user",';
    const places = [
      { open: `${head}"content":"`, close: 'yyyyyyyyy"}}' },
      { open: `${head}"content":"hi","`, close: 'yyyyyyyyy":1}}' },
    ];
    const taken = new Set<number>();
    for (const { open, close } of places)
      for (let before = 0; before < 8; before += 1)
        for (let byte = 0; byte < 256; byte += 1) {
          const line = Buffer.concat([bytes(open + 'x'.repeat(before)), Buffer.from([byte]), bytes(close)]);
          let parses = true;
          try {
            JSON.parse(line.toString('utf8'));
          } catch {
            parses = false;
          }
          expect(quickEntry(line) !== null, `byte ${byte} after ${before} in ${open}`).toBe(parses);
          if (parses) taken.add(byte);
        }
    // Printable ASCII but the quote and the backslash, and every byte past 0x7f (one U+FFFD each).
    expect(taken.size).toBe(256 - 32 - 2);
  });

  it('takes every generated message line up to its size limit, with its id, parent and role, and never one cut short', () => {
    const text = fc.string({ unit: 'binary', maxLength: 40 });
    const block = fc.oneof(
      fc.record({ type: fc.constant('text'), text }),
      fc.record({ type: fc.constant('toolCall'), id: text, name: text, arguments: fc.dictionary(text, fc.jsonValue({ maxDepth: 3 })) }),
    );
    const message = fc.record(
      {
        role: fc.constantFrom('user', 'assistant', 'toolResult'),
        content: fc.oneof(text, fc.array(block, { maxLength: 4 })),
        details: fc.jsonValue({ maxDepth: 4 }),
      },
      { requiredKeys: ['role'] },
    );
    const id = fc.stringMatching(/^[0-9a-z_-]{1,12}$/);
    let taken = 0;
    fc.assert(
      fc.property(id, fc.option(id), message, fc.nat(), (entryId, parentId, m, cut) => {
        const line = piLine(entryId, parentId, m);
        const short = Buffer.byteLength(line) <= MAX_QUICK_LINE_BYTES;
        expect(quick(line)).toEqual(short ? { id: entryId, parentId, role: m.role } : null);
        taken += short ? 1 : 0;
        // No line cut short closes its object: none is taken.
        expect(quick(line.slice(0, cut % line.length))).toBeNull();
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(1000);
  });
});

describe('quickEntry on lines with one byte changed', () => {
  it('takes a changed line only when JSON.parse reads it as a message entry of that id, parent and role, its message last', () => {
    const lines = readdirSync(fixtures)
      .filter((f) => f.endsWith('.jsonl'))
      .flatMap((name) => readFileSync(path.join(fixtures, name), 'utf8').split('\n'))
      .filter((line) => quick(line) !== null);
    const symbols = Buffer.from('{}[]":,\\0123456789.-+eEtrufalsn \t\u0000x');
    let taken = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat(), (which, where, what) => {
        const line = bytes(lines[which % lines.length]);
        const changed = Buffer.from(line);
        changed[where % line.length] = symbols[what % symbols.length];
        const found = quickEntry(changed);
        if (found === null) return;
        taken += 1;
        const entry = JSON.parse(changed.toString('utf8')) as Record<string, unknown>;
        const message = entry.message as Record<string, unknown>;
        expect({ type: entry.type, id: entry.id, parentId: entry.parentId, role: message.role }).toEqual({ type: 'message', ...found });
        expect(Object.keys(entry).at(-1)).toBe('message');
        expect(message.excludeFromContext).toBeUndefined();
      }),
      { numRuns: 20_000 },
    );
    // Most changes land inside strings, which leaves the line one to take.
    expect(taken).toBeGreaterThan(5000);
  });
});

describe('stubEntry', () => {
  it('stands for a message entry that OpenClaw recognises, with its place in the tree and its role', () => {
    for (const role of ['user', 'assistant', 'toolResult'] as const) {
      const stub = stubEntry({ id: 'a', parentId: 'p', role }) as SessionEntry;
      expect(stub).toMatchObject({ type: 'message', id: 'a', parentId: 'p', message: { role } });
      expect(unrecognizedReason(stub)).toBeNull();
    }
  });
});

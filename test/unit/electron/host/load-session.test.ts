// Parsing from bytes (line index, one line decoded at a time) must agree exactly with parsing the
// decoded text, on every input the text parser accepts — including the awkward ones.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../../../shared/session/lines.js';
import { parseSession } from '../../../../shared/session/parse.js';
import { bufferLineSource, indexLines } from '../../../../electron/host/line-index.js';
import { digestBytes, parseSessionBytes } from '../../../../electron/host/load-session.js';

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);
const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}';
const user = (id: string, parent: string | null, text: string): string =>
  JSON.stringify({
    type: 'message',
    id,
    parentId: parent,
    timestamp: '2026-01-01T00:00:01.000Z',
    message: { role: 'user', content: text, timestamp: 1 },
  });

function agree(bytes: Uint8Array): void {
  expect(parseSessionBytes(bytes)).toEqual(parseSession(decodeUtf8(bytes)));
}

describe('indexLines', () => {
  it('records the start of every line, skips a BOM and does not count a final empty line', () => {
    const index = indexLines(enc('\ufeffab\ncd\r\n\nef'));
    expect(index.bom).toBe(true);
    expect([...index.starts]).toEqual([3, 6, 10, 11]);
    expect(index.end).toBe(13);
    expect([...indexLines(enc('a\nb\n')).starts]).toEqual([0, 2]);
    expect(indexLines(new Uint8Array(0)).starts.length).toBe(0);
  });

  it('grows past its first allocation', () => {
    const index = indexLines(enc('x\n'.repeat(5000)));
    expect(index.starts.length).toBe(5000);
    expect(index.starts[4999]).toBe(9998);
  });

  it('gives each line its text without the newline or a CR before it, and flags invalid UTF-8 per line', () => {
    const bytes = new Uint8Array([...enc('ok\r\n'), 0xff, 0x41, 0x0a, ...enc('é')]);
    const source = bufferLineSource(bytes);
    expect(source.count).toBe(3);
    expect([0, 1, 2].map((i) => source.text(i))).toEqual(['ok', '\ufffdA', 'é']);
    expect([0, 1, 2].map((i) => source.byteLength(i))).toEqual([2, 2, 2]);
    expect([0, 1, 2].map((i) => source.validUtf8!(i))).toEqual([true, false, true]);
  });
});

describe('parseSessionBytes', () => {
  it('agrees with the text parser on CRLF, BOM, blank lines, a missing final newline and garbage', () => {
    agree(enc(`${header}\n${user('a', null, 'hi')}\n`));
    agree(enc(`\ufeff${header}\r\n${user('a', null, 'hi')}\r\n\r\n${user('b', 'a', 'again')}`));
    agree(enc(`${header}\n{"type":"message",\n\n${user('a', null, 'x')}\n`));
    agree(new Uint8Array([...enc(`${header}\n`), 0xc3, 0x28, 0x0a, ...enc(user('a', null, 'y'))]));
    agree(enc(''));
    agree(enc('\n\n'));
  });

  it('reads a JSON message array as one value', () => {
    const bytes = enc('  [{"role":"user","content":"hi","timestamp":1}]');
    expect(parseSessionBytes(bytes).format).toBe('messages-json');
    agree(bytes);
  });

  it('agrees with the text parser on every pi fixture session', () => {
    const dir = join(__dirname, '../../../fixtures/pi-sessions');
    const files = readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) agree(readFileSync(join(dir, file)));
  });

  it('agrees with the text parser on random line soups', () => {
    const line = fc.oneof(
      fc.constant(header),
      fc.string().map((t) => user('u', null, t)),
      fc.string(),
      fc.constant(''),
      fc.constant('{"type":"message","id":1}'),
    );
    const newline = fc.constantFrom('\n', '\r\n');
    fc.assert(
      fc.property(fc.array(fc.tuple(line, newline), { maxLength: 12 }), fc.boolean(), (lines, bom) => {
        agree(enc((bom ? '\ufeff' : '') + lines.map(([l, nl]) => l + nl).join('')));
      }),
      { numRuns: 300 },
    );
  });
});

describe('digestBytes', () => {
  it('is the SHA-256 of the bytes', async () => {
    const bytes = enc('héllo\n');
    expect(await digestBytes(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});

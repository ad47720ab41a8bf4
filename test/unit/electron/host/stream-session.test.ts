// Reading a session file in chunks must give exactly what parsing the whole file gives, whatever
// the chunk size: lines split across chunks, CRLF split between chunks, BOM, no final newline.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSessionBytes } from '../../../../electron/host/load-session.js';
import { InputError } from '../../../../electron/host/read-input.js';
import { LONG_LINE_BYTES } from '../../../../electron/host/long-line.js';
import { readSessionFile } from '../../../../electron/host/stream-session.js';
import { buildContext } from '../../../../shared/session/context.js';
import { isReleased } from '../../../../shared/session/released.js';
import { retriedThenBackLines } from '../../helpers/session-lines.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-stream-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const header = '{"type":"session","version":3,"id":"s1","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/w"}';
const user = (id: string, parent: string | null, text: string): string =>
  JSON.stringify({
    type: 'message',
    id,
    parentId: parent,
    timestamp: '2026-01-01T00:00:01.000Z',
    message: { role: 'user', content: text, timestamp: 1 },
  });

let n = 0;
async function agree(bytes: Uint8Array, chunkSizes = [1, 2, 3, 7, 64, 4096]): Promise<void> {
  const file = path.join(dir, `s${(n += 1)}.jsonl`);
  writeFileSync(file, bytes);
  const whole = parseSessionBytes(bytes);
  const digest = createHash('sha256').update(bytes).digest('hex');
  for (const chunkBytes of chunkSizes) {
    const read = await readSessionFile(file, { chunkBytes });
    expect(read.parsed, `chunk ${chunkBytes}`).toEqual(whole);
    expect(read.digest).toBe(digest);
    expect(read.size).toBe(bytes.byteLength);
    // Without the digest (inspect() needs none), the same parse and no hash.
    const unhashed = await readSessionFile(file, { chunkBytes, digest: false });
    expect(unhashed.parsed, `chunk ${chunkBytes}, no digest`).toEqual(whole);
    expect(unhashed.digest).toBe('');
    expect(unhashed.size).toBe(bytes.byteLength);
  }
}

const enc = (text: string): Uint8Array => new TextEncoder().encode(text);

/** `unit` repeated past the long-line size. */
const big = (unit: string) => unit.repeat(Math.ceil((LONG_LINE_BYTES + 100) / unit.length));

/** A message line of two long strings: one the in-place parse unescapes, then one that makes it give up (an escaped lone surrogate). */
function twoLongStrings(): string {
  return JSON.stringify({
    type: 'message',
    id: 'b',
    parentId: 'a',
    timestamp: 't',
    message: {
      role: 'user',
      content: [
        { type: 'text', text: big('a\n"q"\t é') },
        { type: 'text', text: `${big('z\n')}\ud800!` },
      ],
    },
  });
}

describe('readSessionFile', () => {
  it('agrees with the whole-buffer parser on CRLF, BOM, blank lines, cut lines, invalid UTF-8 and no final newline', async () => {
    await agree(enc(`${header}\n${user('a', null, 'hi é 中文')}\n`));
    await agree(enc(`\ufeff${header}\r\n${user('a', null, 'hi')}\r\n\r\n${user('b', 'a', 'again')}`));
    await agree(enc(`${header}\n{"type":"message",\n\n${user('a', null, 'x')}\n`));
    await agree(new Uint8Array([...enc(`${header}\n`), 0xc3, 0x28, 0x0a, ...enc(user('a', null, 'y'))]));
    await agree(enc(''));
    await agree(enc('\n\n\r\n'));
    await agree(enc('not json at all'));
  });

  it('agrees on long lines, parsed by their parts, and reports the broken ones at their line', async () => {
    const image = JSON.stringify({
      type: 'message',
      id: 'i',
      parentId: 'a',
      timestamp: 't',
      message: { role: 'user', content: [{ type: 'image', data: big('iVBORw0KGgo'), mimeType: 'image/png' }] },
    });
    const lines = [
      header,
      user('a', null, big('out\n"é" 中文 😀\t')),
      image,
      user('b', 'i', `${big('x')}\u0001 raw control`).replace('\\u0001', '\u0001'),
      user('c', 'b', big('y')).slice(0, -40),
    ];
    await agree(enc(`${lines.join('\n')}\n`), [4096, 1 << 20]);
    const file = path.join(dir, `s${n}.jsonl`);
    const { parsed } = await readSessionFile(file);
    expect(parsed.entries.map((e) => e.line)).toEqual([2, 3]);
    expect(parsed.diagnostics.map((d) => [d.line, d.code])).toEqual([
      [4, 'json-control-char'],
      [5, 'json-truncated'],
    ]);
  });

  it('parses a long line whole, from its bytes as read, when its in-place parse gives up after unescaping some of it', async () => {
    // The first long string is unescaped over the line's bytes; the second holds an escaped lone
    // surrogate (valid JSON that UTF-8 cannot carry), so the line is parsed whole after all.
    const twoStrings = twoLongStrings();
    const lines = [
      header,
      user('a', null, 'hi'),
      twoStrings,
      // Escapes, then a raw control character: reported at its column, as in the line's text.
      user('c', 'b', `${big('w\n\u00e9')}\u0001 raw`).replace('\\u0001', '\u0001'),
      user('d', 'b', 'after'),
    ];
    await agree(enc(`${lines.join('\n')}\n`), [4096, 1 << 20]);
    const { parsed } = await readSessionFile(path.join(dir, `s${n}.jsonl`));
    expect(parsed.entries.map((e) => e.line)).toEqual([2, 3, 5]);
    expect(parsed.diagnostics.map((d) => [d.line, d.code])).toEqual([[4, 'json-control-char']]);
  });

  it('refuses a long line rewritten in place between its in-place parse and its second read, at its line', async () => {
    // As above: the first long string is unescaped over the line's bytes, the second makes the parse give up.
    const twoStrings = twoLongStrings();
    const text = `${[header, user('a', null, 'hi'), twoStrings, user('d', 'b', 'after')].join('\n')}\n`;
    const file = path.join(dir, 'rewritten.jsonl');
    const at = text.indexOf(twoStrings);
    /** Read the file (one chunk), rewriting it with `rewrite` once line 2 is parsed, before line 3 is. */
    const readRewritten = (rewrite: (original: string) => string) => {
      writeFileSync(file, text);
      let done = false;
      return readSessionFile(file, {
        chunkBytes: 1 << 20,
        onEntry: () => {
          if (!done) writeFileSync(file, rewrite(text));
          done = true;
        },
      });
    };
    // Rewritten with the same bytes: parsed whole from them, as a file never touched.
    expect((await readRewritten((t) => t)).parsed).toEqual(parseSessionBytes(enc(text)));
    const cases: [string, (t: string) => string, RegExp][] = [
      // Inside the string the parse unescaped over the line's bytes: checked by unescaping it again.
      ['inside an unescaped string', (t) => `${t.slice(0, at + 80)}X${t.slice(at + 81)}`, /changed/],
      ['outside the long strings', (t) => t.replace('"id":"b"', '"id":"c"'), /changed/],
      ['after the failed string', (t) => t.replace('!"}', '?"}'), /changed/],
      ['cut short', (t) => t.slice(0, at + 1000), /became shorter/],
    ];
    for (const [what, rewrite, message] of cases) {
      const read = readRewritten(rewrite);
      await expect(read, what).rejects.toThrow(InputError);
      await expect(readRewritten(rewrite), what).rejects.toThrow(new RegExp(`rewritten\\.jsonl:3: cannot be read \\(.*${message.source}`));
    }
  });

  it('reads a JSON message array whole, after a BOM and whitespace', async () => {
    await agree(enc('\ufeff \n [{"role":"user","content":"hi","timestamp":1}]'), [2, 4096]);
    const read = await readSessionFile(path.join(dir, `s${n}.jsonl`), { chunkBytes: 2 });
    expect(read.parsed.format).toBe('messages-json');
  });

  it('agrees on every pi fixture session with small chunks', async () => {
    const fixtures = path.join(__dirname, '../../../fixtures/pi-sessions');
    const files = readdirSync(fixtures, { recursive: true })
      .map(String)
      .filter((f) => f.endsWith('.jsonl'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) await agree(readFileSync(path.join(fixtures, file)), [997, 1 << 20]);
  });

  it('agrees on random line soups and chunk sizes', async () => {
    const line = fc.oneof(
      fc.constant(header),
      fc.string().map((t) => user('u', null, t)),
      fc.string(),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(line, fc.constantFrom('\n', '\r\n')), { maxLength: 8 }),
        fc.boolean(),
        fc.integer({ min: 1, max: 300 }),
        async (lines, bom, chunk) => {
          await agree(enc((bom ? '\ufeff' : '') + lines.map(([l, nl]) => l + nl).join('')), [chunk]);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('reports a line longer than the limit with its line number and length, and reads the rest', async () => {
    const long = user('b', 'a', 'x'.repeat(5000));
    const file = path.join(dir, 'long.jsonl');
    writeFileSync(file, `${header}\n${user('a', null, 'before')}\n${long}\n${user('c', 'a', 'after')}`);
    for (const chunkBytes of [100, 1 << 20]) {
      const { parsed } = await readSessionFile(file, { chunkBytes, maxLineChars: 1000 });
      expect(parsed.diagnostics.map((d) => [d.line, d.code])).toEqual([[3, 'line-too-large']]);
      expect(parsed.entries.map((e) => e.line)).toEqual([2, 4]);
      expect(parsed.lineCount).toBe(4);
    }
    // Cut-off at the end of the file, still too long.
    writeFileSync(file, `${header}\n${long}`);
    const { parsed } = await readSessionFile(file, { chunkBytes: 64, maxLineChars: 1000 });
    expect(parsed.diagnostics.map((d) => [d.line, d.code])).toEqual([[2, 'line-too-large']]);
  });

  it('reports progress after each chunk: increasing bytes read, ending at the file size', async () => {
    const text = `${header}\n${Array.from({ length: 200 }, (_, i) => user(`m${i}`, i ? `m${i - 1}` : null, `turn ${i}`)).join('\n')}\n`;
    const file = path.join(dir, 'progress.jsonl');
    writeFileSync(file, text);
    const size = Buffer.byteLength(text);
    const calls: [number, number][] = [];
    await readSessionFile(file, { chunkBytes: 1000, onProgress: (done, total) => calls.push([done, total]) });
    // One call per chunk, then the final one.
    expect(calls).toHaveLength(Math.ceil(size / 1000) + 1);
    calls.slice(0, -1).forEach(([done, total], i) => {
      expect(done).toBe(Math.min((i + 1) * 1000, size));
      expect(total).toBe(size);
    });
    expect(calls.at(-1)).toEqual([size, size]);
  });

  it('reports a JSON message array and an empty file as read at once', async () => {
    const array = path.join(dir, 'progress-array.json');
    writeFileSync(array, '[{"role":"user","content":"hi","timestamp":1}]');
    const calls: [number, number][] = [];
    await readSessionFile(array, { chunkBytes: 4, onProgress: (done, total) => calls.push([done, total]) });
    expect(calls).toEqual([[46, 46]]);
    const empty = path.join(dir, 'progress-empty.jsonl');
    writeFileSync(empty, '');
    calls.length = 0;
    const read = await readSessionFile(empty, { onProgress: (done, total) => calls.push([done, total]) });
    expect(read.size).toBe(0);
    expect(read.parsed.entries).toEqual([]);
    expect(calls).toEqual([[0, 0]]);
  });

  it('applies the line limit to the line without its CR, whatever the chunk boundaries', async () => {
    const file = path.join(dir, 'crlf-limit.jsonl');
    const line = user('a', null, 'y'.repeat(500));
    for (const [limit, kept] of [
      [line.length, true],
      [line.length - 1, false],
    ] as const) {
      writeFileSync(file, `${header}\r\n${line}\r\n${line}\r`);
      for (const chunkBytes of [7, 16, 64, 4096]) {
        const { parsed } = await readSessionFile(file, { chunkBytes, maxLineChars: limit });
        const whole = parseSessionBytes(readFileSync(file), { maxLineChars: limit });
        expect(parsed, `limit ${limit}, chunk ${chunkBytes}`).toEqual(whole);
        expect(parsed.diagnostics.filter((d) => d.code === 'line-too-large').length).toBe(kept ? 0 : 2);
      }
    }
  });

  it('fails with a readable InputError for a missing file or a directory', async () => {
    await expect(readSessionFile(path.join(dir, 'missing.jsonl'))).rejects.toThrow(InputError);
    await expect(readSessionFile(dir)).rejects.toThrow(/is a directory/);
  });
});

describe('readSessionFile letting go of the turns left off the branch', () => {
  // c and d are left behind by the retry e, then g goes back to d: they are read again.
  const lines = retriedThenBackLines();
  const write = (name: string, text: string | Uint8Array) => {
    const file = path.join(dir, name);
    writeFileSync(file, text);
    return file;
  };

  it('gives the context of a read that keeps everything, the turns read again at their lines (LF, CRLF, BOM, no final newline)', async () => {
    for (const [name, text] of [
      ['lf.jsonl', `${lines.join('\n')}\n`],
      ['crlf.jsonl', `${lines.join('\r\n')}\r\n`],
      ['bom.jsonl', `\uFEFF${lines.join('\n')}`],
    ]) {
      const file = write(name, text);
      for (const chunkBytes of [7, 4096]) {
        const lean = await readSessionFile(file, { chunkBytes, letGoOffBranch: true, digest: false });
        expect(lean.parsed.entries.filter((l) => isReleased(l.entry)).map((l) => l.entry.id)).toEqual(['c', 'd']);
        const full = await readSessionFile(file, { chunkBytes, digest: false });
        const context = buildContext(lean.parsed);
        expect(context, `${name}, chunk ${chunkBytes}`).toEqual(buildContext(full.parsed));
        expect(context.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
      }
    }
  });

  it('refuses to read a line again from a file rewritten since, at the line, and from a file put in its place', async () => {
    const file = write('rewritten.jsonl', `${lines.join('\n')}\n`);
    const lean = await readSessionFile(file, { letGoOffBranch: true, digest: false });
    // Rewritten in place (same inode): line 4 is now another entry.
    writeFileSync(file, `${lines.map((l, i) => (i === 3 ? l.replace('"id":"c"', '"id":"z"') : l)).join('\n')}\n`);
    expect(() => buildContext(lean.parsed)).toThrow(InputError);
    expect(() => buildContext(lean.parsed)).toThrow(`${file}:4: the file changed while it was read — open it again`);

    const other = write('other.jsonl', `${lines.join('\n')}\n`);
    const moved = await readSessionFile(other, { letGoOffBranch: true, digest: false });
    const replacement = write('replacement.jsonl', `${lines.join('\n')}\n`);
    renameSync(replacement, other);
    expect(() => buildContext(moved.parsed)).toThrow(`${other}:4: the file changed while it was read — open it again`);

    const cut = write('cut.jsonl', `${lines.join('\n')}\n`);
    const short = await readSessionFile(cut, { letGoOffBranch: true, digest: false });
    truncateSync(cut, lines.slice(0, 3).join('\n').length);
    expect(() => buildContext(short.parsed)).toThrow(`${cut}:4: the file changed while it was read — open it again`);
  });

  it('lets go of nothing without the option', async () => {
    const file = write('kept.jsonl', `${lines.join('\n')}\n`);
    const read = await readSessionFile(file, { digest: false });
    expect(read.parsed.entries.every((l) => typeof (l.entry.message as { role?: unknown }).role === 'string')).toBe(true);
  });
});

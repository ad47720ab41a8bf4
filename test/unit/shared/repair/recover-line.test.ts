// Damaged lines that still hold whole entries: glued records split, NUL tails and cut-off bytes
// removed, every complete entry kept byte for byte — "recovered", never "dropped".
import { describe, expect, it } from 'vitest';
import { applyRepair, planRepairText } from '../../../../shared/repair/plan.js';
import { recoverLine } from '../../../../shared/repair/recover-line.js';
import { entry, HEADER, user } from '../../../fixtures/repair/sessions.js';

const enc = new TextEncoder();
const dec = new TextDecoder('utf-8', { ignoreBOM: true });
const repaired = (text: string) => {
  const draft = planRepairText(text);
  return { text: dec.decode(applyRepair(draft.bytes, draft.edits)), plan: draft.plan };
};

const H = JSON.stringify(HEADER);
const A = JSON.stringify(entry('a', null, user('hello {"type":"message"} é')));
const B = JSON.stringify(entry('b', 'a', user('and then}{', 2)));
const C = JSON.stringify(entry('c', 'b', user('', 3)));
const ranges = (line: string) => recoverLine(enc.encode(line))?.records.map((r) => [r.start, r.end, r.value.id]) ?? null;

describe('recoverLine', () => {
  it('splits glued entries at the boundaries that leave each one valid JSON (braces in strings do not count)', () => {
    const a = enc.encode(A).length;
    const b = enc.encode(B).length;
    expect(ranges(`${A}${B}`)).toEqual([
      [0, a, 'a'],
      [a, a + b, 'b'],
    ]);
    expect(recoverLine(enc.encode(`${A}${B}${C}`))).toMatchObject({ paddingBytes: 0, lostBytes: 0 });
    expect(ranges(`${A}${B}${C}`)?.map((r) => r[2])).toEqual(['a', 'b', 'c']);
  });

  it('counts a NUL tail (and blanks) as padding', () => {
    expect(recoverLine(enc.encode(`${A}\u0000\u0000\u0000 \t`))).toMatchObject({ paddingBytes: 5, lostBytes: 0 });
    expect(ranges(`\u0000\u0000${A}\u0000${B}`)?.map((r) => r[2])).toEqual(['a', 'b']);
  });

  it('finds a whole entry after the cut-off start of another, skipping its content blocks', () => {
    const cut = '{"type":"message","id":"x","parentId":null,"message":{"role":"assistant","content":[{"type":"text","text":"half';
    const got = recoverLine(enc.encode(`${cut}${B}`));
    expect(got?.records.map((r) => r.value.id)).toEqual(['b']);
    expect(got?.lostBytes).toBe(enc.encode(cut).length);
    // A complete entry then a cut-off one: the first is kept, the rest lost.
    expect(recoverLine(enc.encode(`${A}{"type":"mess`))).toMatchObject({ records: [{ start: 0 }], lostBytes: 13 });
  });

  it('finds nothing in a line without a complete object', () => {
    expect(recoverLine(enc.encode('\u0000\u0000\u0000'))).toBeNull();
    expect(recoverLine(enc.encode('{"type":"message","id":"x"'))).toBeNull();
    expect(recoverLine(enc.encode('garbage {"type":"text","text":"a block, not an entry"}'))).toBeNull();
    expect(recoverLine(Uint8Array.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d, 0x7b]))).toBeNull();
  });
});

describe('planRepair of damaged lines', () => {
  it('two glued entries: recovered onto two lines, byte for byte', () => {
    const { text, plan } = repaired(`${H}\n${A}${B}\n${C.replace('""', '"ok"')}\n`);
    expect(text).toBe(`${H}\n${A}\n${B}\n${C.replace('""', '"ok"')}\n`);
    expect(plan.counts).toEqual({
      droppedLines: 0,
      rewrittenAssistantMessages: 0,
      rewrittenUserMessages: 0,
      removedCorruptedImageBlocks: 0,
      insertedToolResults: 0,
      recoveredLines: 1,
    });
    expect(plan.actions).toEqual([
      {
        kind: 'recover',
        line: 2,
        code: 'glued-entries',
        reason: 'recovered: 2 entries were written on one line (a line break was lost); each is put back on a line of its own',
        before: expect.stringMatching(/^\{"type":"message","id":"a"/),
        after: expect.stringMatching(/^\{"type":"message","id":"a".* ⏎ \{"type":"message","id":"b"/),
      },
    ]);
  });

  it('a complete entry followed by NUL bytes: the entry is kept, the NUL tail removed', () => {
    const { text, plan } = repaired(`${H}\n${A}${'\u0000'.repeat(4096)}\n${B}\n`);
    expect(text).toBe(`${H}\n${A}\n${B}\n`);
    expect(plan.actions).toEqual([
      {
        kind: 'recover',
        line: 2,
        code: 'padding-tail',
        reason:
          'recovered: the line holds one complete entry, which is kept as it is; 4096 NUL or blank byte(s) around the entries — left by a crash while the file was being extended — are removed',
        before: expect.stringMatching(/^\{"type":"message","id":"a".*… \(4262 bytes\)$/),
        after: `${A.slice(0, 72)}…`,
      },
    ]);
    expect(plan.counts.droppedLines).toBe(0);
  });

  it('keeps the line ends of the file: CRLF between recovered entries, and no terminator after a last line without one', () => {
    expect(repaired(`${H}\r\n${A}${B}\r\n`).text).toBe(`${H}\r\n${A}\r\n${B}\r\n`);
    expect(repaired(`${H}\n${A}${B}`).text).toBe(`${H}\n${A}\n${B}`);
  });

  it('a header glued to the first entry is recovered too (the file is not refused)', () => {
    const { text, plan } = repaired(`${H}${A}\n`);
    expect(plan.refusal).toBeUndefined();
    expect(text).toBe(`${H}\n${A}\n`);
  });

  it('entry rules still apply to recovered entries, each named by its place on the line', () => {
    const bad = JSON.stringify({ type: 'message', id: 'd', parentId: 'b', timestamp: 't', message: { role: '', content: [] } });
    const { text, plan } = repaired(`${H}\n${A}${C}${bad}\n`);
    expect(text).toBe(`${H}\n${A}\n${C.replace('""', '"(continue)"')}\n`);
    expect(plan.actions.map((a) => [a.kind, a.code, a.reason.slice(0, 30)])).toEqual([
      ['recover', 'glued-entries', 'recovered: 3 entries were writ'],
      ['rewrite', 'blank-user', 'entry 2 of 3 on this line: a u'],
      ['drop', 'invalid-message', 'entry 3 of 3 on this line: a m'],
    ]);
    expect(plan.counts).toMatchObject({ recoveredLines: 1, rewrittenUserMessages: 1, droppedLines: 1 });
  });

  it('a line of glued entries that the rules all drop goes with its terminator', () => {
    const invalid = (id: string) => JSON.stringify({ type: 'message', id, parentId: 'a', timestamp: 't', message: null });
    const { text, plan } = repaired(`${H}\n${invalid('e')}${invalid('f')}\n${A}\n`);
    expect(text).toBe(`${H}\n${A}\n`);
    expect(plan.actions.map((a) => [a.line, a.kind, a.code])).toEqual([
      [2, 'recover', 'glued-entries'],
      [2, 'drop', 'invalid-message'],
      [2, 'drop', 'invalid-message'],
    ]);
  });

  it('only a line that holds no complete entry is dropped', () => {
    const { text, plan } = repaired(`${H}\n${A}\n\u0000\u0000\u0000\n{"type":"message","id":"z"\n`);
    expect(text).toBe(`${H}\n${A}\n`);
    expect(plan.actions.map((a) => [a.line, a.kind])).toEqual([
      [3, 'drop'],
      [4, 'drop'],
    ]);
  });
});

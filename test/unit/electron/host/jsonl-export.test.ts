// The JSONL exports of a session's bytes: the active branch's lines exactly as they are in the file
// (with the header, without a line's \r), and the repaired file.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exportJsonl } from '../../../../electron/host/jsonl-export.js';
import { applyRepair, planRepairBytes } from '../../../../shared/repair/plan.js';
import { assistant, entry, HEADER, user } from '../../../fixtures/repair/sessions.js';

const line = (value: Record<string, unknown>) => JSON.stringify(value);
const a = line(entry('a', null, user('first question')));
const b = line(entry('b', 'a', assistant([{ type: 'text', text: 'an answer on a branch left behind' }])));
const c = line(entry('c', 'b', user('a follow-up on that branch')));
const d = line(entry('d', 'a', user('the question asked again: the active branch')));

describe('exportJsonl branch', () => {
  it('keeps the header (the first line not blank) and the active branch’s lines, each ended by \\n', () => {
    // Blank and whitespace lines before the header, a CRLF line, an abandoned branch, no final newline.
    const text = `\n \t\n${line(HEADER)}\n${a}\r\n${b}\n${c}\n${d}`;
    const exported = exportJsonl(Buffer.from(text), 'my session', 'branch');
    expect(exported.fileName).toBe('my_session.branch.jsonl');
    expect(exported.bytes.toString('utf8')).toBe(`${line(HEADER)}\n${a}\n${d}\n`);
  });

  it('keeps every line of the branch in file order, byte for byte, whatever the line ends', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('\n', '\r\n'), { minLength: 5, maxLength: 5 }), fc.boolean(), (ends, finalEol) => {
        const lines = [line(HEADER), a, b, c, d];
        const text = lines.map((l, i) => l + (i < 4 || finalEol ? ends[i] : '')).join('');
        expect(exportJsonl(Buffer.from(text), 's', 'branch').bytes.toString('utf8')).toBe(`${line(HEADER)}\n${a}\n${d}\n`);
      }),
    );
  });

  it('keeps multi-byte text as it is', () => {
    const e = line(entry('e', 'd', user('café ☕ 日本語 🚀')));
    const text = `${line(HEADER)}\n${a}\n${d}\n${e}\n`;
    expect(exportJsonl(Buffer.from(text), 's', 'branch').bytes.equals(Buffer.from(text))).toBe(true);
  });

  it('has no header line for input without a header', () => {
    const text = `\n${a}\n${d}\n`;
    expect(exportJsonl(Buffer.from(text), 's', 'branch').bytes.toString('utf8')).toBe(`${a}\n${d}\n`);
  });
});

describe('exportJsonl repaired', () => {
  it('is the repaired bytes, with the plan that made them', () => {
    const text = `${line(HEADER)}\n${line(entry('a', null, user('  ')))}\n${d.replace('"a"', 'null')}\n{"type":"mess`;
    const bytes = Buffer.from(text);
    const draft = planRepairBytes(bytes);
    const exported = exportJsonl(bytes, 's', 'repaired');
    expect(exported.fileName).toBe('s.repaired.jsonl');
    expect(exported.plan).toEqual(draft.plan);
    expect(exported.plan!.actions.map((x) => x.kind)).toEqual(['rewrite', 'drop']);
    expect(exported.bytes.equals(Buffer.from(applyRepair(bytes, draft.edits)))).toBe(true);
  });
});

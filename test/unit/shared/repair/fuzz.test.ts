/**
 * Fuzzing the planner with damaged copies of a valid session: it never throws, never drops a line
 * that was readable, keeps untouched lines byte for byte, and its result needs no further repair.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyRepair, planRepairBytes } from '../../../../shared/repair/plan.js';
import { entry, HEADER, healthySession, jsonl, user } from '../../../fixtures/repair/sessions.js';

const enc = new TextEncoder();
const lossy = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

type Damage =
  | { kind: 'truncate'; at: number }
  | { kind: 'garbage'; at: number; bytes: number[] }
  | { kind: 'invalid-utf8'; at: number; bytes: number[] }
  | { kind: 'nul'; at: number; count: number };

const damage: fc.Arbitrary<Damage> = fc.oneof(
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('garbage' as const),
    at: fc.nat(),
    bytes: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: 1, maxLength: 12 }),
  }),
  fc.record({
    kind: fc.constant('invalid-utf8' as const),
    at: fc.nat(),
    bytes: fc.array(fc.constantFrom(0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xf0, 0xf8, 0xfe, 0xff), { minLength: 1, maxLength: 4 }),
  }),
  fc.record({ kind: fc.constant('nul' as const), at: fc.nat(), count: fc.integer({ min: 1, max: 8 }) }),
);

function damageLine(line: Uint8Array, d: Damage): Uint8Array {
  const at = line.length === 0 ? 0 : d.at % line.length;
  switch (d.kind) {
    case 'truncate':
      return line.subarray(0, at);
    case 'garbage':
      return new Uint8Array([...line.subarray(0, at), ...d.bytes, ...line.subarray(at)]);
    case 'invalid-utf8':
      return new Uint8Array([...line.subarray(0, at), ...d.bytes, ...line.subarray(at)]);
    case 'nul':
      return new Uint8Array([...line.subarray(0, at), ...new Array<number>(d.count).fill(0), ...line.subarray(at)]);
  }
}

function splitBytes(bytes: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  let start = 0;
  for (let i = 0; i < bytes.length; i += 1) {
    if (bytes[i] === 0x0a) {
      out.push(bytes.subarray(start, i));
      start = i + 1;
    }
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

function join(lines: Uint8Array[], eol: Uint8Array): Uint8Array {
  const total = lines.reduce((n, l) => n + l.length + eol.length, 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const l of lines) {
    out.set(l, at);
    at += l.length;
    out.set(eol, at);
    at += eol.length;
  }
  return out;
}

const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((v, i) => v === b[i]);

function readableEntryId(line: Uint8Array): string | null | undefined {
  try {
    const v = JSON.parse(lossy.decode(line)) as unknown;
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return null;
    const e = v as Record<string, unknown>;
    if (e.type === 'message') {
      const m = e.message as Record<string, unknown> | null;
      if (m === null || typeof m !== 'object' || typeof m.role !== 'string' || m.role.trim() === '') return undefined;
    }
    return typeof e.id === 'string' ? e.id : null;
  } catch {
    return undefined;
  }
}

describe('repair fuzz', () => {
  const base = healthySession(30).map((l) => enc.encode(typeof l === 'string' ? l : JSON.stringify(l)));

  it('never throws, never drops a readable line, and leaves nothing to repair', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: base.length - 1 }), damage), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (damages, crlf) => {
          const lines: Uint8Array[] = [...base];
          const touched = new Set<number>();
          for (const [index, d] of damages) {
            lines[index] = damageLine(lines[index], d);
            touched.add(index);
          }
          const eol = enc.encode(crlf ? '\r\n' : '\n');
          const input = join(lines, eol);
          const draft = planRepairBytes(input);
          expect(draft.plan.refusal).toBeUndefined();
          const output = applyRepair(input, draft.edits);
          const outLines = splitBytes(output).map((l) => (crlf && l[l.length - 1] === 0x0d ? l.subarray(0, l.length - 1) : l));
          // Untouched lines survive byte for byte and in order.
          let k = 0;
          for (let i = 0; i < base.length; i += 1) {
            if (touched.has(i)) continue;
            while (k < outLines.length && !same(outLines[k], base[i])) k += 1;
            expect(k, `untouched line ${i + 1} is missing from the output`).toBeLessThan(outLines.length);
          }
          // Damaged lines (split at any newline the damage introduced) that still read as entries stay.
          const outIds = new Set(outLines.map(readableEntryId).filter((id): id is string => typeof id === 'string'));
          for (const piece of splitBytes(input)) {
            const id = readableEntryId(crlf && piece[piece.length - 1] === 0x0d ? piece.subarray(0, piece.length - 1) : piece);
            if (typeof id === 'string') expect(outIds.has(id), `readable entry ${id} was dropped`).toBe(true);
          }
          // The result is final: planning it again finds nothing to do.
          expect(planRepairBytes(output).plan.needed).toBe(false);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('keeps a line nested too deeply to be written back, instead of throwing', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const line = `{"type":"message","id":"d","message":{"role":"user","content":"  ","extra":${deep}}}`;
    const input = jsonl([HEADER, line, '{"cut']);
    const draft = planRepairBytes(enc.encode(input));
    expect(draft.plan.actions.map((a) => [a.kind, a.line])).toEqual([['drop', 3]]);
    expect(lossy.decode(applyRepair(enc.encode(input), draft.edits))).toBe(jsonl([HEADER, line]));
  });

  it('copes with 10 MB lines: drops a damaged one, keeps a valid one', () => {
    const bigImage = 'A'.repeat(10 * 1024 * 1024);
    const valid = JSON.stringify(entry('img', null, user([{ type: 'image', data: bigImage, mimeType: 'image/png' }])));
    const damaged = valid.slice(0, valid.length - 3);
    const input = jsonl([HEADER, valid, damaged, entry('z', 'img', user('after'))]);
    const bytes = enc.encode(input);
    const draft = planRepairBytes(bytes);
    expect(draft.plan.actions.map((a) => [a.kind, a.line, a.code])).toEqual([['drop', 3, 'unparseable-line']]);
    expect(draft.plan.actions[0].before!.length).toBeLessThan(300);
    expect(lossy.decode(applyRepair(bytes, draft.edits))).toBe(jsonl([HEADER, valid, entry('z', 'img', user('after'))]));
  });
});

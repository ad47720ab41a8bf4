/** Leaving optional rewrites out of a repair plan: which lines may be left out, the edits and counts that remain. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RepairAction, RepairPlan } from '../../../../shared/inspection.js';
import { applyRepair, planRepairText } from '../../../../shared/repair/plan.js';
import { optionalRewriteLines, SelectionError, withoutRewrites } from '../../../../shared/repair/selection.js';
import { assistant, entry, HEADER, jsonl, user } from '../../../fixtures/repair/sessions.js';

const dec = new TextDecoder('utf-8', { ignoreBOM: true });
const failed = assistant([], { stopReason: 'error', errorMessage: 'overloaded' });
// Line 2 blank user, 3 failed assistant (empty), 4 blank user, 5 fine, 6 cut off.
const text = `${jsonl([HEADER, entry('a', null, user('  ')), entry('b', 'a', failed), entry('c', 'b', user('\t')), entry('d', 'c', user('hi'))])}{"type":"mess`;

describe('optionalRewriteLines', () => {
  it('lists the rewrites, never the drops', () => {
    const { plan } = planRepairText(text);
    expect(plan.actions.map((a) => `${a.kind} ${a.line}`)).toEqual(['rewrite 2', 'rewrite 3', 'rewrite 4', 'drop 6']);
    expect(optionalRewriteLines(plan)).toEqual([2, 3, 4]);
  });

  const planOf = (actions: [RepairAction['kind'], number][]) =>
    ({ actions: actions.map(([kind, line]) => ({ kind, line, reason: '', code: kind })) }) as unknown as RepairPlan;

  it('leaves out a line rewritten twice or also dropped or recovered, keeps one with results inserted after it', () => {
    const plan = planOf([
      ['rewrite', 2],
      ['rewrite', 5],
      ['insert', 5],
      ['rewrite', 7],
      ['rewrite', 7],
      ['rewrite', 9],
      ['drop', 9],
      ['recover', 11],
      ['rewrite', 11],
      ['rewrite', 3],
    ]);
    expect(optionalRewriteLines(plan)).toEqual([2, 5, 3]);
  });

  it('is the rewrites made once to a line nothing else changes, in the plan’s order', () => {
    const kinds = fc.constantFrom<RepairAction['kind']>('rewrite', 'rewrite', 'drop', 'insert', 'recover');
    fc.assert(
      fc.property(fc.array(fc.tuple(kinds, fc.integer({ min: 1, max: 30 })), { maxLength: 60 }), (actions) => {
        const rewrites = actions.filter(([k]) => k === 'rewrite').map(([, line]) => line);
        const changed = new Set(actions.filter(([k]) => k === 'drop' || k === 'recover').map(([, line]) => line));
        const expected = rewrites.filter((line) => !changed.has(line) && rewrites.filter((l) => l === line).length === 1);
        expect(optionalRewriteLines(planOf(actions))).toEqual(expected);
      }),
    );
  });
});

describe('withoutRewrites', () => {
  it('leaves the chosen lines byte for byte and adjusts the counts', () => {
    const draft = planRepairText(text);
    const chosen = withoutRewrites(draft, draft.bytes, [2, 3]);
    expect(chosen.plan.actions.map((a) => `${a.kind} ${a.line}`)).toEqual(['rewrite 4', 'drop 6']);
    expect(chosen.plan.counts).toEqual({ ...draft.plan.counts, rewrittenUserMessages: 1, rewrittenAssistantMessages: 0 });
    expect(chosen.plan.digest).toBe(draft.plan.digest);
    const lines = dec.decode(applyRepair(draft.bytes, chosen.edits)).split('\n');
    const original = text.split('\n');
    expect(lines[1]).toBe(original[1]);
    expect(lines[2]).toBe(original[2]);
    expect(JSON.parse(lines[3]).message.content).toBe('(continue)');
    // The cut-off last line is dropped; the file ends after line 5's terminator.
    expect(lines.slice(4)).toEqual([original[4], '']);
  });

  it('a plan left with nothing to do is not needed', () => {
    const only = jsonl([HEADER, entry('a', null, user(' '))]);
    const draft = planRepairText(only);
    const chosen = withoutRewrites(draft, draft.bytes, [2]);
    expect(chosen.plan).toMatchObject({ needed: false, actions: [], counts: { rewrittenUserMessages: 0 } });
    expect(dec.decode(applyRepair(draft.bytes, chosen.edits))).toBe(only);
  });

  it('returns the draft itself for an empty selection', () => {
    const draft = planRepairText(text);
    expect(withoutRewrites(draft, draft.bytes, [])).toBe(draft);
  });

  it('refuses a line that is a drop, or no action at all', () => {
    const draft = planRepairText(text);
    expect(() => withoutRewrites(draft, draft.bytes, [6])).toThrow(SelectionError);
    expect(() => withoutRewrites(draft, draft.bytes, [5])).toThrow('line 5 is not a rewrite of this plan that can be left out');
  });
});

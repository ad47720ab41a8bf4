/** Leaving optional rewrites out of a repair plan: which lines may be left out, the edits and counts that remain. */
import { describe, expect, it } from 'vitest';
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

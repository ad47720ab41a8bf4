/** The plan as the dialog shows it: damage first, identical actions once with their lines, counts without zeros. */
import { describe, expect, it } from 'vitest';
import { planRepairText } from '../../../../shared/repair/plan.js';
import { plannedCounts, repairedSentence, viewPlan } from '../../../../shared/repair/plan-view.js';
import { assistant, entry, HEADER, jsonl, user } from '../../../fixtures/repair/sessions.js';

const failed = assistant([], { stopReason: 'error', errorMessage: 'overloaded' });
const text = `${jsonl([
  HEADER,
  entry('a', null, user(' ')),
  entry('b', 'a', failed),
  entry('c', 'b', user('\t')),
  entry('d', 'c', user('')),
  entry('e', 'd', user('  ')),
  entry('f', 'e', user('hi')),
])}{"type":"message","id":"g"`;

describe('viewPlan', () => {
  it('puts the damage first and groups identical rewrites with their lines', () => {
    const view = viewPlan(planRepairText(text).plan);
    expect(view.damage.map((g) => [g.kind, g.code, g.lines])).toEqual([['drop', 'unparseable-line', [8]]]);
    // Same reason, one group: the blank turns (whitespace) are one, the empty one (no text) another.
    expect(view.fixes.map((g) => [g.code, g.lines, g.optional])).toEqual([
      ['blank-user', [2, 4, 6], [2, 4, 6]],
      ['empty-error-turn', [3], [3]],
      ['blank-user', [5], [5]],
    ]);
    expect(view.fixes[0].reason).toMatch(/^a user turn with only blank text/);
    expect(view.fixes[2].reason).toMatch(/^a user turn with empty text/);
    expect(view.additions).toEqual([]);
  });
});

describe('plannedCounts', () => {
  it('names the counts that are not zero', () => {
    expect(plannedCounts(planRepairText(text).plan.counts)).toEqual([
      '1 line dropped',
      '1 failed assistant turn rewritten',
      '4 blank user turns rewritten',
    ]);
  });
});

describe('repairedSentence', () => {
  it('says what was done in one sentence', () => {
    const counts = planRepairText(text).plan.counts;
    expect(repairedSentence('s.jsonl', counts)).toBe(
      'Repaired s.jsonl: dropped 1 line that could not be read or replayed, gave 1 failed assistant turn a placeholder text and rewrote 4 blank user turns as "(continue)".',
    );
    expect(repairedSentence('s.jsonl', { ...counts, droppedLines: 0, rewrittenAssistantMessages: 0 })).toBe(
      'Repaired s.jsonl: rewrote 4 blank user turns as "(continue)".',
    );
  });
});

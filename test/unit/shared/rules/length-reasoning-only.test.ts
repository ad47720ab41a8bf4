// length-reasoning-only: reasoning-only turns cut off by the output limit, on the cases OpenClaw's own tests check.
import { describe, expect, it } from 'vitest';
import { lengthReasoningOnlyRule } from '../../../../shared/rules/length-reasoning-only.js';
import { applyRule, applySteps, brief, NORMALIZE_STEPS } from '../../helpers/apply-rule.js';
import { A, tc, text, thinking, U } from '../../helpers/messages.js';

const rule = 'length-reasoning-only';
const lengthUsage = {
  input: 10,
  output: 42,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 52,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

describe('length-reasoning-only', () => {
  it('a length turn of signed thinking and blank text is dropped; no partial-signature remains', async () => {
    const out = await applyRule(lengthReasoningOnlyRule, [
      U('think'),
      A([thinking('half a thought', 'partial-signature'), text('  ')], { stopReason: 'length', usage: lengthUsage }),
      U('again'),
    ]);
    expect(out.messages).toEqual([U('think'), U('again')]);
    expect(JSON.stringify(out.messages)).not.toContain('partial-signature');
    expect(brief(out.annotations)).toEqual([{ rule, action: 'dropped', turn: 1, replayTurn: null }]);
  });

  it('a length turn [thinking, text NO_REPLY] and one with object thinking content are both dropped', async () => {
    const out = await applySteps(NORMALIZE_STEPS, [
      U('one'),
      A([thinking('…', 'sig'), text('NO_REPLY')], { stopReason: 'length' }),
      U('two'),
      A({ type: 'thinking', thinking: 'cut off', thinkingSignature: 'sig-obj' }, { stopReason: 'length' }),
      U('three'),
    ]);
    expect(out.messages).toEqual([U('one'), U('two'), U('three')]);
    // NO_REPLY leaves only reasoning (dropped while normalising); the object content is wrapped, then dropped here.
    expect(brief(out.annotations)).toEqual([
      { rule: 'assistant-normalize', action: 'dropped', turn: 1, replayTurn: null },
      { rule: 'assistant-normalize', action: 'rewritten', turn: 3, replayTurn: null },
      { rule, action: 'dropped', turn: 3, replayTurn: null },
    ]);
  });

  it('a length turn whose content is one thinking block object is dropped by the rule alone (its bits do not read inside it)', async () => {
    const out = await applyRule(lengthReasoningOnlyRule, [
      U('think'),
      A({ type: 'thinking', thinking: 'cut off', thinkingSignature: 'sig-obj' }, { stopReason: 'length' }),
      A('a string reply', { stopReason: 'length' }),
    ]);
    expect(out.messages).toEqual([U('think'), A('a string reply', { stopReason: 'length' })]);
    expect(brief(out.annotations)).toEqual([{ rule, action: 'dropped', turn: 1, replayTurn: null }]);
  });

  it('length turns with visible text or a tool call are left as they are', async () => {
    const out = await applyRule(lengthReasoningOnlyRule, [
      U('one'),
      A([thinking('t', 'sig'), text('visible text')], { stopReason: 'length' }),
      U('two'),
      A([thinking('t', 'sig'), tc('call_1')], { stopReason: 'length' }),
    ]);
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });
});

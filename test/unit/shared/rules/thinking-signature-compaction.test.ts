// thinking-signature-compaction: on signed-thinking targets, the signatures of assistant turns
// timestamped strictly before the latest compaction summary are removed (the thinking text stays).
import { describe, expect, it } from 'vitest';
import { thinkingSignatureCompactionRule } from '../../../../shared/rules/thinking-signature-compaction.js';
import type { Message, Target } from '../../../../shared/types.js';
import { applyRule, brief } from '../../helpers/apply-rule.js';
import { A, NOW, text, thinking, U } from '../../helpers/messages.js';

const rule = 'thinking-signature-compaction';
const ANTHROPIC: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const summary = (timestamp: number): Message => ({ role: 'compactionSummary', summary: 'earlier work', tokensBefore: 5000, timestamp });

describe('thinking-signature-compaction', () => {
  it('a signed turn before the latest compaction loses its signature; one after it keeps it', async () => {
    const before = A([thinking('plan', 'sig-old'), text('done')], { timestamp: NOW - 60_000 });
    const after = A([thinking('plan again', 'sig-new'), text('ok')], { timestamp: NOW });
    const out = await applyRule(thinkingSignatureCompactionRule, [U('a'), before, summary(NOW - 30_000), U('b'), after], {
      target: ANTHROPIC,
    });
    expect(out.messages).toEqual([U('a'), { ...before, content: [thinking('plan'), text('done')] }, summary(NOW - 30_000), U('b'), after]);
    expect(out.messages[4]).toBe(after);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' }]);
  });

  it('every signature field goes (signature, thought_signature) and a redacted block loses its data', async () => {
    const turn = A(
      [
        { type: 'thinking', thinking: 'x', signature: 's1', thought_signature: 't1' },
        { type: 'redacted_thinking', data: 'opaque' },
      ],
      { timestamp: NOW - 60_000 },
    );
    const out = await applyRule(thinkingSignatureCompactionRule, [U('a'), turn, summary(NOW)], { target: ANTHROPIC });
    expect(out.messages[1]).toEqual({ ...turn, content: [{ type: 'thinking', thinking: 'x' }, { type: 'redacted_thinking' }] });
    expect(brief(out.annotations, true).map((a) => a.path)).toEqual(['content[0]', 'content[1]']);
  });

  it('the latest of several summaries is the cut; a turn stamped exactly at it is kept', async () => {
    const at = A([thinking('t', 'sig')], { timestamp: NOW });
    const between = A([thinking('t', 'sig')], { timestamp: NOW - 10_000 });
    const input = [summary(NOW - 20_000), U('a'), between, summary(NOW), U('b'), at];
    const out = await applyRule(thinkingSignatureCompactionRule, input, { target: ANTHROPIC });
    expect(out.messages[2]).toEqual({ ...between, content: [thinking('t')] });
    expect(out.messages[5]).toBe(at);
    expect(brief(out.annotations).map((a) => a.turn)).toEqual([2]);
  });

  it('no compaction summary, or a target that keeps no signatures: nothing changes', async () => {
    const input = [U('a'), A([thinking('t', 'sig')], { timestamp: NOW - 60_000 })];
    const plain = await applyRule(thinkingSignatureCompactionRule, input, { target: ANTHROPIC });
    expect(plain.untouched).toBe(true);
    expect(plain.annotations).toEqual([]);
    const other = await applyRule(thinkingSignatureCompactionRule, [...input, summary(NOW)]);
    expect(other.untouched).toBe(true);
    expect(other.annotations).toEqual([]);
  });
});

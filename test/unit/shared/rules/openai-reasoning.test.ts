// openai-reasoning, its fc-downgrade phase: a `call|fc_…` id with no reasoning before it in its turn.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openaiReasoningRule, parseReasoningSignature } from '../../../../shared/rules/openai-reasoning.js';
import type { Message } from '../../../../shared/types.js';
import { applyRule, brief } from '../../helpers/apply-rule.js';
import { A, rsSignature, tc, text, thinking, TR, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const downgrade = (messages: Message[]) =>
  applyRule(openaiReasoningRule, messages, { target: TARGETS.openai, options: { phase: 'fc-downgrade' } });
const reasoningBlock = (id: string) => thinking('plan', rsSignature(id));

describe('openai-reasoning: fc-downgrade', () => {
  it('a call_x|fc_y call with no reasoning before it becomes call_x, and its result follows', async () => {
    const turn = A([text('on it'), tc('call_1|fc_1')], { stopReason: 'toolUse' });
    const run = await downgrade([U('go'), turn, TR('call_1|fc_1', 'ok')]);
    expect(run.messages[1]).toEqual({ ...turn, content: [text('on it'), tc('call_1')] });
    expect(run.messages[2].toolCallId).toBe('call_1');
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'openai-reasoning', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1].id' },
      { rule: 'openai-reasoning', action: 'rewritten', turn: 2, replayTurn: 2, path: 'toolCallId' },
    ]);
  });

  it('a reasoning item before the call keeps it; one after it does not', async () => {
    const backed = A([reasoningBlock('rs_1'), tc('call_1|fc_1')], { stopReason: 'toolUse' });
    expect((await downgrade([U('go'), backed, TR('call_1|fc_1', 'ok')])).untouched).toBe(true);
    const late = A([tc('call_1|fc_1'), reasoningBlock('rs_1'), tc('call_2|fc_2')], { stopReason: 'toolUse' });
    const run = await downgrade([U('go'), late, TR('call_1|fc_1', 'ok'), TR('call_2|fc_2', 'ok')]);
    expect((run.messages[1].content as { id?: string }[]).map((b) => b.id)).toEqual(['call_1', undefined, 'call_2|fc_2']);
    expect(run.messages.slice(2).map((m) => m.toolCallId)).toEqual(['call_1', 'call_2|fc_2']);
  });

  /** The phase as first written: a walk over every block of every turn, then the results after it. */
  function expected(messages: readonly Message[]): Message[] {
    let pending: Map<string, string> | null = null;
    return messages.map((m) => {
      if (m.role === 'assistant' && Array.isArray(m.content)) {
        const local = new Map<string, string>();
        let seen = false;
        const content = m.content.map((b) => {
          const block = b as Record<string, unknown>;
          if (block.type === 'thinking' && parseReasoningSignature(block.thinkingSignature)) seen = true;
          const id = block.type === 'toolCall' && typeof block.id === 'string' ? block.id : '';
          const [callId, itemId] = [id.slice(0, id.indexOf('|')), id.slice(id.indexOf('|') + 1)];
          if (seen || !id.includes('|') || !callId || !itemId.startsWith('fc_')) return b;
          local.set(id, callId);
          return { ...block, id: callId };
        });
        pending = local.size ? local : null;
        return local.size ? { ...m, content } : m;
      }
      if (m.role === 'toolResult' && pending) {
        const to = pending.get(m.toolCallId as string);
        return to ? { ...m, toolCallId: to } : m;
      }
      if (m.role !== 'toolResult') pending = null;
      return m;
    });
  }

  it('rewrites exactly the calls the walk over every block does (random transcripts)', async () => {
    const id = fc.constantFrom('call_1|fc_1', 'call_2|fc_2', 'call_3', 'x|fc_', '|fc_4', 'call_5|item', 'call_6|fc_6');
    const block = fc.oneof(
      id.map((i) => tc(i)),
      id.map((i) => tc(i)),
      fc.constantFrom(reasoningBlock('rs_1'), thinking('plan', 'sig'), thinking('plan', '{"id":"x"}'), text('ok')),
    );
    let rewritten = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.array(block, { minLength: 1, maxLength: 4 }).map((content) => A(content, { stopReason: 'toolUse' })),
            id.map((i) => TR(i, 'ok')),
            fc.constant(U('next')),
          ),
          { maxLength: 8 },
        ),
        async (messages) => {
          const run = await downgrade(messages);
          const want = expected(messages);
          expect(run.messages).toEqual(want);
          rewritten += want.filter((m, i) => m !== messages[i]).length;
        },
      ),
      { numRuns: 400 },
    );
    expect(rewritten).toBeGreaterThan(200);
  });
});

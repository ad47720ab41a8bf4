// thinking-drop: what it removes, and the traits it hands on for a turn that keeps other blocks (the
// runner does not read the message again): what a read of the new message gives, a text cue aside.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleStep } from '../../../../shared/pipeline/runner.js';
import type { Rule } from '../../../../shared/rules/rule.js';
import { thinkingDropRule } from '../../../../shared/rules/thinking-drop.js';
import { TRAIT, traitsOf } from '../../../../shared/rules/traits.js';
import type { Message } from '../../../../shared/types.js';
import { applySteps, brief, type RuleEnv } from '../../helpers/apply-rule.js';
import { A, tc, text, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const ENV: RuleEnv = { target: TARGETS.anthropic };
const CUES = TRAIT.metadataCue | TRAIT.silentCue;

/** A rule that records, for every turn, the traits it carries and those a read of its message gives. */
function observer(seen: [carried: number, read: number][]): Rule {
  return {
    ...thinkingDropRule,
    apply(turns) {
      for (const turn of turns) seen.push([turn.traits, traitsOf(turn.message)]);
      return turns;
    },
  };
}

const cueText = fc.constantFrom('plan', 'NO_REPLY', 'Context: x', '', '  ', '[x]');
const block = fc.oneof(
  fc.record({ type: fc.constantFrom('thinking', 'redacted_thinking'), thinking: cueText, text: cueText }, { requiredKeys: ['type'] }),
  cueText.map((t) => text(t)),
  fc.constantFrom(
    tc('call_1', 'read'),
    tc(' call_2', 'read'),
    { type: 'toolUse', id: 'call_3', name: 'exec' },
    { type: 'image', data: 'x' },
  ),
  fc.constantFrom<unknown>(null, { type: 7 }, { type: 'document' }),
);
const transcript = fc
  .array(
    fc.oneof(
      fc.array(block, { maxLength: 4 }).map((content) => A(content as Record<string, unknown>[], { stopReason: 'toolUse' })),
      fc.constant(U('go')),
    ),
    { maxLength: 5 },
  )
  .map((ms): Message[] => ms);

describe('thinking-drop', () => {
  it('removes thinking from every assistant turn but the latest, with a placeholder for a turn left empty', async () => {
    const earlier = A([{ type: 'thinking', thinking: 'hmm', thinkingSignature: 'sig' }, text('done')]);
    const emptied = A([{ type: 'redacted_thinking', data: 'x' }]);
    const latest = A([{ type: 'thinking', thinking: 'now', thinkingSignature: 'sig' }, text('ok')]);
    const run = await applySteps(
      [ruleStep(thinkingDropRule, { scope: 'all-but-latest' })],
      [earlier, U('go'), emptied, U('on'), latest],
      ENV,
    );
    expect(run.messages).toEqual([
      { ...earlier, content: [text('done')] },
      U('go'),
      { ...emptied, content: [text('[assistant reasoning omitted]')] },
      U('on'),
      latest,
    ]);
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'thinking-drop', action: 'rewritten', turn: 0, replayTurn: 0, path: 'content' },
      { rule: 'thinking-drop', action: 'rewritten', turn: 2, replayTurn: 2, path: 'content' },
    ]);
  });

  for (const scope of ['all-but-latest', 'all'] as const) {
    it(`${scope}: each turn carries the traits a read of its message gives, a text cue aside (random transcripts)`, async () => {
      let kept = 0;
      await fc.assert(
        fc.asyncProperty(transcript, async (messages) => {
          const seen: [number, number][] = [];
          const run = await applySteps([ruleStep(thinkingDropRule, { scope }), ruleStep(observer(seen), undefined)], messages, ENV);
          for (const [carried, read] of seen) {
            expect(carried & ~CUES).toBe(read & ~CUES);
            // A cue may stay set, never be lost.
            expect(read & ~carried).toBe(0);
          }
          kept += run.messages.filter((m, i) => m !== messages[i] && Array.isArray(m.content) && m.content.length > 0).length;
        }),
        { numRuns: 400 },
      );
      // The generator must reach the case it is about: rewritten turns that keep blocks.
      expect(kept).toBeGreaterThan(50);
    });
  }
});

/** Turns cut off by the output limit while still thinking: dropped, so partial signatures never replay. */
import { describeTurn } from '../messages.js';
import type { Rule, Turn } from './rule.js';
import { hasOnlyReasoningContent } from './assistant-normalize.js';
import { TRAIT } from './traits.js';

/**
 * Whether an assistant turn's bits leave room for reasoning-only content: a block list with a thinking
 * block, or a lone block object (the bits do not read inside one). Other turns are not opened.
 */
function mayHoldOnlyReasoning(traits: number): boolean {
  if (!(traits & TRAIT.assistant)) return false;
  return (traits & TRAIT.thinking) !== 0 || (traits & (TRAIT.arrayContent | TRAIT.stringContent)) === 0;
}

export const lengthReasoningOnlyRule: Rule = {
  id: 'length-reasoning-only',
  title: 'Incomplete reasoning-only turns',
  explanation:
    'An assistant turn that hit the provider\'s output limit (stopReason "length") while it had produced only thinking (thinking/redacted_thinking plus, at most, blank text) holds incomplete provider state and may carry a partial thinking signature that the provider would reject. It is left out of the replay copy; the stored transcript is not rewritten. Length turns with visible text, a tool call or unknown blocks are kept.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    // The turns kept, copied only from the first drop on (nearly every session has none).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      if (!mayHoldOnlyReasoning(turn.traits)) {
        out?.push(turn);
        continue;
      }
      const m = turn.message;
      if (m.stopReason === 'length' && hasOnlyReasoningContent(m)) {
        ctx.note(turn, 'dropped', `${describeTurn(m)} stopped at the output limit with only reasoning — its signature may be partial`, {
          before: m.content ?? null,
        });
        out ??= turns.slice(0, index);
        continue;
      }
      out?.push(turn);
    }
    return out ?? turns;
  },
};

/** Turns cut off by the output limit while still thinking: dropped, so partial signatures never replay. */
import { describeTurn } from '../messages.js';
import type { Rule, Turn } from './rule.js';
import { hasOnlyReasoningContent } from './assistant-normalize.js';

export const lengthReasoningOnlyRule: Rule = {
  id: 'length-reasoning-only',
  title: 'Incomplete reasoning-only turns',
  explanation:
    'An assistant turn that hit the provider\'s output limit (stopReason "length") while it had produced only thinking (thinking/redacted_thinking plus, at most, blank text) holds incomplete provider state and may carry a partial thinking signature that the provider would reject. It is left out of the replay copy; the stored transcript is not rewritten. Length turns with visible text, a tool call or unknown blocks are kept.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    const out: Turn[] = [];
    for (const turn of turns) {
      const m = turn.message;
      if (m.role === 'assistant' && m.stopReason === 'length' && hasOnlyReasoningContent(m)) {
        ctx.note(turn, 'dropped', `${describeTurn(m)} stopped at the output limit with only reasoning — its signature may be partial`, {
          before: m.content ?? null,
        });
        continue;
      }
      out.push(turn);
    }
    return out;
  },
};

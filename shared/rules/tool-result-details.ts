/** `toolResult.details` is local bookkeeping, never sent to a model: removed from the replay. */
import type { Message } from '../types.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';

export const toolResultDetailsRule: Rule = {
  id: 'tool-result-details',
  title: 'Tool result details',
  explanation:
    'pi and OpenClaw keep arbitrary JSON in toolResult.details (diffs, exit codes, the synthetic-result marker) for the UI; it is never part of what the model sees. It is removed from every tool result of the replay copy so it cannot leak into a provider request or bloat it.',
  providers: 'all providers',
  appliesWhen: () => true,
  // Only `details` goes, which no tool-call check reads.
  keepsCallsAndResults: true,
  apply(turns, ctx) {
    // Only a tool result can hold details: a session without results keeps its list.
    if (!ctx.mayHave(TRAIT.toolResult)) return turns;
    // Copied whole at the first result with details, then written in place: most sessions' results
    // all have details, and a list grown by push is copied at each growth (old-generation garbage
    // the size of several lists on a long session).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      const m = turn.message;
      if (!(turn.traits & TRAIT.toolResult) || !('details' in m)) continue;
      out ??= turns.slice();
      // The rest keeps every other field in its place (the role included).
      const { details, ...rest } = m;
      ctx.note(turn, 'rewritten', 'details removed (UI-only data, never sent to the model)', { before: details ?? null, path: 'details' });
      // `traitsOf` does not read details: the copy has the turn's traits, not read again for every result.
      out[index] = ctx.with(turn, rest as Message, turn.traits);
    }
    return out ?? turns;
  },
};

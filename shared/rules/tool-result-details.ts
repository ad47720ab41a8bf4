/** `toolResult.details` is local bookkeeping, never sent to a model: removed from the replay. */
import type { Rule, Turn } from './rule.js';

export const toolResultDetailsRule: Rule = {
  id: 'tool-result-details',
  title: 'Tool result details',
  explanation:
    'pi and OpenClaw keep arbitrary JSON in toolResult.details (diffs, exit codes, the synthetic-result marker) for the UI; it is never part of what the model sees. It is removed from every tool result of the replay copy so it cannot leak into a provider request or bloat it.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    return turns.map((turn): Turn => {
      const m = turn.message;
      if (m.role !== 'toolResult' || !('details' in m)) return turn;
      const { details, ...rest } = m;
      ctx.note(turn, 'rewritten', 'details removed (UI-only data, never sent to the model)', { before: details ?? null, path: 'details' });
      return ctx.with(turn, { ...rest, role: m.role });
    });
  },
};

/** Assistant usage normalised to pi's buckets; usage recorded before the latest compaction zeroed. */
import { timestampMs } from '../messages.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT } from './traits.js';
import { normalizeUsageSnapshot, usageAlreadyNormal, usageIsCanonical, zeroUsage } from '../usage.js';
import { isRecord } from '../messages.js';

export const usageRule: Rule = {
  id: 'usage',
  title: 'Usage normalisation',
  explanation:
    'Context accounting and compaction decisions read the usage of replayed assistant turns. Usage recorded before the latest compaction describes a prompt that no longer exists, so it is set to zero (turns timestamped at or before the latest compaction summary, or before it in order when timestamps are missing). Every assistant usage is then normalised to {input, output, cacheRead, cacheWrite, totalTokens[, cost]} from whatever aliases the provider wrote (cache_read_input_tokens, total_tokens, …); missing usage becomes the zero snapshot.',
  providers: 'all providers',
  appliesWhen: () => true,
  // Only an assistant's usage changes.
  keepsCallsAndResults: true,
  apply(turns, ctx) {
    let latestIndex = -1;
    for (let i = 0; i < turns.length; i += 1)
      if (turns[i].traits & TRAIT.otherRole && turns[i].message.role === 'compactionSummary') latestIndex = i;
    // Without a compaction only a usage not yet canonical changes (the trait says which turns have one).
    if (latestIndex < 0 && !ctx.mayHave(TRAIT.oddUsage)) return turns;
    const latestTs = latestIndex >= 0 ? timestampMs(turns[latestIndex].message.timestamp) : Number.NaN;
    // The turns after the rule, copied only from the first turn it changes.
    let out: Turn[] | null = null;
    for (let i = 0; i < turns.length; i += 1) {
      const turn = turns[i];
      const next = normalizedUsage(turn, i, latestIndex, latestTs, ctx);
      if (next !== turn) out ??= turns.slice(0, i);
      out?.push(next);
    }
    return out ?? turns;
  },
};

/** One turn after the rule: its usage zeroed when stale (before the latest compaction at `latestIndex`), then normalised. */
function normalizedUsage(turn: Turn, i: number, latestIndex: number, latestTs: number, ctx: RuleContext): Turn {
  if (!(turn.traits & TRAIT.assistant)) return turn;
  // Nothing to zero, and the usage already canonical: the turn is not opened.
  if (latestIndex < 0 && !(turn.traits & TRAIT.oddUsage)) return turn;
  const m = turn.message;
  let usage: unknown = m.usage;
  let current = turn;
  if (latestIndex >= 0 && isRecord(usage)) {
    const ts = timestampMs(m.timestamp);
    const stale = !Number.isNaN(latestTs) && !Number.isNaN(ts) ? ts <= latestTs : i < latestIndex;
    if (stale) {
      usage = zeroUsage();
      ctx.note(turn, 'rewritten', 'usage zeroed: recorded before the latest compaction, it describes a prompt that no longer exists', {
        before: m.usage,
        after: usage,
        path: 'usage',
      });
      current = ctx.with(turn, { ...m, usage });
    }
  }
  if (usageIsCanonical(usage)) return current;
  const normal = normalizeUsageSnapshot(usage);
  if (usageAlreadyNormal(usage, normal)) return current;
  ctx.note(
    turn,
    'rewritten',
    usage === undefined || usage === null
      ? 'missing usage replaced by the zero snapshot'
      : 'usage normalised to input/output/cacheRead/cacheWrite/totalTokens',
    { before: usage ?? null, after: normal, path: 'usage' },
  );
  return ctx.with(current, { ...current.message, usage: normal });
}

/** Thinking signatures created before the latest compaction are bound to the old prefix: stripped. */
import { isRecord, isThinkingLike, timestampMs } from '../messages.js';
import type { Rule, Turn } from './rule.js';
import { isAssistantWithContent } from './thinking-common.js';
import { TRAIT } from './traits.js';

const SIGNATURE_FIELDS = ['thinkingSignature', 'signature', 'thought_signature'];

export const thinkingSignatureCompactionRule: Rule = {
  id: 'thinking-signature-compaction',
  title: 'Pre-compaction thinking signatures',
  explanation:
    'A thinking signature is cryptographically bound to the conversation prefix it was produced for. After a compaction the prefix changed (a summary replaced the original turns), so replaying the old signatures makes Anthropic answer "Invalid signature in thinking block". For every assistant turn timestamped strictly before the latest compaction summary, thinkingSignature, signature and thought_signature are removed from its thinking blocks (and data from redacted_thinking); the thinking text stays and the invalid-signature rule then decides. Applies to signed-thinking providers (anthropic, amazon-bedrock, anthropic-vertex) and every policy that preserves signatures.',
  providers: 'Anthropic, Bedrock, Anthropic Vertex and signature-preserving policies (MiniMax, Cloudflare, …)',
  appliesWhen: (policy) => policy.stripInvalidThinkingSignatures || policy.preserveSignatures,
  apply(turns, ctx) {
    // A compaction summary has a role of its own: a session without any other role has none.
    if (!ctx.mayHave(TRAIT.otherRole)) return turns;
    let latest: number | null = null;
    for (const t of turns) {
      if (!(t.traits & TRAIT.otherRole) || t.message.role !== 'compactionSummary') continue;
      const ts = timestampMs(t.message.timestamp);
      if (!Number.isNaN(ts)) latest = latest === null ? ts : Math.max(latest, ts);
    }
    if (latest === null) return turns;
    const cut = latest;
    return turns.map((turn): Turn => {
      const m = turn.message;
      if (!isAssistantWithContent(m)) return turn;
      const ts = timestampMs(m.timestamp);
      if (Number.isNaN(ts) || ts >= cut) return turn;
      let changed = false;
      const next = (m.content as unknown[]).map((block, i) => {
        if (!isThinkingLike(block) || !isRecord(block)) return block;
        const signed =
          SIGNATURE_FIELDS.some((f) => block[f] !== undefined && block[f] !== null) ||
          (block.type === 'redacted_thinking' && block.data !== undefined && block.data !== null);
        if (!signed) return block;
        const copy = { ...block };
        for (const f of SIGNATURE_FIELDS) delete copy[f];
        if (block.type === 'redacted_thinking') delete copy.data;
        changed = true;
        ctx.note(
          turn,
          'rewritten',
          `signature removed: this turn predates the latest compaction (${new Date(cut).toISOString()}), so its signature no longer matches the prefix`,
          { before: block, after: copy, path: `content[${i}]` },
        );
        return copy;
      });
      return changed ? ctx.with(turn, { ...m, content: next }) : turn;
    });
  },
};

/** Thinking dropped from every assistant turn except the latest (models that do not keep earlier thinking), or from all (Copilot). */
import { isThinkingLike, TEXT } from '../messages.js';
import type { Rule, Turn } from './rule.js';
import { isAssistantWithContent, latestAssistantTurn, reasoningOmitted } from './thinking-common.js';
import { TRAIT } from './traits.js';

export interface ThinkingDropOptions {
  /** `all-but-latest`: the latest assistant keeps its thinking; `all`: no turn does (Copilot's own replay sanitising). */
  scope: 'all-but-latest' | 'all';
}

export const thinkingDropRule: Rule<ThinkingDropOptions> = {
  id: 'thinking-drop',
  title: 'Thinking kept only on the latest turn',
  explanation:
    'Claude models that do not keep earlier thinking (Claude 3.x, Sonnet 4/4.5, Haiku 4.5, Opus 4/4.1 — not Opus 4.5+/Sonnet 4.6+) reject or ignore replayed thinking from earlier turns. Thinking and redacted_thinking blocks are removed from every assistant turn except the latest one; a turn left empty gets "[assistant reasoning omitted]" so adapters that drop blank text keep the turn. The same applies when the model does not support reasoning effort. GitHub Copilot replays no thinking at all on its Claude (anthropic-messages) and Responses routes: there every thinking block is removed, the latest turn\'s included.',
  providers: 'github-copilot (Claude and Responses routes), Anthropic/Bedrock/Vertex/Cloudflare/Vercel routes to older Claude models',
  appliesWhen: (policy) => policy.dropThinkingBlocks || policy.dropAllThinkingBlocks,
  apply(turns, ctx, options) {
    if (!ctx.mayHave(TRAIT.thinking)) return turns;
    const latest = options.scope === 'all' ? -1 : latestAssistantTurn(turns);
    const why = options.scope === 'all' ? 'the provider replays no thinking' : 'only the latest turn keeps its thinking';
    return turns.map((turn, index): Turn => {
      const m = turn.message;
      if (!(turn.traits & TRAIT.thinking) || !isAssistantWithContent(m) || index === latest) return turn;
      const content = m.content as unknown[];
      const kept = content.filter((b) => !isThinkingLike(b));
      if (kept.length === content.length) return turn;
      ctx.note(
        turn,
        'rewritten',
        `${content.length - kept.length} thinking block(s) removed — ${why}${kept.length === 0 ? `; "${TEXT.reasoningOmitted}" keeps the turn` : ''}`,
        { before: content.filter((b) => isThinkingLike(b)), after: kept.length ? undefined : reasoningOmitted(), path: 'content' },
      );
      if (kept.length === 0) return ctx.with(turn, { ...m, content: reasoningOmitted() });
      // Only thinking blocks went: every other bit is the turn's own, and a text cue a thinking block set
      // may stay set (it only costs a look). The turn's calls and texts are not read again.
      return ctx.with(turn, { ...m, content: kept }, turn.traits & ~TRAIT.thinking);
    });
  },
};

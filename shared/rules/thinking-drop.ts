/** Thinking dropped from every assistant turn except the latest (models that do not keep earlier thinking). */
import { isThinkingLike, TEXT } from '../messages.js';
import type { Rule, Turn } from './rule.js';
import { isAssistantWithContent, latestAssistantIndex, reasoningOmitted } from './thinking-common.js';

export const thinkingDropRule: Rule = {
  id: 'thinking-drop',
  title: 'Thinking kept only on the latest turn',
  explanation:
    'Copilot\'s Claude route and Claude models that do not keep earlier thinking (Claude 3.x, Sonnet 4/4.5, Haiku 4.5, Opus 4/4.1 — not Opus 4.5+/Sonnet 4.6+) reject or ignore replayed thinking from earlier turns. Thinking and redacted_thinking blocks are removed from every assistant turn except the latest one; a turn left empty gets "[assistant reasoning omitted]" so adapters that drop blank text keep the turn. The same applies when the model does not support reasoning effort.',
  providers: 'github-copilot Claude, Anthropic/Bedrock/Vertex/Cloudflare/Vercel routes to older Claude models',
  appliesWhen: (policy) => policy.dropThinkingBlocks,
  apply(turns, ctx) {
    const latest = latestAssistantIndex(turns.map((t) => t.message));
    return turns.map((turn, index): Turn => {
      const m = turn.message;
      if (!isAssistantWithContent(m) || index === latest) return turn;
      const content = m.content as unknown[];
      const kept = content.filter((b) => !isThinkingLike(b));
      if (kept.length === content.length) return turn;
      ctx.note(
        turn,
        'rewritten',
        `${content.length - kept.length} thinking block(s) removed — only the latest turn keeps its thinking${kept.length === 0 ? `; "${TEXT.reasoningOmitted}" keeps the turn` : ''}`,
        { before: content.filter((b) => isThinkingLike(b)), after: kept.length ? undefined : reasoningOmitted(), path: 'content' },
      );
      return ctx.with(turn, { ...m, content: kept.length ? kept : reasoningOmitted() });
    });
  },
};

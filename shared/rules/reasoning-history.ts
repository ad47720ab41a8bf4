/** Chat Completions: historic reasoning is not replayed, except the tool turn in progress. */
import { isThinkingLike, TEXT } from '../messages.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';
import { isAssistantWithContent, isCurrentToolContinuation, reasoningOmitted } from './thinking-common.js';

export const reasoningHistoryRule: Rule = {
  id: 'reasoning-history',
  title: 'Historic reasoning on Chat Completions',
  explanation:
    'OpenAI-compatible Chat Completions servers (local llama.cpp/vLLM/Ollama, proxies) reject or mis-handle reasoning fields (reasoning, reasoning_content) replayed from earlier turns. Thinking blocks are removed from every assistant turn except the current tool-call continuation — the assistant after the latest user turn whose tool call is still being answered keeps its reasoning until the tool result has been replayed. A turn left empty gets "[assistant reasoning omitted]". Reasoning models (model.reasoning true) and models that require reasoning replay (Kimi K2.5+, MiMo V2.5+ …) keep their history.',
  providers: 'openai-completions targets without reasoning replay (Ollama, xAI, vLLM, Mistral, generic proxies)',
  appliesWhen: (policy) => policy.dropReasoningFromHistory,
  apply(turns, ctx) {
    if (!ctx.mayHave(TRAIT.thinking)) return turns;
    const messages = turns.map((t) => t.message);
    return turns.map((turn, index): Turn => {
      const m = turn.message;
      if (!(turn.traits & TRAIT.thinking) || !isAssistantWithContent(m) || isCurrentToolContinuation(messages, index)) return turn;
      const content = m.content as unknown[];
      const kept = content.filter((b) => !isThinkingLike(b));
      if (kept.length === content.length) return turn;
      const removed = content.length - kept.length;
      ctx.note(
        turn,
        'rewritten',
        `${removed} historic reasoning block(s) removed${kept.length === 0 ? `; "${TEXT.reasoningOmitted}" keeps the turn` : ''}`,
        { before: content.filter((b) => isThinkingLike(b)), after: kept.length ? undefined : reasoningOmitted(), path: 'content' },
      );
      return ctx.with(turn, { ...m, content: kept.length ? kept : reasoningOmitted() });
    });
  },
};

/** A trailing assistant turn (prefill) is removed before sending: strict providers reject it. */
import { describeTurn, isRecord, PAIRABLE_CALL_TYPES } from '../messages.js';
import type { Rule } from './rule.js';

const hasCall = (content: unknown) =>
  Array.isArray(content) && content.some((b) => isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type));

export const prefillStripRule: Rule = {
  id: 'prefill-strip',
  title: 'Trailing assistant prefill',
  explanation:
    'A history that ends with an assistant turn asks the model to continue that turn ("prefill"). Anthropic rejects it when thinking is enabled ("This model does not support assistant message prefill" / "Expected user or tool result as the last message when thinking is enabled"), and Gemini-style validation rejects a model-last history. On every call, trailing assistant turns without a tool call are removed for policies that validate Anthropic or Gemini turns (a turn ending in a tool call is kept — its result is synthesised instead); the outgoing-payload step does the same on OpenRouter Anthropic and Anthropic-family payloads when thinking or reasoning is on. Seed: "Turnos finais de preenchimento prévio do assistente são removidos das cargas de saída … quando o pensamento está ativado".',
  seed: 'trailing assistant prefill removed from outgoing Anthropic / Bedrock / OpenRouter-Anthropic / Cloudflare payloads when thinking is on',
  providers:
    'Anthropic/Bedrock/MiniMax/Cloudflare, Google family and Chat Completions fallbacks (message level); Anthropic-family and OpenRouter anthropic/* payloads when thinking is on',
  appliesWhen: (policy) => policy.validateAnthropicTurns || policy.validateGeminiTurns,
  apply(turns, ctx) {
    let end = turns.length;
    while (end > 0) {
      const m = turns[end - 1].message;
      if (m.role !== 'assistant' || hasCall(m.content)) break;
      end -= 1;
    }
    for (let i = end; i < turns.length; i += 1)
      ctx.note(
        turns[i],
        'dropped',
        `trailing ${describeTurn(turns[i].message)} removed: the request must end with a user or tool-result turn, not an assistant prefill`,
        { before: turns[i].message.content ?? null },
      );
    return turns.slice(0, end);
  },
};

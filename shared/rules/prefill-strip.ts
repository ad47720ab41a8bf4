/** A trailing assistant turn (prefill) is removed before sending: strict providers reject it. */
import { describeTurn, isRecord, PAIRABLE_CALL_TYPES } from '../messages.js';
import { entryHasToolUse, isAssistantEntry, messagesKey, payloadMessages, thinkingOn } from '../preflight/family.js';
import type { PayloadStage, Rule } from './rule.js';

const hasCall = (content: unknown) =>
  Array.isArray(content) && content.some((b) => isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type));

/**
 * The outgoing-payload strip: with thinking on, Anthropic-style providers refuse a payload that ends
 * in an assistant entry, so trailing assistant entries without tool use are popped just before sending.
 */
const payloadStrip: PayloadStage = {
  appliesTo: (payload, ctx) =>
    ctx.policy.stripPayloadPrefillWhenThinking && thinkingOn(payload.value, payload.family, ctx.target.reasoning),
  apply(payload, ctx) {
    const { family, value } = payload;
    const list = payloadMessages(value, family);
    let end = list.length;
    while (end > 0 && isAssistantEntry(list[end - 1], family) && !entryHasToolUse(list[end - 1], family)) end -= 1;
    if (end === list.length || !isRecord(value)) return payload;
    const key = messagesKey(family);
    const noted = new Set<number>();
    for (let i = end; i < list.length; i += 1) {
      const source = payload.entrySources[i] ?? null;
      // Responses items of one turn map to one message: one annotation per popped message.
      if (source !== null && noted.has(source)) continue;
      if (source !== null) noted.add(source);
      ctx.note(
        i,
        'dropped',
        `Trailing assistant turn without tool use removed from the outgoing ${payload.api} payload: thinking is on and the provider refuses an assistant prefill.`,
        { before: list[i], path: `payload.${key}[${i}]` },
      );
    }
    const popped = list.length - end;
    return {
      ...payload,
      value: { ...value, [key]: list.slice(0, end) },
      entrySources: payload.entrySources.slice(0, payload.entrySources.length - popped),
    };
  },
};

export const prefillStripRule: Rule = {
  id: 'prefill-strip',
  title: 'Trailing assistant prefill',
  explanation:
    'A history that ends with an assistant turn asks the model to continue that turn ("prefill"). Anthropic rejects it when thinking is enabled ("This model does not support assistant message prefill" / "Expected user or tool result as the last message when thinking is enabled"), and Gemini-style validation rejects a model-last history. On every call, trailing assistant turns without a tool call are removed for policies that validate Anthropic or Gemini turns (a turn ending in a tool call is kept — its result is synthesised instead); the outgoing-payload step does the same on OpenRouter Anthropic and Anthropic-family payloads when thinking or reasoning is on.',
  providers:
    'Anthropic/Bedrock/MiniMax/Cloudflare, Google family and Chat Completions fallbacks (message level); Anthropic-family and OpenRouter anthropic/* payloads when thinking is on',
  appliesWhen: (policy) => policy.validateAnthropicTurns || policy.validateGeminiTurns,
  // It drops trailing assistant turns without a call, and nothing else.
  keepsCallsAndResults: true,
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
    return end === turns.length ? turns : turns.slice(0, end);
  },
  payload: payloadStrip,
};

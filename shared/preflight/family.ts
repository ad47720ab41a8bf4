/** Which wire format a payload has, where its messages sit, and whether it asks for thinking. */
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';

/** The wire formats preflight knows. */
export type PayloadFamily = 'anthropic' | 'bedrock' | 'gemini' | 'openai-responses' | 'openai-completions' | 'mistral';

const FAMILY_OF_API: Record<string, PayloadFamily> = {
  'anthropic-messages': 'anthropic',
  'bedrock-converse-stream': 'bedrock',
  'google-generative-ai': 'gemini',
  'google-vertex': 'gemini',
  'google-gemini-cli': 'gemini',
  'openai-responses': 'openai-responses',
  'azure-openai-responses': 'openai-responses',
  'openai-codex-responses': 'openai-responses',
  'openai-chatgpt-responses': 'openai-responses',
  'openai-completions': 'openai-completions',
  openai: 'openai-completions',
  ollama: 'openai-completions',
  'mistral-conversations': 'mistral',
};

/** The family of an api id, or null for one no builder produces. */
export function payloadFamily(api: string): PayloadFamily | null {
  return FAMILY_OF_API[api] ?? null;
}

/** The key of the conversation array in a payload of this family. */
export function messagesKey(family: PayloadFamily): 'messages' | 'contents' | 'input' {
  if (family === 'gemini') return 'contents';
  if (family === 'openai-responses') return 'input';
  return 'messages';
}

/** The conversation array of a payload (messages, contents or input items); empty when absent. */
export function payloadMessages(payload: JsonValue | undefined, family: PayloadFamily): JsonValue[] {
  if (!isRecord(payload)) return [];
  const list = payload[messagesKey(family)];
  return Array.isArray(list) ? (list as JsonValue[]) : [];
}

function thinkingObjectOn(value: unknown): boolean {
  return isRecord(value) && typeof value.type === 'string' && value.type !== 'disabled';
}

/**
 * True when the payload asks the model to think (extended thinking, reasoning effort, thinking
 * budget): that is when providers refuse an assistant prefill as the last message.
 */
export function payloadThinkingEnabled(payload: JsonValue | undefined, family: PayloadFamily): boolean {
  if (!isRecord(payload)) return false;
  switch (family) {
    case 'anthropic':
      return thinkingObjectOn(payload.thinking);
    case 'bedrock': {
      const extra = payload.additionalModelRequestFields;
      if (!isRecord(extra)) return false;
      return thinkingObjectOn(extra.thinking) || isRecord(extra.reasoning_config) || isRecord(extra.reasoningConfig);
    }
    case 'gemini': {
      const config = isRecord(payload.config) ? payload.config : isRecord(payload.generationConfig) ? payload.generationConfig : undefined;
      const thinking = config && isRecord(config.thinkingConfig) ? config.thinkingConfig : undefined;
      if (!thinking) return false;
      if (thinking.thinkingBudget === 0) return false;
      return thinking.includeThoughts === true || typeof thinking.thinkingBudget === 'number' || typeof thinking.thinkingLevel === 'string';
    }
    case 'openai-responses':
      return isRecord(payload.reasoning) && payload.reasoning.effort !== 'none' && payload.reasoning.effort !== undefined;
    case 'openai-completions':
      return (
        (typeof payload.reasoning_effort === 'string' && payload.reasoning_effort !== 'none') ||
        (isRecord(payload.reasoning) && payload.reasoning.effort !== 'none') ||
        payload.enable_thinking === true ||
        thinkingObjectOn(payload.thinking)
      );
    case 'mistral':
      return payload.promptMode === 'reasoning' || (typeof payload.reasoningEffort === 'string' && payload.reasoningEffort !== 'none');
  }
}

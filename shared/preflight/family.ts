/** Which wire format a payload has, where its messages sit, which entries are assistant turns, and whether it asks for thinking. */
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

/** True when a payload conversation entry is an assistant turn (in the family's wire format). */
export function isAssistantEntry(entry: JsonValue, family: PayloadFamily): boolean {
  if (!isRecord(entry)) return false;
  if (family === 'gemini') return entry.role === 'model';
  if (family === 'openai-responses') return entry.role === 'assistant' || entry.type === 'function_call' || entry.type === 'reasoning';
  return entry.role === 'assistant';
}

/** True when an assistant entry calls a tool (such a turn is a real turn awaiting results, not a prefill). */
export function entryHasToolUse(entry: JsonValue, family: PayloadFamily): boolean {
  if (!isRecord(entry)) return false;
  if (family === 'openai-responses') return entry.type === 'function_call';
  if (family === 'openai-completions' || family === 'mistral') {
    const calls = entry.tool_calls ?? entry.toolCalls;
    if (Array.isArray(calls) && calls.length > 0) return true;
  }
  const blocks = family === 'gemini' ? entry.parts : entry.content;
  if (!Array.isArray(blocks)) return false;
  return blocks.some((b) => isRecord(b) && (b.type === 'tool_use' || b.type === 'toolCall' || 'toolUse' in b || 'functionCall' in b));
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

/** "Thinking is on" for the prefill rules: the target reasons, or the payload asks for thinking. */
export function thinkingOn(payload: JsonValue | undefined, family: PayloadFamily, reasoning: boolean | undefined): boolean {
  return reasoning === true || payloadThinkingEnabled(payload, family);
}

/**
 * The outgoing-payload prefill strip (reference §3.21, rule `prefill-strip`): with thinking on,
 * Anthropic-style providers refuse a conversation that ends in an assistant turn (a "prefill"), so
 * trailing assistant turns without tool use are popped from the payload just before it is sent.
 */
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { messagesKey, payloadMessages, payloadThinkingEnabled, type PayloadFamily } from './family.js';

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

/** The result of the strip: the new payload and the payload indices popped (ascending). */
export interface PrefillStrip {
  payload: JsonValue;
  popped: number[];
  /** The popped entries, in payload order. */
  entries: JsonValue[];
}

/**
 * Pop trailing assistant entries that have no tool use. Returns the payload unchanged (same object)
 * when there is nothing to pop; never mutates its input.
 */
export function stripTrailingPrefill(payload: JsonValue, family: PayloadFamily): PrefillStrip {
  const list = payloadMessages(payload, family);
  let end = list.length;
  while (end > 0 && isAssistantEntry(list[end - 1], family) && !entryHasToolUse(list[end - 1], family)) end -= 1;
  if (end === list.length || !isRecord(payload)) return { payload, popped: [], entries: [] };
  const popped = Array.from({ length: list.length - end }, (_, i) => end + i);
  return { payload: { ...payload, [messagesKey(family)]: list.slice(0, end) }, popped, entries: list.slice(end) };
}

/** "Thinking is on" for the prefill rules: the target reasons, or the payload asks for thinking. */
export function thinkingOn(payload: JsonValue | undefined, family: PayloadFamily, reasoning: boolean | undefined): boolean {
  return reasoning === true || payloadThinkingEnabled(payload, family);
}

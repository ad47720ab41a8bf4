/** Helpers shared by the thinking rules: which turn is "latest", which blocks carry a signature. */
import { isRecord, isThinkingLike, TEXT } from '../messages.js';
import type { Message } from '../types.js';

/** Assistant with an array content. */
export const isAssistantWithContent = (m: Message): boolean => m.role === 'assistant' && Array.isArray(m.content);

/** Index of the last assistant with array content, or -1. */
export function latestAssistantIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (isAssistantWithContent(messages[i])) return i;
  return -1;
}

/** `latestAssistantIndex` of the turns' messages. */
export function latestAssistantTurn(turns: readonly { readonly message: Message }[]): number {
  for (let i = turns.length - 1; i >= 0; i -= 1) if (isAssistantWithContent(turns[i].message)) return i;
  return -1;
}

/** Index of the last plain `user` turn, or -1. */
function latestUserIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i].role === 'user') return i;
  return -1;
}

/**
 * The call block types OpenClaw 2026.9.6's thinking helpers recognise: `toolCall`, `tool_use` and
 * `function_call` (a `toolUse` or `functionCall` block does not make a turn a tool turn there).
 */
const THINKING_HELPER_CALL_TYPES = new Set(['toolCall', 'tool_use', 'function_call']);
const hasToolCall = (m: Message) => (m.content as unknown[]).some((b) => isRecord(b) && THINKING_HELPER_CALL_TYPES.has(b.type as string));

/**
 * The current tool-turn continuation: an assistant at/after the latest user turn with a tool call, no
 * other assistant between it and that user turn, followed by a tool result before any user turn.
 * Summaries and custom messages are not user turns here: they become user turns only later.
 */
export function isCurrentToolContinuation(messages: readonly Message[], index: number, latestUser = latestUserIndex(messages)): boolean {
  const m = messages[index];
  if (!m || index < latestUser || !isAssistantWithContent(m) || !hasToolCall(m)) return false;
  for (let i = index - 1; i >= 0; i -= 1) {
    if (messages[i].role === 'user') break;
    if (messages[i].role === 'assistant') return false;
  }
  for (let i = index + 1; i < messages.length; i += 1) {
    if (messages[i].role === 'toolResult') return true;
    if (messages[i].role === 'user') return false;
  }
  return false;
}

/** Whether the latest assistant's thinking is exempt: it ends the history or is the current tool turn. */
export function shouldPreserveLatestAssistantThinking(messages: readonly Message[]): boolean {
  const latest = latestAssistantIndex(messages);
  if (latest < 0) return false;
  if (latest === messages.length - 1) return true;
  return isCurrentToolContinuation(messages, latest);
}

/** A non-blank string in signature, thinkingSignature or thought_signature (or data for redacted blocks). */
export function hasReplayableSignature(block: unknown): boolean {
  if (!isThinkingLike(block) || !isRecord(block)) return false;
  return (
    (block.type === 'redacted_thinking' && isNonBlank(block.data)) ||
    isNonBlank(block.signature) ||
    isNonBlank(block.thinkingSignature) ||
    isNonBlank(block.thought_signature)
  );
}

const isNonBlank = (v: unknown): boolean => typeof v === 'string' && v.trim().length > 0;

/** The placeholder content of an assistant turn whose reasoning was all removed. */
export const reasoningOmitted = () => [{ type: 'text', text: TEXT.reasoningOmitted }];

/** Helpers shared by the thinking rules: which turn is "latest", which blocks carry a signature. */
import { isRecord, isThinkingLike, isToolCallBlock, TEXT } from '../messages.js';
import type { Message } from '../types.js';

/** Assistant with an array content. */
export const isAssistantWithContent = (m: Message): boolean => m.role === 'assistant' && Array.isArray(m.content);

/** Index of the last assistant with array content, or -1. */
export function latestAssistantIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (isAssistantWithContent(messages[i])) return i;
  return -1;
}

/**
 * Roles the provider receives as user turns: summaries and custom messages are converted before
 * sending. (OpenClaw looks at `user` only, so a summary after a tool turn changed the answer on the
 * next replay, once converted.)
 */
const USER_LIKE = new Set(['user', 'compactionSummary', 'branchSummary', 'custom', 'bashExecution']);
const isUserLike = (m: Message) => USER_LIKE.has(m.role);

function latestUserIndex(messages: readonly Message[]): number {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (isUserLike(messages[i])) return i;
  return -1;
}

/**
 * Every tool-call block type counts (OpenClaw's thinking helpers miss `toolUse` and `functionCall`, so a
 * turn with those lost its thinking only on the second replay).
 */
const hasToolCall = (m: Message) => (m.content as unknown[]).some((b) => isToolCallBlock(b));

/**
 * The current tool-turn continuation: an assistant at/after the latest user turn with
 * a tool call, no other assistant between it and that user turn, followed by a tool result before any user turn.
 */
export function isCurrentToolContinuation(messages: readonly Message[], index: number, latestUser = latestUserIndex(messages)): boolean {
  const m = messages[index];
  if (!m || index < latestUser || !isAssistantWithContent(m) || !hasToolCall(m)) return false;
  for (let i = index - 1; i >= 0; i -= 1) {
    if (isUserLike(messages[i])) break;
    if (messages[i].role === 'assistant') return false;
  }
  for (let i = index + 1; i < messages.length; i += 1) {
    if (messages[i].role === 'toolResult') return true;
    if (isUserLike(messages[i])) return false;
  }
  return false;
}

/** Whether the latest assistant's thinking is exempt: it ends the history or is the current tool turn. */
export function shouldPreserveLatestAssistantThinking(messages: readonly Message[]): boolean {
  const latest = latestAssistantIndex(messages);
  if (latest < 0) return false;
  if (latest === messages.length - 1) return true;
  // Followed only by its tool results is still the latest turn (the provider checks it as such); pairing repair adds
  // those results, so without this a second replay would strip what the first one kept.
  if (messages.slice(latest + 1).every((m) => m.role === 'toolResult')) return true;
  return isCurrentToolContinuation(messages, latest);
}

/** A non-blank string in signature, thinkingSignature or thought_signature (or data for redacted blocks). */
export function hasReplayableSignature(block: unknown): boolean {
  if (!isThinkingLike(block) || !isRecord(block)) return false;
  const fields =
    block.type === 'redacted_thinking'
      ? [block.data, block.signature, block.thinkingSignature, block.thought_signature]
      : [block.signature, block.thinkingSignature, block.thought_signature];
  return fields.some((v) => typeof v === 'string' && v.trim().length > 0);
}

/** The placeholder content of an assistant turn whose reasoning was all removed. */
export const reasoningOmitted = () => [{ type: 'text', text: TEXT.reasoningOmitted }];

/**
 * The Bedrock Converse payload step: consecutive user messages merged. pi-ai sends a turn's tool
 * results as one user message and the user text that follows as another, which Bedrock rejects
 * ("A conversation must alternate between user and assistant roles").
 */
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';

export interface UserMerge {
  payload: JsonValue;
  /** For each merge: the index (in the input payload's messages) of the message absorbed, and the one it joined. */
  merged: { absorbed: number; into: number }[];
}

/** Merge runs of user messages in a Bedrock Converse payload's `messages` (content blocks concatenated). */
export function mergeBedrockUserMessages(payload: JsonValue): UserMerge {
  if (!isRecord(payload) || !Array.isArray(payload.messages)) return { payload, merged: [] };
  const out: JsonValue[] = [];
  const merged: UserMerge['merged'] = [];
  let lastIndex = -1;
  payload.messages.forEach((message, i) => {
    const previous = out.at(-1);
    if (
      isRecord(message) &&
      message.role === 'user' &&
      isRecord(previous) &&
      previous.role === 'user' &&
      Array.isArray(previous.content) &&
      Array.isArray(message.content)
    ) {
      out[out.length - 1] = { ...previous, content: [...previous.content, ...message.content] };
      merged.push({ absorbed: i, into: lastIndex });
      return;
    }
    out.push(message);
    lastIndex = i;
  });
  return merged.length ? { payload: { ...payload, messages: out }, merged } : { payload, merged };
}

// Message builders for engine tests, in a short notation: U(x), A[...], TR(id, text), tc(id, name).
import { expect } from 'vitest';
import { TEXT } from '../../../shared/messages.js';
import type { Message } from '../../../shared/types.js';

/** The frozen clock of every engine test (2026-01-01T00:00:00Z, the oracle's default). */
export const NOW = 1767225600000;

/** A billed usage already in pi's normal form, so the usage rule leaves it alone. */
export const USAGE = {
  input: 10,
  output: 5,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 15,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

/** The all-zero usage OpenClaw writes for missing or stale usage. */
export const ZERO_USAGE = {
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

type Extra = Record<string, unknown>;

/** A user turn: string content (reference `U(x)`) or a block list. */
export function U(content: string | unknown[], extra: Extra = {}): Message {
  return { role: 'user', content, ...extra };
}

/** An assistant turn (reference `A[...]`): stopReason `stop` and a billed, normal usage unless overridden. */
export function A(content: unknown, extra: Extra = {}): Message {
  return { role: 'assistant', content, stopReason: 'stop', usage: USAGE, ...extra };
}

/** A tool result (reference `TR(id, text)`). */
export function TR(id: string, text: string, extra: Extra = {}): Message {
  return { role: 'toolResult', toolCallId: id, toolName: 'read', content: [{ type: 'text', text }], isError: false, ...extra };
}

/** A tool call block (reference `tc(id, name)`, arguments `{}`). */
export function tc(id: string, name = 'read', args: unknown = {}, extra: Extra = {}): Record<string, unknown> {
  return { type: 'toolCall', id, name, arguments: args, ...extra };
}

/** A text block. */
export function text(value: string, extra: Extra = {}): Record<string, unknown> {
  return { type: 'text', text: value, ...extra };
}

/** A thinking block, signed when `signature` is given. */
export function thinking(value: string, signature?: unknown, extra: Extra = {}): Record<string, unknown> {
  return signature === undefined
    ? { type: 'thinking', thinking: value, ...extra }
    : { type: 'thinking', thinking: value, thinkingSignature: signature, ...extra };
}

/** An OpenAI Responses reasoning signature (`rs_…` item) as pi stores it: a JSON string. */
export function rsSignature(id: string): string {
  return JSON.stringify({ id, type: 'reasoning', encrypted_content: 'enc', summary: [] });
}

/** The synthetic result pairing repair inserts for a call that has none (details are checked loosely). */
export function syntheticResult(id: string, toolName: string, resultText: string = TEXT.syntheticToolResult, withDetails = true): Message {
  const m: Message = {
    role: 'toolResult',
    toolCallId: id,
    toolName,
    content: [{ type: 'text', text: resultText }],
    isError: true,
    timestamp: NOW,
  };
  // The marker is the contract; extra bookkeeping keys in `details` are allowed.
  return withDetails ? { ...m, details: expect.objectContaining({ openclawSyntheticMissingToolResult: true }) } : m;
}

/** A 1×1 transparent PNG, base64. */
export const TINY_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** A deep, recursive freeze (inputs must never be mutated by the engine). */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value as object)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

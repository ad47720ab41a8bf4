/** What every build in parts shares (payload-parts.ts, per-message-parts.ts): each call id in one unit, the request's other fields, the join. */
import type { JsonValue } from '../../../shared/types.js';
import type { LlmMessages } from './llm-messages.js';
import type { PayloadBuild } from './payload-builder.js';

/**
 * Tool-call ids normalised in one unit would be looked up in another: each id must stay in one unit.
 * (A function of the module, not a closure per call: units are found on each side, and V8 drops the
 * code it optimised for one closure when the next call brings another.)
 */
export function claim(unitOfId: Map<string, number>, id: unknown, unit: number): boolean {
  if (typeof id !== 'string') return true;
  const seen = unitOfId.get(id);
  if (seen === undefined) unitOfId.set(id, unit);
  return seen === undefined || seen === unit;
}

/** A request's fields besides its conversation (`key`), as one comparable string: every part must give the same. */
export function requestFields(payload: Record<string, JsonValue>, key: string): string {
  const rest: Record<string, JsonValue> = {};
  for (const member in payload) if (member !== key) rest[member] = payload[member];
  return JSON.stringify(rest);
}

/** The build of the whole: the last part's, with every part's entries joined under `key` (one copy, not one per part). */
export function joinParts(last: PayloadBuild, llm: LlmMessages, key: string, parts: JsonValue[][]): PayloadBuild {
  return {
    ...last,
    sources: llm.sources,
    llmMessages: llm.messages,
    payload: { ...(last.payload as Record<string, JsonValue>), [key]: ([] as JsonValue[]).concat(...parts) },
  };
}

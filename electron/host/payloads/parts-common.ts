/** What every build in parts shares (payload-parts.ts, per-message-parts.ts): each call id in one unit, the loop over the parts, the join. */
import { isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import type { LlmMessages } from './llm-messages.js';
import type { PayloadBuild } from './payload-builder.js';
import type { Units } from './replay-units.js';

/** A whole build of LLM messages (`buildLlmPayload`), given so that these modules do not import their caller. */
export type BuildLlm = (llm: LlmMessages) => Promise<PayloadBuild>;

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
function requestFields(payload: Record<string, JsonValue>, key: string): string {
  const rest: Record<string, JsonValue> = {};
  for (const member in payload) if (member !== key) rest[member] = payload[member];
  return JSON.stringify(rest);
}

/** The build of the whole: the last part's, with every part's entries joined under `key` (one copy, not one per part). */
function joinParts(last: PayloadBuild, llm: LlmMessages, key: string, parts: JsonValue[][]): PayloadBuild {
  return {
    ...last,
    sources: llm.sources,
    llmMessages: llm.messages,
    payload: { ...(last.payload as Record<string, JsonValue>), [key]: ([] as JsonValue[]).concat(...parts) },
  };
}

/**
 * The parts `cuts` gives (unit indexes of `units`, then the unit count) each built by pi-ai, checked,
 * and joined: null when a build fails, `check` refuses a part's entries (under `key`; it may change
 * them, and learns each part's index and whether it is the last), or the request's other fields
 * (model, max_tokens, thinking…, which read no message) differ between parts. `extra` goes at the
 * end of every part but the last (a message whose entry the check reads and takes off).
 */
export async function buildEachPart(
  llm: LlmMessages,
  units: Units,
  cuts: readonly number[],
  key: string,
  buildLlm: BuildLlm,
  check: (entries: JsonValue[], p: number, final: boolean) => boolean,
  extra?: Message,
): Promise<PayloadBuild | null> {
  // Each part's entries, joined once at the end: one list grown by push would be copied at each growth.
  const parts: JsonValue[][] = [];
  let last: PayloadBuild | undefined;
  let fields: string | undefined;
  for (let p = 0; p + 1 < cuts.length; p += 1) {
    const from = units.bounds[cuts[p]];
    const to = units.bounds[cuts[p + 1]];
    const final = p + 2 === cuts.length;
    const messages = llm.messages.slice(from, to);
    const sources = llm.sources.slice(from, to);
    if (extra && !final) {
      messages.push(extra);
      sources.push(-1);
    }
    const part = await buildLlm({ messages, sources });
    const payload = part.payload;
    if (part.error || !isRecord(payload)) return null;
    const entries = payload[key];
    if (!Array.isArray(entries) || !check(entries, p, final)) return null;
    const rest = requestFields(payload, key);
    if (fields === undefined) fields = rest;
    else if (rest !== fields) return null;
    parts.push(entries);
    last = part;
  }
  return joinParts(last!, llm, key, parts);
}

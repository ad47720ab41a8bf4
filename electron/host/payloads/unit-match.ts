/**
 * Matching the replay's units with the original's (replay-payload.ts, responses-reuse.ts): which
 * original message each replay message came from, and which replay units repeat an original unit.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import type { Message } from '../../../shared/types.js';
import type { Units } from './replay-units.js';

/** The member of a message no pi-ai builder reads (a tool result's UI details). */
const UNREAD_MEMBER = 'details';

/**
 * Whether pi-ai gets the same input from both messages: the same object, or equal in every member it
 * may read (but `except`, which the caller compares itself). The members are walked with `for…in`,
 * which makes no list of keys per message as `Object.keys` does; it also visits inherited enumerable
 * members, which only adds comparisons.
 */
export function sameForBuilder(a: Message, b: Message, except = UNREAD_MEMBER): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  for (const key in a) if (key !== UNREAD_MEMBER && key !== except && a[key] !== b[key]) return false;
  for (const key in b) if (key !== UNREAD_MEMBER && key !== except && !(key in a) && b[key] !== undefined) return false;
  return true;
}

/**
 * Whether two unit-leading messages leave the rest of their units the same: both users (nothing
 * pending after one), or both assistants of the same model calling the same tool calls (the same
 * blocks), whose ids pi-ai normalises and answers with synthetic results alike.
 */
export function sameToolCalls(a: Message, b: Message): boolean {
  if (a.role !== b.role) return false;
  if (a.role === 'user') return true;
  if (a.role !== 'assistant' || a.provider !== b.provider || a.api !== b.api || a.model !== b.model) return false;
  const calls = (m: Message) => (m.content as unknown[]).filter((block) => isRecord(block) && block.type === 'toolCall');
  const ca = calls(a);
  const cb = calls(b);
  return ca.length === cb.length && ca.every((block, i) => block === cb[i]);
}

/** For each transcript message of a side (`count` of them), its index in the LLM messages (-1: none). */
export function llmIndexes(sources: readonly number[], count: number): Int32Array {
  const out = new Int32Array(count).fill(-1);
  for (let i = 0; i < sources.length; i += 1) out[sources[i]] = i;
  return out;
}

/** For each replay LLM message, the original's LLM index of its origin (-1: none). */
export function originsOnOriginal(
  sources: readonly number[],
  origins: readonly (number | null)[],
  originalLlmIndex: Int32Array,
): Int32Array {
  const out = new Int32Array(sources.length);
  for (let i = 0; i < out.length; i += 1) {
    const origin = origins[sources[i]];
    out[i] = typeof origin === 'number' && origin >= 0 && origin < originalLlmIndex.length ? originalLlmIndex[origin] : -1;
  }
  return out;
}

/** The unit starting at each LLM message (-1: none starts there). */
export function unitStarts(units: Units): Int32Array {
  const out = new Int32Array(units.leads.length + 1).fill(-1);
  for (let t = 0; t < units.bounds.length - 1; t += 1) out[units.bounds[t]] = t;
  return out;
}

/** One side's messages as the builder got them, and their units. */
export interface SideUnits {
  /** The transcript messages. */
  messages: readonly Message[];
  /** The LLM messages, and for each the index of its transcript message. */
  llm: readonly Message[];
  sources: readonly number[];
  units: Units;
}

/** What matching the replay's units with the original's reads. */
export interface UnitMatch {
  replay: SideUnits;
  original: SideUnits;
  /** For each replay LLM message, the original's LLM index of its origin (-1: none). */
  originAt: Int32Array;
  /** The original's unit starting at each of its LLM messages (-1: none). */
  originalUnitAt: Int32Array;
  /**
   * The first of the original's units never reused, nor any after it: the one holding its last entry
   * (where pi-ai's cache mark sits), or the unit count for builders that mark none.
   */
  firstUnreused: number;
}

/**
 * The original unit replay unit `t` comes from, -1 for none: one before the first unit never reused,
 * whose messages are the origins of the replay unit's, in order, but for failed turns pi-ai drops
 * without a trace, which hygiene took out of the replay.
 *
 * Every builder drops a failed turn first. What the turn leaves behind:
 * - its calls' ids, each mapped to the id pi-ai sends for it, which renames every later result of
 *   that id. A side's units hold each id in one unit, so such a result would be in this one, after
 *   the turn: none may be (`answeredLater`).
 * - the results pi-ai makes up for the calls still open when it meets the turn, as it does at the
 *   next user or assistant message. So the message after the dropped turns must be one (the next
 *   unit's first is): a tool result there would count as given, and a message of a role pi-ai does
 *   not know (it passes them on) could come before one.
 * Mistral's builder also hashes a failed turn's call ids against every later call's; there, as for
 * OpenAI Responses, every assistant message starts a unit, failed ones too, so no unit holds one to
 * drop (per-message-reuse.ts sees to Mistral's ids).
 */
export function counterpartUnit(match: UnitMatch, t: number): number {
  const { replay, original, originAt } = match;
  const start = replay.units.bounds[t];
  const end = replay.units.bounds[t + 1];
  const originalStart = originAt[start];
  if (originalStart < 0) return -1;
  const o = match.originalUnitAt[originalStart];
  if (o < 0 || o >= match.firstUnreused) return -1;
  // Every origin lies after the one before it and before the unit's end (the last step goes to the
  // unit's end), and what is skipped between them is failed turns.
  const originalEnd = original.units.bounds[o + 1];
  let calls: Map<unknown, number> | null = null;
  let at = originalStart;
  for (let i = start + 1; i <= end; i += 1) {
    const next = i < end ? originAt[i] : originalEnd;
    if (next <= at) return -1;
    if (next > at + 1) {
      if (!failedTurnsOnly(original.llm, at + 1, next, originalEnd)) return -1;
      calls = withCallIds(original.llm, at + 1, next, calls);
    }
    at = next;
  }
  return calls === null || !answeredLater(original.llm, calls, originalEnd) ? o : -1;
}

/** Whether messages `from` to `to` (excluded) of a unit that ends at `end` are failed turns, followed by a user or assistant message. */
function failedTurnsOnly(llm: readonly Message[], from: number, to: number, end: number): boolean {
  for (let k = from; k < to; k += 1) if (llm[k].role !== 'assistant' || !isFailedStop(llm[k])) return false;
  return to === end || llm[to].role === 'user' || llm[to].role === 'assistant';
}

/** `calls` (made when null) with the call ids of messages `from` to `to`, each with the index of the first message that has it. */
function withCallIds(llm: readonly Message[], from: number, to: number, calls: Map<unknown, number> | null): Map<unknown, number> | null {
  let out = calls;
  for (let k = from; k < to; k += 1)
    // The side's build went through, so the turn's content is a list of objects (pi-ai reads each one's type).
    for (const block of llm[k].content as Record<string, unknown>[])
      if (block.type === 'toolCall') {
        out ??= new Map();
        if (!out.has(block.id)) out.set(block.id, k);
      }
  return out;
}

/** Whether a message before `end` answers one of `calls` after the message that made it (only tool results have a `toolCallId`): one pass. */
function answeredLater(llm: readonly Message[], calls: ReadonlyMap<unknown, number>, end: number): boolean {
  // The first noted is the first message's (they are noted in order).
  const first: number = calls.values().next().value!;
  for (let i = first + 1; i < end; i += 1) {
    const at = calls.get(llm[i].toolCallId);
    if (at !== undefined && at < i) return true;
  }
  return false;
}

/**
 * The original unit replay unit `t` repeats, -1 for none; sets `whole[t]` when it repeats all of it.
 * A number, not an object per unit: a long session has tens of thousands of them.
 */
export function matchingUnit(match: UnitMatch, t: number, whole: Uint8Array): number {
  const o = counterpartUnit(match, t);
  return o < 0 ? -1 : repeatedUnit(match, t, o, whole);
}

/** `o`, replay unit `t`'s counterpart (`counterpartUnit`), when `t` repeats it; -1 otherwise. Sets `whole[t]` as `matchingUnit` does. */
export function repeatedUnit(match: UnitMatch, t: number, o: number, whole: Uint8Array): number {
  const { replay, original, originAt } = match;
  const start = replay.units.bounds[t];
  const end = replay.units.bounds[t + 1];
  const originalStart = originAt[start];
  for (let i = start + 1; i < end; i += 1)
    if (!sameForBuilder(replay.messages[replay.sources[i]], original.messages[original.sources[originAt[i]]])) return -1;
  const first = replay.messages[replay.sources[start]];
  const originalFirst = original.messages[original.sources[originalStart]];
  if (sameForBuilder(first, originalFirst)) {
    whole[t] = 1;
    return o;
  }
  return leadsBoth(match, t, o) && sameToolCalls(replay.llm[start], original.llm[originalStart]) ? o : -1;
}

/** Whether replay unit `t` and original unit `o` both start with their first message's entry (the first unit may not). */
export function leadsBoth(match: UnitMatch, t: number, o: number): boolean {
  return (t > 0 || match.replay.units.firstLeads) && (o > 0 || match.original.units.firstLeads);
}

/**
 * The LLM messages of replay unit `t` and of original unit `o`, its counterpart (`counterpartUnit`),
 * without the failed turns the replay does not have: pi-ai's entries for the original unit are those
 * of its messages without them.
 */
export function unitSides(match: UnitMatch, t: number, o: number): { replay: Message[]; original: Message[] } {
  const { replay, original, originAt } = match;
  const start = replay.units.bounds[t];
  const end = replay.units.bounds[t + 1];
  const originalStart = original.units.bounds[o];
  const originalEnd = original.units.bounds[o + 1];
  const kept =
    originalEnd - originalStart === end - start
      ? original.llm.slice(originalStart, originalEnd)
      : Array.from(originAt.subarray(start, end), (at) => original.llm[at]);
  return { replay: replay.llm.slice(start, end), original: kept };
}

/**
 * Mistral's and OpenAI Responses' entries for a replay unit whose tool-call ids hygiene rewrote (a
 * turn and its results, nothing else changed), made from the original unit's entries
 * (per-message-reuse.ts), as renamed-units.ts and derived-entry.ts do for the builders with units.
 *
 * Both builders convert a unit's messages alone, so such a unit's entries are the original's with
 * the ids pi-ai sends for the replay's ids in them: the assistant's call entries, then an entry for
 * each result, then one for each call the unit does not answer (pi-ai's made-up result). What pi-ai
 * sends for an id:
 *
 * - OpenAI Responses: another model's call id is cleaned (every character but letters, digits, `_`
 *   and `-` made `_`, cut to 64, trailing `_` taken off; an id with `|` is split into a call id and
 *   an item id, each cleaned). Each id is cleaned alone, so only ids that stay as they are, without
 *   `|`, are derived: the call's item then goes with no item id, and each result keeps its id.
 * - Mistral: another model's call id is kept when it is nine letters and digits, hashed otherwise,
 *   and hashed again when an earlier call took the result: an id depends on every call before it.
 *   Hygiene's id rewrite for Mistral leaves every id in that form. When every call of another model's
 *   turn in the replay has such an id, no call can take another's, and every id is sent as recorded,
 *   whatever is built with it; otherwise no unit with a call or a result is reused or derived.
 *
 * pi-ai maps a result's id to what its call's id became across the whole conversation. Results' ids
 * are put in here without that map: the units are read so that no id is in two of them
 * (per-message-parts.ts refuses a transcript where one is), and a unit's own calls, derived only when
 * pi-ai keeps their ids, map nothing.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { callIds, sameButIds } from './renamed-units.js';
import { isOwnTurn, type BuildModel } from './replay-units.js';

/** A call id pi-ai's Mistral builder keeps as it is on another model's turn (when no other call took it first). */
const MISTRAL_KEPT_ID = /^[a-zA-Z0-9]{9}$/;

/**
 * Whether pi-ai's Mistral build of `messages` for `model` sends every tool-call id as recorded: every
 * call of another model's turn (failed turns included, whose ids pi-ai normalises too) has an id of
 * nine letters and digits. The model's own turns' ids are never normalised.
 */
export function mistralSendsIdsAsRecorded(messages: readonly Message[], model: BuildModel): boolean {
  for (const message of messages) {
    if (message.role !== 'assistant' || !Array.isArray(message.content) || isOwnTurn(message, model)) continue;
    for (const block of message.content as unknown[])
      if (isRecord(block) && block.type === 'toolCall' && (typeof block.id !== 'string' || !MISTRAL_KEPT_ID.test(block.id))) return false;
  }
  return true;
}

/** An id pi-ai's Responses builder sends as it is for another model's call: letters, digits, `_` and `-`, at most 64, not ending in `_`. */
const RESPONSES_KEPT_ID = /^[a-zA-Z0-9_-]{0,64}$/;

/** How each API's entries hold a unit's ids, and which of a turn's blocks it derives from. */
interface Shape {
  /** The turn's entries (Responses: items) with its calls' ids, in order, or null when their calls are not the turn's. */
  turnEntries(entries: readonly JsonValue[], ids: readonly string[]): JsonValue[] | null;
  /** Whether the entry is a result's (or a made-up result's). */
  isResult(entry: Record<string, JsonValue>): boolean;
  /** The result's entry with the id pi-ai sends for the result id `id`. */
  withResultId(entry: Record<string, JsonValue>, id: string): Record<string, JsonValue>;
  /** Whether pi-ai sends the call id `id` of the turn as it is (`own`: the model's own turn). */
  keeps(id: string, own: boolean): boolean;
  /** Whether a block of the turn is one the derivation knows what the builder makes of. */
  takes(block: unknown): boolean;
}

/** `entry` with `member` set to `value`: the entry itself when it holds that already. */
function withMember(entry: Record<string, JsonValue>, member: string, value: string): Record<string, JsonValue> {
  return entry[member] === value ? entry : { ...entry, [member]: value };
}

/** Mistral's assistant entry: one, listing the calls in `toolCalls`. */
function mistralTurnEntries(entries: readonly JsonValue[], ids: readonly string[]): JsonValue[] | null {
  const entry = entries.length === 1 ? entries[0] : null;
  if (!isRecord(entry) || entry.role !== 'assistant' || !Array.isArray(entry.toolCalls)) return null;
  const calls = entry.toolCalls;
  if (calls.length !== ids.length) return null;
  const sent: JsonValue[] = [];
  for (let k = 0; k < calls.length; k += 1) {
    const call = calls[k];
    if (!isRecord(call)) return null;
    sent.push(withMember(call, 'id', ids[k]));
  }
  return [sent.every((call, k) => call === calls[k]) ? entry : { ...entry, toolCalls: sent }];
}

/**
 * Mistral: the assistant's one entry lists the calls; each result is a `tool` entry. Any block but
 * a text, a thinking or a call would be listed among the calls too: not derived.
 */
const MISTRAL: Shape = {
  turnEntries: mistralTurnEntries,
  isResult: (entry) => entry.role === 'tool',
  withResultId: (entry, id) => withMember(entry, 'toolCallId', id),
  // Every id of the replay was checked by `mistralSendsIdsAsRecorded`.
  keeps: () => true,
  takes: (block) => isRecord(block) && (block.type === 'text' || block.type === 'thinking' || block.type === 'toolCall'),
};

/**
 * A Responses call's item with the call id `id`, which has no `|`: the item then has no item id
 * (pi-ai's `id: undefined` is left out of the payload's values, as JSON leaves it out).
 */
function withCallId(entry: Record<string, JsonValue>, id: string): Record<string, JsonValue> {
  if (entry.call_id === id && !('id' in entry)) return entry;
  const { id: _itemId, ...rest } = entry;
  return { ...rest, call_id: id };
}

/** Responses' turn items: a `function_call` item per call, in order, among the others. */
function responsesTurnItems(items: readonly JsonValue[], ids: readonly string[]): JsonValue[] | null {
  const out: JsonValue[] = [];
  let k = 0;
  for (const item of items) {
    // A result's among the turn's would be a count gone wrong: checked, though the original's reading rules it out.
    if (!isRecord(item) || RESPONSES.isResult(item)) return null;
    if (item.type !== 'function_call') out.push(item);
    else if (k < ids.length) out.push(withCallId(item, ids[k++]));
    else return null;
  }
  return k === ids.length ? out : null;
}

/** OpenAI Responses: a `function_call` item per call, a `function_call_output` item per result. */
const RESPONSES: Shape = {
  turnEntries: responsesTurnItems,
  isResult: (entry) => entry.type === 'function_call_output',
  // A result's id is sent up to its `|` (none of the unit's calls has one).
  withResultId: (entry, id) => withMember(entry, 'call_id', id.split('|')[0]),
  keeps: (id, own) => !id.includes('|') && (own || (RESPONSES_KEPT_ID.test(id) && !id.endsWith('_'))),
  // Any other block makes no item.
  takes: () => true,
};

/**
 * The replay unit's entries from `entries`, the original unit's, when the unit is the original's but
 * for tool-call ids and pi-ai sends the new ids as they are; null otherwise. Mistral's only for a
 * replay whose ids pi-ai sends as recorded (`mistralSendsIdsAsRecorded`). An entry whose ids did not
 * change is the original's own object.
 */
export function entriesWithIds(
  replay: readonly Message[],
  original: readonly Message[],
  entries: readonly JsonValue[],
  api: 'mistral-conversations' | 'openai-responses',
  model: BuildModel,
): JsonValue[] | null {
  if (!sameButIds(replay, original)) return null;
  const turn = replay[0];
  // A failed turn makes no entry; its unanswered calls are answered in the next unit's place.
  if (isFailedStop(turn)) return null;
  const shape = api === 'mistral-conversations' ? MISTRAL : RESPONSES;
  if (!(turn.content as unknown[]).every(shape.takes)) return null;
  const ids = callIds(turn);
  const own = isOwnTurn(turn, model);
  if (!ids || ids.length === 0 || ids.some((id) => !shape.keeps(id, own))) return null;
  const results = replay.length - 1;
  const unanswered: string[] = [];
  for (const id of ids) if (!replay.some((m, i) => i > 0 && m.toolCallId === id)) unanswered.push(id);
  const turnCount = entries.length - results - unanswered.length;
  const out = turnCount < 1 ? null : shape.turnEntries(entries.slice(0, turnCount), ids);
  if (out === null) return null;
  for (let j = 0; j < results + unanswered.length; j += 1) {
    const entry = entries[turnCount + j];
    const id = j < results ? replay[1 + j].toolCallId : unanswered[j - results];
    if (!isRecord(entry) || !shape.isResult(entry) || typeof id !== 'string') return null;
    out.push(shape.withResultId(entry, id));
  }
  return out;
}

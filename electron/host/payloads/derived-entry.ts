/**
 * Entries of the replay's payload derived from the original's. An assistant entry, when hygiene only
 * took thinking blocks out of the turn (what the thinking drop does to every older turn of a Claude
 * session): the original's entry without the blocks those thinking blocks became. And a whole unit
 * of a turn and its results whose tool-call ids hygiene rewrote (`derivedUnitEntries`): the
 * original's entries with the ids pi-ai would send for the new ones.
 *
 * Why it is the same: pi-ai's Anthropic and Bedrock Converse builders (0.73) turn an assistant
 * message's blocks into the entry's blocks one by one, in order, each into one block or none, from
 * that block alone and from whether the message is the build model's own turn (after
 * `transformMessages`): a text into a text unless it is blank; a thinking block into a thinking or
 * reasoning block, a text, a redacted thinking block or nothing (blank, or another model's redacted
 * thinking); a call into a tool use; any other block into nothing (Anthropic) or a failed build
 * (Bedrock). So the blocks both messages share become the same entry blocks, and the entry of the
 * message with fewer blocks is the other's without the blocks of the ones it lacks. Anything this
 * does not prove (a count that does not add up, a block of a kind not expected, another change to
 * the message) gives null, and pi-ai builds the message as before.
 */
import { isRecord } from '../../../shared/messages.js';
import { isBlank } from '../../../shared/text/blank.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { isOwnTurn, type BuildModel } from './replay-units.js';
import { sameForBuilder } from './unit-match.js';
import { callIds, isRenamedCall, resultsSameButIds } from './renamed-units.js';

/** The APIs whose assistant entries are derived. */
export type DerivingApi = 'anthropic-messages' | 'bedrock-converse-stream';

/** Whether an API's assistant entries can be derived from the original's. */
export function derivesEntries(api: string): api is DerivingApi {
  return api === 'anthropic-messages' || api === 'bedrock-converse-stream';
}

const NONE: readonly string[] = [];

/**
 * The kinds of entry block the builder may make of an assistant block (none: it makes no block), or
 * null when that cannot be told (a text or thinking that is not a string, a block Bedrock refuses).
 * Bedrock's kind for a thinking block of the model's own without a signature depends on the model
 * (a text for Claude, reasoning for others): both are taken, the entry says which.
 */
function madeKinds(block: unknown, own: boolean, api: DerivingApi): readonly string[] | null {
  const anthropic = api === 'anthropic-messages';
  if (!isRecord(block)) return null;
  if (block.type === 'toolCall') return [anthropic ? 'tool_use' : 'toolUse'];
  if (block.type === 'text') return typeof block.text === 'string' ? (isBlank(block.text) ? NONE : ['text']) : null;
  if (block.type !== 'thinking') return anthropic ? NONE : null;
  // Another model's redacted thinking is dropped before any builder sees it.
  if (block.redacted && !own) return NONE;
  if (block.redacted && anthropic) return ['redacted_thinking'];
  if (typeof block.thinking !== 'string') return null;
  if (isBlank(block.thinking)) return NONE;
  // Another model's thinking reaches the builders as a text.
  if (!own) return ['text'];
  const signed = typeof block.thinkingSignature === 'string' && !isBlank(block.thinkingSignature);
  if (anthropic) return signed ? ['thinking'] : ['text'];
  return signed ? ['reasoningContent'] : ['text', 'reasoningContent'];
}

/** The kind of an entry block: Anthropic's type, Bedrock's one member. */
function kindOf(block: JsonValue | undefined, api: DerivingApi): string | null {
  if (!isRecord(block)) return null;
  if (api === 'anthropic-messages') return typeof block.type === 'string' ? block.type : null;
  const keys = Object.keys(block);
  return keys.length === 1 ? keys[0] : null;
}

/**
 * The id pi-ai's Anthropic and Bedrock builders send for a call (`transformMessages` with their
 * normaliser): the recorded one on the build model's own turn; on another's, every character outside
 * letters, digits, `_` and `-` made an underscore, cut to 64.
 */
export function sentCallId(id: string, own: boolean): string {
  return own || isSendable(id) ? id : id.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
}

/** Whether an id is one pi-ai sends as it is: 64 characters at most, each a letter, a digit, `_` or `-` (a loop: no string made). */
function isSendable(id: string): boolean {
  if (id.length > 64) return false;
  for (let i = 0; i < id.length; i += 1) {
    const c = id.charCodeAt(i);
    const plain = (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
    if (!plain) return false;
  }
  return true;
}

/**
 * Where an entry block holds a tool-call id: a member of the block (Anthropic's `tool_use` and
 * `tool_result`, whose type is checked) or of its one member (Bedrock's `toolUse` and `toolResult`).
 */
interface IdPlace {
  member?: string;
  key: string;
  type?: string;
}

const CALL_ID: Record<DerivingApi, IdPlace> = {
  'anthropic-messages': { key: 'id' },
  'bedrock-converse-stream': { member: 'toolUse', key: 'toolUseId' },
};

const RESULT_ID: Record<DerivingApi, IdPlace> = {
  'anthropic-messages': { type: 'tool_result', key: 'tool_use_id' },
  'bedrock-converse-stream': { member: 'toolResult', key: 'toolUseId' },
};

/** The id an entry block holds at `place`, or undefined. */
function idAt(block: JsonValue | undefined, place: IdPlace): JsonValue | undefined {
  if (!isRecord(block) || (place.type !== undefined && block.type !== place.type)) return undefined;
  const holder = place.member === undefined ? block : block[place.member];
  return isRecord(holder) ? holder[place.key] : undefined;
}

/** An entry block holding another id at `place`: a copy, whose other members are the original's. */
function withIdAt(block: Record<string, JsonValue>, place: IdPlace, id: string): JsonValue {
  if (place.member === undefined) return { ...block, [place.key]: id };
  return { ...block, [place.member]: { ...(block[place.member] as Record<string, JsonValue>), [place.key]: id } };
}

/**
 * The replay's entry for `replay`, an assistant message that is `original` with thinking blocks taken
 * out and calls given other ids (the other blocks the very same objects, in order), from `entry`, the
 * original's entry in the `api` payload built for `model`; null when that is not what `replay` is, or
 * `entry` not what pi-ai makes of `original`. The entry shares the original's blocks, as reused
 * entries do, but for copies of the renamed calls' blocks.
 */
export function derivedAssistantEntry(
  replay: Message,
  original: Message,
  entry: JsonValue,
  model: BuildModel,
  api: DerivingApi = 'anthropic-messages',
): JsonValue | null {
  if (replay.role !== 'assistant' || original.role !== 'assistant') return null;
  const kept = replay.content;
  const all = original.content;
  if (!Array.isArray(kept) || !Array.isArray(all) || kept.length > all.length) return null;
  if (!isRecord(entry) || entry.role !== 'assistant' || !Array.isArray(entry.content)) return null;
  if (!sameForBuilder(replay, original, 'content')) return null;
  const own = isOwnTurn(original, model);
  const blocks = entry.content;
  const out: JsonValue[] = [];
  let at = 0;
  let next = 0;
  for (const block of all) {
    const kinds = madeKinds(block, own, api);
    if (kinds === null) return null;
    const same = next < kept.length && kept[next] === block;
    const renamedCall = !same && next < kept.length && isRenamedCall(kept[next], block);
    const stays = same || renamedCall;
    // Only thinking blocks may be missing from the replay's message.
    if (!stays && (!isRecord(block) || block.type !== 'thinking')) return null;
    if (stays) next += 1;
    if (kinds.length === 0) continue;
    const made = blocks[at];
    const kind = kindOf(made, api);
    if (kind === null || !kinds.includes(kind)) return null;
    if (renamedCall) {
      // The original's entry sends the id pi-ai makes of the call's; the replay's, of the new one.
      if (idAt(made, CALL_ID[api]) !== sentCallId((block as { id: string }).id, own)) return null;
      out.push(withIdAt(made as Record<string, JsonValue>, CALL_ID[api], sentCallId((kept[next - 1] as { id: string }).id, own)));
    } else if (stays) out.push(made);
    at += 1;
  }
  // Every kept block found, every entry block accounted for, and an entry left (pi-ai drops an empty one).
  if (next !== kept.length || at !== blocks.length || out.length === 0) return null;
  return { ...entry, content: out };
}

/**
 * The id a tool result's entry block sends: pi-ai maps a result's id to what it made of the call of
 * that id (on another model's turn), and leaves any other as recorded. Only the unit's own calls
 * (`calls`, and `sent`, what pi-ai sends for each) are looked at: no id is in two units of a side
 * (`unitsOf`).
 */
function sentResultId(id: string, calls: readonly string[], sent: readonly string[]): string {
  const at = calls.indexOf(id);
  return at < 0 ? id : sent[at];
}

/**
 * The replay's entries for a unit whose messages are the original unit's but for tool-call ids
 * hygiene rewrote (and thinking blocks it took out of the first message): an assistant message
 * (`replay[0]`) and tool results, each from the message at the same place in `original`, whose unit's
 * entries are `entries`. pi-ai makes the assistant's entry (above), then one user entry with a block
 * per result, in order, in which the id is the only thing that can differ. A call no result answers
 * gets a block pi-ai makes up, so every call must be answered, on both sides (on the original's, the
 * group then has one block per result and no more). Null for anything else.
 */
export function derivedUnitEntries(
  replay: readonly Message[],
  original: readonly Message[],
  entries: readonly JsonValue[],
  model: BuildModel,
  api: DerivingApi,
): JsonValue[] | null {
  const results = replay.length - 1;
  if (!resultsSameButIds(replay, original) || entries.length !== 2 || original[0].role !== 'assistant') return null;
  const first = replay[0] === original[0] ? entries[0] : derivedAssistantEntry(replay[0], original[0], entries[0], model, api);
  if (first === null) return null;
  const newCalls = callIds(replay[0]);
  const oldCalls = callIds(original[0]);
  const group = entries[1];
  if (!newCalls || !oldCalls || !isRecord(group) || group.role !== 'user' || !Array.isArray(group.content)) return null;
  if (group.content.length !== results) return null;
  const own = isOwnTurn(original[0], model);
  const newSent = newCalls.map((id) => sentCallId(id, own));
  const oldSent = oldCalls.map((id) => sentCallId(id, own));
  const out: JsonValue[] = [];
  for (let i = 1; i <= results; i += 1) {
    const result = replay[i].toolCallId;
    const was = original[i].toolCallId;
    if (typeof result !== 'string' || typeof was !== 'string') return null;
    const block = group.content[i - 1];
    const sent = idAt(block, RESULT_ID[api]);
    if (sent !== sentResultId(was, oldCalls, oldSent)) return null;
    const id = sentResultId(result, newCalls, newSent);
    out.push(id === sent ? block : withIdAt(block as Record<string, JsonValue>, RESULT_ID[api], id));
  }
  // pi-ai answers a call whose id no result sends with a result of its own.
  for (const id of newSent) if (!out.some((block) => idAt(block, RESULT_ID[api]) === id)) return null;
  return [first, { ...group, content: out }];
}

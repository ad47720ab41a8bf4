/**
 * An assistant entry of the replay's payload derived from the original's, when hygiene only took
 * thinking blocks out of the turn (what the thinking drop does to every older turn of a Claude
 * session): the original's entry without the blocks those thinking blocks became.
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
import { callIds, isRenamedCall } from './renamed-units.js';

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

/** The id an entry's tool-use block sends (Anthropic's `tool_use`, Bedrock's `toolUse`), or undefined. */
function callIdOf(block: JsonValue | undefined, api: DerivingApi): JsonValue | undefined {
  if (!isRecord(block)) return undefined;
  if (api === 'anthropic-messages') return block.id;
  return isRecord(block.toolUse) ? block.toolUse.toolUseId : undefined;
}

/** A tool-use entry block sending another id: a copy, whose other members are the original's. */
function withCallId(block: Record<string, JsonValue>, id: string, api: DerivingApi): JsonValue {
  if (api === 'anthropic-messages') return { ...block, id };
  return { ...block, toolUse: { ...(block.toolUse as Record<string, JsonValue>), toolUseId: id } };
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
      if (callIdOf(made, api) !== sentCallId((block as { id: string }).id, own)) return null;
      out.push(withCallId(made as Record<string, JsonValue>, sentCallId((kept[next - 1] as { id: string }).id, own), api));
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

/** The id a tool result's entry block holds (Anthropic's `tool_result`, Bedrock's `toolResult`), or undefined. */
function resultIdOf(block: JsonValue, api: DerivingApi): JsonValue | undefined {
  if (!isRecord(block)) return undefined;
  if (api === 'anthropic-messages') return block.type === 'tool_result' ? block.tool_use_id : undefined;
  return isRecord(block.toolResult) ? block.toolResult.toolUseId : undefined;
}

/** A tool result's entry block sending another id: a copy, whose other members are the original's. */
function withResultId(block: Record<string, JsonValue>, id: string, api: DerivingApi): JsonValue {
  if (api === 'anthropic-messages') return { ...block, tool_use_id: id };
  return { ...block, toolResult: { ...(block.toolResult as Record<string, JsonValue>), toolUseId: id } };
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
  if (original.length !== replay.length || results === 0 || entries.length !== 2 || original[0].role !== 'assistant') return null;
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
    const result = replay[i];
    const was = original[i];
    if (result.role !== 'toolResult' || was.role !== 'toolResult' || !sameForBuilder(result, was, 'toolCallId')) return null;
    if (typeof result.toolCallId !== 'string' || typeof was.toolCallId !== 'string') return null;
    const block = group.content[i - 1];
    const sent = resultIdOf(block, api);
    if (sent !== sentResultId(was.toolCallId, oldCalls, oldSent)) return null;
    const id = sentResultId(result.toolCallId, newCalls, newSent);
    out.push(id === sent ? block : withResultId(block as Record<string, JsonValue>, id, api));
  }
  // pi-ai answers a call whose id no result sends with a result of its own.
  for (const id of newSent) if (!out.some((block) => resultIdOf(block, api) === id)) return null;
  return [first, { ...group, content: out }];
}

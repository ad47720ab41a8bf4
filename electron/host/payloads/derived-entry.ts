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
 * The replay's entry for `replay`, an assistant message that is `original` with thinking blocks taken
 * out (the other blocks the very same objects, in order), from `entry`, the original's entry in the
 * `api` payload built for `model`; null when that is not what `replay` is, or `entry` not what pi-ai
 * makes of `original`. The entry shares the original's blocks, as reused entries do.
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
  if (!Array.isArray(kept) || !Array.isArray(all) || kept.length >= all.length) return null;
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
    const stays = next < kept.length && kept[next] === block;
    // Only thinking blocks may be missing from the replay's message.
    if (!stays && (!isRecord(block) || block.type !== 'thinking')) return null;
    if (stays) next += 1;
    if (kinds.length === 0) continue;
    const kind = kindOf(blocks[at], api);
    if (kind === null || !kinds.includes(kind)) return null;
    if (stays) out.push(blocks[at]);
    at += 1;
  }
  // Every kept block found, every entry block accounted for, and an entry left: pi-ai drops an empty one.
  if (next !== kept.length || at !== blocks.length || out.length === 0) return null;
  return { ...entry, content: out };
}

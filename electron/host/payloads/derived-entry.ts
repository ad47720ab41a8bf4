/**
 * An assistant entry of the replay's Anthropic payload derived from the original's, when hygiene only
 * took thinking blocks out of the turn (what the thinking drop does to every older turn of a Claude
 * session): the original's entry without the blocks those thinking blocks became.
 *
 * Why it is the same: pi-ai's Anthropic builder (0.73) turns an assistant message's blocks into the
 * entry's blocks one by one, in order, each into one block or none, from that block alone and from
 * whether the message is the build model's own turn: a text into a text unless it is blank; a
 * thinking block into a thinking block, a text, a redacted thinking block or nothing (blank, or
 * another model's redacted thinking); a call into a tool use; any other block into nothing. So the
 * blocks both messages share become the same entry blocks, and the entry of the message with fewer
 * blocks is the other's without the blocks of the ones it lacks. Anything this does not prove (a
 * count that does not add up, a block type that is not the one expected, another change to the
 * message) gives null, and pi-ai builds the message as before.
 */
import { isRecord } from '../../../shared/messages.js';
import { isBlank } from '../../../shared/text/blank.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { isOwnTurn, type BuildModel } from './replay-units.js';

/** The member of a message no pi-ai builder reads (a tool result's UI details). */
const UNREAD_MEMBER = 'details';

/** Whether two messages are the same for the builder in every member but their content. */
function sameButContent(a: Message, b: Message): boolean {
  for (const key in a) if (key !== 'content' && key !== UNREAD_MEMBER && a[key] !== b[key]) return false;
  for (const key in b) if (key !== 'content' && key !== UNREAD_MEMBER && !(key in a) && b[key] !== undefined) return false;
  return true;
}

/**
 * The type of the entry block pi-ai's Anthropic builder makes of an assistant block, '' for none, or
 * null when it cannot be told (a text or thinking that is not a string).
 */
function entryBlockType(block: unknown, own: boolean): string | null {
  if (!isRecord(block)) return null;
  if (block.type === 'toolCall') return 'tool_use';
  if (block.type === 'text') return typeof block.text === 'string' ? (isBlank(block.text) ? '' : 'text') : null;
  if (block.type !== 'thinking') return '';
  if (block.redacted) return own ? 'redacted_thinking' : '';
  if (typeof block.thinking !== 'string') return null;
  if (isBlank(block.thinking)) return '';
  const signed = typeof block.thinkingSignature === 'string' && !isBlank(block.thinkingSignature);
  return own && signed ? 'thinking' : 'text';
}

/**
 * The replay's entry for `replay`, an assistant message that is `original` with thinking blocks taken
 * out (the other blocks the very same objects, in order), from `entry`, the original's entry in the
 * payload built for `model`; null when that is not what `replay` is, or `entry` not what pi-ai makes
 * of `original`. The entry shares the original's blocks, as reused entries do.
 */
export function derivedAssistantEntry(replay: Message, original: Message, entry: JsonValue, model: BuildModel): JsonValue | null {
  if (replay.role !== 'assistant' || original.role !== 'assistant') return null;
  const kept = replay.content;
  const all = original.content;
  if (!Array.isArray(kept) || !Array.isArray(all) || kept.length >= all.length) return null;
  if (!isRecord(entry) || entry.role !== 'assistant' || !Array.isArray(entry.content)) return null;
  if (!sameButContent(replay, original)) return null;
  const own = isOwnTurn(original, model);
  const blocks = entry.content;
  const out: JsonValue[] = [];
  let at = 0;
  let next = 0;
  for (const block of all) {
    const type = entryBlockType(block, own);
    if (type === null) return null;
    const stays = next < kept.length && kept[next] === block;
    // Only thinking blocks may be missing from the replay's message.
    if (!stays && (!isRecord(block) || block.type !== 'thinking')) return null;
    if (stays) next += 1;
    if (type === '') continue;
    const made = blocks[at];
    if (!isRecord(made) || made.type !== type) return null;
    if (stays) out.push(made);
    at += 1;
  }
  // Every kept block found, every entry block accounted for, and an entry left: pi-ai drops an empty one.
  if (next !== kept.length || at !== blocks.length || out.length === 0) return null;
  return { ...entry, content: out };
}

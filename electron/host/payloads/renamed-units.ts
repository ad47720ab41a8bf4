/**
 * Replay units whose messages are their counterparts' but for tool-call ids. Hygiene's id rewrite
 * (another provider's ids for Claude, Anthropic's `toolu_…` ids for Gemini, Mistral or Bedrock)
 * changes a turn's calls and their results and nothing else. Anthropic's and Bedrock's entries for
 * such a unit are the original's with the new ids (derived-entry.ts); Gemini's builder sends no id
 * to a Gemini model, so there the unit's entries are the original's themselves (replay-payload.ts).
 */
import { isRecord } from '../../../shared/messages.js';
import type { Message } from '../../../shared/types.js';
import { conversionApiOf } from './model.js';
import type { BuildModel } from './replay-units.js';
import { sameForBuilder } from './unit-match.js';

/** A call block of the replay that is the original's `call` with another id (hygiene rewrote it), and nothing else changed. */
export function isRenamedCall(kept: unknown, call: unknown): boolean {
  if (!isRecord(kept) || !isRecord(call) || kept.type !== 'toolCall' || call.type !== 'toolCall') return false;
  return typeof kept.id === 'string' && typeof call.id === 'string' && sameForBuilder(kept as Message, call as Message, 'id');
}

/** The ids of a message's calls, or null when one is not a string (pi-ai's normalisers would throw). */
export function callIds(message: Message): string[] | null {
  const ids: string[] = [];
  for (const block of message.content as unknown[])
    if (isRecord(block) && block.type === 'toolCall') {
      if (typeof block.id !== 'string') return null;
      ids.push(block.id);
    }
  return ids;
}

/**
 * Whether pi-ai's payload for `model` holds no tool-call id: its Gemini builder (Gemini's API and
 * Vertex) sends a call's and a result's id only to the models that need one, Claude and gpt-oss
 * behind Google's APIs.
 */
export function sendsNoCallIds(model: BuildModel): boolean {
  return conversionApiOf(model.api) === 'google-generative-ai' && !model.id.startsWith('claude-') && !model.id.startsWith('gpt-oss-');
}

/** Whether a result of the unit (its messages after the first) answers the call of id `id`. */
function answered(unit: readonly Message[], id: string): boolean {
  for (let i = 1; i < unit.length; i += 1) if (unit[i].toolCallId === id) return true;
  return false;
}

/**
 * Whether two units of a turn (messages of any kind first) have as many messages, at least one
 * result, and after the first only tool results, each the other's at its place but for its id.
 */
export function resultsSameButIds(replay: readonly Message[], original: readonly Message[]): boolean {
  if (replay.length !== original.length || replay.length < 2) return false;
  for (let i = 1; i < replay.length; i += 1)
    if (replay[i].role !== 'toolResult' || !messageSameButIds(replay[i], original[i])) return false;
  return true;
}

/** Whether a message is `was` but for its tool-call ids: a tool result but for its id, or an assistant's turn but for its calls'. */
export function messageSameButIds(message: Message, was: Message): boolean {
  if (message.role === 'toolResult') return was.role === 'toolResult' && sameForBuilder(message, was, 'toolCallId');
  return turnSameButIds(message, was);
}

/** Whether an assistant message is `was` but for its calls' ids: its blocks the same, in order, or calls with another id. */
export function turnSameButIds(turn: Message, was: Message): boolean {
  if (turn.role !== 'assistant' || was.role !== 'assistant' || !sameForBuilder(turn, was, 'content')) return false;
  const kept = turn.content;
  const all = was.content;
  if (!Array.isArray(kept) || !Array.isArray(all) || kept.length !== all.length) return false;
  for (let i = 0; i < all.length; i += 1) if (kept[i] !== all[i] && !isRenamedCall(kept[i], all[i])) return false;
  return true;
}

/**
 * Whether a replay unit is its original unit with only tool-call ids changed: an assistant message
 * whose blocks are the original's, in order, its calls allowed other ids; then tool results, each
 * the original's at its place but for its id; and each call answered by a result of the unit on both
 * sides or on neither (pi-ai makes up a result for a call without one, by id). To a builder that
 * sends no id, such a unit is the original unit.
 */
export function sameButIds(replay: readonly Message[], original: readonly Message[]): boolean {
  if (!resultsSameButIds(replay, original)) return false;
  const turn = replay[0];
  const was = original[0];
  if (!turnSameButIds(turn, was)) return false;
  const newCalls = callIds(turn);
  const oldCalls = callIds(was);
  if (!newCalls || !oldCalls) return false;
  for (let k = 0; k < newCalls.length; k += 1) if (answered(replay, newCalls[k]) !== answered(original, oldCalls[k])) return false;
  return true;
}

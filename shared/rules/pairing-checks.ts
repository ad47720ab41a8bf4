/**
 * The checks that find a list of turns, or one frame of it, already paired as the tool-result
 * pairing repair would leave it: the repair then has nothing to do there (see tool-result-pairing.ts).
 */
import { isRecord, PAIRABLE_CALL_TYPES, TEXT, toolResultCallId } from '../messages.js';
import type { Message } from '../types.js';
import type { Turn } from './rule.js';
import { TRAIT } from './traits.js';

/** A block `extractCalls` lists: a pairable call with a non-empty string id. */
export function isIdentifiedCall(b: unknown): b is Record<string, unknown> & { id: string } {
  return isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type) && typeof b.id === 'string' && b.id !== '';
}

/** A synthetic result OpenClaw inserted earlier (marker detail, or the default text). */
export function isSyntheticResult(message: Message): boolean {
  if (!message.isError) return false;
  if (isRecord(message.details) && message.details.openclawSyntheticMissingToolResult === true) return true;
  return (
    Array.isArray(message.content) && message.content.some((b) => isRecord(b) && b.type === 'text' && b.text === TEXT.syntheticToolResult)
  );
}

/** A result that answers `call` in place exactly: nothing about it would be rewritten. */
export function answersInPlace(turn: Turn, callId: string): boolean {
  const message = turn.message;
  if (message.role !== 'toolResult') return false;
  const raw = message.toolCallId;
  // pi's own shape names its call in toolCallId alone: that id is the one `toolResultCallId` reads, untrimmed
  // only when it needs no trim (the other fields are then known to be absent without a look).
  if (turn.traits & TRAIT.plainResultId ? raw !== callId || callId.trim() !== callId : toolResultCallId(message) !== callId) return false;
  if (typeof raw === 'string' && raw !== callId && raw.trim() === callId) return false;
  const name = message.toolName;
  return typeof name === 'string' && name !== '' && name === name.trim();
}

/**
 * Whether the turns are already paired as the repair would leave them: every call of a (not failed)
 * assistant turn answered right after it, in call order, by its own result with a clean name, and no
 * other result anywhere. One pass without allocations for the common case of a healthy session; any
 * doubt sends the turns through the full repair.
 */
export function alreadyPaired(turns: readonly Turn[]): boolean {
  let i = 0;
  while (i < turns.length) {
    const turn = turns[i];
    i += 1;
    // Neither a result nor a call: nothing to pair.
    if (!(turn.traits & (TRAIT.toolResult | TRAIT.call))) continue;
    const m = turn.message;
    if (m.role === 'toolResult') return false;
    if (m.role !== 'assistant' || !Array.isArray(m.content)) continue;
    let calls = 0;
    for (const b of m.content) {
      if (!isIdentifiedCall(b)) continue;
      if (calls === 0 && (m.stopReason === 'error' || m.stopReason === 'aborted')) return false;
      calls += 1;
      if (i >= turns.length || !answersInPlace(turns[i], b.id)) return false;
      i += 1;
    }
  }
  return true;
}

/**
 * Whether the frame from `start` (an assistant turn with calls) to `end` is already as the repair
 * would leave it: the turn did not fail, each call is answered right after it, in call order, by its
 * own real (not synthetic) result, and no other result follows. Such a frame has nothing to bind,
 * move or lend to another frame, so the repair keeps its turns without reading them into a frame:
 * a long session that fails `alreadyPaired` for one frame pays for that frame only.
 */
export function pairedInPlace(turns: readonly Turn[], start: number, end: number): boolean {
  const m = turns[start].message;
  if (m.stopReason === 'error' || m.stopReason === 'aborted') return false;
  let i = start + 1;
  for (const b of m.content as unknown[]) {
    if (!isIdentifiedCall(b)) continue;
    if (i >= end || !answersInPlace(turns[i], b.id) || isSyntheticResult(turns[i].message)) return false;
    i += 1;
  }
  for (; i < end; i += 1) if (turns[i].traits & TRAIT.toolResult) return false;
  return true;
}

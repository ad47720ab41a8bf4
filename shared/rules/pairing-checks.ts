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

/** Whether `extractCalls` would list any call, found without building the list. */
export function hasIdentifiedCall(message: Message): boolean {
  if (!Array.isArray(message.content)) return false;
  for (const b of message.content) if (isIdentifiedCall(b)) return true;
  return false;
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
 * Where each frame starts (an assistant turn with a call: the bit first), and whether the frame, up to
 * the next start, is already paired in place: its results answer its calls in place (`resultsInPlace`)
 * and no other result follows. Such a frame has nothing to bind, move or lend to another frame, so the
 * repair keeps its turns without reading them into a frame: a long session that fails `alreadyPaired`
 * for one frame pays for that frame only. The results are judged while the call turn is at hand, and
 * the walk goes on after them. The walks over a session are small functions of their own: V8 compiles
 * a long loop with the whole function around it.
 */
export function frameStarts(turns: readonly Turn[]): { starts: number[]; inPlace: boolean[] } {
  const starts: number[] = [];
  const inPlace: boolean[] = [];
  let i = 0;
  while (i < turns.length) {
    const t = turns[i];
    if (t.traits & TRAIT.call && t.message.role === 'assistant' && hasIdentifiedCall(t.message)) {
      starts.push(i);
      const after = resultsInPlace(turns, i);
      inPlace.push(after !== -1);
      i = after === -1 ? i + 1 : after;
      continue;
    }
    // A result the frame's calls did not take in place: the frame goes through the repair.
    if (t.traits & TRAIT.toolResult && inPlace.length > 0) inPlace[inPlace.length - 1] = false;
    i += 1;
  }
  return { starts, inPlace };
}

/**
 * Where the results that answer the calls of the assistant turn at `start` (one with calls) in place
 * end: the turn did not fail, and each call is answered right after it, in call order, by its own real
 * (not synthetic) result. -1 when they do not. The next frame's turn answers no call, so the walk needs
 * no end: it stops there as it stops at any other turn that is not the result it wants.
 */
function resultsInPlace(turns: readonly Turn[], start: number): number {
  const m = turns[start].message;
  if (m.stopReason === 'error' || m.stopReason === 'aborted') return -1;
  let i = start + 1;
  for (const b of m.content as unknown[]) {
    if (!isIdentifiedCall(b)) continue;
    if (i >= turns.length || !answersInPlace(turns[i], b.id) || isSyntheticResult(turns[i].message)) return -1;
    i += 1;
  }
  return i;
}

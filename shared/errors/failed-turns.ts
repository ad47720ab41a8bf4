/**
 * The turns a session recorded as failed: assistant turns that ended with `stopReason: "error"`.
 * Kept apart from the explainer (its patterns weigh about 230 KB of code), so a process can tell
 * whether a session has anything to explain before it loads them.
 */
import type { Message } from '../types.js';

export function isRecordedError(message: Message): boolean {
  return message.role === 'assistant' && message.stopReason === 'error';
}

/**
 * The turns that recorded an error, in order: a loop, not flatMap, which made an array for every
 * message (a session of short turns has hundreds of thousands).
 */
export function failedTurns(messages: readonly Message[]): number[] {
  const turns: number[] = [];
  for (let turn = 0; turn < messages.length; turn += 1) if (isRecordedError(messages[turn])) turns.push(turn);
  return turns;
}

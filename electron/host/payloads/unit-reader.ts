/**
 * Reading a per-message builder's entries unit by unit (responses-reuse.ts for OpenAI Responses,
 * mistral-entries.ts for Mistral): each reader says what the builder makes of one message and of the
 * results a unit's calls lack, and checks it against the entries; this walks the units.
 */
import { isRecord } from '../../../shared/messages.js';
import type { Message } from '../../../shared/types.js';
import type { Units } from './replay-units.js';

/** Where a side's units' entries are (Responses: items), and what the builder counted. */
export interface UnitItems {
  /** Where each unit's entries start in the side's payload (Responses' `input`, Mistral's `messages`), then the end. */
  bounds: Int32Array;
  /** Responses: the builder's message count at each unit's start, then the total, the n of `msg_<n>` (Mistral: 0). */
  counts: Int32Array;
  /** 1 for each entry whose id the builder generated (Responses' `msg_<n>`). */
  generated: Uint8Array;
}

/** What a builder makes of each message, read against its entries. */
export interface EntryReading {
  /** The next entry. */
  readonly at: number;
  /** The builder's message count so far (0 for a builder that counts nothing). */
  readonly count: number;
  readonly generated: Uint8Array;
  /** Read one message's entries (an assistant's calls go into `calls`); false when they are not what the builder makes of it. */
  message(message: Message, calls: unknown[]): boolean;
  /** Read the entries of the results a unit's calls lack (ids compared as recorded); false when they are not there. */
  synthetic(calls: readonly unknown[], answered: ReadonlySet<unknown>): boolean;
  /** Whether every entry was read. */
  done(): boolean;
}

/** Whether these builders make an entry of a user message: not of an empty block list; null when its content is neither a text nor a list. */
export function userMakesEntry(message: Message): boolean | null {
  const content: unknown = message.content;
  if (typeof content === 'string') return true;
  return Array.isArray(content) ? content.length > 0 : null;
}

/** Whether a message holds a tool-call id: a tool result, or an assistant message with a call. */
export function holdsCallOrResult(message: Message): boolean {
  if (message.role === 'toolResult') return true;
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return false;
  for (const block of message.content as unknown[]) if (isRecord(block) && block.type === 'toolCall') return true;
  return false;
}

/** Where each unit's entries are, read by `reader` over the side's messages, or null when they do not check. */
export function readUnits(messages: readonly Message[], units: Units, reader: EntryReading): UnitItems | null {
  const unitCount = units.bounds.length - 1;
  const bounds = new Int32Array(unitCount + 1);
  const counts = new Int32Array(unitCount + 1);
  const calls: unknown[] = [];
  const answered = new Set<unknown>();
  for (let t = 0; t < unitCount; t += 1) {
    bounds[t] = reader.at;
    counts[t] = reader.count;
    calls.length = 0;
    answered.clear();
    for (let i = units.bounds[t]; i < units.bounds[t + 1]; i += 1) {
      const message = messages[i];
      if (message.role === 'toolResult') answered.add(message.toolCallId);
      if (!reader.message(message, calls)) return null;
    }
    if (!reader.synthetic(calls, answered)) return null;
  }
  bounds[unitCount] = reader.at;
  counts[unitCount] = reader.count;
  return reader.done() ? { bounds, counts, generated: reader.generated } : null;
}

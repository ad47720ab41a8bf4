/**
 * Where each unit's entries are in pi-ai's Mistral payload, for the replay's reuse of the original's
 * (per-message-reuse.ts). The Mistral builder makes at most one entry of each message: a user message
 * one unless its block list is empty, an assistant message one when it keeps a block (a text or
 * thinking that is not blank, a call, any other block), a tool result one; and one tool entry for each
 * result a call lacks, added before the next user or assistant message. What the builder does is read
 * from each message and checked against the entries: every entry's role, every assistant entry's
 * count of calls, every unit's end and the total.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { isOwnTurn, type BuildModel, type Units } from './replay-units.js';
import { readUnits, userMakesEntry, type EntryReading, type UnitItems } from './unit-reader.js';

/** Whether the builder keeps an assistant's block, and as a call (the builder's `toolCalls`); null when unsure. */
function keptBlock(block: unknown, own: boolean): 'content' | 'call' | null | false {
  if (!isRecord(block)) return null;
  if (block.type === 'text') return typeof block.text === 'string' ? block.text.trim() !== '' && 'content' : null;
  if (block.type === 'thinking') {
    // pi-ai drops another model's redacted thinking; every other thinking is kept (as text for another model) unless blank.
    if (block.redacted && !own) return false;
    return typeof block.thinking === 'string' ? block.thinking.trim() !== '' && 'content' : null;
  }
  // A call, or any other block: the builder lists it among the calls.
  return 'call';
}

/** The entries of a side read message by message (see `mistralUnitEntries`). */
class EntryReader implements EntryReading {
  at = 0;
  /** The builder counts nothing across messages. */
  readonly count = 0;
  /** Nor generates ids. */
  readonly generated = new Uint8Array(0);

  constructor(
    private readonly entries: readonly JsonValue[],
    private readonly model: BuildModel,
  ) {}

  private take(role: string): Record<string, JsonValue> | null {
    const entry = this.entries[this.at];
    if (!isRecord(entry) || entry.role !== role) return null;
    this.at += 1;
    return entry;
  }

  /** Read one message's entry; false when it is not what the builder makes of it. */
  message(message: Message, calls: unknown[]): boolean {
    switch (message.role) {
      case 'user': {
        const makes = userMakesEntry(message);
        return makes === null ? false : !makes || this.take('user') !== null;
      }
      case 'assistant':
        return isFailedStop(message) || this.assistant(message, calls);
      default:
        // A tool result, and any other message the builder reads as one.
        return this.take('tool') !== null;
    }
  }

  private assistant(message: Message, calls: unknown[]): boolean {
    if (!Array.isArray(message.content)) return false;
    const own = isOwnTurn(message, this.model);
    let kept = false;
    let listed = 0;
    for (const block of message.content as unknown[]) {
      const how = keptBlock(block, own);
      if (how === null) return false;
      if (how === false) continue;
      kept = true;
      if (how !== 'call') continue;
      listed += 1;
      if ((block as Record<string, unknown>).type === 'toolCall') calls.push((block as Record<string, unknown>).id);
    }
    if (!kept) return true;
    const entry = this.take('assistant');
    if (entry === null) return false;
    const listedThere = entry.toolCalls === undefined ? 0 : Array.isArray(entry.toolCalls) ? entry.toolCalls.length : -1;
    return listedThere === listed;
  }

  /** The results a unit's calls lack: a tool entry each, at the unit's end (ids compared as recorded, as in responses-reuse.ts). */
  synthetic(calls: readonly unknown[], answered: ReadonlySet<unknown>): boolean {
    for (const id of calls) if (!answered.has(id) && this.take('tool') === null) return false;
    return true;
  }

  done(): boolean {
    return this.at === this.entries.length;
  }
}

/**
 * Where each unit's entries are in `entries` (a Mistral payload's `messages` built of `messages`), or
 * null when the entries are not what the builder makes of the messages. The builder counts nothing
 * across messages (its call ids aside: see per-message-reuse.ts), so `counts` are all 0.
 */
export function mistralUnitEntries(
  messages: readonly Message[],
  units: Units,
  entries: readonly JsonValue[],
  model: BuildModel,
): UnitItems | null {
  return readUnits(messages, units, new EntryReader(entries, model));
}

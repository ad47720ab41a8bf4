/**
 * Where each unit's items are in pi-ai's OpenAI Responses payload, for the replay's reuse of the
 * original's (per-message-reuse.ts).
 *
 * pi-ai's Responses builder makes input items of each message alone (per-message-parts.ts): a user
 * message one item, an assistant message one item per kept block (a reasoning item, a text, a call),
 * a tool result one item, and the results a call lacks one item each, added before the next user or
 * assistant message. So a unit (a user or assistant message and the tool results after it, with no
 * tool-call id in another unit) makes items that depend on that unit alone, with one exception: a
 * text without an id of its own gets `msg_<n>`, n counting the messages converted before it in the
 * whole conversation. Those ids are moved to where the unit is in the replay.
 *
 * Where each unit's items are is read from what the builder does with each message, and that
 * reading is checked against the items themselves: the kind of every item, every generated id's
 * count, every unit's end. Anything that does not check (another builder's behaviour, an odd
 * message) returns null, and the caller builds the whole replay, as before.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { readUnits, userMakesEntry, type EntryReading, type UnitItems } from './unit-reader.js';
import { isOwnTurn, type BuildModel, type Units } from './replay-units.js';

/** What an assistant's block becomes: an item of a kind, or none. */
const enum Kind {
  None,
  Reasoning,
  /** A text whose id is its own (its signature's) or, without one, generated. */
  OwnText,
  /** A text the builder gives a generated id. */
  GeneratedText,
  Call,
}

/**
 * What the builder makes of an assistant's block (after pi-ai's conversion for another model), or
 * null when unsure. Another model's thinking becomes a text unless blank; the model's own is replayed
 * as its reasoning item when it has one; redacted thinking only for the model's own.
 */
function blockKind(block: unknown, own: boolean): Kind | null {
  if (!isRecord(block)) return null;
  switch (block.type) {
    case 'toolCall':
      return Kind.Call;
    case 'text': {
      if (!own) return Kind.GeneratedText;
      const id = ownTextId(block.textSignature);
      return id === null ? null : id ? Kind.OwnText : Kind.GeneratedText;
    }
    case 'thinking': {
      const signed = Boolean(block.thinkingSignature);
      if (block.redacted) return own && signed ? Kind.Reasoning : Kind.None;
      if (own && signed) return Kind.Reasoning;
      if (!block.thinking) return Kind.None;
      if (typeof block.thinking !== 'string') return null;
      if (block.thinking.trim() === '') return Kind.None;
      return own ? Kind.None : Kind.GeneratedText;
    }
    default:
      return Kind.None;
  }
}

/**
 * The id the model's own text carries in its signature, read as pi-ai reads it (a JSON signature's
 * `id` when it has the form pi-ai writes, else the signature itself); '' for none, when the builder
 * generates one, and null when unsure. An id of its own is kept as it is, whatever it reads as.
 */
function ownTextId(signature: unknown): string | null {
  if (!signature) return '';
  if (typeof signature !== 'string') return null;
  if (signature.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(signature);
      if (isRecord(parsed) && parsed.v === 1 && typeof parsed.id === 'string') return parsed.id;
    } catch {
      // pi-ai takes the signature itself as the id.
    }
  }
  return signature;
}

/** The n of an id of the form the builder generates, `msg_<n>` (no leading zero), or -1. */
export function generatedCount(id: string): number {
  if (!id.startsWith('msg_') || id.length === 4 || id.length > 19 || (id.charCodeAt(4) === 48 && id.length > 5)) return -1;
  let n = 0;
  for (let i = 4; i < id.length; i += 1) {
    const digit = id.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n;
}

/** The builder's items read against a side's messages, unit by unit (see `unitItems`). */
class ItemReader implements EntryReading {
  /** The next item. */
  at = 0;
  /** The builder's message count so far. */
  count = 0;
  readonly generated: Uint8Array;

  constructor(
    private readonly items: readonly JsonValue[],
    private readonly model: BuildModel,
  ) {
    this.generated = new Uint8Array(items.length);
  }

  /** The next item, when it is a record of `type` (a user message's: no type, role `user`). */
  private take(type: string | undefined): Record<string, JsonValue> | null {
    const item = this.items[this.at];
    if (!isRecord(item) || item.type !== type || (type === undefined && item.role !== 'user')) return null;
    this.at += 1;
    return item;
  }

  /** Read one message's items; false when they are not what the builder makes of it. */
  message(message: Message, calls: unknown[]): boolean {
    switch (message.role) {
      case 'user': {
        const makes = userMakesEntry(message);
        if (makes === null) return false;
        if (!makes) return true;
        this.count += 1;
        return this.take(undefined) !== null;
      }
      case 'assistant':
        return isFailedStop(message) || this.assistant(message, calls);
      case 'toolResult':
        this.count += 1;
        return this.take('function_call_output') !== null;
      default:
        // Converted to nothing, but counted.
        this.count += 1;
        return true;
    }
  }

  private assistant(message: Message, calls: unknown[]): boolean {
    if (!Array.isArray(message.content)) return false;
    const own = isOwnTurn(message, this.model);
    const first = this.at;
    for (const block of message.content as unknown[]) {
      const kind = blockKind(block, own);
      if (kind === null) return false;
      if (kind === Kind.None) continue;
      if (kind === Kind.Call) {
        calls.push((block as Record<string, unknown>).id);
        if (this.take('function_call') === null) return false;
        continue;
      }
      // A reasoning item is whatever the signature holds: any record that is none of the other kinds.
      if (kind === Kind.Reasoning) {
        const item = this.items[this.at];
        if (!isRecord(item) || item.role === 'user' || ['message', 'function_call', 'function_call_output'].includes(item.type as string))
          return false;
        this.at += 1;
        continue;
      }
      const item = this.take('message');
      if (item === null || item.role !== 'assistant' || typeof item.id !== 'string') return false;
      // A text without an id of its own gets the count so far; one of its own keeps it, whatever it reads as.
      if (kind === Kind.OwnText) continue;
      if (generatedCount(item.id) !== this.count) return false;
      this.generated[this.at - 1] = 1;
    }
    if (this.at > first) this.count += 1;
    return true;
  }

  /**
   * The results a unit's calls lack, added at its end: one item each. Ids are compared as recorded;
   * pi-ai compares them once normalised, so two ids it makes one (`a.b` and `a_b`) read as a missing
   * result, the items do not check, and the replay is built whole.
   */
  synthetic(calls: readonly unknown[], answered: ReadonlySet<unknown>): boolean {
    for (const id of calls) {
      if (answered.has(id)) continue;
      this.count += 1;
      if (this.take('function_call_output') === null) return false;
    }
    return true;
  }

  /** Whether every item was read. */
  done(): boolean {
    return this.at === this.items.length;
  }
}

/**
 * Where each unit's items are in `items` (a Responses `input` built of `messages`), or null when the
 * items are not what the builder makes of the messages.
 */
export function unitItems(messages: readonly Message[], units: Units, items: readonly JsonValue[], model: BuildModel): UnitItems | null {
  return readUnits(messages, units, new ItemReader(items, model));
}

/** A side of the reuse: its messages as the builder got them, and their units. */

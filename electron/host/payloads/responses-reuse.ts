/**
 * The replay's OpenAI Responses payload, built from the original's where hygiene left whole units of
 * messages unchanged (what replay-payload.ts does for the APIs with entry units).
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
import type { JsonValue, Message, Target } from '../../../shared/types.js';
import { toLlmMessages, type LlmMessages } from './llm-messages.js';
import { buildLlmPayload, type PayloadBuild, type PayloadBuildOptions } from './payload-builder.js';
import { buildInParts, knownResponsesUnits, type PartSizes } from './payload-parts.js';
import { perMessageUnits } from './per-message-parts.js';
import { unitsOfPart, type BuildModel, type Units } from './replay-units.js';
import { llmIndexes, matchingUnit, originsOnOriginal, unitStarts, type UnitMatch } from './unit-match.js';

/** Where a side's units' items are, and what the builder counted. */
export interface UnitItems {
  /** Where each unit's items start in the side's `input`, then the end. */
  bounds: Int32Array;
  /** The builder's message count at each unit's start, then the total: the n of `msg_<n>`. */
  counts: Int32Array;
  /** 1 for each item whose id the builder generated (`msg_<n>`). */
  generated: Uint8Array;
}

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

/** Whether an assistant message is the target model's own (pi-ai replays its reasoning and text ids). */
function sameModel(message: Message, model: BuildModel): boolean {
  return message.provider === model.provider && message.api === model.api && message.model === model.id;
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
    case 'text':
      return own ? Kind.OwnText : Kind.GeneratedText;
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

/** The n of an id of the form the builder generates, `msg_<n>` (no leading zero), or -1. */
function generatedCount(id: string): number {
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
class ItemReader {
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
        const content: unknown = message.content;
        if (Array.isArray(content) && content.length === 0) return true;
        if (typeof content !== 'string' && !Array.isArray(content)) return false;
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
    const own = sameModel(message, this.model);
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
      const n = generatedCount(item.id);
      // The builder generates an id for a text without one of its own; one of its own never reads as generated (perMessageUnits).
      if (n >= 0 ? n !== this.count : kind === Kind.GeneratedText) return false;
      if (n >= 0) this.generated[this.at - 1] = 1;
    }
    if (this.at > first) this.count += 1;
    return true;
  }

  /** The results a unit's calls lack, added at its end: one item each. */
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
  const unitCount = units.bounds.length - 1;
  const bounds = new Int32Array(unitCount + 1);
  const counts = new Int32Array(unitCount + 1);
  const reader = new ItemReader(items, model);
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

/** A side of the reuse: its messages as the builder got them, and their units. */
export interface ResponsesSide {
  llm: LlmMessages;
  units: Units;
}

/** The units of a side's LLM messages for the Responses builder, or null (an id in two units, a text id that reads as generated). */
export function responsesUnits(messages: readonly Message[]): Units | null {
  return perMessageUnits(messages, 'openai-responses');
}

/**
 * The messages pi-ai builds for the replay: the units not reused (`reused[t]` -1), whole. Returns
 * them, and their units read from the replay's.
 */
export function freshMessages(replay: ResponsesSide, reused: Int32Array): { llm: LlmMessages; units: Units } {
  const messages: Message[] = [];
  const sources: number[] = [];
  const at: number[] = [];
  const { bounds } = replay.units;
  for (let t = 0; t < reused.length; t += 1) {
    if (reused[t] >= 0) continue;
    for (let i = bounds[t]; i < bounds[t + 1]; i += 1) {
      messages.push(replay.llm.messages[i]);
      sources.push(replay.llm.sources[i]);
      at.push(i);
    }
  }
  return { llm: { messages, sources }, units: unitsOfPart(replay.units, at) };
}

/** One side's items and where its units' are. */
export interface SideItems {
  items: readonly JsonValue[];
  at: UnitItems;
}

/**
 * The replay's items, unit by unit, from the original's (`reused[t]`: its unit) or the fresh build's,
 * each generated id moved to the count before its unit in the replay; and for each item, the
 * index of the original's item it is (-1: built or copied for the replay).
 */
export function joinedItems(reused: Int32Array, fresh: SideItems, original: SideItems): { items: JsonValue[]; reusedAt: Int32Array } {
  const items: JsonValue[] = [];
  const reusedAt = new Int32Array(original.items.length + fresh.items.length).fill(-1);
  let count = 0;
  let next = 0;
  for (let t = 0; t < reused.length; t += 1) {
    const o = reused[t];
    const from = o >= 0 ? original : fresh;
    const u = o >= 0 ? o : next++;
    const by = count - from.at.counts[u];
    for (let k = from.at.bounds[u]; k < from.at.bounds[u + 1]; k += 1) {
      const item = from.items[k];
      if (by !== 0 && from.at.generated[k] === 1) {
        const record = item as Record<string, JsonValue>;
        const id = `msg_${generatedCount(record.id as string) + by}`;
        // The original's item is kept as it is for the original's payload; a fresh one is the replay's own.
        if (o >= 0) items.push({ ...record, id });
        else {
          record.id = id;
          items.push(record);
        }
        continue;
      }
      if (o >= 0) reusedAt[items.length] = k;
      items.push(item);
    }
    count += from.at.counts[u + 1] - from.at.counts[u];
  }
  return { items, reusedAt: reusedAt.subarray(0, items.length) };
}

/**
 * The replay's OpenAI Responses payload with the original's items for the units hygiene left whole,
 * and where each of its items is in the original's (-1: built or copied for the replay); null when
 * that is not proven the same as a whole build, or too little would be reused.
 */
export async function reusedResponsesBuild(
  messages: readonly Message[],
  origins: readonly (number | null)[],
  original: { messages: readonly Message[]; build: PayloadBuild },
  target: Target,
  options: PayloadBuildOptions,
  sizes: PartSizes,
): Promise<{ build: PayloadBuild; reusedAt: Int32Array } | null> {
  // Only units whose messages are all the original's are reused: a first look that costs one pass.
  if (keptMessages(messages, origins, original.messages) < messages.length * MIN_REUSED_SHARE) return null;
  const build = original.build;
  const model = build.model!;
  const originalItems = isRecord(build.payload) ? build.payload.input : undefined;
  if (!Array.isArray(originalItems)) return null;
  const originalLlm = build.llmMessages;
  const originalUnits = knownResponsesUnits(build) ?? responsesUnits(originalLlm);
  const originalAt = originalUnits && unitItems(originalLlm, originalUnits, originalItems, model);
  if (!originalUnits || !originalAt) return null;
  const llm = toLlmMessages(messages);
  const units = responsesUnits(llm.messages);
  if (!units) return null;
  const originAt = originsOnOriginal(llm.sources, origins, llmIndexes(build.sources, original.messages.length));
  const reused = reusedWholeUnits({
    replay: { messages, llm: llm.messages, sources: llm.sources, units },
    original: { messages: original.messages, llm: originalLlm, sources: build.sources, units: originalUnits },
    originAt,
    originalUnitAt: unitStarts(originalUnits),
    // Responses has no cache mark: any original unit may be reused (the replay's last is built, for the request's fields).
    lastEntryUnit: originalUnits.bounds.length - 1,
  });
  // Reusing a few units saves less than finding them cost, and a whole build's memory is the same.
  if (reusedMessages(units, reused) < llm.messages.length * MIN_REUSED_SHARE) return null;
  const part = freshMessages({ llm, units }, reused);
  let freshUnitCount = 0;
  for (const o of reused) if (o < 0) freshUnitCount += 1;
  if (part.units.bounds.length - 1 !== freshUnitCount) return null;
  const buildFresh = (llmPart: LlmMessages) => buildLlmPayload(llmPart, target, options);
  // In parts whenever the replay is long enough for them, however few of its messages are built: a
  // whole build of 16,000 messages kept its copies to the end (deep-branches: 0.07 × the file more).
  const freshSizes = llm.messages.length >= sizes.min ? { part: sizes.part, min: 0 } : sizes;
  const fresh = (await buildInParts(part.llm, target, buildFresh, freshSizes)) ?? (await buildFresh(part.llm));
  const freshItems = isRecord(fresh.payload) ? fresh.payload.input : undefined;
  if (fresh.error || !Array.isArray(freshItems) || !isRecord(fresh.payload)) return null;
  const freshAt = unitItems(part.llm.messages, part.units, freshItems, model);
  if (!freshAt) return null;
  const { items, reusedAt } = joinedItems(reused, { items: freshItems, at: freshAt }, { items: originalItems, at: originalAt });
  return { build: { ...fresh, sources: llm.sources, llmMessages: llm.messages, payload: { ...fresh.payload, input: items } }, reusedAt };
}

/**
 * The least share of the replay's messages reused for the reuse to be worth it; below it, the replay
 * is built whole. On a session whose every turn calls a tool (every call id rewritten for OpenAI, so
 * every such unit built again), 2 % of the items reused took about 0.1 s more than a whole build.
 */
const MIN_REUSED_SHARE = 0.25;

/** How many replay messages are their origin itself. */
function keptMessages(messages: readonly Message[], origins: readonly (number | null)[], originals: readonly Message[]): number {
  let count = 0;
  for (let i = 0; i < messages.length; i += 1) {
    const origin = origins[i];
    if (typeof origin === 'number' && originals[origin] === messages[i]) count += 1;
  }
  return count;
}

/** How many of the replay's LLM messages are in units reused. */
function reusedMessages(units: Units, reused: Int32Array): number {
  let count = 0;
  for (let t = 0; t < reused.length; t += 1) if (reused[t] >= 0) count += units.bounds[t + 1] - units.bounds[t];
  return count;
}

/** For each replay unit, the original unit it repeats whole (-1: none; the last unit is built). */
function reusedWholeUnits(match: UnitMatch): Int32Array {
  const unitCount = match.replay.units.bounds.length - 1;
  const reused = new Int32Array(unitCount).fill(-1);
  const whole = new Uint8Array(unitCount);
  for (let t = 0; t < unitCount - 1; t += 1) {
    const o = matchingUnit(match, t, whole);
    if (o >= 0 && whole[t] === 1) reused[t] = o;
  }
  return reused;
}

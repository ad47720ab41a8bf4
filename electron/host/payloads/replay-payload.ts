/**
 * The replay's payload, built from the original's where hygiene left messages unchanged.
 *
 * pi-ai's Anthropic builder (0.73) converts a conversation unit by unit: a unit starts at a user or
 * (not failed) assistant message it emits an entry for, and nothing crosses into the next unit
 * (synthetic tool results are flushed before it, tool results grouped only up to it), except two
 * things: tool-call ids normalised in one unit are looked up in later ones, and `cache_control` goes
 * on the last entry. So when no tool-call id appears in two units of a side, a unit's entries depend
 * on that unit alone, and a replay unit whose messages are the original's (the same objects, or
 * differing only in what no builder reads) has the original's entries; one whose first message
 * changed but not its tool calls has the original's entries after the first. pi-ai builds the rest
 * (the last unit always among it) in one call. Anything this does not prove (another api, an odd
 * message, a count that does not add up) builds the whole replay with pi-ai, as before.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import { isBlank } from '../../../shared/text/blank.js';
import { isWellFormed } from '../../../shared/text/well-formed.js';
import type { JsonValue, Message, Target } from '../../../shared/types.js';
import { toLlmMessages } from './llm-messages.js';
import { buildLlmPayload, buildPayload, messagesOfBuild, type PayloadBuild, type PayloadBuildOptions } from './payload-builder.js';

/** The member of a message no pi-ai builder reads (a tool result's UI details). */
const UNREAD_MEMBER = 'details';

/**
 * Whether pi-ai gets the same input from both messages: the same object, or equal in every member it
 * may read. The members are walked with `for…in`, which makes no list of keys per message as
 * `Object.keys` does; it also visits inherited enumerable members, which only adds comparisons.
 */
function sameForBuilder(a: Message, b: Message): boolean {
  if (a === b) return true;
  if (!isRecord(a) || !isRecord(b)) return false;
  for (const key in a) if (key !== UNREAD_MEMBER && a[key] !== b[key]) return false;
  for (const key in b) if (key !== UNREAD_MEMBER && !(key in a) && b[key] !== undefined) return false;
  return true;
}

/**
 * Whether the Anthropic builder emits an entry for a user message: it skips one whose text is
 * blank. Null when unsure (text with lone surrogates, which pi-ai strips first; a malformed message).
 */
function userEmits(message: Message): boolean | null {
  const content: unknown = message.content;
  if (typeof content === 'string') return !isBlank(content);
  if (!Array.isArray(content)) return null;
  let emits = false;
  for (const item of content) {
    if (!isRecord(item)) return null;
    if (item.type !== 'text') {
      emits = true;
      continue;
    }
    if (typeof item.text !== 'string') return null;
    if (isBlank(item.text)) continue;
    if (!isWellFormed(item.text)) return null;
    emits = true;
  }
  return emits;
}

/** The model a payload is built for, as pi-ai compares it with an assistant message's. */
type BuildModel = NonNullable<PayloadBuild['model']>;

/**
 * Whether the Anthropic builder emits an entry for a (not failed) assistant message: it skips one
 * left without blocks (blank text, blank or foreign redacted thinking). Null for a malformed message.
 */
function assistantEmits(message: Message, model: BuildModel): boolean | null {
  if (!Array.isArray(message.content)) return null;
  const sameModel = message.provider === model.provider && message.api === model.api && message.model === model.id;
  let emits = false;
  for (const block of message.content) {
    if (!isRecord(block)) return null;
    if (block.type === 'toolCall') emits = true;
    else if (block.type === 'text') {
      if (typeof block.text !== 'string') return null;
      if (!isBlank(block.text)) emits = true;
    } else if (block.type === 'thinking') {
      if (block.redacted) {
        if (sameModel) emits = true;
      } else if (typeof block.thinking !== 'string') return null;
      else if (!isBlank(block.thinking)) emits = true;
    }
  }
  return emits;
}

const NOT_REUSED = { o: -1, whole: false } as const;

/**
 * Whether two unit-leading messages leave the rest of their units the same: both users (nothing
 * pending after one), or both assistants of the same model calling the same tool calls (the same
 * blocks), whose ids pi-ai normalises and answers with synthetic results alike.
 */
function sameToolCalls(a: Message, b: Message): boolean {
  if (a.role !== b.role) return false;
  if (a.role === 'user') return true;
  if (a.role !== 'assistant' || a.provider !== b.provider || a.api !== b.api || a.model !== b.model) return false;
  const calls = (m: Message) => (m.content as unknown[]).filter((block) => isRecord(block) && block.type === 'toolCall');
  const ca = calls(a);
  const cb = calls(b);
  return ca.length === cb.length && ca.every((block, i) => block === cb[i]);
}

/**
 * A side's units: LLM message ranges whose entries depend on nothing else. A unit starts at a user
 * message or a (not failed) assistant message the builder emits an entry for, the entry it starts with.
 */
interface Units {
  /** Start of each unit in the LLM messages (the first is 0), then the end. */
  bounds: Int32Array;
  /** Whether the first unit starts with an entry of its own first message. */
  firstLeads: boolean;
  /** For each message, 1 when the builder emits an entry for it that starts a unit. */
  leads: Uint8Array;
}

/**
 * Another side's units, and for each message here the index of its counterpart there (-1: none): a
 * message that is the same object as its counterpart leads a unit just as it does there (the
 * builder's choice reads the message alone), which spares reading its texts again.
 */
interface KnownLeads {
  messages: readonly Message[];
  leads: Uint8Array;
  at: Int32Array;
}

/** Whether the builder emits an entry for a message that starts a unit (null when unsure), known from another side when it can be. */
function leadsUnitAt(messages: readonly Message[], i: number, model: BuildModel, known: KnownLeads | undefined): boolean | null {
  const message = messages[i];
  const there = known === undefined ? -1 : known.at[i];
  if (there >= 0 && known!.messages[there] === message) return known!.leads[there] === 1;
  if (message.role === 'user') return userEmits(message);
  // A failed turn is dropped, and tool results around it grouped: it stays inside the unit before it.
  if (message.role === 'assistant') return isFailedStop(message) ? false : assistantEmits(message, model);
  return false;
}

/**
 * Unit starts, then the end, in a typed array: for a long session a list grown by push would be
 * copied into the old generation at each growth, and the copies would stay there until a full
 * collection, raising an inspection's peak memory. Starts with 0; `messages` bounds the count.
 */
class UnitBounds {
  private readonly starts: Int32Array;
  count = 1;

  constructor(messages: number) {
    // Each message starts one unit at most, the first one included; then the end.
    this.starts = new Int32Array(messages + 2);
  }

  push(index: number): void {
    this.starts[this.count] = index;
    this.count += 1;
  }

  list(): Int32Array {
    return this.starts.subarray(0, this.count);
  }
}

/**
 * Tool-call ids normalised in one unit would be looked up in another: each id must stay in one unit.
 * (A function of the module, not a closure per call: `unitsOf` runs on each side, and V8 drops the
 * code it optimised for one closure when the next call brings another.)
 */
function claim(unitOfId: Map<string, number>, id: unknown, unit: number): boolean {
  if (typeof id !== 'string') return true;
  const seen = unitOfId.get(id);
  if (seen === undefined) unitOfId.set(id, unit);
  return seen === undefined || seen === unit;
}

/** The units of LLM messages, or null when a unit's entries may depend on another unit. */
function unitsOf(messages: readonly Message[], model: BuildModel, known?: KnownLeads): Units | null {
  const bounds = new UnitBounds(messages.length);
  let firstLeads = false;
  const leadsAt = new Uint8Array(messages.length);
  const unitOfId = new Map<string, number>();
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i];
    if (!isRecord(message)) return null;
    if ((message.role === 'assistant' || message.role === 'toolResult') && !Array.isArray(message.content)) return null;
    const leads = leadsUnitAt(messages, i, model, known);
    if (leads === null) return null;
    if (leads) leadsAt[i] = 1;
    // A message pi-ai skips starts no unit: it stays with the unit before.
    if (leads && i > 0) bounds.push(i);
    if (leads && i === 0) firstLeads = true;
    const unit = bounds.count - 1;
    if (message.role === 'assistant') {
      for (const block of message.content as unknown[])
        if (isRecord(block) && block.type === 'toolCall' && !claim(unitOfId, block.id, unit)) return null;
    } else if (message.role === 'toolResult' && !claim(unitOfId, message.toolCallId, unit)) return null;
  }
  bounds.push(messages.length);
  return { bounds: bounds.list(), firstLeads, leads: leadsAt };
}

/**
 * The units of part of a side's messages: some of its units, each whole or only its first message,
 * in order (`at`: each message's index on the side). Each message leads as it does on the side, so
 * each taken unit is one unit of the part; and no tool-call id is in two of them, as none is in two
 * units of the side: what `unitsOf` would find, without reading the messages again.
 */
function unitsOfPart(units: Units, at: readonly number[]): Units {
  const bounds = new UnitBounds(at.length);
  const leads = new Uint8Array(at.length);
  for (let i = 0; i < at.length; i += 1) {
    if (units.leads[at[i]] !== 1) continue;
    leads[i] = 1;
    if (i > 0) bounds.push(i);
  }
  bounds.push(at.length);
  return { bounds: bounds.list(), firstLeads: leads.length > 0 && leads[0] === 1, leads };
}

/** An entry a unit starts with: a user entry that is not a group of tool results, or an assistant entry. */
function leadsUnit(entry: JsonValue): boolean {
  if (!isRecord(entry)) return false;
  if (entry.role === 'assistant') return true;
  if (entry.role !== 'user') return false;
  const content = entry.content;
  return !(Array.isArray(content) && content.length > 0 && isRecord(content[0]) && content[0].type === 'tool_result');
}

/** The entries of an Anthropic payload, or null. */
function entriesOf(payload: JsonValue | undefined): JsonValue[] | null {
  return isRecord(payload) && Array.isArray(payload.messages) ? payload.messages : null;
}

/** Where each unit's entries start (then the end), or null when the entries do not fit the units. */
function entryBounds(entries: readonly JsonValue[], units: Units): Int32Array | null {
  // One start per unit, then the end: as many as the units' bounds.
  const out = new Int32Array(units.bounds.length);
  let count = 1;
  for (let k = 0; k < entries.length; k += 1) {
    const leads = leadsUnit(entries[k]);
    if (k === 0 && units.firstLeads) {
      if (!leads) return null;
    } else if (leads) {
      // More units of entries than of messages: they do not fit.
      if (count === out.length - 1) return null;
      out[count] = k;
      count += 1;
    }
  }
  if (count !== out.length - 1) return null;
  out[count] = entries.length;
  return out;
}

/** For each entry of a replay build's payload, the index of the original's entry it is (-1: built for the replay). */
const reusedEntries = new WeakMap<PayloadBuild, Int32Array>();

/** Where each entry of a replay build's payload is in the original's, undefined when none is reused (preflight knows their findings). */
export function reusedEntryIndexes(build: PayloadBuild): Int32Array | undefined {
  return reusedEntries.get(build);
}

/** Build the replay's payload, reusing the original's entries for unchanged units when that is proven safe. */
export async function buildReplayPayload(
  messages: readonly Message[],
  origins: readonly (number | null)[] | undefined,
  original: { messages: readonly Message[]; build: PayloadBuild },
  target: Target,
  options: PayloadBuildOptions = {},
): Promise<PayloadBuild> {
  return (await reusedBuild(messages, origins, original, target, options)) ?? buildPayload(messages, target, options);
}

async function reusedBuild(
  messages: readonly Message[],
  origins: readonly (number | null)[] | undefined,
  original: { messages: readonly Message[]; build: PayloadBuild },
  target: Target,
  options: PayloadBuildOptions,
): Promise<PayloadBuild | null> {
  const build = original.build;
  if (build.api !== 'anthropic-messages' || build.error || !origins || origins.length !== messages.length) return null;
  const model = build.model;
  if (!model || messagesOfBuild(build) !== original.messages) return null;
  const originalEntries = entriesOf(build.payload);
  if (!originalEntries) return null;
  const originalLlm = build.llmMessages;
  const originalUnits = unitsOf(originalLlm, model);
  if (!originalUnits) return null;
  const originalEntryBounds = entryBounds(originalEntries, originalUnits);
  if (!originalEntryBounds) return null;
  // The original's LLM index of each of its transcript messages, and of each replay LLM message's origin.
  const originalLlmIndex = new Int32Array(original.messages.length).fill(-1);
  build.sources.forEach((source, i) => (originalLlmIndex[source] = i));
  const llm = toLlmMessages(messages);
  const originAt = new Int32Array(llm.messages.length);
  for (let i = 0; i < originAt.length; i += 1) {
    const origin = origins[llm.sources[i]];
    originAt[i] = typeof origin === 'number' && origin >= 0 && origin < originalLlmIndex.length ? originalLlmIndex[origin] : -1;
  }
  const units = unitsOf(llm.messages, model, { messages: originalLlm, leads: originalUnits.leads, at: originAt });
  if (!units) return null;

  // The unit of the original starting at each of its LLM messages.
  const originalUnitAt = new Int32Array(originalLlm.length + 1).fill(-1);
  for (let t = 0; t < originalUnits.bounds.length - 1; t += 1) originalUnitAt[originalUnits.bounds[t]] = t;
  // pi-ai's `cache_control` sits on the original's last entry: the turn holding it is never reused.
  let lastEntryUnit = originalEntryBounds.length - 2;
  while (lastEntryUnit > 0 && originalEntryBounds[lastEntryUnit] === originalEntries.length) lastEntryUnit -= 1;

  const unitCount = units.bounds.length - 1;
  /**
   * For each replay unit, the original unit it repeats (-1: none): all of it (`reusedWhole` 1), or
   * its entries after the first (the unit's first message changed in a way its other entries do not
   * see); the last unit is built. Typed arrays, like the bounds: a long session has tens of
   * thousands of units.
   */
  const reusedUnit = new Int32Array(unitCount).fill(-1);
  const reusedWhole = new Uint8Array(unitCount);
  for (let t = 0; t < unitCount - 1; t += 1) {
    const { o, whole } = matchingUnit(t);
    reusedUnit[t] = o;
    reusedWhole[t] = whole ? 1 : 0;
  }
  function matchingUnit(t: number): { o: number; whole: boolean } {
    const start = units!.bounds[t];
    const end = units!.bounds[t + 1];
    const originalStart = originIndex(start);
    if (originalStart === undefined) return NOT_REUSED;
    const o = originalUnitAt[originalStart];
    if (o < 0 || o >= lastEntryUnit) return NOT_REUSED;
    if (originalUnits!.bounds[o + 1] - originalUnits!.bounds[o] !== end - start) return NOT_REUSED;
    for (let i = start + 1; i < end; i += 1) {
      const at = originIndex(i);
      if (at !== originalStart + (i - start)) return NOT_REUSED;
      if (!sameForBuilder(messages[llm.sources[i]], original.messages[build.sources[at]])) return NOT_REUSED;
    }
    const first = messages[llm.sources[start]];
    const originalFirst = original.messages[build.sources[originalStart]];
    if (sameForBuilder(first, originalFirst)) return { o, whole: true };
    const led = (t > 0 || units!.firstLeads) && (o > 0 || originalUnits!.firstLeads);
    return led && sameToolCalls(llm.messages[start], originalLlm[originalStart]) ? { o, whole: false } : NOT_REUSED;
  }
  function originIndex(i: number): number | undefined {
    return originAt[i] < 0 ? undefined : originAt[i];
  }

  // pi-ai builds the other units (the last one among them) and the changed first messages in one call.
  const freshSources: number[] = [];
  const freshMessages: Message[] = [];
  // For each fresh message, its index in the replay's LLM messages (whose units are known).
  const freshAt: number[] = [];
  let freshUnitCount = 0;
  for (let t = 0; t < unitCount; t += 1) {
    if (reusedWhole[t] === 1) continue;
    freshUnitCount += 1;
    const end = reusedUnit[t] >= 0 ? units.bounds[t] + 1 : units.bounds[t + 1];
    for (let i = units.bounds[t]; i < end; i += 1) {
      freshSources.push(llm.sources[i]);
      freshMessages.push(llm.messages[i]);
      freshAt.push(i);
    }
  }
  if (freshMessages.length === llm.messages.length) return null;
  const fresh = await buildLlmPayload({ messages: freshMessages, sources: freshSources }, target, options);
  const freshEntries = entriesOf(fresh.payload);
  if (fresh.error || !freshEntries || !isRecord(fresh.payload)) return null;
  const freshUnits = unitsOfPart(units, freshAt);
  const freshEntryBounds = entryBounds(freshEntries, freshUnits);
  if (!freshEntryBounds || freshUnits.bounds.length - 1 !== freshUnitCount) return null;
  // The last entry must come from the last unit, so that `cache_control` lands where a whole build puts it.
  if (freshEntryBounds.at(-2) === freshEntries.length) return null;

  const entries: JsonValue[] = [];
  // Sized by the count's bound when each original entry is reused once; an entry past it (two turns
  // repeating one) is simply not known to preflight, which checks it.
  const reusedAt = new Int32Array(originalEntries.length + freshEntries.length).fill(-1);
  let next = 0;
  for (let t = 0; t < unitCount; t += 1) {
    const o = reusedUnit[t];
    const whole = reusedWhole[t] === 1;
    if (!whole) {
      const from = freshEntryBounds[next];
      const to = freshEntryBounds[++next];
      // A changed first message: its own entry (pi-ai may have added synthetic results after it, not kept).
      if (o >= 0) entries.push(freshEntries[from]);
      else for (let k = from; k < to; k += 1) entries.push(freshEntries[k]);
    }
    if (o >= 0)
      for (let k = originalEntryBounds[o] + (whole ? 0 : 1); k < originalEntryBounds[o + 1]; k += 1) {
        reusedAt[entries.length] = k;
        entries.push(originalEntries[k]);
      }
  }
  const replay = { ...fresh, sources: llm.sources, llmMessages: llm.messages, payload: { ...fresh.payload, messages: entries } };
  reusedEntries.set(replay, reusedAt.subarray(0, entries.length));
  return replay;
}

/**
 * The replay's payload, built from the original's where hygiene left messages unchanged.
 *
 * pi-ai's Anthropic, Bedrock Converse and Gemini builders (0.73) convert a conversation unit by unit
 * (replay-units.ts): a unit starts at a user or (not failed) assistant message the builder emits an
 * entry for, and nothing crosses into the next unit (synthetic tool results are flushed before it,
 * tool results grouped only up to it), except two things: tool-call ids normalised in one unit are
 * looked up in later ones, and a cache mark goes on the last entry (Anthropic's `cache_control`,
 * Bedrock's `cachePoint`; Gemini's builder marks none). So when no tool-call id appears in two units
 * of a side, a unit's entries depend on that unit alone, and a replay unit whose messages are the
 * original's (the same objects, or differing only in what no builder reads) has the original's
 * entries; one whose first message changed but not its tool calls has the original's entries after
 * the first, and for Anthropic and Bedrock its first entry too when only thinking blocks went from
 * that message (the original's entry without their blocks: derived-entry.ts). For those two, a unit
 * of a turn and its results whose tool-call ids hygiene rewrote (a session recorded by another
 * provider) has the original's entries with the new ids, when nothing else changed; for Gemini's
 * builder, which sends a Gemini model no id, it has the original's entries themselves. pi-ai builds
 * the rest (the last unit always among it), in parts when it is long (`payload-parts.ts`). Anything
 * this does not prove (another api, an odd message, a count that does not add up) builds the whole
 * replay with pi-ai, as before.
 *
 * OpenAI Responses, Mistral and Chat Completions reuse the original's entries for whole units in
 * their own way (per-message-reuse.ts).
 */
import type { Api, Model } from '@mariozechner/pi-ai';
import { isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message, Target } from '../../../shared/types.js';
import { toLlmMessages, type LlmMessages } from './llm-messages.js';
import { buildLlmPayload, buildPayload, messagesOfBuild, type PayloadBuild, type PayloadBuildOptions } from './payload-builder.js';
import { resolvePayloadModel } from './model.js';
import { buildInParts, knownSplit, PART_SIZES, type PartSizes } from './payload-parts.js';
import { entriesKey, entryBounds, unitApiOf, unitsOf, unitsOfPart, type BuildModel, type UnitApi, type Units } from './replay-units.js';
import { perMessageApiOf } from './per-message-parts.js';
import { reusedPerMessageBuild } from './per-message-reuse.js';
import {
  counterpartUnit,
  leadsBoth,
  llmIndexes,
  originsOnOriginal,
  repeatedUnit,
  unitSides,
  unitStarts,
  type UnitMatch,
} from './unit-match.js';
import { derivedAssistantEntry, derivedUnitEntries, derivesEntries, type DerivingApi } from './derived-entry.js';
import { sameButIds, sendsNoCallIds } from './renamed-units.js';

/** The entries of a payload of an API with units, or null. */
function entriesOf(payload: JsonValue | undefined, api: UnitApi): JsonValue[] | null {
  const entries = isRecord(payload) ? payload[entriesKey(api)] : undefined;
  return Array.isArray(entries) ? entries : null;
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
  /**
   * How a long rest is cut into parts, and for OpenAI Responses, Mistral and Chat Completions the
   * least share of the messages reused for a reuse (tests give small sizes, and 0 to reuse on any
   * replay).
   */
  sizes: PartSizes & { reuseShare?: number } = PART_SIZES,
): Promise<PayloadBuild> {
  return (await reusedBuild(messages, origins, original, target, options, sizes)) ?? buildPayload(messages, target, options);
}

/**
 * The pieces below each hold one of the build's long loops, in a function of its own: V8 compiles a
 * function for its long loop while it runs (the rest of the function with it), and a build runs once
 * per inspection, so one large function was compiled again for each loop and dropped at the next
 * piece its type feedback had not reached.
 */
async function reusedBuild(
  messages: readonly Message[],
  origins: readonly (number | null)[] | undefined,
  original: { messages: readonly Message[]; build: PayloadBuild },
  target: Target,
  options: PayloadBuildOptions,
  sizes: PartSizes & { reuseShare?: number },
): Promise<PayloadBuild | null> {
  const build = original.build;
  const api = build.api;
  if (build.error || !origins || origins.length !== messages.length) return null;
  if (messagesOfBuild(build) !== original.messages) return null;
  // pi-ai's model for the target, when the original was built for it: what the readers read of it.
  const model = build.model && targetModel(build.model, target);
  if (!model) return null;
  const reuseApi = perMessageApiOf(api);
  if (reuseApi) {
    const reuse = await reusedPerMessageBuild(reuseApi, messages, origins, { ...original, model }, target, options, sizes);
    if (reuse) reusedEntries.set(reuse.build, reuse.reusedAt);
    return reuse?.build ?? null;
  }
  const unitApi = unitApiOf(api);
  if (!unitApi) return null;
  const originalEntries = entriesOf(build.payload, unitApi);
  if (!originalEntries) return null;
  const originalLlm = build.llmMessages;
  // A build in parts found both already.
  const known = knownSplit(build);
  const originalUnits = known?.units ?? unitsOf(originalLlm, model);
  if (!originalUnits) return null;
  const originalEntryBounds = known?.entryBounds ?? entryBounds(originalEntries, originalUnits, unitApi);
  if (!originalEntryBounds) return null;
  const llm = toLlmMessages(messages);
  const originAt = originsOnOriginal(llm.sources, origins, llmIndexes(build.sources, original.messages.length));
  const units = unitsOf(llm.messages, model, { messages: originalLlm, leads: originalUnits.leads, at: originAt });
  if (!units) return null;

  const reused = reusedUnits(
    {
      replay: { messages, llm: llm.messages, sources: llm.sources, units },
      original: { messages: original.messages, llm: originalLlm, sources: build.sources, units: originalUnits },
      originAt,
      originalUnitAt: unitStarts(originalUnits),
      firstUnreused: lastEntryUnit(originalEntryBounds, originalEntries.length),
    },
    derivesEntries(unitApi) ? { entries: originalEntries, bounds: originalEntryBounds, model, api: unitApi } : null,
    sendsNoCallIds(model),
  );

  // pi-ai builds the other units (the last one among them) and the changed first messages: in parts
  // when they are many, as the original's are, so that its copies die young (a session whose model
  // changed has most of its turns rewritten for another model).
  const part = freshPart(units, reused, llm);
  if (part.messages.length === llm.messages.length) return null;
  const freshLlm = { messages: part.messages, sources: part.sources };
  const buildFresh = (llmPart: LlmMessages) => buildLlmPayload(llmPart, target, options);
  const freshUnits = unitsOfPart(units, part.at);
  const fresh = (await buildInParts(freshLlm, target, buildFresh, sizes, freshUnits)) ?? (await buildFresh(freshLlm));
  const freshEntries = entriesOf(fresh.payload, unitApi);
  if (fresh.error || !freshEntries || !isRecord(fresh.payload)) return null;
  const freshEntryBounds = entryBounds(freshEntries, freshUnits, unitApi);
  if (!freshEntryBounds || freshUnits.bounds.length - 1 !== part.unitCount) return null;
  // The last entry must come from the last unit, so that the cache mark lands where a whole build puts it.
  if (freshEntryBounds.at(-2) === freshEntries.length) return null;

  const { entries, reusedAt } = joinedEntries(
    reused,
    { entries: freshEntries, bounds: freshEntryBounds },
    {
      entries: originalEntries,
      bounds: originalEntryBounds,
    },
  );
  const replay = {
    ...fresh,
    sources: llm.sources,
    llmMessages: llm.messages,
    payload: { ...fresh.payload, [entriesKey(unitApi)]: entries },
  };
  reusedEntries.set(replay, reusedAt);
  return replay;
}

/**
 * The model pi-ai builds for the target (with what its builders read beyond the name: compat settings,
 * image input), when it is the one the build was made for; null otherwise: another model's entries are
 * not the replay's to reuse.
 */
function targetModel(model: NonNullable<PayloadBuild['model']>, target: Target): Model<Api> | null {
  let resolved;
  try {
    resolved = resolvePayloadModel(target).model;
  } catch {
    return null;
  }
  // Whether the model reasons changes entries too (DeepSeek's: an empty reasoning_content on every assistant's).
  const same =
    resolved.id === model.id &&
    resolved.provider === model.provider &&
    resolved.api === model.api &&
    resolved.baseUrl === model.baseUrl &&
    resolved.reasoning === model.reasoning;
  return same ? resolved : null;
}

/** The unit holding the last entry: pi-ai's cache mark sits there, so it is never reused. */
function lastEntryUnit(entryBounds: Int32Array, entryCount: number): number {
  let unit = entryBounds.length - 2;
  while (unit > 0 && entryBounds[unit] === entryCount) unit -= 1;
  return unit;
}

/**
 * For each replay unit, the original unit it repeats (-1: none): all of it (`whole` 1), or its
 * entries after the first (the unit's first message changed in a way its other entries do not
 * see); the last unit is built. `derived` holds, by unit, entries derived from the original's rather
 * than built: a repeating unit's first entry, or every entry of a unit whose tool-call ids changed
 * (which repeats none). Typed arrays, like the bounds: a long session has tens of thousands of units.
 */
interface ReusedUnits {
  unit: Int32Array;
  whole: Uint8Array;
  derived: Map<number, JsonValue[]>;
}

/** The original's entries, where each unit's start, and the model they were built for: what a derived first entry is made from. */
interface DerivableEntries extends UnitEntries {
  model: BuildModel;
  api: DerivingApi;
}

/**
 * `idFree`: the payload holds no tool-call id (`sendsNoCallIds`), so a unit whose ids alone changed
 * repeats its counterpart whole.
 */
function reusedUnits(match: UnitMatch, derivable: DerivableEntries | null, idFree: boolean): ReusedUnits {
  const unitCount = match.replay.units.bounds.length - 1;
  const reused: ReusedUnits = { unit: new Int32Array(unitCount).fill(-1), whole: new Uint8Array(unitCount), derived: new Map() };
  for (let t = 0; t < unitCount - 1; t += 1) {
    const counterpart = counterpartUnit(match, t);
    let o = counterpart < 0 ? -1 : repeatedUnit(match, t, counterpart, reused.whole);
    // A unit that repeats none may still be its counterpart but for tool-call ids.
    const renamed = o < 0 && counterpart >= 0 && (idFree || derivable !== null) && leadsBoth(match, t, counterpart);
    const sides = renamed ? unitSides(match, t, counterpart) : null;
    if (sides && idFree && sameButIds(sides.replay, sides.original)) {
      o = counterpart;
      reused.whole[t] = 1;
    }
    reused.unit[t] = o;
    if (reused.whole[t] === 1 || !derivable) continue;
    const entries = o >= 0 ? derivedFirstEntry(match, t, o, derivable) : sides && derivedUnit(sides, counterpart, derivable);
    if (entries) reused.derived.set(t, entries);
  }
  return reused;
}

/** The first message changed: when only thinking blocks went, its entry is the original's without them. */
function derivedFirstEntry(match: UnitMatch, t: number, o: number, derivable: DerivableEntries): JsonValue[] | null {
  const { replay, original } = match;
  const entry = derivedAssistantEntry(
    replay.llm[replay.units.bounds[t]],
    original.llm[original.units.bounds[o]],
    derivable.entries[derivable.bounds[o]],
    derivable.model,
    derivable.api,
  );
  return entry === null ? null : [entry];
}

/** A unit that repeats none: when it is its counterpart `o` with tool-call ids rewritten, its entries are the original's with the new ids. */
function derivedUnit(sides: { replay: Message[]; original: Message[] }, o: number, derivable: DerivableEntries): JsonValue[] | null {
  const entries = derivable.entries.slice(derivable.bounds[o], derivable.bounds[o + 1]);
  return derivedUnitEntries(sides.replay, sides.original, entries, derivable.model, derivable.api);
}

/** The messages pi-ai builds: the units not reused, and the changed first messages of the others. */
interface FreshPart {
  messages: Message[];
  sources: number[];
  /** For each, its index in the replay's LLM messages (whose units are known). */
  at: number[];
  unitCount: number;
}

function freshPart(units: Units, reused: ReusedUnits, llm: { messages: readonly Message[]; sources: readonly number[] }): FreshPart {
  const part: FreshPart = { messages: [], sources: [], at: [], unitCount: 0 };
  for (let t = 0; t < reused.unit.length; t += 1) {
    if (reused.whole[t] === 1 || reused.derived.has(t)) continue;
    part.unitCount += 1;
    const end = reused.unit[t] >= 0 ? units.bounds[t] + 1 : units.bounds[t + 1];
    for (let i = units.bounds[t]; i < end; i += 1) {
      part.sources.push(llm.sources[i]);
      part.messages.push(llm.messages[i]);
      part.at.push(i);
    }
  }
  return part;
}

/** A payload's entries and where each unit's start (then the end). */
interface UnitEntries {
  entries: readonly JsonValue[];
  bounds: Int32Array;
}

/**
 * The replay's entries, unit by unit, from the fresh build or the original's, and for each the
 * index of the original's entry it is (-1: built for the replay).
 */
function joinedEntries(reused: ReusedUnits, fresh: UnitEntries, original: UnitEntries): { entries: JsonValue[]; reusedAt: Int32Array } {
  const entries: JsonValue[] = [];
  // Sized by the count's bound when each original entry is reused once; an entry past it (two turns
  // repeating one) is simply not known to preflight, which checks it.
  const reusedAt = new Int32Array(original.entries.length + fresh.entries.length).fill(-1);
  let next = 0;
  for (let t = 0; t < reused.unit.length; t += 1) {
    const o = reused.unit[t];
    const whole = reused.whole[t] === 1;
    const derived = reused.derived.get(t);
    // Derived entries are the replay's own (preflight checks them), the rest of a repeating unit the original's.
    if (derived !== undefined) for (const entry of derived) entries.push(entry);
    else if (!whole) {
      const from = fresh.bounds[next];
      const to = fresh.bounds[++next];
      // A changed first message: its own entry (pi-ai may have added synthetic results after it, not kept).
      if (o >= 0) entries.push(fresh.entries[from]);
      else for (let k = from; k < to; k += 1) entries.push(fresh.entries[k]);
    }
    if (o >= 0)
      for (let k = original.bounds[o] + (whole ? 0 : 1); k < original.bounds[o + 1]; k += 1) {
        reusedAt[entries.length] = k;
        entries.push(original.entries[k]);
      }
  }
  return { entries, reusedAt: reusedAt.subarray(0, entries.length) };
}

/**
 * The replay's OpenAI Responses, Mistral or Chat Completions payload, built from the original's where
 * hygiene left whole units of messages unchanged (what replay-payload.ts does for the APIs with entry
 * units).
 *
 * These builders convert each message alone (per-message-parts.ts), so a unit (a user or assistant
 * message and the messages after it up to the next, tool results or any other, with no tool-call id
 * in another unit) makes entries that depend on that unit alone, with one exception each:
 *
 * - OpenAI Responses: a text without an id of its own (every text of another model's turn) gets
 *   `msg_<n>`, n counting the messages converted before it in the whole conversation. Those ids are
 *   moved to where each unit is in the replay (responses-reuse.ts reads where they are). A unit whose
 *   tool-call ids alone changed has the original's items with the new ids (renamed-items.ts).
 * - Mistral: another model's call ids are hashed, and hashed again when an earlier call took the
 *   hash, so an id depends on every call before it. Unless the replay's ids are all sent as recorded
 *   (then a unit whose ids alone changed has the original's entries with the new ids:
 *   renamed-items.ts), only units without a call or a result are reused; every unit with one is
 *   built, all of them in their order, so pi-ai gives out each id against the same calls before it
 *   as in a whole build (mistral-entries.ts reads where entries are).
 * - Chat Completions: a unit starts at an assistant message with a call, so that the tool results
 *   pi-ai groups (across a failed turn) and the images it adds after a group stay in one unit; a
 *   request with any call in it gets an empty `tools` list, so the replay's part that pi-ai builds
 *   must have a call when the replay has one (completions-entries.ts reads where entries are, and
 *   refuses the servers whose requests depend on more).
 *
 * Where each unit's entries are is read from what the builder does with each message and checked
 * entry by entry; anything that does not check returns null, and the replay is built whole.
 */
import type { Api, Model } from '@mariozechner/pi-ai';
import { isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message, Target } from '../../../shared/types.js';
import { toLlmMessages, type LlmMessages } from './llm-messages.js';
import { completionsUnitEntries, hasToolHistory } from './completions-entries.js';
import { mistralUnitEntries } from './mistral-entries.js';
import { buildLlmPayload, type PayloadBuild, type PayloadBuildOptions } from './payload-builder.js';
import { buildInParts, knownPerMessageUnits, type PartSizes } from './payload-parts.js';
import { perMessageUnits, type PerMessageApi } from './per-message-parts.js';
import { unitsOfPart, type Units } from './replay-units.js';
import { generatedCount, unitItems } from './responses-reuse.js';
import { holdsCallOrResult, type UnitItems } from './unit-reader.js';
import {
  counterpartUnit,
  llmIndexes,
  matchingUnit,
  originsOnOriginal,
  sameForBuilder,
  unitSides,
  unitStarts,
  type UnitMatch,
} from './unit-match.js';
import { entriesWithIds, mistralSendsIdsAsRecorded } from './renamed-items.js';
import { messageSameButIds } from './renamed-units.js';

/** The APIs whose replays reuse the original's entries this way: those whose builders convert each message alone. */
type ReuseApi = PerMessageApi;

/**
 * Where each unit's entries are in a payload of the API, or null (responses-reuse.ts,
 * mistral-entries.ts, completions-entries.ts); `model` is pi-ai's model the payload was built for.
 */
type ReadUnits = (messages: readonly Message[], units: Units, entries: readonly JsonValue[], model: Model<Api>) => UnitItems | null;

/**
 * Each API's payload member, how its units' entries are read, and the least share of the replay's
 * messages reused for the reuse to be worth it (below it, the replay is built whole). Finding the
 * units costs about as much whatever is reused, and what is reused (users' turns, answers without
 * calls, and for Responses every unchanged turn) costs pi-ai little to build, so the gain is mostly
 * in memory. Responses: at a quarter or more (many-calls, every call id rewritten for OpenAI and so
 * each turn with a call built again, could reuse 2 % of its items, and took about 0.1 s more than a
 * whole build). Mistral, which reused only turns without calls: at half or more (pi-model-switch and
 * deep-branches, a third and 45 %, took 60–90 ms more CPU time for no lower peak). The units whose
 * tool-call ids alone changed count among the reused since they are made from the original's
 * (renamed-items.ts), which puts those sessions far above both shares.
 */
const READERS: Record<ReuseApi, { key: 'input' | 'messages'; read: ReadUnits; minShare: number }> = {
  'openai-responses': { key: 'input', read: unitItems, minShare: 0.25 },
  'mistral-conversations': { key: 'messages', read: mistralUnitEntries, minShare: 0.5 },
  'openai-completions': { key: 'messages', read: completionsUnitEntries, minShare: 0.25 },
};

/** A side of the reuse: its messages as the builder got them, and their units. */
interface Side {
  llm: LlmMessages;
  units: Units;
}

/**
 * The messages pi-ai builds for the replay: the units not reused (`reused[t]` -1), whole. Returns
 * them, and their units read from the replay's.
 */
function freshMessages(replay: Side, reused: Int32Array): { llm: LlmMessages; units: Units } {
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
interface SideItems {
  items: readonly JsonValue[];
  at: UnitItems;
}

/**
 * The replay's items, unit by unit, from the original's (`reused[t]`: its unit; `derived`, by unit:
 * made from them, with other ids) or the fresh build's, each generated id moved to the count before
 * its unit in the replay; and for each item, the index of the original's item it is (-1: built or
 * copied for the replay).
 */
function joinedItems(
  reused: Int32Array,
  fresh: SideItems,
  original: SideItems,
  derived: ReadonlyMap<number, JsonValue[]>,
): { items: JsonValue[]; reusedAt: Int32Array } {
  const items: JsonValue[] = [];
  // Sized as joinedEntries' list in replay-payload.ts, and for the same reason.
  const reusedAt = new Int32Array(original.items.length + fresh.items.length).fill(-1);
  let count = 0;
  let next = 0;
  for (let t = 0; t < reused.length; t += 1) {
    const o = reused[t];
    const from = o >= 0 ? original : fresh;
    const u = o >= 0 ? o : next++;
    // A derived unit's items stand for the original's, one for one.
    const made = derived.get(t);
    const first = from.at.bounds[u];
    const by = count - from.at.counts[u];
    for (let k = first; k < from.at.bounds[u + 1]; k += 1) {
      const item = made === undefined ? from.items[k] : made[k - first];
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
      if (o >= 0 && item === original.items[k]) reusedAt[items.length] = k;
      items.push(item);
    }
    count += from.at.counts[u + 1] - from.at.counts[u];
  }
  return { items, reusedAt: reusedAt.subarray(0, items.length) };
}

/**
 * The replay's payload with the original's entries for the units hygiene left whole, and where each
 * of its entries is in the original's (-1: built or copied for the replay); null when that is not
 * proven the same as a whole build, or too little would be reused.
 */
export async function reusedPerMessageBuild(
  api: ReuseApi,
  messages: readonly Message[],
  origins: readonly (number | null)[],
  original: { messages: readonly Message[]; build: PayloadBuild; model: Model<Api> },
  target: Target,
  options: PayloadBuildOptions,
  sizes: PartSizes & { reuseShare?: number },
): Promise<{ build: PayloadBuild; reusedAt: Int32Array } | null> {
  const { key, read } = READERS[api];
  const minShare = sizes.reuseShare ?? READERS[api].minShare;
  // Only units whose messages are all the original's are reused (for Mistral and Responses, or are
  // but for tool-call ids): a first look that costs one pass.
  const mistral = api === 'mistral-conversations';
  const renaming = mistral || api === 'openai-responses';
  if (keptMessages(messages, origins, original.messages, renaming) < messages.length * minShare) return null;
  const { build, model } = original;
  const originalItems = isRecord(build.payload) ? build.payload[key] : undefined;
  if (!Array.isArray(originalItems)) return null;
  const originalLlm = build.llmMessages;
  // Mistral: a failed turn with a call hides the ids pi-ai hashed for it, but no id is taken from the
  // original's entries here (a unit with a call or a result is built, or gets the replay's ids).
  const originalUnits = knownPerMessageUnits(build) ?? perMessageUnits(originalLlm, api, model, true);
  const originalAt = originalUnits && read(originalLlm, originalUnits, originalItems, model);
  if (!originalUnits || !originalAt) return null;
  const llm = toLlmMessages(messages);
  const units = perMessageUnits(llm.messages, api, model);
  if (!units) return null;
  const originAt = originsOnOriginal(llm.sources, origins, llmIndexes(build.sources, original.messages.length));
  const match: UnitMatch = {
    replay: { messages, llm: llm.messages, sources: llm.sources, units },
    original: { messages: original.messages, llm: originalLlm, sources: build.sources, units: originalUnits },
    originAt,
    originalUnitAt: unitStarts(originalUnits),
    // These builders mark no entry for caching: any original unit may be reused (the replay's last is built, for the request's fields).
    firstUnreused: originalUnits.bounds.length - 1,
  };
  const reused = reusedWholeUnits(match);
  const derived = new Map<number, JsonValue[]>();
  // Mistral: a unit with a call or a result is built, so that every call id is given out as in a
  // whole build; unless every id is sent as recorded, when such a unit is made from its original's.
  if (mistral) keepIdFree(llm.messages, units, reused);
  if (api === 'openai-responses' || (mistral && mistralSendsIdsAsRecorded(llm.messages, model)))
    withIds(match, { items: originalItems, at: originalAt }, { reused, derived }, (replay, was, items) =>
      entriesWithIds(replay, was, items, api, model),
    );
  // Reusing a few units saves less than finding them cost, and a whole build's memory is the same.
  const reusedCount = reusedMessages(units, reused);
  if (reusedCount === 0 || reusedCount < llm.messages.length * minShare) return null;
  const part = freshMessages({ llm, units }, reused);
  // Chat Completions: the request's `tools` list follows whether any message has a call or a result.
  if (api === 'openai-completions' && hasToolHistory(part.llm.messages) !== hasToolHistory(llm.messages)) return null;
  let freshUnitCount = 0;
  for (const o of reused) if (o < 0) freshUnitCount += 1;
  if (part.units.bounds.length - 1 !== freshUnitCount) return null;
  const buildFresh = (llmPart: LlmMessages) => buildLlmPayload(llmPart, target, options);
  // In parts whenever the replay is long enough for them, however few of its messages are built: a
  // whole build of 16,000 messages kept its copies to the end (deep-branches: 0.07 × the file more).
  const freshSizes = llm.messages.length >= sizes.min ? { part: sizes.part, min: 0 } : sizes;
  const fresh = (await buildInParts(part.llm, target, buildFresh, freshSizes, part.units)) ?? (await buildFresh(part.llm));
  const freshItems = isRecord(fresh.payload) ? fresh.payload[key] : undefined;
  if (fresh.error || !Array.isArray(freshItems) || !isRecord(fresh.payload)) return null;
  const freshAt = read(part.llm.messages, part.units, freshItems, model);
  if (!freshAt) return null;
  const { items, reusedAt } = joinedItems(reused, { items: freshItems, at: freshAt }, { items: originalItems, at: originalAt }, derived);
  return { build: { ...fresh, sources: llm.sources, llmMessages: llm.messages, payload: { ...fresh.payload, [key]: items } }, reusedAt };
}

/** Leave out of the reuse every unit with a tool call or a tool result (Mistral's ids depend on every call before). */
function keepIdFree(messages: readonly Message[], units: Units, reused: Int32Array): void {
  for (let t = 0; t < reused.length; t += 1) {
    if (reused[t] < 0) continue;
    for (let i = units.bounds[t]; i < units.bounds[t + 1]; i += 1) {
      if (holdsCallOrResult(messages[i])) {
        reused[t] = -1;
        break;
      }
    }
  }
}

/** A unit's entries made from its original's with the replay's tool-call ids, or null (renamed-items.ts). */
type WithIds = (replay: readonly Message[], original: readonly Message[], entries: readonly JsonValue[]) => JsonValue[] | null;

/**
 * Each unit left to be built (`reused[t]` -1, the last aside) that is its original's but for tool-call
 * ids gets, when `derive` can make them, the original's entries with the replay's ids (`derived`),
 * and `reused[t]` its original unit.
 */
function withIds(
  match: UnitMatch,
  original: SideItems,
  { reused, derived }: { reused: Int32Array; derived: Map<number, JsonValue[]> },
  derive: WithIds,
): void {
  for (let t = 0; t < reused.length - 1; t += 1) {
    if (reused[t] >= 0) continue;
    const o = counterpartUnit(match, t);
    // (`entriesWithIds` takes a unit that starts with an assistant message on both sides: its entries lead.)
    if (o < 0) continue;
    const sides = unitSides(match, t, o);
    const entries = derive(sides.replay, sides.original, original.items.slice(original.at.bounds[o], original.at.bounds[o + 1]));
    if (entries === null) continue;
    reused[t] = o;
    derived.set(t, entries);
  }
}

/**
 * How many replay messages give the builder what their origin gave it: the origin itself, or a copy
 * that differs only where no builder reads (a tool result whose details hygiene took off); with
 * `idsToo`, also a copy that differs only in its tool-call ids.
 */
function keptMessages(
  messages: readonly Message[],
  origins: readonly (number | null)[],
  originals: readonly Message[],
  idsToo: boolean,
): number {
  let count = 0;
  for (let i = 0; i < messages.length; i += 1) {
    const origin = origins[i];
    if (typeof origin !== 'number') continue;
    const message = messages[i];
    const was = originals[origin];
    if (sameForBuilder(was, message) || (idsToo && messageSameButIds(message, was))) count += 1;
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

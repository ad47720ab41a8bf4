/**
 * A long conversation's Anthropic, Bedrock Converse or Gemini payload built by pi-ai in parts of whole
 * units (see replay-units.ts), then joined: what one build of the whole gives, byte for byte.
 *
 * Why: pi-ai copies every assistant message (and our stand-ins every long text's message) before it
 * converts them, and those copies live as long as the build. Built whole, a long session's copies
 * outlive the young generation, are promoted, and stay in memory as garbage until a full collection,
 * which an inspection rarely gets to: on a session of short turns they were half the file's size at
 * the peak. Built in parts of a few thousand messages, each part's copies die young.
 *
 * Why it is the same: with no tool-call id in two units, a unit's entries depend on that unit alone
 * (pi-ai normalises ids and inserts synthetic results within it, or at the end of what it was given;
 * Gemini's builder adds a tool result to the user entry before it only when that entry holds tool
 * results, which a unit's first entry never is). A part ends after an assistant's unit, whose last
 * entry is the assistant's or its tool results'. pi-ai marks a last entry for caching when it is a
 * user entry (Anthropic: `cache_control`; Bedrock: a `cachePoint` block; Gemini: none): on a part's
 * last tool results the mark is taken off again, and the last part holds the last unit, where a
 * whole build puts it. Every part must give the same request fields besides its entries, and each
 * part's entries must fit its units; otherwise the caller builds the whole in one call.
 */
import { isRecord } from '../../../shared/messages.js';
import type { JsonValue, Target } from '../../../shared/types.js';
import type { LlmMessages } from './llm-messages.js';
import { resolvePayloadModel, UnsupportedApiError } from './model.js';
import type { PayloadBuild } from './payload-builder.js';
import { buildEachPart, type BuildLlm } from './parts-common.js';
import { buildJoinedParts, buildResponsesParts, perMessageApiOf, perMessageUnits } from './per-message-parts.js';
import {
  entriesKey,
  entryBounds,
  isAssistantEntry,
  isToolImageEntry,
  isToolResultBlock,
  unitApiOf,
  unitsOf,
  type UnitApi,
  type Units,
} from './replay-units.js';

/** Messages in a part: its copies die in a young generation; 218,000 short messages take about a hundred pi-ai calls. */
export const PART_MESSAGES = 2048;
/**
 * The fewest messages built in parts. A shorter conversation's copies are few enough to die young in
 * a whole build (a session of 11,000 messages of mid-size tool results: no lower peak in parts, and
 * 20–40 ms more for the units and the calls).
 */
export const MIN_PARTS_MESSAGES = 16_384;

/** How a conversation is cut: messages in a part, and the fewest messages cut at all. */
export interface PartSizes {
  part: number;
  min: number;
}

/** The sizes builds use (tests give smaller ones). */
export const PART_SIZES: PartSizes = { part: PART_MESSAGES, min: MIN_PARTS_MESSAGES };

/** What a build in parts found out (the replay's build reads it instead of finding it again). */
interface KnownSplit {
  /** The units of the build's LLM messages. */
  units: Units;
  /** Where each unit's entries start in the payload, then the end (`entryBounds`). */
  entryBounds: Int32Array;
}
const splits = new WeakMap<PayloadBuild, KnownSplit>();

/** The units of a build's LLM messages and where their entries are, when a build in parts found them. */
export function knownSplit(build: PayloadBuild): KnownSplit | undefined {
  return splits.get(build);
}

/** The per-message units (per-message-parts.ts) of the OpenAI Responses, Mistral and Chat Completions builds made in parts. */
const perMessageSplits = new WeakMap<PayloadBuild, Units>();

/** The units of such a build's LLM messages, when a build in parts found them (`perMessageUnits`). */
export function knownPerMessageUnits(build: PayloadBuild): Units | undefined {
  return perMessageSplits.get(build);
}

/**
 * The payload of `llm` built in parts of about `sizes.part` messages, or null when it is not an
 * Anthropic, Bedrock Converse, Gemini, OpenAI Responses, Mistral or Chat Completions build, is too
 * short to split, or is not proven the same as a whole build (the last three: per-message-parts.ts).
 * `known`: the units of `llm` for the target's API, when the caller has them already (the replay's
 * rest: `unitsOfPart` of the replay's units, which is what reading the rest again would find).
 */
export async function buildInParts(
  llm: LlmMessages,
  target: Target,
  buildLlm: BuildLlm,
  sizes: PartSizes = PART_SIZES,
  known?: Units,
): Promise<PayloadBuild | null> {
  if (llm.messages.length < sizes.min) return null;
  let model;
  try {
    model = resolvePayloadModel(target).model;
  } catch (error) {
    if (error instanceof UnsupportedApiError) return null;
    throw error;
  }
  const api = model.api;
  const perMessage = perMessageApiOf(api);
  if (perMessage) {
    const units = known ?? perMessageUnits(llm.messages, perMessage, model);
    const cuts = units && partCuts(llm, units, sizes.part);
    if (!units || !cuts || cuts.length < 3) return null;
    const build =
      perMessage === 'openai-responses'
        ? await buildResponsesParts(llm, units, cuts, model, buildLlm)
        : await buildJoinedParts(llm, units, cuts, perMessage, buildLlm);
    if (build) perMessageSplits.set(build, units);
    return build;
  }
  const unitApi = unitApiOf(api);
  if (!unitApi) return null;
  const key = entriesKey(unitApi);
  const units = known ?? unitsOf(llm.messages, model);
  if (!units) return null;
  const cuts = partCuts(llm, units, sizes.part);
  if (cuts.length < 3) return null;

  // Each unit's first entry in the joined payload (then the end), from each part's own.
  const bounds = new Int32Array(units.bounds.length);
  let entryCount = 0;
  const build = await buildEachPart(llm, units, cuts, key, buildLlm, (entries, p, final) => {
    if (!final && !withoutLastCacheMark(entries, unitApi)) return false;
    const partBounds = partEntryBounds(entries, units, cuts[p], cuts[p + 1], unitApi);
    if (!partBounds) return false;
    for (let t = cuts[p]; t < cuts[p + 1]; t += 1) bounds[t] = entryCount + partBounds[t - cuts[p]];
    entryCount += entries.length;
    return true;
  });
  if (!build) return null;
  bounds[bounds.length - 1] = entryCount;
  splits.set(build, { units, entryBounds: bounds });
  return build;
}

/**
 * A part's entries as a whole build has them: a part that is not the last and ends with its tool
 * results' user entry got pi-ai's cache marker there, which a whole build puts only on the
 * conversation's last entry (Anthropic: `cache_control` on the entry's last block; Bedrock: a
 * `cachePoint` block after them, for the models that cache; Gemini marks none). False when the entry
 * is not what a cut leaves there.
 */
function withoutLastCacheMark(entries: JsonValue[], api: UnitApi): boolean {
  const entry = entries[entries.length - 1];
  if (!isRecord(entry)) return false;
  if (isAssistantEntry(entry, api)) return true;
  if (api === 'google-generative-ai') {
    const parts = entry.parts;
    return isToolImageEntry(entry) || (Array.isArray(parts) && parts.length > 0 && isToolResultBlock(parts[parts.length - 1], api));
  }
  const blocks = entry.content;
  if (!Array.isArray(blocks) || blocks.length === 0) return false;
  if (api === 'bedrock-converse-stream') {
    const mark = blocks[blocks.length - 1];
    if (isRecord(mark) && isRecord(mark.cachePoint) && Object.keys(mark).length === 1) blocks.pop();
    return blocks.length > 0 && isToolResultBlock(blocks[blocks.length - 1], api);
  }
  const block = blocks[blocks.length - 1];
  if (!isToolResultBlock(block, api)) return false;
  delete block.cache_control;
  return true;
}

/**
 * Whether a part may end with unit `u`: an assistant's unit, whose entries end with its assistant
 * entry or with the user entry of its tool results (real or synthetic: pi-ai adds those at the end
 * of a part as it does before the next unit). A user's unit ends with a user entry that a part's
 * build may have turned from a string into a block list to put `cache_control` on.
 */
function endsPart(llm: LlmMessages, units: Units, u: number): boolean {
  const first = units.bounds[u];
  return units.leads[first] === 1 && llm.messages[first].role === 'assistant';
}

/**
 * The units the parts start at (then the unit count): each part but the last ends with an
 * assistant's unit (`endsPart`), and holds at least `partMessages` messages.
 */
export function partCuts(llm: LlmMessages, units: Units, partMessages: number): number[] {
  const { bounds } = units;
  const unitCount = bounds.length - 1;
  const cuts = [0];
  for (let t = 1; t < unitCount; t += 1) {
    if (bounds[t] - bounds[cuts[cuts.length - 1]] < partMessages) continue;
    if (endsPart(llm, units, t - 1)) cuts.push(t);
  }
  // A short remainder joins the part before it, so the last part is never a sliver.
  if (cuts.length > 1 && llm.messages.length - bounds[cuts[cuts.length - 1]] < partMessages / 2) cuts.pop();
  cuts.push(unitCount);
  return cuts;
}

/**
 * Where the entries of units [first, end) start in their part's payload (then the end), or null when
 * they do not fit the units as a whole build's would (one leading entry per unit).
 */
function partEntryBounds(entries: readonly JsonValue[], units: Units, first: number, end: number, api: UnitApi): Int32Array | null {
  const from = units.bounds[first];
  const bounds = new Int32Array(end - first + 1);
  for (let t = first; t <= end; t += 1) bounds[t - first] = units.bounds[t] - from;
  const partUnits: Units = { bounds, firstLeads: units.leads[from] === 1, leads: units.leads.subarray(from, units.bounds[end]) };
  return entryBounds(entries, partUnits, api);
}

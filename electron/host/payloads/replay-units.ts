/**
 * A side's units, for the replay's payload built from the original's (see replay-payload.ts) and for
 * builds in parts (payload-parts.ts): LLM message ranges whose entries in pi-ai's Anthropic, Bedrock
 * Converse or Gemini payload depend on nothing else, and where each unit's entries are in a payload.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import { isBlank } from '../../../shared/text/blank.js';
import { isWellFormed } from '../../../shared/text/well-formed.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import { claim } from './parts-common.js';
import { conversionApiOf } from './model.js';
import type { PayloadBuild } from './payload-builder.js';

/**
 * The APIs whose payloads have units: Anthropic Messages, Bedrock Converse (Claude behind Bedrock) and
 * Gemini's generateContent. Each builder makes one entry of each user message and assistant message
 * it keeps, and puts a turn's tool results together in one user entry.
 */
export type UnitApi = 'anthropic-messages' | 'bedrock-converse-stream' | 'google-generative-ai';

/** Whether pi-ai's payloads for an API have units (`unitsOf`, `entryBounds`). */
export function hasUnits(api: string): api is UnitApi {
  return api === 'anthropic-messages' || api === 'bedrock-converse-stream' || api === 'google-generative-ai';
}

/** The API whose payloads with units an API's builder makes (`conversionApiOf`: Vertex's are Gemini's), or null. */
export function unitApiOf(api: string): UnitApi | null {
  const conversion = conversionApiOf(api);
  return hasUnits(conversion) ? conversion : null;
}

/** The member of an API's request that holds its entries: Gemini's `contents`, the others' `messages`. */
export function entriesKey(api: UnitApi): 'messages' | 'contents' {
  return api === 'google-generative-ai' ? 'contents' : 'messages';
}

/**
 * Whether the Anthropic builder emits an entry for a user message: it skips one whose text is
 * blank. Null when unsure (text with lone surrogates, which pi-ai strips first; a malformed message).
 * The Bedrock builder emits one for every user message whose blocks are texts and images; Gemini's
 * for every user message but one with an empty block list, blank texts included.
 */
function userEmits(message: Message, api: UnitApi): boolean | null {
  if (api === 'bedrock-converse-stream') return bedrockUserEmits(message);
  if (api === 'google-generative-ai') return geminiUserEmits(message);
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

function bedrockUserEmits(message: Message): boolean | null {
  const content: unknown = message.content;
  if (typeof content === 'string') return true;
  if (!Array.isArray(content)) return null;
  for (const item of content)
    if (!isRecord(item) || !(item.type === 'image' || (item.type === 'text' && typeof item.text === 'string'))) return null;
  return true;
}

function geminiUserEmits(message: Message): boolean | null {
  const content: unknown = message.content;
  if (typeof content === 'string') return true;
  if (!Array.isArray(content)) return null;
  for (const item of content) if (!isRecord(item)) return null;
  return content.length > 0;
}

/** The model a payload is built for, as pi-ai compares it with an assistant message's. */
export type BuildModel = NonNullable<PayloadBuild['model']>;

/** Whether an assistant message is the build model's own turn, as pi-ai decides (it keeps only those turns' signatures and redacted thinking). */
export function isOwnTurn(message: Message, model: BuildModel): boolean {
  return message.provider === model.provider && message.api === model.api && message.model === model.id;
}

/**
 * Whether the builder emits an entry for a (not failed) assistant message: it skips one left without
 * blocks (blank text, blank thinking, another model's redacted thinking, which pi-ai drops first).
 * Anthropic's replays the model's own redacted thinking as it is; Bedrock's reads its text as
 * thinking, and throws on any block but text, thinking and calls. Null for a malformed message.
 */
function assistantEmits(message: Message, model: BuildModel, api: UnitApi): boolean | null {
  if (api === 'google-generative-ai') return geminiAssistantEmits(message, model);
  if (!Array.isArray(message.content)) return null;
  const sameModel = isOwnTurn(message, model);
  const bedrock = model.api === 'bedrock-converse-stream';
  let emits = false;
  for (const block of message.content) {
    if (!isRecord(block)) return null;
    if (block.type === 'toolCall') emits = true;
    else if (block.type === 'text') {
      if (typeof block.text !== 'string') return null;
      if (!isBlank(block.text)) emits = true;
    } else if (block.type === 'thinking') {
      if (block.redacted && !sameModel) continue;
      if (block.redacted && !bedrock) emits = true;
      else if (typeof block.thinking !== 'string') return null;
      else if (!isBlank(block.thinking)) emits = true;
    } else if (bedrock) return null;
  }
  return emits;
}

/**
 * Whether the Gemini builder emits an entry for a (not failed) assistant message: it makes a part of
 * each call, and of each text and thinking that is not blank (thinking of another model as text);
 * redacted thinking is kept, and read as thinking, only for the model that wrote it (pi-ai drops it
 * first for any other). Other blocks make no part. Null for a malformed message.
 */
function geminiAssistantEmits(message: Message, model: BuildModel): boolean | null {
  if (!Array.isArray(message.content)) return null;
  const sameModel = isOwnTurn(message, model);
  let emits = false;
  for (const block of message.content) {
    if (!isRecord(block)) return null;
    if (block.type === 'toolCall') emits = true;
    else if (block.type === 'text' || block.type === 'thinking') {
      if (block.type === 'thinking' && block.redacted && !sameModel) continue;
      const text = block.type === 'text' ? block.text : block.thinking;
      if (typeof text !== 'string') return null;
      if (!isBlank(text)) emits = true;
    }
  }
  return emits;
}

/**
 * A side's units: LLM message ranges whose entries depend on nothing else. A unit starts at a user
 * message or a (not failed) assistant message the builder emits an entry for, the entry it starts with.
 */
export interface Units {
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
function leadsUnitAt(
  messages: readonly Message[],
  i: number,
  model: BuildModel,
  api: UnitApi,
  known: KnownLeads | undefined,
): boolean | null {
  const message = messages[i];
  const there = known === undefined ? -1 : known.at[i];
  if (there >= 0 && known!.messages[there] === message) return known!.leads[there] === 1;
  if (message.role === 'user') return userEmits(message, api);
  // A failed turn is dropped, and tool results around it grouped: it stays inside the unit before it.
  if (message.role === 'assistant') return isFailedStop(message) ? false : assistantEmits(message, model, api);
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

/** The units of LLM messages, or null when a unit's entries may depend on another unit. */
export function unitsOf(messages: readonly Message[], model: BuildModel, known?: KnownLeads): Units | null {
  // Which builder's choices to read, settled once for every message.
  const api = unitApiOf(model.api);
  if (api === null) return null;
  const bounds = new UnitBounds(messages.length);
  let firstLeads = false;
  const leadsAt = new Uint8Array(messages.length);
  const unitOfId = new Map<string, number>();
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i];
    if (!isRecord(message)) return null;
    if ((message.role === 'assistant' || message.role === 'toolResult') && !Array.isArray(message.content)) return null;
    const leads = leadsUnitAt(messages, i, model, api, known);
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
export function unitsOfPart(units: Units, at: readonly number[]): Units {
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

/**
 * An entry a unit starts with: a user entry that is not a group of tool results (Anthropic's
 * `tool_result` blocks, Bedrock's `toolResult` ones, Gemini's `functionResponse` parts), or an
 * assistant entry (Gemini's role `model`).
 */
function leadsUnit(entry: JsonValue, api: UnitApi): boolean {
  if (!isRecord(entry)) return false;
  if (isAssistantEntry(entry, api)) return true;
  if (entry.role !== 'user') return false;
  if (api === 'google-generative-ai' && isToolImageEntry(entry)) return false;
  const content = entry[api === 'google-generative-ai' ? 'parts' : 'content'];
  return !(Array.isArray(content) && content.length > 0 && isToolResultBlock(content[0], api));
}

/** The text Gemini's builder puts before a tool result's images for models before Gemini 3. */
const TOOL_IMAGE_LABEL = 'Tool result image:';

/**
 * The user entry of a tool result's images that Gemini's builder adds after the result for models
 * before Gemini 3 (which take no images inside a result): part of the result's unit. A user message
 * of that very form would be read as one too, so the unit count comes out short and the entries are
 * not taken as fitting (never the other way round).
 */
export function isToolImageEntry(entry: Record<string, JsonValue>): boolean {
  const parts = entry.parts;
  if (entry.role !== 'user' || !Array.isArray(parts) || parts.length < 2) return false;
  const label = parts[0];
  if (!isRecord(label) || label.text !== TOOL_IMAGE_LABEL || Object.keys(label).length !== 1) return false;
  for (let i = 1; i < parts.length; i += 1) {
    const part = parts[i];
    if (!isRecord(part) || !isRecord(part.inlineData)) return false;
  }
  return true;
}

/** An assistant's entry in the API's payload (Gemini's role is `model`). */
export function isAssistantEntry(entry: Record<string, JsonValue>, api: UnitApi): boolean {
  return entry.role === (api === 'google-generative-ai' ? 'model' : 'assistant');
}

/** A tool result's block (Gemini: part) in a user entry of the API's payload. */
export function isToolResultBlock(block: JsonValue, api: UnitApi): block is Record<string, JsonValue> {
  if (!isRecord(block)) return false;
  if (api === 'google-generative-ai') return isRecord(block.functionResponse);
  return api === 'bedrock-converse-stream' ? isRecord(block.toolResult) : block.type === 'tool_result';
}

/** Where each unit's entries start (then the end), or null when the entries do not fit the units. */
export function entryBounds(entries: readonly JsonValue[], units: Units, api: UnitApi = 'anthropic-messages'): Int32Array | null {
  // One start per unit, then the end: as many as the units' bounds.
  const out = new Int32Array(units.bounds.length);
  let count = 1;
  for (let k = 0; k < entries.length; k += 1) {
    const leads = leadsUnit(entries[k], api);
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

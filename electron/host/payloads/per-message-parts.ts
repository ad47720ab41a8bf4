/**
 * A long conversation's OpenAI Responses, Mistral or Chat Completions payload built by pi-ai in parts,
 * then joined: what one build of the whole gives, byte for byte (why parts at all: payload-parts.ts).
 *
 * These builders convert each message alone (a user message, an assistant message or each of its
 * blocks, each tool result), so a conversation can be cut before a user or assistant message that
 * keeps every tool-call id on one side of the cut: pi-ai normalises a call's id and its results'
 * together, and adds the results a call lacks before the next user or assistant message or at the end
 * of what it was given, which is the same place. Each builder has something that reads across
 * messages, made right below.
 *
 * OpenAI Responses: an assistant text without an id of its own (every text of another model's turn,
 * whose signature pi-ai drops) gets `msg_<n>`, n counting the messages the builder converted before
 * it, across the whole conversation. A part counts from 0, so each part's generated ids are moved by
 * the count of the parts before it. That count is pi-ai's own: each part but the last is given one
 * more assistant text at its end, whose generated id is the part's count, and whose item is taken off
 * again. Ids pi-ai did not generate are never moved: the parts are not used when a text's own id, or
 * a reasoning item, could read as a generated one.
 *
 * Mistral: another model's call ids are hashed to 9 characters, and an id whose hash another call
 * took already is hashed again, with an attempt number, until it is free: free of the ids given out
 * earlier in the whole conversation. Each part sees only its own. When every call id the parts give
 * out is distinct, each id got in its part what the whole build gives it: the attempts its part
 * found taken are taken in the whole build too (by earlier calls of the same part), and the id it
 * ended with is no other call's. So the parts are used only then, and only when no failed turn holds
 * a call (pi-ai hashes its ids, then leaves the turn out, so they cannot be seen).
 *
 * Chat Completions: consecutive tool results are one group (a failed turn between them, which pi-ai
 * leaves out, does not part them), and for some servers a user message right after tool results gets
 * an assistant message before it, so a part starts only at an assistant message with a call, which is
 * never left out; a request whose conversation has tool calls gets an empty `tools` list (every part
 * must then have one, or the fields differ and the whole is built in one call); and for servers that
 * take Anthropic's cache marks the last text is marked, which a part would put on its own last text:
 * the parts are not used when any is marked.
 */
import { isFailedStop, isRecord } from '../../../shared/messages.js';
import type { JsonValue, Message } from '../../../shared/types.js';
import type { LlmMessages } from './llm-messages.js';
import type { PayloadBuild } from './payload-builder.js';
import { buildEachPart, claim, type BuildLlm } from './parts-common.js';
import { conversionApiOf } from './model.js';
import { isOwnTurn, type BuildModel, type Units } from './replay-units.js';

/** An id pi-ai's Responses builder generates for a text without one: `msg_` and the message count. */
const GENERATED_ID = /^msg_(0|[1-9]\d*)$/;

/** The text of the assistant message put at the end of a part, to read the part's message count. */
const COUNTER_TEXT = 'count';

/**
 * The payload of `llm` for an OpenAI Responses model built in the parts `cuts` gives (unit indexes of
 * `perMessageUnits`, then the unit count), or null when it cannot be proven the same as a whole build
 * (the caller then builds it whole).
 */
export async function buildResponsesParts(
  llm: LlmMessages,
  units: Units,
  cuts: readonly number[],
  model: BuildModel,
  buildLlm: BuildLlm,
): Promise<PayloadBuild | null> {
  const counter: Message = {
    role: 'assistant',
    content: [{ type: 'text', text: COUNTER_TEXT }],
    api: model.api,
    provider: model.provider,
    model: model.id,
    stopReason: 'stop',
    timestamp: 0,
  };
  // The messages the builder counted in the parts so far: where this part's generated ids start.
  let counted = 0;
  return buildEachPart(
    llm,
    units,
    cuts,
    'input',
    buildLlm,
    (items, _p, final) => {
      // The counter's item is the last one; its id is this part's count of converted messages.
      const count = final ? Number.POSITIVE_INFINITY : counterCount(items.pop());
      if (count === null || !shiftGeneratedIds(items, counted, count)) return false;
      if (!final) counted += count;
      return true;
    },
    counter,
  );
}

/** The APIs whose builders convert each message alone. */
export type PerMessageApi = 'openai-responses' | 'mistral-conversations' | 'openai-completions';

export function isPerMessageApi(api: string): api is PerMessageApi {
  return api === 'openai-responses' || api === 'mistral-conversations' || api === 'openai-completions';
}

/** The API whose payloads an API's builder makes when it converts each message alone (`conversionApiOf`: Azure's are OpenAI Responses'), or null. */
export function perMessageApiOf(api: string): PerMessageApi | null {
  const conversion = conversionApiOf(api);
  return isPerMessageApi(conversion) ? conversion : null;
}

/**
 * Where the conversation may be cut: before each user or assistant message (each leads a unit; Chat
 * Completions: each assistant message with a call), as long as no tool-call id is on both sides. Null
 * when a message is malformed, an id is in two units, or what the API's builder reads across the
 * whole conversation cannot be made right (see above): OpenAI Responses, a text's own id or a
 * reasoning item that could read as a generated id; Mistral, a failed turn with a call, unless
 * `idsUnread` (the units' entries are read for where they are, and no id is taken from them). `model`
 * (Responses): only its own turns' texts and thinking keep their signatures in pi-ai's build, so only
 * theirs are read; without it, every turn's are.
 */
export function perMessageUnits(messages: readonly Message[], api: PerMessageApi, model?: BuildModel, idsUnread = false): Units | null {
  // The first start (0), one for each message after the first at most, then the end: two for none.
  const starts = new Int32Array(messages.length + 2);
  let count = 1;
  const leads = new Uint8Array(messages.length);
  const unitOfId = new Map<string, number>();
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i];
    if (!isRecord(message)) return null;
    if (api === 'openai-completions' ? leadsCompletions(message) : message.role === 'user' || message.role === 'assistant') {
      leads[i] = 1;
      if (i > 0) starts[count++] = i;
    }
    const unit = count - 1;
    if (message.role === 'assistant') {
      if (!Array.isArray(message.content)) return null;
      const failed = api === 'mistral-conversations' && !idsUnread && isFailedStop(message);
      for (const block of message.content as unknown[]) {
        if (!isRecord(block)) return null;
        if (block.type === 'toolCall' && (failed || !claim(unitOfId, block.id, unit))) return null;
        if (api !== 'openai-responses' || (model && !isOwnTurn(message, model))) continue;
        if (block.type === 'text' && mayReadAsGenerated(block.textSignature)) return null;
        if (block.type === 'thinking' && mayReplayAsMessage(block.thinkingSignature)) return null;
      }
    } else if (message.role === 'toolResult') {
      if (!Array.isArray(message.content) || !claim(unitOfId, message.toolCallId, unit)) return null;
    }
  }
  starts[count++] = messages.length;
  return { bounds: starts.subarray(0, count), firstLeads: leads.length > 0 && leads[0] === 1, leads };
}

/**
 * Where a Chat Completions part may start: at an assistant message with a call, which the builder
 * always converts. Not at one it leaves out (a failed turn, or one with nothing to say), around which
 * it gathers tool results into one group and keeps the last role it wrote.
 */
function leadsCompletions(message: Message): boolean {
  if (message.role !== 'assistant' || isFailedStop(message) || !Array.isArray(message.content)) return false;
  for (const block of message.content as unknown[]) if (isRecord(block) && block.type === 'toolCall') return true;
  return false;
}

/**
 * Whether a text's signature gives it an id of the generated form (read as pi-ai reads it: a JSON
 * signature may spell `msg_` with escapes), or one over 64 characters, which pi-ai replaces with
 * `msg_` and a hash of it that could read as a count.
 */
function mayReadAsGenerated(signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  if (signature.length <= 64 && !signature.includes('msg_') && !signature.includes('\\')) return false;
  let id: unknown = signature;
  if (signature.startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(signature);
      if (isRecord(parsed) && parsed.v === 1 && typeof parsed.id === 'string') id = parsed.id;
    } catch {
      // pi-ai takes the signature itself as the id.
    }
  }
  return typeof id === 'string' && (GENERATED_ID.test(id) || id.length > 64);
}

/**
 * Whether a thinking signature, which pi-ai replays as an item as it is, could be a message item
 * whose id reads as generated: any that spells `msg_`, or an escaped one that parses as a message.
 */
function mayReplayAsMessage(signature: unknown): boolean {
  if (typeof signature !== 'string') return false;
  if (signature.includes('msg_')) return true;
  if (!signature.includes('\\')) return false;
  try {
    const parsed: unknown = JSON.parse(signature);
    return isRecord(parsed) && parsed.type === 'message';
  } catch {
    return false;
  }
}

/** The count a part's counter item carries (its generated id), or null when it is not that item. */
function counterCount(item: JsonValue | undefined): number | null {
  if (!isRecord(item) || item.type !== 'message' || typeof item.id !== 'string') return null;
  const content = item.content;
  if (!Array.isArray(content) || content.length !== 1 || !isRecord(content[0]) || content[0].text !== COUNTER_TEXT) return null;
  const id = GENERATED_ID.exec(item.id);
  return id ? Number(id[1]) : null;
}

/**
 * Move a part's generated message ids by the messages counted before it. Every `msg_<n>` id is
 * generated here (`perMessageUnits` saw to it), and counts no further than the part's own count.
 */
function shiftGeneratedIds(items: JsonValue[], by: number, count: number): boolean {
  for (const item of items) {
    if (!isRecord(item) || item.type !== 'message' || typeof item.id !== 'string') continue;
    const id = GENERATED_ID.exec(item.id);
    if (!id) continue;
    const n = Number(id[1]);
    if (n >= count) return false;
    if (by > 0) item.id = `msg_${n + by}`;
  }
  return true;
}

/**
 * The payload of `llm` for a Mistral or Chat Completions model built in the parts `cuts` gives (as
 * `buildResponsesParts`), or null when a part's entries are not what a whole build has there (see
 * above): Mistral, a call id the parts give out twice; Chat Completions, a cache mark.
 */
export async function buildJoinedParts(
  llm: LlmMessages,
  units: Units,
  cuts: readonly number[],
  api: 'mistral-conversations' | 'openai-completions',
  buildLlm: BuildLlm,
): Promise<PayloadBuild | null> {
  const given = new Set<string>();
  return buildEachPart(llm, units, cuts, 'messages', buildLlm, (entries) =>
    api === 'mistral-conversations' ? callIdsDistinct(entries, given) : !hasCacheMark(entries),
  );
}

/** Whether a Chat Completions entry's content holds a part with Anthropic's cache mark. */
function hasCacheMark(entries: readonly JsonValue[]): boolean {
  for (const entry of entries) {
    if (!isRecord(entry) || !Array.isArray(entry.content)) continue;
    for (const part of entry.content) if (isRecord(part) && part.cache_control !== undefined) return true;
  }
  return false;
}

/** Whether the call ids of a part's assistant entries are new to `given` and to each other (added to it). */
function callIdsDistinct(entries: readonly JsonValue[], given: Set<string>): boolean {
  for (const entry of entries) {
    if (!isRecord(entry) || entry.role !== 'assistant' || entry.toolCalls === undefined) continue;
    if (!Array.isArray(entry.toolCalls)) return false;
    for (const call of entry.toolCalls) {
      if (!isRecord(call) || typeof call.id !== 'string' || given.has(call.id)) return false;
      given.add(call.id);
    }
  }
  return true;
}

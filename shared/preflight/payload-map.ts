/**
 * Which transcript message each entry of a payload's conversation came from.
 *
 * pi-ai's converters do not say, so the map is rebuilt from what they are known to do (pi-ai 0.73):
 * failed (`error`/`aborted`) assistant turns are skipped; a tool call without a result gets a
 * synthetic one (no source); empty turns are skipped; Anthropic, Bedrock and Gemini put consecutive
 * tool results in one user turn (mapped to the first result); OpenAI Responses splits an assistant
 * turn into several items (reasoning, message, function_call, all mapped to that turn); Chat
 * Completions and Gemini < 3 add a user turn carrying a tool result's images (mapped to the result).
 * pi's custom roles (summaries, custom messages, bash executions) count as user turns, so the map
 * works on the transcript's own messages. Entries are aligned by kind (user / assistant / tool) in
 * order; an entry with no plausible source maps to null.
 */
import { isRecord } from '../messages.js';
import type { JsonValue, Message } from '../types.js';
import { payloadMessages, type PayloadFamily } from './family.js';

type Kind = 'user' | 'assistant' | 'tool';

// A slot's kind as `SourceSlots` stores it (one byte).
const USER_SLOT = 0;
const ASSISTANT_SLOT = 1;
const TOOL_SLOT = 2;

/**
 * The messages as pi-ai's transformMessages leaves them, by kind, with synthetic results: slot k is
 * of kind `kinds[k]` (`USER_SLOT`…), built from the message at `indexes[k]` (-1 for a synthetic tool
 * result). Typed arrays, not arrays grown by `push` nor an object per slot: a long transcript has
 * tens of thousands of slots, and an array that size outgrows the young generation as it grows —
 * each copy left behind stays in the old one until a full collection, which raised the peak memory
 * of an inspection (a typed array's bytes are freed as soon as it is dropped).
 */
class SourceSlots {
  kinds: Uint8Array;
  indexes: Int32Array;
  length = 0;

  constructor(capacity: number) {
    this.kinds = new Uint8Array(Math.max(capacity, 16));
    this.indexes = new Int32Array(this.kinds.length);
  }

  push(kind: number, index: number): void {
    if (this.length === this.kinds.length) this.grow();
    this.kinds[this.length] = kind;
    this.indexes[this.length] = index;
    this.length += 1;
  }

  /** Room for more synthetic results than there are messages (rare: many unanswered calls). */
  private grow(): void {
    const kinds = new Uint8Array(this.kinds.length * 2);
    const indexes = new Int32Array(kinds.length);
    kinds.set(this.kinds);
    indexes.set(this.indexes);
    this.kinds = kinds;
    this.indexes = indexes;
  }
}

/** pi's custom roles reach the provider as user turns (summaries, custom messages, bash executions). */
const USER_LIKE_ROLES = new Set(['compactionSummary', 'branchSummary', 'custom', 'hookMessage', 'bashExecution']);

const TOOL_IMAGE_TEXTS = new Set(['Attached image(s) from tool result:', 'Tool result image:']);

/** A call pi-ai waits a result for: a `toolCall` block with a string id. */
const isAwaitedCall = (block: unknown): block is { id: string } =>
  isRecord(block) && block.type === 'toolCall' && typeof block.id === 'string';

/** Whether an assistant message calls a tool (`isAwaitedCall`). */
function callsTools(message: Message): boolean {
  const content: unknown = message.content;
  return Array.isArray(content) && content.some(isAwaitedCall);
}

/**
 * Close a turn: a synthetic result slot for each call of `caller` (the turn's assistant message
 * calling tools, if any) left unanswered. Its calls are read again here rather than listed when it
 * is met: a list made per assistant turn was most of this walk's garbage.
 */
function closeTurn(slots: SourceSlots, caller: Message | undefined, answered: Set<string>): void {
  if (caller === undefined) return;
  for (const block of caller.content as unknown[]) if (isAwaitedCall(block) && !answered.has(block.id)) slots.push(TOOL_SLOT, -1);
  answered.clear();
}

// No closure is made per call in the functions below: a second call (the replay's side) would pass
// a new one, and V8 throws away the code it optimised for the first.
function sourceSlots(messages: readonly Message[]): SourceSlots {
  // Each message takes one slot at most; synthetic results may need more (`push` grows then).
  const slots = new SourceSlots(messages.length);
  // The assistant message whose calls wait for their results, if any.
  let caller: Message | undefined;
  // Read only against the caller's calls and emptied with them, so one set serves every turn.
  const answered = new Set<string>();
  for (let index = 0; index < messages.length; index += 1) {
    const message = messages[index];
    const role = message.role;
    if (role === 'assistant') {
      closeTurn(slots, caller, answered);
      caller = undefined;
      if (message.stopReason === 'error' || message.stopReason === 'aborted') continue;
      if (callsTools(message)) {
        caller = message;
        answered.clear();
      }
      slots.push(ASSISTANT_SLOT, index);
    } else if (role === 'toolResult') {
      if (typeof message.toolCallId === 'string') answered.add(message.toolCallId);
      slots.push(TOOL_SLOT, index);
    } else if (role === 'user' || (USER_LIKE_ROLES.has(role) && message.excludeFromContext !== true)) {
      closeTurn(slots, caller, answered);
      caller = undefined;
      slots.push(USER_SLOT, index);
    }
  }
  closeTurn(slots, caller, answered);
  return slots;
}

interface EntryKind {
  readonly kind: Kind;
  /** The kind of the slots it takes (`USER_SLOT`…): a number read, not looked up by name per entry. */
  readonly slot: number;
  readonly group: boolean;
  readonly toolImages: boolean;
  readonly itemType?: string;
}

// The kinds most entries have, shared (read only): mapping a long payload allocates none of them.
const USER: EntryKind = { kind: 'user', slot: USER_SLOT, group: false, toolImages: false };
const USER_TOOL_IMAGES: EntryKind = { kind: 'user', slot: USER_SLOT, group: false, toolImages: true };
const ASSISTANT: EntryKind = { kind: 'assistant', slot: ASSISTANT_SLOT, group: false, toolImages: false };
const TOOL: EntryKind = { kind: 'tool', slot: TOOL_SLOT, group: false, toolImages: false };
const TOOL_GROUP: EntryKind = { kind: 'tool', slot: TOOL_SLOT, group: true, toolImages: false };

const carriesToolImages = (first: unknown) => isRecord(first) && typeof first.text === 'string' && TOOL_IMAGE_TEXTS.has(first.text);

/** A non-empty list of tool results only (Anthropic's `tool_result` blocks, Bedrock's `toolResult` members). */
function allToolResults(content: unknown): boolean {
  if (!Array.isArray(content) || content.length === 0) return false;
  for (const b of content) if (!isRecord(b) || (b.type !== 'tool_result' && !('toolResult' in b))) return false;
  return true;
}

function entryKind(entry: JsonValue, family: PayloadFamily): EntryKind {
  if (!isRecord(entry)) return USER;
  const role = entry.role;
  switch (family) {
    case 'anthropic':
    case 'bedrock': {
      if (role === 'assistant') return ASSISTANT;
      return allToolResults(entry.content) ? TOOL_GROUP : USER;
    }
    case 'gemini': {
      if (role === 'model') return ASSISTANT;
      const parts = Array.isArray(entry.parts) ? entry.parts : [];
      if (parts.some((p) => isRecord(p) && 'functionResponse' in p)) return TOOL_GROUP;
      return carriesToolImages(parts[0]) ? USER_TOOL_IMAGES : USER;
    }
    case 'openai-completions':
    case 'mistral': {
      if (role === 'assistant') return ASSISTANT;
      if (role === 'tool') return TOOL;
      const content = Array.isArray(entry.content) ? entry.content : [];
      return carriesToolImages(content[0]) ? USER_TOOL_IMAGES : USER;
    }
    case 'openai-responses': {
      const type = typeof entry.type === 'string' ? entry.type : undefined;
      if (type === 'function_call_output' || type === 'custom_tool_call_output') return TOOL;
      if (type === 'function_call' || type === 'reasoning' || type === 'custom_tool_call' || role === 'assistant')
        return { kind: 'assistant', slot: ASSISTANT_SLOT, group: false, toolImages: false, itemType: type ?? 'message' };
      return USER;
    }
  }
}

/** The message a slot was built from, null for a synthetic result. */
function slotIndex(indexes: Int32Array, k: number): number | null {
  return indexes[k] < 0 ? null : indexes[k];
}

/**
 * For each entry of the payload's conversation array, the index in `messages` (the messages given to
 * the builder) it was built from, or null (synthetic, or no plausible source).
 */
export function mapPayloadToMessages(
  payload: JsonValue | undefined,
  family: PayloadFamily,
  messages: readonly Message[],
): (number | null)[] {
  const entries = payloadMessages(payload, family);
  const { kinds, indexes, length } = sourceSlots(messages);
  // Made at its size: grown by push, a list of tens of thousands is copied into the old generation
  // at each growth (see SourceSlots).
  const out = new Array<number | null>(entries.length);
  let next = 0;
  let lastTool: number | null = null;
  let previous: { kind: Kind; itemType?: string } | null = null;
  let previousIndex: number | null = null;
  for (let e = 0; e < entries.length; e += 1) {
    const info = entryKind(entries[e], family);
    let index: number | null = null;
    if (info.toolImages && previous?.kind === 'tool') {
      index = lastTool;
    } else if (
      family === 'openai-responses' &&
      info.kind === 'assistant' &&
      previous?.kind === 'assistant' &&
      !startsNewResponsesTurn(previous.itemType, info.itemType, next < length && kinds[next] === ASSISTANT_SLOT)
    ) {
      index = previousIndex;
    } else {
      const kind = info.slot;
      let j = next;
      while (j < length && kinds[j] !== kind) j += 1;
      if (j < length) {
        index = slotIndex(indexes, j);
        next = j + 1;
        if (info.group) {
          while (next < length && kinds[next] === TOOL_SLOT) {
            index ??= slotIndex(indexes, next);
            next += 1;
          }
        }
      }
    }
    if (info.kind === 'tool') lastTool = index;
    out[e] = index;
    previous = info;
    previousIndex = index;
  }
  return out;
}

/**
 * Responses items of one assistant turn come in block order; a reasoning or message item after a
 * function_call starts the next assistant turn only when that turn is next in line.
 */
function startsNewResponsesTurn(previousType: string | undefined, type: string | undefined, nextIsAssistant: boolean): boolean {
  if (!nextIsAssistant) return false;
  return previousType === 'function_call' && (type === 'reasoning' || type === 'message');
}

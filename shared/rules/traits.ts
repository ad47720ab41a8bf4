/**
 * What a message holds, as bits read in one pass over its blocks: a rule passes over a turn whose bits
 * say it cannot change it without looking inside the message again (docs/rules.md#the-pipeline).
 */
import { hasCallInput, isRecord, TOOL_CALL_TYPES } from '../messages.js';
import { firstVisibleIndex } from '../text/blank.js';
import { opensWakePrompt } from '../text/heartbeat-prompts.js';
import { mayHoldInternalMetadata } from '../text/internal-metadata.js';
import { mayHoldSilentReply } from '../text/silent-reply.js';
import type { Message } from '../types.js';
import { usageIsCanonical } from '../usage.js';
import { isValidToolName } from './tool-names.js';

/**
 * The bits. Each is a superset: set whenever the thing may be there, so a rule may trust a clear bit
 * (and must look inside when one is set). `prose` is the one the other way round: set only when the
 * thing is there, so a rule may trust it set.
 */
export const TRAIT = {
  user: 1 << 0,
  assistant: 1 << 1,
  toolResult: 1 << 2,
  /** Another role (a truthy one): with the three above, a turn without any role bit has no role. */
  otherRole: 1 << 14,
  /** A tool result naming its call in a non-empty `toolCallId` and in no other id field (pi's own shape). */
  plainResultId: 1 << 15,
  /** A string content (`''` included). */
  stringContent: 1 << 3,
  /** An array content. */
  arrayContent: 1 << 4,
  /** `''` or `[]`. */
  emptyContent: 1 << 5,
  /** A block that is not a record, or has no string `type`. */
  oddBlock: 1 << 6,
  /** A `thinking` or `redacted_thinking` block. */
  thinking: 1 << 7,
  /** A tool-call block (any of the types OpenClaw recognises). */
  call: 1 << 8,
  /**
   * A tool-call block that is not `isPlainCall`: one the guards of tool-call-input may drop or rewrite
   * even without an allowlist.
   */
  oddCall: 1 << 21,
  /** An `image` block. */
  image: 1 << 9,
  /** A block of another type than text, thinking, redacted thinking, a call or an image (attachments, results…). */
  otherBlock: 1 << 10,
  /** A text block whose text is blank or not a string, or a blank string content. */
  blankText: 1 << 11,
  /**
   * A text (a `text` block's, or the string content) whose first visible character is not "[": no
   * bracketed runtime marker such as the stream-error sentinel, whatever the rest of the turn holds.
   */
  prose: 1 << 12,
  /**
   * An assistant text (the string content, or any block's string `text`) that may hold runtime context
   * or copied metadata (`mayHoldInternalMetadata`).
   */
  metadataCue: 1 << 16,
  /** An assistant text (the string content, or any block's string `text`) that may be a silent reply (`mayHoldSilentReply`). */
  silentCue: 1 << 17,
  /** An assistant turn whose usage is not already in pi's canonical form (`usageIsCanonical`). */
  oddUsage: 1 << 18,
  /** An assistant turn OpenClaw may have written for its own bookkeeping: `provider` "openclaw", or a delivery-mirror marker. */
  openclawAuthored: 1 << 19,
  /**
   * A user turn whose text opens as a wake prompt may: the first visible character of its string content,
   * or of its first text, input_text or output_text block with one, is one a prompt opens with.
   */
  promptCue: 1 << 20,
} as const;

/** The block types a wake prompt's text is read from. */
const PROMPT_TEXT_TYPES = new Set(['text', 'input_text', 'output_text']);

/** The prompt cue of a text, or null when it has no visible character (the next text then decides). */
function openingBits(text: string): number | null {
  const first = firstVisibleIndex(text);
  if (first < 0) return null;
  return opensWakePrompt(text.charAt(first)) ? TRAIT.promptCue : 0;
}

/**
 * Whether a tool call is one both guards of tool-call-input keep as it is when there is no allowlist:
 * it has input or arguments, a non-empty `id` without surrounding white space, a valid tool name (whose
 * alphabet has no white space), and no half-streamed `partialJson`. A well-formed session's calls all
 * are, so the guards' passes over its calls can be skipped (`trim` hands back the string itself when
 * there is nothing to trim).
 */
function isPlainCall(block: Record<string, unknown>): boolean {
  const { id, name } = block;
  return (
    hasCallInput(block) &&
    typeof id === 'string' &&
    id !== '' &&
    id.trim() === id &&
    typeof name === 'string' &&
    isValidToolName(name) &&
    typeof block.partialJson !== 'string'
  );
}

/** The role bits of a turn. */
export const ROLE_TRAITS = TRAIT.user | TRAIT.assistant | TRAIT.toolResult | TRAIT.otherRole;

/**
 * Whether a tool result names its call in a non-empty `toolCallId` and in no other field of
 * TOOL_RESULT_ID_FIELDS. The other fields are read by name, not by a loop over their names: a read by
 * a computed name that misses (the field is nearly always absent) costs a generic lookup each, and
 * this runs for every result a run makes (over the results of a many-calls session, half the time).
 */
function hasPlainResultId(message: Message): boolean {
  if (typeof message.toolCallId !== 'string' || message.toolCallId === '') return false;
  return (
    message.toolUseId === undefined &&
    message.tool_call_id === undefined &&
    message.tool_use_id === undefined &&
    message.callId === undefined &&
    message.call_id === undefined
  );
}

function roleBits(role: unknown): number {
  if (role === 'user') return TRAIT.user;
  if (role === 'assistant') return TRAIT.assistant;
  if (role === 'toolResult') return TRAIT.toolResult;
  return role ? TRAIT.otherRole : 0;
}

/** The bits a text adds: blank, or prose (its first visible character is not "["). */
function textBits(text: string): number {
  const first = firstVisibleIndex(text);
  if (first < 0) return TRAIT.blankText;
  return text.charCodeAt(first) === 0x5b ? 0 : TRAIT.prose;
}

/** The bits a text of an assistant turn adds: the cues two rules would otherwise scan every assistant text for. */
function assistantTextBits(text: string): number {
  return (mayHoldInternalMetadata(text) ? TRAIT.metadataCue : 0) | (mayHoldSilentReply(text) ? TRAIT.silentCue : 0);
}

/** The bits only an assistant turn has, read from its fields (its texts are read with its blocks). */
function assistantFieldBits(message: Message): number {
  const authored = message.provider === 'openclaw' || message.openclawDeliveryMirror !== undefined;
  return (usageIsCanonical(message.usage) ? 0 : TRAIT.oddUsage) | (authored ? TRAIT.openclawAuthored : 0);
}

/**
 * The bits of one message. A user's or a result's texts are not scanned beyond their first visible
 * character: a cue in them is read by the one rule that needs it, on the turns it looks at. An
 * assistant's texts, usage and provenance are read here, while the message is at hand: several rules
 * would otherwise each open every assistant turn of a long session again to find nothing.
 */
export function traitsOf(message: Message): number {
  let bits = roleBits(message.role);
  if (bits === TRAIT.toolResult && hasPlainResultId(message)) bits |= TRAIT.plainResultId;
  const assistant = bits === TRAIT.assistant;
  if (assistant) bits |= assistantFieldBits(message);
  // Only a user turn's opening is read for a prompt; for the others it is known from the start.
  let opening: number | null = bits === TRAIT.user ? null : 0;
  const content = message.content;
  if (typeof content === 'string') {
    bits |= TRAIT.stringContent;
    if (content === '') bits |= TRAIT.emptyContent;
    if (assistant) bits |= assistantTextBits(content);
    if (opening === null) bits |= openingBits(content) ?? 0;
    return bits | textBits(content);
  }
  if (!Array.isArray(content)) return bits;
  bits |= TRAIT.arrayContent;
  if (content.length === 0) bits |= TRAIT.emptyContent;
  for (let i = 0; i < content.length; i += 1) {
    const block: unknown = content[i];
    if (!isRecord(block)) {
      bits |= TRAIT.oddBlock;
      continue;
    }
    if (assistant && typeof block.text === 'string') bits |= assistantTextBits(block.text);
    if (opening === null && typeof block.text === 'string' && PROMPT_TEXT_TYPES.has(block.type as string)) {
      opening = openingBits(block.text);
      bits |= opening ?? 0;
    }
    const type = block.type;
    if (typeof type !== 'string') bits |= TRAIT.oddBlock;
    else if (type === 'text') {
      const text = block.text;
      bits |= typeof text === 'string' ? textBits(text) : TRAIT.blankText;
    } else if (type === 'thinking' || type === 'redacted_thinking') bits |= TRAIT.thinking;
    else if (type === 'image') bits |= TRAIT.image;
    else if (TOOL_CALL_TYPES.has(type)) bits |= isPlainCall(block) ? TRAIT.call : TRAIT.call | TRAIT.oddCall;
    else bits |= TRAIT.otherBlock;
  }
  return bits;
}

/**
 * The traits of an assistant turn whose call ids alone were rewritten, when they are known without
 * reading the turn again (undefined when not): a rewritten id is never empty and has no white space
 * around it, so a turn whose calls were all plain (`oddCall` clear) keeps every bit. A turn with an
 * odd call is read again, since its call may have been odd only for its id.
 */
export function traitsAfterCallIdRewrite(traits: number): number | undefined {
  return traits & TRAIT.oddCall ? undefined : traits;
}

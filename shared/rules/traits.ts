/**
 * What a message holds, as bits read in one pass over its blocks: a rule passes over a turn whose bits
 * say it cannot change it without looking inside the message again (docs/rules.md#the-pipeline).
 */
import { isRecord, TOOL_CALL_TYPES } from '../messages.js';
import { firstVisibleIndex } from '../text/blank.js';
import type { Message } from '../types.js';

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
} as const;

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

/**
 * The bits of one message. Texts are not scanned beyond their first visible character: a cue in the
 * text is read by the one rule that needs it, on the turns it looks at.
 */
export function traitsOf(message: Message): number {
  let bits = roleBits(message.role);
  if (bits === TRAIT.toolResult && hasPlainResultId(message)) bits |= TRAIT.plainResultId;
  const content = message.content;
  if (typeof content === 'string') {
    bits |= TRAIT.stringContent;
    if (content === '') bits |= TRAIT.emptyContent;
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
    const type = block.type;
    if (typeof type !== 'string') bits |= TRAIT.oddBlock;
    else if (type === 'text') {
      const text = block.text;
      bits |= typeof text === 'string' ? textBits(text) : TRAIT.blankText;
    } else if (type === 'thinking' || type === 'redacted_thinking') bits |= TRAIT.thinking;
    else if (type === 'image') bits |= TRAIT.image;
    else if (TOOL_CALL_TYPES.has(type)) bits |= TRAIT.call;
    else bits |= TRAIT.otherBlock;
  }
  return bits;
}

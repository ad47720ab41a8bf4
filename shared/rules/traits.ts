/**
 * What a message holds, as bits read in one pass over its blocks: a rule passes over a turn whose bits
 * say it cannot change it without looking inside the message again (docs/rules.md#the-pipeline).
 */
import { isRecord, TOOL_CALL_TYPES } from '../messages.js';
import { isBlank } from '../text/blank.js';
import { mayHoldInternalMetadata } from '../text/internal-metadata.js';
import { mayHoldSilentReply } from '../text/silent-reply.js';
import type { Message } from '../types.js';

/**
 * The bits. Each is a superset: set whenever the thing may be there, so a rule may trust a clear bit
 * (and must look inside when one is set).
 */
export const TRAIT = {
  user: 1 << 0,
  assistant: 1 << 1,
  toolResult: 1 << 2,
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
  /** An assistant's text (string content, or a block's `text`) may be a silent reply. */
  silentCue: 1 << 12,
  /** An assistant's text (string content, or a block's `text`) may hold runtime context or inbound metadata. */
  metadataCue: 1 << 13,
} as const;

const ROLE_BITS: Readonly<Record<string, number>> = { user: TRAIT.user, assistant: TRAIT.assistant, toolResult: TRAIT.toolResult };

function textBits(text: string): number {
  return (mayHoldSilentReply(text) ? TRAIT.silentCue : 0) | (mayHoldInternalMetadata(text) ? TRAIT.metadataCue : 0);
}

/** The bits of one message. Only an assistant's texts are scanned for cues (no rule reads them on other turns). */
export function traitsOf(message: Message): number {
  let bits = ROLE_BITS[message.role] ?? 0;
  const scan = bits === TRAIT.assistant;
  const content = message.content;
  if (typeof content === 'string') {
    bits |= TRAIT.stringContent | (scan ? textBits(content) : 0);
    if (content === '') bits |= TRAIT.emptyContent;
    if (isBlank(content)) bits |= TRAIT.blankText;
    return bits;
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
    const text = block.text;
    if (scan && typeof text === 'string') bits |= textBits(text);
    if (typeof type !== 'string') bits |= TRAIT.oddBlock;
    else if (type === 'text') {
      if (typeof text !== 'string' || isBlank(text)) bits |= TRAIT.blankText;
    } else if (type === 'thinking' || type === 'redacted_thinking') bits |= TRAIT.thinking;
    else if (type === 'image') bits |= TRAIT.image;
    else if (TOOL_CALL_TYPES.has(type)) bits |= TRAIT.call;
    else bits |= TRAIT.otherBlock;
  }
  return bits;
}

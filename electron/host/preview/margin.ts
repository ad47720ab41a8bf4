/**
 * How far a preview reads past the turns it shows, so that they come out of hygiene and pi-ai as they
 * will in the full inspection (see `turnsToRead`).
 */
import { isRecord, toolResultCallId } from '../../../shared/messages.js';
import { HEARTBEAT_TOKEN, isHeartbeatPrompt } from '../../../shared/rules/heartbeat-filter.js';
import { isSyntheticResult } from '../../../shared/rules/pairing-checks.js';
import { TRAIT, traitsOf } from '../../../shared/rules/traits.js';
import { extractCalls } from '../../../shared/rules/tool-result-pairing.js';
import { isBlank } from '../../../shared/text/blank.js';
import { mayHoldInternalMetadata } from '../../../shared/text/internal-metadata.js';
import { mayHoldSilentReply } from '../../../shared/text/silent-reply.js';
import type { Message } from '../../../shared/types.js';
import { hasNonzeroUsage } from '../../../shared/usage.js';

/** How far past the asked turns the preview reads so they are judged as in the whole branch. */
export const MAX_EXTRA_TURNS = 64;
/** Turns read past the asked ones at least, and user and assistant turns among them. */
const MARGIN_TURNS = 8;
const MARGIN_ROLE_TURNS = 2;

/** A text of an assistant turn that hygiene keeps: visible, and neither a silent reply, a heartbeat ack nor runtime metadata. */
function keptText(text: unknown): boolean {
  return (
    typeof text === 'string' &&
    !isBlank(text) &&
    !mayHoldSilentReply(text) &&
    !mayHoldInternalMetadata(text) &&
    !text.includes(HEARTBEAT_TOKEN)
  );
}

/**
 * Whether hygiene keeps an assistant turn whatever comes after it (the margin counts only those): one
 * that did not fail, that OpenClaw did not write for itself (its provider, a delivery mirror), with
 * calls the send-time guard keeps as they are and no thinking (a call without input, id or valid name,
 * or a signed turn whose calls it refuses, may go with its turn), or with a text `keptText` keeps and
 * some usage (a zero-usage copy of the turn before is a bare mirror). Others may be dropped (a group
 * chat's silent run), and the users around them merge across the cut, the last taking the cache mark.
 */
function keptAssistant(message: Message): boolean {
  if (message.stopReason === 'error' || message.stopReason === 'aborted') return false;
  const traits = traitsOf(message);
  if (traits & (TRAIT.openclawAuthored | TRAIT.oddCall)) return false;
  if (traits & TRAIT.call) return !(traits & TRAIT.thinking);
  if (isRecord(message.usage) && !hasNonzeroUsage(message.usage)) return false;
  const content: unknown = message.content;
  if (typeof content === 'string') return keptText(content);
  return Array.isArray(content) && content.some((block) => isRecord(block) && block.type === 'text' && keptText(block.text));
}

/**
 * Whether hygiene keeps a user turn whatever comes after it: one with a visible text or an image
 * that is not one of OpenClaw's wake prompts (the heartbeat filter drops those with their replies).
 */
function keptUser(message: Message): boolean {
  if (isHeartbeatPrompt(message)) return false;
  const content: unknown = message.content;
  if (typeof content === 'string') return !isBlank(content);
  return (
    Array.isArray(content) &&
    content.some(
      (block) =>
        isRecord(block) && (block.type === 'image' || (block.type === 'text' && typeof block.text === 'string' && !isBlank(block.text))),
    )
  );
}

/**
 * How many messages to read: `wanted`, then on until the turns shown are judged as in the whole
 * branch (within MAX_EXTRA_TURNS): every tool call among them has its result (one past the cut
 * would be "missing"), and a margin of turns with users and assistants hygiene keeps follows them
 * (rules keep thinking on the latest assistant turn or after the latest user turn; payloads mark the
 * last user message for caching and merge neighbours across the cut). Turns hygiene may drop are not
 * counted (`keptUser`, `keptAssistant`): they may leave the cut's neighbours side by side.
 * `messages`: the branch's first messages, as far as the preview may read.
 */
export function turnsToRead(messages: readonly Message[], wanted: number): number {
  let count = Math.min(messages.length, wanted);
  const open = new Set<string>();
  let usersAfter = 0;
  let assistantsAfter = 0;
  const track = (m: Message, after: boolean) => {
    if (m.role === 'assistant' && Array.isArray(m.content)) {
      // The calls that tool-result pairing answers, and the result ids it reads, by the rule's own tests.
      for (const call of extractCalls(m)) open.add(call.id.trim());
    } else if (m.role === 'toolResult' && !isSyntheticResult(m)) {
      // A synthetic result OpenClaw wrote leaves its call open: pairing repair puts a real one, later, in its place.
      open.delete(toolResultCallId(m) ?? '');
    }
    if (after && m.role === 'user' && keptUser(m)) usersAfter += 1;
    if (after && m.role === 'assistant' && keptAssistant(m)) assistantsAfter += 1;
  };
  for (let i = 0; i < count; i += 1) track(messages[i], false);
  const limit = Math.min(messages.length, count + MAX_EXTRA_TURNS);
  const least = count + MARGIN_TURNS;
  while ((open.size > 0 || count < least || usersAfter < MARGIN_ROLE_TURNS || assistantsAfter < MARGIN_ROLE_TURNS) && count < limit)
    track(messages[count++], true);
  return count;
}

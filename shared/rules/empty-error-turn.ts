/** Assistant turns that failed before producing content: dropped, or (Bedrock Converse) replayed with a placeholder. */
import { describeTurn, isRecord, TEXT } from '../messages.js';
import { isBlank, trimsTo } from '../text/blank.js';
import type { Message } from '../types.js';
import { isZeroUsageSnapshot, normalizeUsageSnapshot } from '../usage.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';

const TEXT_TYPES = new Set(['text', 'input_text', 'output_text']);

/** Content that is nothing, blank text, or the stream-error sentinel an earlier replay or file repair wrote. */
export function isStreamErrorFallbackContent(content: unknown): boolean {
  if (content === null || content === undefined) return true;
  if (typeof content === 'string') return isBlank(content) || trimsTo(content, TEXT.streamErrorSentinel);
  return (
    Array.isArray(content) &&
    content.every(
      (b) =>
        isRecord(b) &&
        typeof b.type === 'string' &&
        TEXT_TYPES.has(b.type) &&
        typeof b.text === 'string' &&
        isStreamErrorFallbackContent(b.text),
    )
  );
}

/**
 * Trait bits of content `isStreamErrorFallbackContent` rejects: a block other than text, or a text
 * that is neither blank nor the sentinel (whose first visible character is "[").
 */
const NOT_FALLBACK_CONTENT = TRAIT.prose | TRAIT.call | TRAIT.thinking | TRAIT.image | TRAIT.oddBlock;

/** A `stop` turn with zero recorded usage: the stream died before the model said anything. */
export function isZeroUsageEmptyStop(message: Message): boolean {
  // Judged on the normalised usage, so a turn without usage is judged as the usage rule will record it
  // (zero); otherwise replaying the replay would drop it the second time.
  return message.stopReason === 'stop' && isZeroUsageSnapshot(normalizeUsageSnapshot(message.usage));
}

const isEmpty = (content: unknown) =>
  content === null || content === undefined || content === '' || (Array.isArray(content) && content.length === 0);
const isSentinelOnly = (content: unknown) =>
  (typeof content === 'string' && content.trim() === TEXT.streamErrorSentinel) ||
  (Array.isArray(content) &&
    content.length > 0 &&
    content.every((b) => isRecord(b) && typeof b.text === 'string' && b.text.trim() === TEXT.streamErrorSentinel));

export const emptyErrorTurnRule: Rule = {
  id: 'empty-error-turn',
  title: 'Empty error turns',
  explanation:
    'An assistant turn that failed before producing anything (stop reason "error", or zero usage, with empty content, blank text or the "[assistant turn failed before producing content]" text) gives the provider nothing to use, and an empty assistant turn is rejected (Bedrock: "The content field in the Message object … is empty"). Such turns are dropped. In the spec behaviour only, on Bedrock Converse an error turn with empty content is replayed with that text instead, so the failure stays visible (OpenClaw 2026.9.6 drops it). The check runs again after later rules empty a turn, so a second replay finds nothing more to drop.',
  providers: 'all providers; the placeholder only for bedrock-converse-stream',
  appliesWhen: () => true,
  apply(turns, ctx) {
    // The turns kept, copied only from the first change on (nearly every session has none).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      const m = turn.message;
      // The bits first (they are on the turn, the message need not be read), then the stop reason: only
      // an `error` or `stop` turn can have failed.
      if (
        (turn.traits & (TRAIT.assistant | NOT_FALLBACK_CONTENT)) !== TRAIT.assistant ||
        (m.stopReason !== 'error' && m.stopReason !== 'stop') ||
        !isStreamErrorFallbackContent(m.content) ||
        !(m.stopReason === 'error' || isZeroUsageEmptyStop(m))
      ) {
        out?.push(turn);
        continue;
      }
      out ??= turns.slice(0, index);
      if (ctx.policy.replayEmptyErrorTurnsWithPlaceholder && m.stopReason === 'error') {
        if (isSentinelOnly(m.content)) {
          out.push(turn);
          continue;
        }
        if (isEmpty(m.content)) {
          const after = [{ type: 'text', text: TEXT.streamErrorSentinel }];
          ctx.note(
            turn,
            'rewritten',
            'empty error turn replayed with the placeholder text (Bedrock Converse rejects an assistant message with empty content)',
            { before: m.content ?? null, after, path: 'content', decision: ctx.decisionOf('replayEmptyErrorTurnsWithPlaceholder') },
          );
          out.push(ctx.with(turn, { ...m, content: after }));
          continue;
        }
      }
      const why = m.stopReason === 'error' ? 'failed before producing content' : 'ended with zero usage and no content';
      ctx.note(turn, 'dropped', `${describeTurn(m)} ${why} — nothing to replay`, { before: m.content ?? null });
    }
    return out ?? turns;
  },
};

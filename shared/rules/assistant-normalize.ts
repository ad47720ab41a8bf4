/**
 * Assistant turns as providers expect them: transcript-only artefacts removed, string/object content
 * wrapped as blocks, silent replies (`NO_REPLY`) and display-only blocks removed, duplicate mirrors dropped.
 */
import { contentArray, describeTurn, isRecord, isThinkingLike, PAIRABLE_CALL_TYPES } from '../messages.js';
import { isSilentReplyText } from '../text/silent-reply.js';
import type { Message } from '../types.js';
import { hasNonzeroUsage } from '../usage.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT } from './traits.js';

export interface AssistantNormalizeOptions {
  phase: 'artefacts' | 'content' | 'mirror-duplicates';
}

const ARTEFACT_MODELS = new Set(['delivery-mirror', 'gateway-injected']);
const MIRROR_KINDS = new Set(['channel-final', 'channel-final-suppressed', 'message-tool-source-reply', 'cron-direct-delivery-context']);
/** Display-only blocks the channel layer attaches to assistant turns; never part of a provider turn. */
const DISPLAY_BLOCK_TYPES = new Set(['attachment', 'attachment_error', 'audio', 'image', 'video']);

/** An OpenClaw-authored transcript artefact (channel delivery mirror, gateway-injected message). */
export function isTranscriptOnlyArtefact(message: Message): boolean {
  if (message.role !== 'assistant') return false;
  if (message.provider === 'openclaw' && typeof message.model === 'string' && ARTEFACT_MODELS.has(message.model)) return true;
  const marker = message.openclawDeliveryMirror;
  return isRecord(marker) && typeof marker.kind === 'string' && MIRROR_KINDS.has(marker.kind);
}

/** Thinking only (blank text allowed), with at least one thinking block. */
export function hasOnlyReasoningContent(message: Message): boolean {
  const content = Array.isArray(message.content) ? message.content : isRecord(message.content) ? [message.content] : [];
  let thinking = false;
  for (const block of content) {
    if (!isRecord(block) || !('type' in block)) return false;
    if (isThinkingLike(block)) {
      thinking = true;
      continue;
    }
    if (block.type === 'text' && typeof block.text === 'string' && !block.text.trim()) continue;
    return false;
  }
  return thinking;
}

function callCount(message: Message): number {
  const content = contentArray(message) ?? [];
  return content.filter(
    (b) => isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type) && typeof b.id === 'string' && b.id !== '',
  ).length;
}

function artefacts(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  // An artefact names OpenClaw as its provider or carries a mirror marker (the trait says which turns do).
  if (!ctx.mayHave(TRAIT.openclawAuthored)) return turns;
  // The turns kept, copied only from the first drop on (most sessions have no artefact).
  let out: Turn[] | null = null;
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    if (!(turn.traits & TRAIT.openclawAuthored) || !isTranscriptOnlyArtefact(turn.message)) {
      out?.push(turn);
      continue;
    }
    const m = turn.message;
    const what = isRecord(m.openclawDeliveryMirror)
      ? `delivery mirror (${String(m.openclawDeliveryMirror.kind)})`
      : `${String(m.model)} artefact`;
    ctx.note(turn, 'dropped', `transcript-only ${what} — OpenClaw writes it for channels and the UI, it was never a model turn`, {
      before: m.content ?? null,
    });
    out ??= turns.slice(0, index);
  }
  return out ?? turns;
}

/** Of these traits, a block list alone: no display-only block (an image or another kind) to remove. */
const DISPLAY_OR_LIST = TRAIT.arrayContent | TRAIT.image | TRAIT.otherBlock;

function content(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  // The turns after the pass, copied only from the first turn it may change (most sessions have none).
  let out: Turn[] | null = null;
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    // Blocks only, none displayed-only and no text that may be silent: nothing to change.
    if (!(turn.traits & TRAIT.assistant) || (turn.traits & (DISPLAY_OR_LIST | TRAIT.silentCue)) === TRAIT.arrayContent) {
      out?.push(turn);
      continue;
    }
    const m = turn.message;
    out ??= turns.slice(0, index);
    if (typeof m.content === 'string') {
      const trimmed = m.content.trim();
      if (!trimmed || isSilentReplyText(trimmed)) {
        ctx.note(
          turn,
          'dropped',
          trimmed ? `${describeTurn(m)} was a silent reply (NO_REPLY) — nothing was said` : `${describeTurn(m)} had only blank text`,
          { before: m.content },
        );
        continue;
      }
      const after = [{ type: 'text', text: m.content }];
      ctx.note(turn, 'rewritten', 'string content wrapped as a text block', { before: m.content, after, path: 'content' });
      out.push(ctx.with(turn, { ...m, content: after }));
      continue;
    }
    let current = turn;
    let blocks = contentArray(m);
    if (!blocks) {
      blocks = m.content !== null && m.content !== undefined && typeof m.content === 'object' ? [m.content] : [];
      ctx.note(
        turn,
        'rewritten',
        m.content === null || m.content === undefined
          ? 'missing content replaced by an empty block list'
          : 'object content wrapped in a block list',
        { before: m.content ?? null, after: blocks, path: 'content' },
      );
      current = ctx.with(turn, { ...m, content: blocks });
    }
    let removedSilent = false;
    const kept: unknown[] = [];
    const removed: string[] = [];
    blocks.forEach((block, i) => {
      if (!isRecord(block)) {
        kept.push(block);
        return;
      }
      if (typeof block.type === 'string' && DISPLAY_BLOCK_TYPES.has(block.type)) {
        removed.push(`content[${i}] (${block.type})`);
        return;
      }
      if (typeof block.text === 'string' && isSilentReplyText(block.text.trim())) {
        removed.push(`content[${i}] (NO_REPLY)`);
        removedSilent = true;
        return;
      }
      kept.push(block);
    });
    if (removed.length === 0) {
      out.push(current);
      continue;
    }
    if (kept.length === 0) {
      ctx.note(current, 'dropped', `${describeTurn(m)} had nothing but ${removed.join(', ')}`, { before: blocks });
      continue;
    }
    const next: Message = { ...current.message, content: kept };
    if (removedSilent && hasOnlyReasoningContent(next)) {
      ctx.note(current, 'dropped', `${describeTurn(m)} was a silent reply (NO_REPLY) with only reasoning left`, { before: blocks });
      continue;
    }
    ctx.note(current, 'rewritten', `removed ${removed.join(', ')} — silent-reply tokens and display-only attachments are not replayed`, {
      before: removed,
      path: 'content',
    });
    out.push(ctx.with(current, next));
  }
  return out ?? turns;
}

function sameContent(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function mirrorDuplicates(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  // The turns kept, copied only from the first drop on (nearly every session has none).
  let out: Turn[] | null = null;
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    const m = turn.message;
    const previousTurn = out ? out.at(-1) : turns[index - 1];
    // The previous message when it is an assistant's (its role read from the bits, not the message).
    const previous = previousTurn && previousTurn.traits & TRAIT.assistant ? previousTurn.message : undefined;
    const duplicate =
      (turn.traits & TRAIT.assistant) !== 0 &&
      previous !== undefined &&
      isRecord(m.usage) &&
      !hasNonzeroUsage(m.usage) &&
      m.stopReason === 'stop' &&
      callCount(previous) === 0 &&
      callCount(m) === 0 &&
      Array.isArray(previous.content) &&
      previous.content.length > 0 &&
      Array.isArray(m.content) &&
      sameContent(previous.content, m.content);
    if (duplicate) {
      ctx.note(turn, 'dropped', 'zero-usage copy of the previous assistant turn (a bare delivery mirror) dropped', {
        before: m.content ?? null,
      });
      out ??= turns.slice(0, index);
      continue;
    }
    out?.push(turn);
  }
  return out ?? turns;
}

export const assistantNormalizeRule: Rule<AssistantNormalizeOptions> = {
  id: 'assistant-normalize',
  title: 'Assistant turn normalisation',
  explanation:
    'Assistant turns are put in the shape every provider accepts. Text-only content becomes a text block; entries OpenClaw writes for its own bookkeeping (delivery mirrors, gateway-injected turns) and display-only attachments are left out of the replay (never removed from disk); a reply that is only the silent NO_REPLY token is removed; a zero-usage turn that repeats the previous one exactly is dropped.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx, options) {
    if (options.phase === 'artefacts') return artefacts(turns, ctx);
    if (options.phase === 'content') return content(turns, ctx);
    return mirrorDuplicates(turns, ctx);
  },
};

/** Blank text blocks removed before replay; emptied turns dropped or given a non-empty placeholder. */
import { contentArray, describeTurn, isBlankTextBlock, isRecord, TEXT } from '../messages.js';
import type { Message } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { isBlank } from '../text/blank.js';
import { TRAIT } from './traits.js';

/** A turn without these has no blank text to remove and is not empty. */
const BLANK = TRAIT.blankText | TRAIT.emptyContent;

/** `user-turns` runs with the assistant normalisation (step 2); `content` with the image pass (step 3). */
export interface BlankTextOptions {
  phase: 'user-turns' | 'content';
}

/** OpenClaw keeps a blank user turn that carries persisted media facts (as empty string content). */
function hasPersistedMedia(message: Message): boolean {
  const meta = message.__openclaw;
  return isRecord(meta) && Array.isArray(meta.media) && meta.media.length > 0;
}

const NO_BLANKS: readonly number[] = [];

/** The indexes of blank text blocks (a shared empty list for the usual content without any). */
function blankIndexes(content: unknown[]): readonly number[] {
  let out: number[] | null = null;
  for (let i = 0; i < content.length; i += 1) {
    const b = content[i];
    if (isBlankTextBlock(b) && isRecord(b) && typeof b.text === 'string') (out ??= []).push(i);
  }
  return out ?? NO_BLANKS;
}

/** The annotation of blank text blocks removed from a turn's content. */
function noteBlanksRemoved(ctx: RuleContext, turn: Turn, content: readonly unknown[], blanks: readonly number[]): void {
  ctx.note(turn, 'rewritten', `${blanks.length} blank text block(s) removed`, {
    before: blanks.map((i) => content[i]),
    path: blanks.map((i) => `content[${i}]`).join(', '),
  });
}
function userTurns(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  if (!ctx.mayHave(BLANK)) return turns;
  // The turns after the pass, copied only from the first turn it changes (most sessions have none).
  let out: Turn[] | null = null;
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    const next = turn.message.role !== 'user' || !(turn.traits & BLANK) ? turn : userTurn(turn, ctx);
    if (next === turn) {
      out?.push(turn);
      continue;
    }
    out ??= turns.slice(0, index);
    if (next) out.push(next);
  }
  return out ?? turns;
}

/** A user turn with blank text: itself when it stays as it is, its rewrite, or null when it is dropped. */
function userTurn(turn: Turn, ctx: RuleContext): Turn | null {
  const m = turn.message;
  if (typeof m.content === 'string') {
    if (!isBlank(m.content) || hasPersistedMedia(m)) return turn;
    ctx.note(turn, 'dropped', 'blank user turn dropped (providers reject empty user content)', { before: m.content });
    return null;
  }
  const content = contentArray(m);
  if (!content) return turn;
  const blanks = blankIndexes(content);
  if (blanks.length === 0 && content.length > 0) return turn;
  const kept = content.filter((_, i) => !blanks.includes(i));
  if (kept.length === 0) {
    if (hasPersistedMedia(m)) {
      ctx.note(turn, 'rewritten', 'blank text removed; the turn keeps its media facts with empty content', {
        before: m.content,
        after: '',
        path: 'content',
      });
      return ctx.with(turn, { ...m, content: '' });
    }
    ctx.note(
      turn,
      'dropped',
      content.length
        ? 'user turn with only blank text dropped (providers reject empty user content)'
        : 'user turn with no content dropped (providers reject empty user content)',
      { before: m.content },
    );
    return null;
  }
  noteBlanksRemoved(ctx, turn, content, blanks);
  return ctx.with(turn, { ...m, content: kept });
}

function contentPhase(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  // The turns after the pass, copied only from the first turn it may change (most sessions have none).
  let out: Turn[] | null = null;
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    // No blank text, not empty, and not a tool result without a block list (which is always rewritten).
    if (!(turn.traits & BLANK) && (!(turn.traits & TRAIT.toolResult) || turn.traits & TRAIT.arrayContent)) {
      out?.push(turn);
      continue;
    }
    out ??= turns.slice(0, index);
    const m = turn.message;
    const role = m.role;
    if (role === 'toolResult') {
      let content = contentArray(m);
      if (!content) {
        // A string result is kept as one text block (OpenClaw would replace it by the placeholder, losing it).
        // As OpenClaw's loader does: a string becomes a text block, an object a one-block list.
        const replaced: unknown[] =
          typeof m.content === 'string' && m.content.trim() ? [{ type: 'text', text: m.content }] : isRecord(m.content) ? [m.content] : [];
        ctx.note(
          turn,
          'rewritten',
          replaced.length ? 'tool result content wrapped as a block list' : 'tool result without content blocks',
          { before: m.content ?? null, after: replaced, path: 'content' },
        );
        content = replaced;
      }
      const blanks = blankIndexes(content);
      let kept = blanks.length ? content.filter((_, i) => !blanks.includes(i)) : content;
      if (blanks.length) noteBlanksRemoved(ctx, turn, content, blanks);
      if (kept.length === 0) {
        kept = [{ type: 'text', text: TEXT.emptyContentOmitted }];
        ctx.note(
          turn,
          'inserted',
          `emptied tool result given the placeholder "${TEXT.emptyContentOmitted}" (providers reject empty tool results)`,
          { after: kept[0], path: 'content[0]' },
        );
      }
      out.push(kept === m.content ? turn : ctx.with(turn, { ...m, content: kept }));
      continue;
    }
    const content = contentArray(m);
    if (!content || (role !== 'user' && role !== 'assistant')) {
      out.push(turn);
      continue;
    }
    const blanks = blankIndexes(content);
    if (blanks.length === 0 && content.length > 0) {
      out.push(turn);
      continue;
    }
    const kept = content.filter((_, i) => !blanks.includes(i));
    if (role === 'user') {
      if (blanks.length) noteBlanksRemoved(ctx, turn, content, blanks);
      if (kept.length === 0) {
        const placeholder = { type: 'text', text: TEXT.emptyContentOmitted };
        ctx.note(turn, 'inserted', `emptied user turn given the placeholder "${TEXT.emptyContentOmitted}"`, {
          after: placeholder,
          path: 'content[0]',
        });
        out.push(ctx.with(turn, { ...m, content: [placeholder] }));
      } else out.push(ctx.with(turn, { ...m, content: kept }));
      continue;
    }
    // assistant
    if (kept.length === 0 && !m.providerReplay) {
      ctx.note(
        turn,
        'dropped',
        `${describeTurn(m)} with no content left after removing blank text dropped (an empty assistant turn is rejected)`,
        { before: m.content },
      );
      continue;
    }
    if (blanks.length) {
      noteBlanksRemoved(ctx, turn, content, blanks);
      out.push(ctx.with(turn, { ...m, content: kept }));
    } else out.push(turn);
  }
  return out ?? turns;
}

export const blankTextRule: Rule<BlankTextOptions> = {
  id: 'blank-text',
  title: 'Blank text blocks',
  explanation:
    'Text blocks that are empty or only whitespace are removed before replay (Anthropic and Bedrock reject them: "text content blocks must be non-empty"). A user turn left with nothing is dropped when it was only blank text; a user or tool-result turn emptied by the content pass gets "[empty content omitted]" so its shape survives; an emptied assistant turn is dropped from the replay copy. OpenClaw replaces a tool result whose content is a plain string by the placeholder; this tool keeps the string as a text block instead, which loses nothing.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx, options) {
    return options.phase === 'user-turns' ? userTurns(turns, ctx) : contentPhase(turns, ctx);
  },
};

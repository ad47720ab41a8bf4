/** Marks user turns routed from another session so the model does not take them as the user's own words. */
import { contentArray, isRecord, TEXT } from '../messages.js';
import type { Message } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT } from './traits.js';
import { isBlank } from '../text/blank.js';

const KINDS = new Set(['external_user', 'inter_session', 'internal_system', 'room_observation']);

/** The provenance of an inter-session user turn, normalised; undefined for any other turn. */
function interSessionProvenance(message: Message): Record<string, string> | undefined {
  if (message.role !== 'user' || !isRecord(message.provenance)) return undefined;
  const p = message.provenance;
  if (typeof p.kind !== 'string' || !KINDS.has(p.kind) || p.kind !== 'inter_session') return undefined;
  const out: Record<string, string> = {};
  for (const key of ['sourceSessionKey', 'sourceChannel', 'sourceTool']) {
    const v = p[key];
    if (typeof v === 'string' && v.trim()) out[key] = v.trim();
  }
  return out;
}

/** The marker's fixed words (a redacted copy of a session keeps them, so an existing marker is still found). */
export const INTER_SESSION_VOCABULARY: readonly string[] = [
  TEXT.interSessionHeader,
  TEXT.interSessionExplanation,
  'sourceSession=',
  'sourceChannel=',
  'sourceTool=',
  'isUser=false',
];

/** The marker OpenClaw prepends: header with the source details and `isUser=false`, then the explanation. */
export function interSessionMarker(p: Record<string, string>): string {
  const details = [
    p.sourceSessionKey && `sourceSession=${p.sourceSessionKey}`,
    p.sourceChannel && `sourceChannel=${p.sourceChannel}`,
    p.sourceTool && `sourceTool=${p.sourceTool}`,
    'isUser=false',
  ].filter(Boolean);
  return `${TEXT.interSessionHeader} ${details.join(' ')}\n${TEXT.interSessionExplanation}`;
}

/** Remove the first existing marker (header line and its explanation) from a text. */
function removeExistingMarker(text: string): string {
  const index = text.indexOf(TEXT.interSessionHeader);
  if (index < 0) return text;
  const headerEnd = text.indexOf('\n', index);
  let body = headerEnd < 0 ? text.slice(index + TEXT.interSessionHeader.length) : text.slice(headerEnd + 1);
  if (headerEnd >= 0 && body.startsWith(TEXT.interSessionExplanation))
    body = body.slice(TEXT.interSessionExplanation.length).replace(/^\r?\n/, '');
  return [text.slice(0, index).trimEnd(), body].filter(Boolean).join('\n');
}

/** The text with the marker hoisted to the top (idempotent); blank text is left alone. */
export function annotateInterSessionText(text: string, p: Record<string, string>): string {
  if (!text.trim()) return text;
  const marker = interSessionMarker(p);
  if (text === marker || text.startsWith(`${marker}\n`)) return text;
  return `${marker}\n${removeExistingMarker(text)}`;
}

export const interSessionProvenanceRule: Rule = {
  id: 'inter-session-provenance',
  title: 'Inter-session provenance marker',
  explanation:
    'A user turn that another session or an internal tool routed here (provenance.kind = "inter_session", e.g. sessions_send) is not an instruction from this session\'s user. OpenClaw prepends "[Inter-session message] sourceSession=… sourceChannel=… sourceTool=… isUser=false" and an explanation sentence to its first text (or adds a text block when there is none), so the model can tell routed data from the user\'s own words. Idempotent: an existing marker is hoisted, never doubled. This tool marks the first text block that is not blank (a blank one is removed later, and the marker with it) and leaves a turn that already carries the marker in any block alone, so replaying the replay changes nothing.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    // The turns after the rule, copied only from the first turn it marks (most sessions have none).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      // Only a user turn can be routed from another session.
      const next = turn.traits & TRAIT.user ? marked(turn, ctx) : turn;
      if (next !== turn) out ??= turns.slice(0, index);
      out?.push(next);
    }
    return out ?? turns;
  },
};

/** The turn with its inter-session marker (itself when it needs none, or has it). */
function marked(turn: Turn, ctx: RuleContext): Turn {
  const p = interSessionProvenance(turn.message);
  if (!p) return turn;
  const m = turn.message;
  if (typeof m.content === 'string') {
    const next = annotateInterSessionText(m.content, p);
    if (next === m.content) return turn;
    ctx.note(turn, 'rewritten', 'marked as inter-session input (routed from another session, not typed by this user)', {
      before: m.content,
      after: next,
      path: 'content',
    });
    return ctx.with(turn, { ...m, content: next });
  }
  const content = contentArray(m);
  if (!content) return turn;
  // Already marked (in any block — an image omission note may have been put before the marked one).
  const marker = interSessionMarker(p);
  if (
    content.some(
      (b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string' && (b.text === marker || b.text.startsWith(`${marker}\n`)),
    )
  )
    return turn;
  // The first text block that is not blank: a blank one is removed later, and the marker with it
  // (OpenClaw marks the first text block even when blank; the second replay would then add it).
  const index = content.findIndex((b) => isRecord(b) && b.type === 'text' && typeof b.text === 'string' && !isBlank(b.text));
  if (index >= 0) {
    const block = content[index] as Record<string, unknown> & { text: string };
    const next = annotateInterSessionText(block.text, p);
    if (next === block.text) return turn;
    const nextContent = [...content];
    nextContent[index] = { ...block, text: next };
    ctx.note(turn, 'rewritten', 'marked as inter-session input (routed from another session, not typed by this user)', {
      before: block.text,
      after: next,
      path: `content[${index}].text`,
    });
    return ctx.with(turn, { ...m, content: nextContent });
  }
  const added = { type: 'text', text: annotateInterSessionText(TEXT.interSessionFiller, p) };
  ctx.note(turn, 'inserted', 'added an inter-session marker block (the turn had no text)', { after: added, path: 'content[0]' });
  return ctx.with(turn, { ...m, content: [added, ...content] });
}

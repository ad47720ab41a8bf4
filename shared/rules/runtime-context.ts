/** Runtime context and copied inbound metadata are not transcript: stripped from replayed assistant text. */
import { contentArray, describeTurn, isRecord } from '../messages.js';
import { mayHoldInternalMetadata, stripInternalMetadata } from '../text/internal-metadata.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';

/** Whether any text of the content may hold what the projection removes (nearly none does). */
function mayHoldMetadataAnywhere(content: unknown): boolean {
  if (typeof content === 'string') return mayHoldInternalMetadata(content);
  if (!Array.isArray(content)) return false;
  for (const block of content) if (isRecord(block) && typeof block.text === 'string' && mayHoldInternalMetadata(block.text)) return true;
  return false;
}

export const runtimeContextRule: Rule = {
  id: 'runtime-context',
  title: 'Runtime context is not transcript',
  explanation:
    'OpenClaw adds runtime context to a prompt (delimited <<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>> blocks, "OpenClaw runtime context …" prefaces, copied inbound metadata headers marked ⟦openclaw:ctx⟧, message-tool delivery hints). It is not something the user or the model wrote, and models that echoed it back would replay it as their own words. The display projection removes it from assistant text before replay, keeping the visible text around it; a text block left blank is removed, and a turn left with nothing is dropped. The older "Conversation info (untrusted metadata):" label form is left in the text, as OpenClaw 2026.9.6 leaves it.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    // The turns after the rule, copied only from the first turn it changes (nearly every session has none).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      const m = turn.message;
      if (!(turn.traits & TRAIT.assistant) || !mayHoldMetadataAnywhere(m.content)) {
        out?.push(turn);
        continue;
      }
      if (typeof m.content === 'string') {
        const stripped = stripInternalMetadata(m.content);
        if (stripped === m.content) {
          out?.push(turn);
          continue;
        }
        out ??= turns.slice(0, index);
        if (!stripped.trim()) {
          ctx.note(turn, 'dropped', `${describeTurn(m)} held only runtime context/metadata`, { before: m.content });
          continue;
        }
        ctx.note(turn, 'rewritten', 'runtime context/metadata removed from the text', {
          before: m.content,
          after: stripped,
          path: 'content',
        });
        out.push(ctx.with(turn, { ...m, content: stripped }));
        continue;
      }
      const content = contentArray(m);
      if (!content) {
        out?.push(turn);
        continue;
      }
      // The blocks kept, copied only from the first change on (most turns have none).
      let next: unknown[] | null = null;
      for (let i = 0; i < content.length; i += 1) {
        const block = content[i];
        if (!isRecord(block) || typeof block.text !== 'string') {
          next?.push(block);
          continue;
        }
        const stripped = stripInternalMetadata(block.text);
        if (stripped === block.text) {
          next?.push(block);
          continue;
        }
        next ??= content.slice(0, i);
        if (!stripped.trim()) {
          ctx.note(turn, 'rewritten', 'a text block holding only runtime context/metadata was removed', {
            before: block,
            path: `content[${i}]`,
          });
          continue;
        }
        ctx.note(turn, 'rewritten', 'runtime context/metadata removed from the text', {
          before: block.text,
          after: stripped,
          path: `content[${i}].text`,
        });
        next.push({ ...block, text: stripped });
      }
      if (next === null) {
        out?.push(turn);
        continue;
      }
      out ??= turns.slice(0, index);
      if (next.length === 0) {
        ctx.note(turn, 'dropped', `${describeTurn(m)} held only runtime context/metadata`, { before: m.content });
        continue;
      }
      out.push(ctx.with(turn, { ...m, content: next }));
    }
    return out ?? turns;
  },
};

/** Runtime context and copied inbound metadata are not transcript: stripped from replayed assistant text. */
import { contentArray, describeTurn, isRecord } from '../messages.js';
import { stripInternalMetadata } from '../text/internal-metadata.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';

export const runtimeContextRule: Rule = {
  id: 'runtime-context',
  title: 'Runtime context is not transcript',
  explanation:
    'OpenClaw adds runtime context to a prompt (delimited <<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>> blocks, "OpenClaw runtime context …" prefaces, copied inbound metadata headers marked ⟦openclaw:ctx⟧, message-tool delivery hints). It is not something the user or the model wrote, and models that echoed it back would replay it as their own words. The display projection removes it from assistant text before replay, keeping the visible text around it; a text block left blank is removed, and a turn left with nothing is dropped. The older "Conversation info (untrusted metadata):" label form is left in the text, as OpenClaw 2026.9.6 leaves it.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    // Only an assistant text that may hold metadata is projected (the trait says which, nearly none).
    if (!ctx.mayHave(TRAIT.metadataCue)) return turns;
    // The turns after the rule, copied only from the first turn it changes (nearly every session has none).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      if (!(turn.traits & TRAIT.metadataCue)) {
        out?.push(turn);
        continue;
      }
      const m = turn.message;
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

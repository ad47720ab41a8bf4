/** Summaries, custom messages and shell executions become user turns; other roles are not sent. */
import { isRecord } from '../messages.js';
import type { Message } from '../types.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';

/** The roles a provider knows, kept as they are. */
const PROVIDER_ROLES = TRAIT.user | TRAIT.assistant | TRAIT.toolResult;

export const COMPACTION_PREFIX = 'The conversation history before this point was compacted into the following summary:\n\n<summary>\n';
export const COMPACTION_SUFFIX = '\n</summary>';
export const BRANCH_PREFIX = 'The following is a summary of a branch that this conversation came back from:\n\n<summary>\n';
export const BRANCH_SUFFIX = '</summary>';

function bashText(m: Message): string {
  let text = `Ran \`${String(m.command)}\`\n`;
  text += m.output ? `\`\`\`\n${String(m.output)}\n\`\`\`` : '(no output)';
  if (m.cancelled) text += '\n\n(command cancelled)';
  else if (m.exitCode !== null && m.exitCode !== undefined && m.exitCode !== 0)
    text += `\n\nCommand exited with code ${String(m.exitCode)}`;
  if (m.truncated && m.fullOutputPath) text += `\n\n[Output truncated. Full output: ${String(m.fullOutputPath)}]`;
  return text;
}

function compactionTimestamp(value: unknown): number {
  if (typeof value === 'number') return value;
  const n = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return Number.isNaN(n) ? 0 : n;
}

/** The user turn a custom-role message becomes, or null when it is not sent at all. */
export function convertMessage(m: Message): Message | null | 'keep' {
  switch (m.role) {
    case 'user':
    case 'assistant':
    case 'toolResult':
      return 'keep';
    case 'bashExecution':
      return m.excludeFromContext ? null : { role: 'user', content: [{ type: 'text', text: bashText(m) }], timestamp: m.timestamp };
    case 'custom': {
      if (m.excludeFromContext) return null;
      const out: Message = {
        role: 'user',
        content: typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : m.content,
        timestamp: m.timestamp,
      };
      if (isRecord(m.details) && m.details.runtimeContextCarrier === true) out.runtimeContextCarrier = true;
      return out;
    }
    case 'branchSummary':
      return { role: 'user', content: [{ type: 'text', text: BRANCH_PREFIX + String(m.summary) + BRANCH_SUFFIX }], timestamp: m.timestamp };
    case 'compactionSummary':
      return {
        role: 'user',
        content: [{ type: 'text', text: COMPACTION_PREFIX + String(m.summary) + COMPACTION_SUFFIX }],
        timestamp: compactionTimestamp(m.timestamp),
      };
    default:
      return null;
  }
}

export const summaryConversionRule: Rule = {
  id: 'summary-conversion',
  title: 'Summaries and custom messages as user turns',
  explanation:
    'Providers know only user, assistant and tool turns. A compaction summary becomes a user turn "The conversation history before this point was compacted into the following summary: <summary>…</summary>", a branch summary one that says the conversation came back from a branch, a custom message (extension/hook output, runtime context) a user turn with its content, and a recorded shell execution a user turn "Ran `cmd`" with its output. Messages marked excludeFromContext and unknown roles are not sent. This is the last step before the provider adapter (pi\'s convertToLlm).',
  providers: 'all providers',
  appliesWhen: () => true,
  // Only turns of other roles than user, assistant and tool result are converted or dropped.
  keepsCallsAndResults: true,
  apply(turns, ctx) {
    // The turns after the conversion, copied only from the first turn it changes (most sessions hold
    // provider roles only, which are kept as they are).
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      const converted = turn.traits & PROVIDER_ROLES ? 'keep' : convertMessage(turn.message);
      if (converted === 'keep') {
        out?.push(turn);
        continue;
      }
      out ??= turns.slice(0, index);
      if (converted === null) {
        ctx.note(
          turn,
          'dropped',
          turn.message.excludeFromContext
            ? `${turn.message.role} message marked excludeFromContext is not sent`
            : `role ${JSON.stringify(turn.message.role)} is not a provider role — not sent`,
          { before: turn.message.content ?? null },
        );
        continue;
      }
      ctx.note(turn, 'rewritten', `${turn.message.role} converted to a user turn`, {
        before: { role: turn.message.role },
        after: { role: 'user' },
        path: 'role',
      });
      out.push(ctx.with(turn, converted));
    }
    return out ?? turns;
  },
};

/** Chat Completions constraints on a payload's `messages` (OpenAI and OpenAI-compatible servers). */
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';

/** Field names of a tool-call list and a tool message's id in the two dialects (OpenAI, Mistral SDK). */
interface Dialect {
  toolCalls: string;
  toolCallId: string;
}

const OPENAI: Dialect = { toolCalls: 'tool_calls', toolCallId: 'tool_call_id' };
const MISTRAL: Dialect = { toolCalls: 'toolCalls', toolCallId: 'toolCallId' };

const REASONING_FIELDS = ['reasoning_content', 'reasoning', 'reasoning_details', 'reasoning_text'];

/** The ids of an assistant message's tool calls. */
export function callIdsOf(message: unknown, dialect: Dialect = OPENAI): string[] {
  if (!isRecord(message) || message.role !== 'assistant') return [];
  const calls = message[dialect.toolCalls];
  if (!Array.isArray(calls)) return [];
  return calls.map((c) => (isRecord(c) && typeof c.id === 'string' ? c.id : ''));
}

/** The dialect of a payload family that uses Chat Completions-style messages. */
export function dialectOf(mistral: boolean): Dialect {
  return mistral ? MISTRAL : OPENAI;
}

/**
 * Tool messages answer the tool calls of the assistant just before them (only tool messages in
 * between), and every call is answered before the next non-tool message.
 */
export function toolPairingChecks(
  list: readonly JsonValue[],
  dialect: Dialect,
  checks: {
    orphan: 'completions-orphan-tool-message' | 'mistral-tool-result-count';
    missing: 'completions-missing-tool-response' | 'mistral-tool-result-count';
  },
): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  let open: { index: number; ids: string[]; answered: Set<string> } | null = null;
  const close = (): void => {
    if (!open) return;
    const missing = open.ids.filter((id) => !open!.answered.has(id));
    if (missing.length > 0)
      out.push(
        finding(
          checks.missing,
          { index: open.index, path: `messages[${open.index}].${dialect.toolCalls}`, ids: missing.join(', ') },
          `messages[${open.index}] calls ${missing.join(', ')} without a tool message answering ${missing.length === 1 ? 'it' : 'them'}.`,
        ),
      );
    open = null;
  };
  list.forEach((message, i) => {
    if (!isRecord(message)) return;
    if (message.role === 'tool') {
      const id = typeof message[dialect.toolCallId] === 'string' ? (message[dialect.toolCallId] as string) : '';
      if (!open || !open.ids.includes(id) || open.answered.has(id)) {
        out.push(
          finding(
            checks.orphan,
            { index: i, path: `messages[${i}]`, ids: id },
            `messages[${i}] is a tool message for ${id || '(no id)'}, which the assistant message before it does not call${open?.answered.has(id) ? ' (or it was already answered)' : ''}.`,
          ),
        );
      } else {
        open.answered.add(id);
      }
      return;
    }
    close();
    const ids = callIdsOf(message, dialect);
    if (ids.length > 0 && i + 1 < list.length) open = { index: i, ids, answered: new Set() };
  });
  // A trailing call without results is the turn being continued, not a replay defect.
  open = null;
  return out;
}

/**
 * Assistant messages before the last user message that carry reasoning fields. Everything after the
 * last user message is the current turn, whose tool-call steps keep their reasoning until their
 * results are replayed (docs/rules.md#reasoning-history).
 */
export function historicReasoningChecks(list: readonly JsonValue[]): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  let lastUser = -1;
  list.forEach((m, i) => {
    if (isRecord(m) && m.role === 'user') lastUser = i;
  });
  list.forEach((message, i) => {
    if (i >= lastUser || !isRecord(message) || message.role !== 'assistant') return;
    const field = REASONING_FIELDS.find((f) => message[f] !== undefined && message[f] !== null && message[f] !== '');
    if (field)
      out.push(
        finding(
          'completions-historic-reasoning',
          { index: i, path: `messages[${i}].${field}` },
          `messages[${i}] replays an earlier turn's \`${field}\`, which strict OpenAI-compatible servers refuse.`,
        ),
      );
  });
  return out;
}

/** Run the Chat Completions checks. */
export function completionsChecks(list: readonly JsonValue[], options: { historicReasoning: boolean }): PreflightFinding[] {
  const out = toolPairingChecks(list, OPENAI, { orphan: 'completions-orphan-tool-message', missing: 'completions-missing-tool-response' });
  if (options.historicReasoning) out.push(...historicReasoningChecks(list));
  return out;
}

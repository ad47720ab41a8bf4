/** Heartbeat polls and their silent acknowledgements are runtime traffic, not conversation: not replayed. */
import { isRecord, TOOL_CALL_TYPES } from '../messages.js';
import { DELIVERY_HINTS } from '../text/internal-metadata.js';
import { isSilentReplyText } from '../text/silent-reply.js';
import { firstVisibleIndex } from '../text/blank.js';
import {
  CONTEXT_PROMPT,
  opensWakePrompt,
  TASK_COMPLETIONS,
  TASK_PREFIX,
  TOOL_FALLBACK,
  TOOL_INSTRUCTIONS,
  TOOL_PROMPT,
  WAKE_PROMPTS,
} from '../text/heartbeat-prompts.js';
import type { Message } from '../types.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT } from './traits.js';

/** The token an agent answers a heartbeat poll with when nothing needs the user (also read by the preview's margin). */
export const HEARTBEAT_TOKEN = 'HEARTBEAT_OK';
const ACK_MAX_CHARS = 300;
/** The prompts and tokens this rule recognises (a redacted copy of a session keeps them verbatim). */
export const HEARTBEAT_VOCABULARY: readonly string[] = [
  HEARTBEAT_TOKEN,
  ...WAKE_PROMPTS,
  CONTEXT_PROMPT,
  TOOL_INSTRUCTIONS,
  TOOL_FALLBACK,
  TASK_PREFIX,
  ...TASK_COMPLETIONS,
  '&nbsp;',
];
const RESULT_BLOCK_TYPES = new Set(['toolResult', 'tool_result', 'tool_result_error', 'function_call_output']);

function messageText(content: unknown): { text: string; other: boolean } {
  if (typeof content === 'string') return { text: content, other: false };
  if (!Array.isArray(content)) return { text: '', other: content !== null && content !== undefined };
  let text = '';
  let other = false;
  for (const b of content) {
    if (!isRecord(b) || !('type' in b)) other = true;
    else if (b.type === 'thinking' || b.type === 'reasoning' || b.type === 'redacted_thinking') continue;
    else if ((b.type === 'text' || b.type === 'input_text' || b.type === 'output_text') && typeof b.text === 'string') text += b.text;
    else other = true;
  }
  return { text, other };
}

const TOOL_PROMPT_LINE = `${TOOL_PROMPT}\n`;
const resultOnly = (content: unknown) =>
  Array.isArray(content) &&
  content.length > 0 &&
  content.every((b) => isRecord(b) && typeof b.type === 'string' && RESULT_BLOCK_TYPES.has(b.type));

/** The first character of `messageText(content).text.trim()`, found without joining the texts ('' for none). */
function firstTextChar(content: unknown): string {
  if (typeof content === 'string') return content.charAt(firstVisibleIndex(content));
  if (!Array.isArray(content)) return '';
  for (const b of content) {
    if (!isRecord(b) || typeof b.text !== 'string' || !(b.type === 'text' || b.type === 'input_text' || b.type === 'output_text')) continue;
    const i = firstVisibleIndex(b.text);
    if (i >= 0) return b.text.charAt(i);
  }
  return '';
}

/** A user turn that is an OpenClaw wake prompt (heartbeat poll, cron/exec wake, task list). */
export function isHeartbeatPrompt(m: Message): boolean {
  if (m.role !== 'user') return false;
  // Nearly every user turn is ruled out by its first visible character, before its texts are joined.
  const first = firstTextChar(m.content);
  if (!first || !opensWakePrompt(first)) return false;
  const text = messageText(m.content).text.trim();
  if (WAKE_PROMPTS.includes(text)) return true;
  if (DELIVERY_HINTS.some((h) => text.startsWith(h)) && WAKE_PROMPTS.some((p) => text.endsWith(p))) return true;
  // The configured heartbeat prompt is not known here; only the tool-response prompt is recognised.
  if (text === TOOL_PROMPT || text.startsWith(TOOL_PROMPT_LINE)) return true;
  return text.startsWith(TASK_PREFIX) && TASK_COMPLETIONS.some((c) => text.includes(c));
}

/** Strip the HEARTBEAT_OK token from the edges; what remains decides whether it was only an ack. */
function stripAck(raw: string): { text: string; stripped: boolean } {
  let text = raw.trim();
  if (!text.includes(HEARTBEAT_TOKEN)) return { text, stripped: false };
  let stripped = false;
  for (let changed = true; changed;) {
    changed = false;
    const next = text.trim();
    if (next.startsWith(HEARTBEAT_TOKEN)) {
      text = next.slice(HEARTBEAT_TOKEN.length).trimStart();
      stripped = changed = true;
      continue;
    }
    if (/HEARTBEAT_OK[^\w]{0,4}$/.test(next)) {
      const idx = next.lastIndexOf(HEARTBEAT_TOKEN);
      const before = next.slice(0, idx).trimEnd();
      text = before ? `${before}${next.slice(idx + HEARTBEAT_TOKEN.length).trimStart()}`.trimEnd() : '';
      stripped = changed = true;
    }
  }
  return { text: text.replace(/\s+/g, ' ').trim(), stripped };
}

function isAckText(text: string): boolean {
  if (isSilentReplyText(text)) return true;
  const trimmed = text.trim();
  if (!trimmed) return true;
  if (!trimmed.includes(HEARTBEAT_TOKEN)) return false;
  const plain = trimmed
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/^[*`~_]+/, '')
    .replace(/[*`~_]+$/, '');
  const a = stripAck(trimmed);
  const b = stripAck(plain);
  const picked = a.stripped && a.text ? a : b;
  return picked.stripped && picked.text.trim().length <= ACK_MAX_CHARS;
}

const callBlocks = (m: Message) =>
  (Array.isArray(m.content)
    ? m.content.filter((b) => isRecord(b) && typeof b.type === 'string' && TOOL_CALL_TYPES.has(b.type))
    : []) as Record<string, unknown>[];
const hasCall = (m: Message) =>
  m.role === 'assistant' && (callBlocks(m).length > 0 || (Array.isArray(m.tool_calls) && m.tool_calls.length > 0));
const isResultTurn = (m: Message) => m.role === 'toolResult' || m.role === 'tool' || (m.role === 'user' && resultOnly(m.content));

function respondArgs(b: Record<string, unknown>): Record<string, unknown> | undefined {
  const raw = b.arguments ?? b.args ?? b.input;
  if (isRecord(raw)) return raw;
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}
const respondCalls = (m: Message, visible: boolean) =>
  m.role !== 'assistant'
    ? []
    : callBlocks(m).filter(
        (b) =>
          b.name === 'heartbeat_respond' &&
          (() => {
            const args = respondArgs(b);
            const notify = !!args && (args.notify === true || args.notify === 'true');
            return visible ? notify : !notify;
          })(),
      );

function isAck(m: Message): boolean {
  if (m.role !== 'assistant' || hasCall(m)) return false;
  const { text, other } = messageText(m.content);
  return !other && isAckText(text);
}

/** Where a heartbeat span that starts at `start` ends, or undefined when it must be kept. */
function spanEnd(ms: readonly Message[], start: number): number | undefined {
  let i = start + 1;
  let terminal = false;
  let otherOutput = false;
  const skipResults = (from: number) => {
    let k = from;
    while (k < ms.length && isResultTurn(ms[k])) k += 1;
    return k;
  };
  while (i < ms.length) {
    const m = ms[i];
    if (m.role === 'user' && !resultOnly(m.content)) break;
    if (isAck(m)) {
      terminal = true;
      i = skipResults(i + 1);
      continue;
    }
    if (respondCalls(m, true).length > 0) return undefined;
    if (respondCalls(m, false).length > 0) {
      terminal = true;
      i = skipResults(i + 1);
      continue;
    }
    if (terminal || isResultTurn(m) || hasCall(m)) {
      i += 1;
      continue;
    }
    if (m.role === 'assistant') {
      otherOutput = true;
      i += 1;
      continue;
    }
    return undefined;
  }
  if (otherOutput && !terminal) return undefined;
  return i;
}

export const heartbeatFilterRule: Rule = {
  id: 'heartbeat-filter',
  title: 'Heartbeat artefacts',
  explanation:
    'OpenClaw wakes an agent periodically with a heartbeat poll ("[OpenClaw heartbeat poll]", cron/exec wakes, the heartbeat task prompt). When the agent answered with only an acknowledgement (HEARTBEAT_OK, NO_REPLY) or reported through heartbeat_respond with notify=false, the exchange is runtime traffic that would only fill the context: the poll, the acknowledgement and their tool calls and results are left out of the replay. An exchange that notified the user is kept. OpenClaw\'s replay filters these exchanges the same way.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx) {
    // Only a user turn whose text opens as a wake prompt may start an exchange (the trait says which do).
    if (!ctx.mayHave(TRAIT.promptCue)) return turns;
    let ms: Message[] | null = null;
    // The turns kept, copied only from the first dropped one on (most runs drop none).
    let out: Turn[] | null = null;
    let i = 0;
    while (i < turns.length) {
      if (!(turns[i].traits & TRAIT.promptCue) || !isHeartbeatPrompt(turns[i].message)) {
        out?.push(turns[i]);
        i += 1;
        continue;
      }
      ms ??= turns.map((t) => t.message);
      const end = spanEnd(ms, i);
      if (end === undefined) {
        out?.push(turns[i]);
        i += 1;
        continue;
      }
      out ??= turns.slice(0, i);
      for (let k = i; k < end; k += 1)
        ctx.note(
          turns[k],
          'dropped',
          k === i ? 'heartbeat poll that ended silently: runtime traffic, not conversation' : 'part of a silent heartbeat exchange',
          { before: ms[k].content ?? null },
        );
      i = end;
    }
    return out ?? turns;
  },
};

/** Rows of the turn list: role, size, tokens, the rules that touched a turn, a preview and its file line. */
import type { Side, TurnRow } from '../../../shared/api.js';
import type { Inspection } from '../../../shared/inspection.js';
import { isRecord } from '../../../shared/messages.js';
import type { Message, RuleId } from '../../../shared/types.js';
import { compactJsonBytes } from './json-length.js';

const PREVIEW_CHARS = 120;

function blockText(block: unknown): string {
  if (!isRecord(block)) return '';
  switch (block.type) {
    case 'text':
      return typeof block.text === 'string' ? block.text : '';
    case 'thinking':
      return typeof block.thinking === 'string' ? block.thinking : '';
    case 'image':
      return '[image]';
    default:
      if (typeof block.name === 'string') return `[${String(block.type)} ${block.name}]`;
      return typeof block.type === 'string' ? `[${block.type}]` : '';
  }
}

/** The pieces of a message's visible text, and what joins them. */
function textParts(message: Message): { parts: string[]; separator: string } {
  if (typeof message.summary === 'string') return { parts: [message.summary], separator: '' };
  if (message.role === 'bashExecution')
    return { parts: [`$ ${String(message.command ?? '')}`, String(message.output ?? '')], separator: '\n' };
  const content = message.content;
  const parts = typeof content === 'string' ? [content] : Array.isArray(content) ? content.map(blockText).filter(Boolean) : [];
  if (message.role === 'toolResult' && typeof message.toolName === 'string') parts.unshift(`${message.toolName}:`);
  return { parts, separator: ' ' };
}

function textForTokens(message: Message): number {
  const content = message.content;
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) {
    // Summed, not joined: a bash execution's output may be megabytes.
    const { parts, separator } = textParts(message);
    return parts.reduce((sum, part) => sum + part.length, Math.max(0, parts.length - 1) * separator.length);
  }
  let chars = 0;
  for (const b of content) {
    if (!isRecord(b)) continue;
    if (typeof b.text === 'string') chars += b.text.length;
    else if (typeof b.thinking === 'string') chars += b.thinking.length;
    else if (b.type !== 'image' && b.arguments !== undefined) chars += JSON.stringify(b.arguments)?.length ?? 0;
  }
  return chars;
}

/** Recorded output tokens of an assistant turn, or an estimate of chars / 4 labelled as such. */
export function turnTokens(message: Message): { value: number; estimated: boolean } {
  const usage = message.usage;
  if (message.role === 'assistant' && isRecord(usage)) {
    const output = usage.output ?? usage.output_tokens;
    if (typeof output === 'number' && Number.isFinite(output) && output > 0) return { value: output, estimated: false };
  }
  return { value: Math.ceil(textForTokens(message) / 4), estimated: true };
}

/**
 * Runs of visible characters, at most one past the line's length each: a word longer than that is cut
 * there anyway, and an unbounded run over a multi-MB output overflowed the regexp's stack.
 */
const WORD = new RegExp(`\\S{1,${PREVIEW_CHARS + 1}}`, 'g');

/**
 * One preview line: the first 120 visible characters, whitespace runs collapsed to one space, ending
 * with "…" when more follows. Words are taken one by one from each piece of the text, so neither a
 * multi-MB tool output nor a long run of blanks inside it is ever copied.
 */
export function preview(message: Message): string {
  let text = '';
  for (const part of textParts(message).parts) {
    WORD.lastIndex = 0;
    for (let match = WORD.exec(part); match; match = WORD.exec(part)) {
      if (text.length > PREVIEW_CHARS) return `${text.slice(0, PREVIEW_CHARS - 1)}…`;
      // A word longer than the line is cut, one character past it: the line ends with "…" either way.
      const word = match[0].length > PREVIEW_CHARS ? match[0].slice(0, PREVIEW_CHARS + 1) : match[0];
      text = text ? `${text} ${word}` : word;
    }
  }
  return text.length > PREVIEW_CHARS ? `${text.slice(0, PREVIEW_CHARS - 1)}…` : text;
}

/** Rules that touched each message of a side, in the order they did. */
export function rulesByIndex(inspection: Inspection, side: Side): Map<number, RuleId[]> {
  const map = new Map<number, RuleId[]>();
  for (const a of inspection.annotations) {
    const index = side === 'original' ? a.turn : a.replayTurn;
    if (index === null) continue;
    const list = map.get(index) ?? [];
    if (!list.includes(a.rule)) list.push(a.rule);
    map.set(index, list);
  }
  return map;
}

/** The rows of `count` messages from `start` on one side. */
export function turnRows(
  inspection: Inspection,
  side: Side,
  start: number,
  count: number,
  rules: Map<number, RuleId[]>,
  entries?: Map<number, { first: number; last: number }>,
): TurnRow[] {
  const messages = inspection[side].messages;
  const rows: TurnRow[] = [];
  for (let index = start; index < Math.min(messages.length, start + count); index += 1) {
    const message = messages[index];
    const turn = side === 'original' ? index : (inspection.replay.origins?.[index] ?? null);
    const line = turn === null ? null : (inspection.original.origins?.[turn] ?? null);
    const row: TurnRow = {
      index,
      turn,
      role: typeof message.role === 'string' ? message.role : 'unknown',
      bytes: compactJsonBytes(message),
      tokens: turnTokens(message),
      rules: rules.get(index) ?? [],
      preview: preview(message),
      line,
    };
    const payload = entries?.get(index);
    if (payload) row.payload = { ...payload };
    rows.push(row);
  }
  return rows;
}

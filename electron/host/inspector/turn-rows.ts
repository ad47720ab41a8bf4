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
  if (message.role === 'bashExecution') return { parts: [`$ ${String(message.command ?? '')}`, String(message.output ?? '')], separator: '\n' };
  const content = message.content;
  const parts = typeof content === 'string' ? [content] : Array.isArray(content) ? content.map(blockText).filter(Boolean) : [];
  if (message.role === 'toolResult' && typeof message.toolName === 'string') parts.unshift(`${message.toolName}:`);
  return { parts, separator: ' ' };
}

/** The visible text of a message, for token estimates. */
export function messageText(message: Message): string {
  const { parts, separator } = textParts(message);
  return parts.join(separator);
}

/**
 * The visible text of a message without its leading whitespace, cut to `limit` characters, and
 * whether it was cut. Built from the head of each piece: a multi-MB tool output is never copied
 * whole for a 120-character preview.
 */
function textHead(message: Message, limit: number): { head: string; cut: boolean } {
  const { parts, separator } = textParts(message);
  let head = '';
  for (const part of parts) {
    // Cut before joining: slicing a joined string would copy all of it first.
    const piece = head ? part : part.trimStart();
    if (!piece) continue;
    const room = limit - head.length - (head ? separator.length : 0);
    const joined = head ? head + separator : '';
    if (piece.length > room) return { head: joined + piece.slice(0, Math.max(0, room)), cut: true };
    head = joined + piece;
  }
  return { head, cut: false };
}

function textForTokens(message: Message): number {
  const content = message.content;
  if (typeof content === 'string') return content.length;
  if (!Array.isArray(content)) return messageText(message).length;
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

/** One preview line: whitespace collapsed, cut to 120 characters. */
export function preview(message: Message): string {
  // Only the head of a long text can show: collapse a bounded prefix, not a whole tool output.
  const { head, cut: long } = textHead(message, PREVIEW_CHARS * 64);
  const text = head.replace(/\s+/g, ' ').trim();
  // The head may end in a whitespace run that hides the rest: a cut preview always ends with "…".
  const cut = long || text.length > PREVIEW_CHARS;
  if (!cut) return text;
  return `${text.slice(0, PREVIEW_CHARS - 1)}…`;
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
export function turnRows(inspection: Inspection, side: Side, start: number, count: number, rules: Map<number, RuleId[]>): TurnRow[] {
  const messages = inspection[side].messages;
  const rows: TurnRow[] = [];
  for (let index = start; index < Math.min(messages.length, start + count); index += 1) {
    const message = messages[index];
    const turn = side === 'original' ? index : inspection.replay.origins?.[index] ?? null;
    const line = turn === null ? null : inspection.original.origins?.[turn] ?? null;
    rows.push({
      index,
      turn,
      role: typeof message.role === 'string' ? message.role : 'unknown',
      bytes: compactJsonBytes(message),
      tokens: turnTokens(message),
      rules: rules.get(index) ?? [],
      preview: preview(message),
      line,
    });
  }
  return rows;
}

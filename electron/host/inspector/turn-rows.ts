/** Rows of the turn list: role, size, tokens, the rules that touched a turn, a preview and its file line. */
import type { Side, TurnRow } from '../../../shared/api.js';
import type { Inspection } from '../../../shared/inspection.js';
import { isRecord } from '../../../shared/messages.js';
import type { Message, RuleId } from '../../../shared/types.js';

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

/** The visible text of a message, for previews and token estimates. */
export function messageText(message: Message): string {
  if (typeof message.summary === 'string') return message.summary;
  if (message.role === 'bashExecution') return `$ ${String(message.command ?? '')}\n${String(message.output ?? '')}`;
  const content = message.content;
  const text = typeof content === 'string' ? content : Array.isArray(content) ? content.map(blockText).filter(Boolean).join(' ') : '';
  return message.role === 'toolResult' && typeof message.toolName === 'string' ? `${message.toolName}: ${text}` : text;
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
  const full = messageText(message).trimStart();
  const limit = PREVIEW_CHARS * 64;
  const text = full.slice(0, limit).replace(/\s+/g, ' ').trim();
  // The head may end in a whitespace run that hides the rest: a cut preview always ends with "…".
  const cut = full.length > limit || text.length > PREVIEW_CHARS;
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
      bytes: Buffer.byteLength(JSON.stringify(message) ?? ''),
      tokens: turnTokens(message),
      rules: rules.get(index) ?? [],
      preview: preview(message),
      line,
    });
  }
  return rows;
}

/** OpenAI Responses tool-call ids normalised to `call_…` / `fc_…` of at most 64 characters, deterministically. */
import { sha256Hex } from '../hash/sha256.js';
import { isRecord, PAIRABLE_CALL_TYPES, TOOL_RESULT_ID_FIELDS } from '../messages.js';
import type { DecisionId } from '../types.js';
import type { Rule, Turn } from './rule.js';
import { TRAIT, traitsAfterCallIdRewrite } from './traits.js';

const MAX = 64;
const CALL_RE = /^call_[A-Za-z0-9_-]{1,59}$/;
const FC_RE = /^fc_[A-Za-z0-9_-]{1,61}$/;
/**
 * The id a result's rewrite follows when its fields disagree: the wire spellings first. OpenClaw's
 * release rewrites this way (a result whose `call_id` names another call loses its pairing and the
 * call gets an "aborted" result); pairing itself reads `toolCallId` first.
 */
const REWRITE_ORDER = ['call_id', 'callId', 'tool_call_id', 'tool_use_id', 'toolCallId', 'toolUseId'];

function split(id: string): { callId: string; itemId?: string } {
  const sep = id.indexOf('|');
  return sep <= 0 || sep >= id.length - 1 ? { callId: id } : { callId: id.slice(0, sep), itemId: id.slice(sep + 1) };
}

function normalizePart(value: string, prefix: string, valid: RegExp): string {
  const trimmed = value.trim();
  if (valid.test(trimmed)) return trimmed;
  const tail = trimmed.startsWith(prefix) ? trimmed.slice(prefix.length) : trimmed;
  const suffix = `_${sha256Hex(trimmed || prefix).slice(0, 10)}`;
  const room = MAX - prefix.length;
  const clean = tail.replace(/[^A-Za-z0-9_-]/g, '_').replace(/^_+|_+$/g, '');
  return `${prefix}${`${clean.slice(0, Math.max(1, room - suffix.length)) || 'id'}${suffix}`.slice(0, room)}`;
}

/** The normalised id: the call part is derived from the whole pairing, so repeated Kimi ids stay distinct. */
export function normalizeResponsesToolCallId(id: string): string {
  const { callId, itemId } = split(id);
  const call = normalizePart(itemId ? `${callId}|${itemId}` : callId, 'call_', CALL_RE);
  return itemId ? `${call}|${normalizePart(itemId, 'fc_', FC_RE)}` : call;
}

function needsNormalizing(id: string): boolean {
  const { callId, itemId } = split(id);
  if (!CALL_RE.test(callId)) return true;
  return itemId !== undefined && !FC_RE.test(itemId);
}

export const responsesToolCallIdRule: Rule = {
  id: 'responses-tool-call-id',
  title: 'OpenAI Responses tool-call ids',
  explanation:
    'OpenAI Responses rejects a function_call.call_id, function_call.id or function_call_output.call_id that is not call_/fc_ followed by [A-Za-z0-9_-] within 64 characters — ids written by other providers (toolu_…, Kimi\'s functions.name:0, ids with spaces or dots) fail. Each malformed part is rebuilt deterministically as prefix + the cleaned tail + "_" + the first 10 hex digits of its sha-256 (e.g. functions.gateway:0|fc_tmp_kegospxl46 → call_functions_gateway_0_fc_tmp_kegospxl46_8ea5d0ca62|fc_tmp_kegospxl46); valid ids pass untouched and every result follows its call.',
  providers: 'OpenAI Responses family',
  appliesWhen: (policy) => policy.isResponsesFamily,
  apply(turns, ctx) {
    const cache = new Map<string, string>();
    const resolve = (id: string) => {
      const hit = cache.get(id);
      if (hit) return hit;
      if (!needsNormalizing(id)) return id;
      const next = normalizeResponsesToolCallId(id);
      cache.set(id, next);
      return next;
    };
    return turns.map((turn): Turn => {
      const m = turn.message;
      if (m.role === 'assistant' && Array.isArray(m.content)) {
        let next: unknown[] | null = null;
        for (let i = 0; i < m.content.length; i += 1) {
          const b: unknown = m.content[i];
          if (!isRecord(b) || typeof b.type !== 'string' || !PAIRABLE_CALL_TYPES.has(b.type) || typeof b.id !== 'string') continue;
          const id = resolve(b.id);
          if (id === b.id) continue;
          next ??= m.content.slice();
          ctx.note(turn, 'rewritten', `call id ${JSON.stringify(b.id)} is not a valid Responses id: normalised to ${id}`, {
            before: b.id,
            after: id,
            path: `content[${i}].id`,
            decision: ctx.decisionOf('isResponsesFamily'),
          });
          next[i] = { ...b, id };
        }
        return next ? ctx.with(turn, { ...m, content: next }, traitsAfterCallIdRewrite(turn.traits)) : turn;
      }
      if (m.role === 'toolResult')
        return rewriteResultIds(turn, ctx, resolve, 'follows its normalised call', ctx.decisionOf('isResponsesFamily'));
      return turn;
    });
  },
};

/**
 * Rewrite every id alias of a tool result through `resolve` (the primary raw id decides), keeping them aligned.
 */
export function rewriteResultIds(
  turn: Turn,
  ctx: Parameters<Rule['apply']>[1],
  resolve: (id: string) => string,
  why: string,
  decision?: DecisionId,
): Turn {
  const m = turn.message;
  // pi's own shape names its call in toolCallId only: its primary id is known without a look at the others.
  const plain = (turn.traits & TRAIT.plainResultId) !== 0;
  let primary: string | undefined = plain ? (m.toolCallId as string) : undefined;
  // Plain loops: a result whose ids are already right (nearly all of them) allocates nothing.
  if (!plain)
    for (const field of REWRITE_ORDER) {
      const value = m[field];
      if (typeof value === 'string' && value !== '') {
        primary = value;
        break;
      }
    }
  if (!primary) return turn;
  const resolved = resolve(primary);
  if (plain && resolved === primary) return turn;
  let updates: Record<string, string> | null = null;
  for (const field of TOOL_RESULT_ID_FIELDS) {
    const value = m[field];
    if (typeof value === 'string' && value !== '' && value !== resolved) (updates ??= {})[field] = resolved;
  }
  if (typeof m.toolCallId !== 'string' && resolved) (updates ??= {}).toolCallId = resolved;
  if (updates === null) return turn;
  ctx.note(turn, 'rewritten', `result id ${JSON.stringify(primary)} → ${resolved} (${why})`, {
    before: primary,
    after: resolved,
    path: Object.keys(updates).join(', '),
    decision,
  });
  // A plain result gets a new, non-empty toolCallId and nothing else: it keeps its traits.
  return ctx.with(turn, { ...m, ...updates }, plain ? turn.traits : undefined);
}

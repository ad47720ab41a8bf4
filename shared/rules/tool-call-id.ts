/** Tool-call ids rewritten to what strict providers accept (alphanumeric; Mistral: exactly 9), results kept paired. */
import { sha256Hex } from '../hash/sha256.js';
import { isAsciiAlnumCode } from '../text/ascii.js';
import { hasCallInput, isRecord, isThinkingLike, PAIRABLE_CALL_TYPES } from '../messages.js';
import type { ToolCallIdMode } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT, traitsAfterCallIdRewrite } from './traits.js';
import { completedCallBlocks } from './completed-calls.js';
import { isAllowedToolName, normalizeAllowlist } from './tool-names.js';
import { addCallIds, extractCalls } from './tool-result-pairing.js';
import { isIdentifiedCall } from './pairing-checks.js';
import { rewriteResultIds } from './responses-tool-call-id.js';

const NATIVE_ANTHROPIC = /^toolu_[A-Za-z0-9_]+$/;
const NATIVE_KIMI = /^functions\.[A-Za-z0-9_-]+:\d+$/;
const MAX_STRICT = 40;

const shortHash = (text: string, length = 8) => sha256Hex(text).slice(0, length);

/** One id as the mode allows it (docs/rules.md#tool-call-id), before collisions are resolved. */
export function sanitizeToolCallId(id: unknown, mode: ToolCallIdMode = 'strict'): string {
  if (!id || typeof id !== 'string') return mode === 'strict9' ? 'defaultid' : 'defaulttoolid';
  if (mode === 'strict9') {
    const alnum = id.replace(/[^a-zA-Z0-9]/g, '');
    if (alnum.length >= 9) return alnum.slice(0, 9);
    return shortHash(alnum.length > 0 ? alnum : 'sanitized', 9);
  }
  if (NATIVE_KIMI.test(id)) return id;
  const alnum = id.replace(/[^a-zA-Z0-9]/g, '');
  return alnum.length > 0 ? alnum : 'sanitizedtoolid';
}

/** Allocate a unique id for a seed (collisions get a hash, then a counter suffix). */
function allocate(seed: string, mode: ToolCallIdMode, used: Set<string>, now: number): string {
  if (mode === 'strict9') {
    const base = sanitizeToolCallId(seed, mode);
    if (base.length >= 9 && !used.has(base.slice(0, 9))) return base.slice(0, 9);
    for (let i = 0; i < 1000; i += 1) {
      const hashed = shortHash(`${seed}:${i}`, 9);
      if (!used.has(hashed)) return hashed;
    }
    return shortHash(`${seed}:${now}`, 9);
  }
  const base = sanitizeToolCallId(seed, mode).slice(0, MAX_STRICT);
  if (!used.has(base)) return base;
  const hash = shortHash(seed);
  const candidate = `${base.length > MAX_STRICT - hash.length ? base.slice(0, MAX_STRICT - hash.length) : base}${hash}`;
  if (!used.has(candidate)) return candidate;
  for (let i = 2; i < 1000; i += 1) {
    const next = `${candidate.slice(0, MAX_STRICT - `x${i}`.length)}x${i}`;
    if (!used.has(next)) return next;
  }
  return `${candidate.slice(0, MAX_STRICT - `t${now}`.length)}t${now}`;
}

/** Signed thinking + tool-call turns that can replay untouched: their ids are reserved first. */
function replaySafeSignedTurns(
  turns: readonly Turn[],
  allowedNames: readonly string[] | undefined,
): { reserved: Set<string>; indexes: Set<number> } {
  const allowed = normalizeAllowlist(allowedNames);
  // Without an allowlist every valid name passes, completed or not: the frames need not be walked.
  const completed = allowed === null ? null : completedCallBlocks(turns.map((t) => t.message));
  const reserved = new Set<string>();
  const indexes = new Set<number>();
  turns.forEach(({ message: m, traits }, index) => {
    // A turn without both thinking and a call is not a signed tool turn.
    if ((traits & SIGNED_CALL) !== SIGNED_CALL || m.role !== 'assistant' || !Array.isArray(m.content)) return;
    let thinking = false;
    let call = false;
    // The ids so far: the first alone, a set only from a second call on (most turns make one).
    let first: string | null = null;
    let seen: Set<string> | null = null;
    for (const b of m.content) {
      if (isThinkingLike(b)) {
        thinking = true;
        continue;
      }
      if (!isRecord(b) || typeof b.type !== 'string' || !PAIRABLE_CALL_TYPES.has(b.type)) continue;
      call = true;
      const id = typeof b.id === 'string' ? b.id.trim() : '';
      const nameOk =
        typeof b.name === 'string' && isAllowedToolName(b.name, completed?.has(b) ? null : allowed) && b.name === b.name.trim();
      if (!hasCallInput(b) || !id || !nameOk) return;
      if (first === null) first = id;
      else {
        seen ??= new Set([first]);
        if (seen.has(id)) return;
        seen.add(id);
      }
    }
    if (!thinking || !call) return;
    for (const b of m.content) if (isIdentifiedCall(b) && reserved.has(b.id)) return;
    indexes.add(index);
    addCallIds(m, reserved);
  });
  return { reserved, indexes };
}

const SIGNED_CALL = TRAIT.thinking | TRAIT.call;

export const toolCallIdRule: Rule = {
  id: 'tool-call-id',
  title: 'Tool call id sanitisation',
  explanation:
    'Strict providers reject tool-call ids outside their alphabet: Anthropic wants ^[a-zA-Z0-9_-]+$, Gemini and OpenAI-compatible servers letters and digits, Mistral exactly 9 of them ("must be a-z, A-Z, 0-9, with a length of 9"). Ids are rewritten to fit (strict: letters and digits, up to 40; strict9: 9 characters, hashed when too few remain); each call keeps a distinct id and its results follow it. OpenClaw 2026.9.6 uses strict9 only for OpenRouter models named mistralai/…; in the spec behaviour every Mistral model does, under any provider.',
  providers: 'Anthropic API, Google API and Chat Completions policies (strict); Mistral (strict9)',
  appliesWhen: (policy) => policy.sanitizeToolCallIds && policy.toolCallIdMode !== null && !policy.isResponsesFamily,
  apply(turns, ctx) {
    return sanitizeIds(turns, ctx);
  },
};

/**
 * Whether the full pass would keep every id as it is: each call id distinct and already in the mode's
 * form (or a native Anthropic id the policy keeps), and each result plainly naming a call before it
 * that no other result answered. Two sets instead of the pass's maps, queues and copies; any doubt
 * (a repeated id, an orphan result, a result with other id fields) sends the turns through the full pass.
 *
 * On a list proven `paired` each result answers, by its own id, the call right before it and no other
 * result does: with the ids distinct, a plain result then always answers an open call, and the open
 * calls need not be tracked.
 */
function idsKeptAsIs(turns: readonly Turn[], mode: ToolCallIdMode, keepNative: boolean, paired: boolean): boolean {
  const seen = new Set<string>();
  const unanswered = paired ? null : new Set<string>();
  for (const turn of turns) {
    if (!(turn.traits & (TRAIT.call | TRAIT.toolResult))) continue;
    const m = turn.message;
    if (turn.traits & TRAIT.toolResult) {
      // A plain result's only id is its toolCallId; it keeps it when it answers an open call.
      if (!(turn.traits & TRAIT.plainResultId) || (unanswered && !unanswered.delete(m.toolCallId as string))) return false;
      continue;
    }
    if (m.role !== 'assistant' || !(turn.traits & TRAIT.call) || !Array.isArray(m.content)) continue;
    for (const b of m.content) {
      if (!isRecord(b) || typeof b.type !== 'string' || !PAIRABLE_CALL_TYPES.has(b.type) || typeof b.id !== 'string' || !b.id) continue;
      const id = b.id;
      if (seen.has(id) || !isKeptForm(id, mode, keepNative)) return false;
      seen.add(id);
      unanswered?.add(id);
    }
  }
  return true;
}

/**
 * Whether an id is already in the mode's form: the id `allocate` tries first for it, before any
 * collision, is the id itself. Strict9 keeps exactly 9 ASCII letters and digits; strict keeps a Kimi
 * id (`functions.name:0`) of at most 40 characters, or 1 to 40 ASCII letters and digits. Read
 * without building the sanitised id: the check runs for every call of a session, and on valid ids the
 * regular-expression replace that builds it costs 1.7 times this loop. (Anthropic's native `toolu_`
 * test stays a regular expression: a character loop measured slower there.)
 */
export function isInModeForm(id: string, mode: ToolCallIdMode): boolean {
  if (mode === 'strict9') return id.length === 9 && isAsciiAlnum(id);
  if (id.length === 0 || id.length > MAX_STRICT) return false;
  return isAsciiAlnum(id) || NATIVE_KIMI.test(id);
}

/** Whether the id check keeps an id as it is: in the mode's form, or a native Anthropic id the policy keeps. */
function isKeptForm(id: string, mode: ToolCallIdMode, keepNative: boolean): boolean {
  return (keepNative && NATIVE_ANTHROPIC.test(id)) || isInModeForm(id, mode);
}

/** Whether every character of a string is an ASCII letter or digit (true for ''). */
function isAsciiAlnum(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    if (!isAsciiAlnumCode(text.charCodeAt(i))) return false;
  }
  return true;
}

function sanitizeIds(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  const mode = ctx.policy.toolCallIdMode ?? 'strict';
  // Nearly every session's ids are already valid and distinct: then nothing changes (and the second
  // pass, after steps that kept every call and result, need not look again).
  if (ctx.proven(turns, 'ids-kept')) return turns;
  if (idsKeptAsIs(turns, mode, ctx.policy.preserveNativeAnthropicToolUseIds, ctx.proven(turns, 'paired'))) {
    ctx.prove(turns, 'ids-kept');
    return turns;
  }
  const safe = ctx.policy.allowProviderOwnedThinkingReplay
    ? replaySafeSignedTurns(turns, ctx.allowedToolNames)
    : { reserved: new Set<string>(), indexes: new Set<number>() };
  const used = new Set(safe.reserved);
  const assistantSeen = new Map<string, number>();
  const orphanSeen = new Map<string, number>();
  // Each id's queue of the ids its results take, in call order: a lone id is kept as is (nearly every
  // call id is used once), a list is this function's own and changes in place.
  const pending = new Map<string, string | string[]>();
  const keepNative = ctx.policy.preserveNativeAnthropicToolUseIds;
  const queue = (id: string, next: string) => {
    const list = pending.get(id);
    if (list === undefined) pending.set(id, next);
    else if (typeof list === 'string') pending.set(id, [list, next]);
    else list.push(next);
  };
  const dequeue = (id: string): string | undefined => {
    const list = pending.get(id);
    if (typeof list !== 'string') return list?.shift();
    pending.delete(id);
    return list;
  };
  // Whether the output passes `idsKeptAsIs`, so that the second pass need not look again: each id in
  // form, each taken once (allocation avoids `used` but for its last resort), each result plain and
  // answering a call before it through the queues.
  let keptAsIsAfter = true;
  // Whether a paired list stays paired: the pairing check reads a result's toolCallId first, trimmed,
  // where the rewrite follows `call_id` and its kind first, untrimmed; they agree on a plain result.
  let pairedAfter = ctx.proven(turns, 'paired');
  const take = (id: string) => {
    if (used.has(id)) keptAsIsAfter = false;
    used.add(id);
    return id;
  };
  const resolveAssistant = (id: string) => {
    const n = (assistantSeen.get(id) ?? 0) + 1;
    assistantSeen.set(id, n);
    const next =
      keepNative && n === 1 && !used.has(id) && NATIVE_ANTHROPIC.test(id)
        ? take(id)
        : take(allocate(n === 1 ? id : `${id}:${n}`, mode, used, ctx.now));
    queue(id, next);
    return next;
  };
  const resolveResult = (id: string) => {
    const queued = dequeue(id);
    if (queued !== undefined) return queued;
    keptAsIsAfter = pairedAfter = false; // a result that answers no call before it
    const n = (orphanSeen.get(id) ?? 0) + 1;
    orphanSeen.set(id, n);
    if (keepNative && NATIVE_ANTHROPIC.test(id) && n === 1 && !used.has(id)) return take(id);
    return take(allocate(`${id}:tool_result:${n}`, mode, used, ctx.now));
  };
  const out = turns.map((turn, index): Turn => {
    // Only call blocks and results carry ids.
    if (!(turn.traits & (TRAIT.call | TRAIT.toolResult))) return turn;
    // A result with more than its toolCallId keeps the other id fields: the checks look again at such a list.
    if (turn.traits & TRAIT.toolResult && !(turn.traits & TRAIT.plainResultId)) keptAsIsAfter = pairedAfter = false;
    const m = turn.message;
    if (m.role === 'assistant') {
      if (!(turn.traits & TRAIT.call)) return turn;
      if (safe.indexes.has(index)) {
        for (const c of extractCalls(m)) {
          used.add(c.id);
          queue(c.id, c.id);
          if (keptAsIsAfter && !isKeptForm(c.id, mode, keepNative)) keptAsIsAfter = false;
        }
        return turn;
      }
      if (!Array.isArray(m.content)) return turn;
      // The content is copied only from its first rewritten id on: an untouched turn allocates nothing.
      let next: unknown[] | null = null;
      for (let i = 0; i < m.content.length; i += 1) {
        const b: unknown = m.content[i];
        if (!isRecord(b) || typeof b.type !== 'string' || !PAIRABLE_CALL_TYPES.has(b.type) || typeof b.id !== 'string' || !b.id) continue;
        const id = resolveAssistant(b.id);
        if (keptAsIsAfter && !isKeptForm(id, mode, keepNative)) keptAsIsAfter = false;
        if (id === b.id) continue;
        next ??= m.content.slice();
        ctx.note(
          turn,
          'rewritten',
          `tool call id ${JSON.stringify(b.id)} → ${id} (${mode === 'strict9' ? 'exactly 9 alphanumerics' : 'alphanumeric only'})`,
          { before: b.id, after: id, path: `content[${i}].id`, decision: ctx.decisionOf('toolCallIdMode') },
        );
        next[i] = { ...b, id };
      }
      return next ? ctx.with(turn, { ...m, content: next }, traitsAfterCallIdRewrite(turn.traits)) : turn;
    }
    if (m.role === 'toolResult') return rewriteResultIds(turn, ctx, resolveResult, 'follows its call', ctx.decisionOf('toolCallIdMode'));
    return turn;
  });
  if (keptAsIsAfter) ctx.prove(out, 'ids-kept');
  // A paired list of plain results stays paired: each result takes the id its call got, and the new ids
  // need no trim (letters and digits, a Kimi or a native id).
  if (pairedAfter) ctx.prove(out, 'paired');
  return out;
}

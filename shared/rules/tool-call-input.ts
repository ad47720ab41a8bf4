/**
 * Malformed tool calls removed before replay: no input/arguments, no id, an invalid or disallowed
 * name, or a half-streamed `partialJson` (reference §3.9; stream-time variant §3.21).
 */
import {
  describeTurn,
  isRecord,
  isThinkingLike,
  PAIRABLE_CALL_TYPES,
  TOOL_CALL_ID_FIELDS,
  TOOL_CALL_TYPES,
  toolResultCallId,
  toolResultCallIds,
} from '../messages.js';
import type { Message } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { extractCalls, isSyntheticResult } from './tool-result-pairing.js';

export interface ToolCallInputOptions {
  /** `history` is the replay-history pass; `stream` the guard that runs on every provider call. */
  flavour: 'history' | 'stream';
}

const NAME_RE = /^[A-Za-z0-9_:.-]+$/;
const NAME_MAX = 64;
const TOOL_NAME_ALIASES = new Map([
  ['bash', 'exec'],
  ['apply-patch', 'apply_patch'],
  ['cron', 'automations'],
]);

type Block = Record<string, unknown>;
const isContractCall = (b: unknown): b is Block => isRecord(b) && typeof b.type === 'string' && TOOL_CALL_TYPES.has(b.type);
const isRunnerCall = (b: unknown): b is Block => isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type);
export const hasCallInput = (b: Block): boolean =>
  (b.input !== undefined && b.input !== null) || (b.arguments !== undefined && b.arguments !== null);
const hasAnyId = (b: Block) => TOOL_CALL_ID_FIELDS.some((f) => typeof b[f] === 'string' && (b[f] as string).trim() !== '');

/** The allowlist as OpenClaw compares it: trimmed, lower-cased; null when empty. */
export function normalizeAllowlist(names: readonly string[] | undefined): Set<string> | null {
  if (!names) return null;
  const set = new Set(names.filter((n) => typeof n === 'string' && n.trim()).map((n) => n.trim().toLowerCase()));
  return set.size ? set : null;
}

/** A syntactically valid tool name (1–64 of [A-Za-z0-9_:.-]) that the allowlist, when given, contains. */
export function isAllowedToolName(name: unknown, allowed: Set<string> | null): boolean {
  if (typeof name !== 'string') return false;
  const t = name.trim();
  if (!t || t.length > NAME_MAX || !NAME_RE.test(t)) return false;
  return !allowed || allowed.has(t.toLowerCase());
}

/**
 * Tool-call blocks that already completed (answered by a real result): they replay even when the tool
 * is no longer allowed, because the result is a fact of the conversation.
 */
export function completedCallBlocks(messages: readonly Message[]): Set<unknown> {
  const completed = new Set<unknown>();
  const starts = messages.flatMap((m, i) => (m.role === 'assistant' && extractCalls(m).length > 0 ? [i] : []));
  const unanswered = new Map<string, { block: unknown }[]>();
  const leftovers: { id?: string; synthetic: boolean }[][] = [];
  starts.forEach((start, f) => {
    const assistant = messages[start];
    const blocks = (assistant.content as unknown[]).filter((b) => isRunnerCall(b) && typeof b.id === 'string' && b.id);
    const calls = extractCalls(assistant);
    const pending = new Map<string, unknown[]>();
    blocks.forEach((b) => pending.set((b as Block).id as string, [...(pending.get((b as Block).id as string) ?? []), b]));
    const answered = new Set<unknown>();
    const frameLeftovers: { id?: string; synthetic: boolean }[] = [];
    const end = starts[f + 1] ?? messages.length;
    for (let i = start + 1; i < end; i += 1) {
      const m = messages[i];
      if (m.role !== 'toolResult') continue;
      let id = toolResultCallId(m);
      if (!id && calls.length === 1) {
        const rn = typeof m.toolName === 'string' ? m.toolName.trim() : '';
        const cn = calls[0].name?.trim() ?? '';
        if (!(rn && cn && rn !== cn)) id = calls[0].id;
      }
      const block = id ? pending.get(id)?.shift() : undefined;
      if (block) {
        answered.add(block);
        if (!isSyntheticResult(m)) completed.add(block);
      } else if (!id || !calls.some((c) => c.id === id)) frameLeftovers.push({ id, synthetic: isSyntheticResult(m) });
    }
    for (const b of blocks)
      if (!answered.has(b)) unanswered.set((b as Block).id as string, [...(unanswered.get((b as Block).id as string) ?? []), { block: b }]);
    leftovers.push(frameLeftovers);
    for (const r of frameLeftovers) {
      const candidates = r.id ? (unanswered.get(r.id) ?? []) : [];
      if (candidates.length === 1 && !r.synthetic) {
        completed.add(candidates[0].block);
        unanswered.set(r.id!, []);
      }
    }
  });
  return completed;
}

// ---- stream-time name resolution (allowlist-aware) -------------------------------------------

function caseInsensitive(name: string, allowed: Set<string>): string | null {
  const folded = name.toLowerCase();
  let match: string | null = null;
  for (const a of allowed) {
    if (a.toLowerCase() !== folded) continue;
    if (match && match !== a) return null;
    match = a;
  }
  return match;
}

const aliasOf = (name: string) => TOOL_NAME_ALIASES.get(name.toLowerCase()) ?? name.toLowerCase();

function exactAllowed(name: string, allowed: Set<string>): string | null {
  if (allowed.has(name)) return name;
  const alias = aliasOf(name);
  if (allowed.has(alias)) return alias;
  return caseInsensitive(name, allowed) ?? caseInsensitive(alias, allowed);
}

function structuredCandidates(raw: string): string[] {
  const trimmed = raw.trim();
  if (!trimmed) return [];
  const out: string[] = [];
  const add = (v: string) => {
    const c = v.trim();
    if (c && !out.includes(c)) out.push(c);
  };
  add(trimmed);
  add(aliasOf(trimmed));
  const seeds = [trimmed];
  const cut = ['"', "'", '<']
    .map((s) => trimmed.indexOf(s))
    .filter((o) => o > 0)
    .sort((a, b) => a - b)[0];
  if (cut !== undefined) {
    add(trimmed.slice(0, cut));
    add(aliasOf(trimmed.slice(0, cut)));
    seeds.push(trimmed.slice(0, cut));
  }
  for (const seed of seeds) {
    const dotted = seed.replace(/\//g, '.');
    add(dotted);
    add(aliasOf(dotted));
    const segments = dotted
      .split('.')
      .map((s) => s.trim())
      .filter(Boolean);
    for (let i = 1; i < segments.length; i += 1) {
      add(segments.slice(i).join('.'));
      add(aliasOf(segments.slice(i).join('.')));
    }
  }
  return out;
}

function structuredAllowed(raw: string, allowed: Set<string>): string | null {
  const candidates = structuredCandidates(raw);
  for (const c of candidates) if (allowed.has(c)) return c;
  for (const c of candidates) {
    const m = caseInsensitive(c, allowed);
    if (m) return m;
  }
  return null;
}

function inferFromId(rawId: string, allowed: Set<string> | null): string | null {
  if (!rawId || !allowed) return null;
  const id = rawId.trim();
  if (!id) return null;
  const tokens = new Set<string>();
  const addToken = (value: string) => {
    const t = value.trim();
    if (!t) return;
    const dotted = t.replace(/\//g, '.');
    for (const v of [
      t,
      t.replace(/[:._/-]\d+$/, ''),
      t.replace(/\d+$/, ''),
      dotted,
      dotted.replace(/[:._-]\d+$/, ''),
      dotted.replace(/\d+$/, ''),
    ])
      tokens.add(v);
    for (const prefix of [/^functions?[._-]?/i, /^tools?[._-]?/i]) {
      const stripped = dotted.replace(prefix, '');
      if (stripped !== dotted) for (const v of [stripped, stripped.replace(/[:._-]\d+$/, ''), stripped.replace(/\d+$/, '')]) tokens.add(v);
    }
  };
  addToken(id);
  addToken(id.split(':')[0] ?? id);
  let single: string | null = null;
  for (const t of tokens) {
    const m = structuredAllowed(t, allowed);
    if (!m) continue;
    if (single && single !== m) return null;
    single = m;
  }
  return single;
}

/** The name a stream-time replay sends for a call, or null when the call must be dropped. */
export function resolveReplayToolName(rawName: string, rawId: string, allowed: Set<string> | null): string | null {
  if (rawName.length > 128) return null;
  const trimmed = rawName.trim();
  let resolved: string | null;
  if (!trimmed) resolved = inferFromId(rawId, allowed);
  else if (!allowed) resolved = trimmed;
  else {
    resolved = exactAllowed(trimmed, allowed) ?? inferFromId(trimmed, allowed);
    if (!resolved) {
      const dotted = trimmed.replace(/\//g, '.');
      const counter = /^(?:functions?|tools?)[._-]?/i.test(dotted) && /(?:[:._-]\d+|\d+)$/.test(dotted);
      resolved = counter ? null : structuredAllowed(trimmed, allowed);
    }
  }
  if (!resolved) return null;
  const t = resolved.trim();
  return !t || t.length > NAME_MAX || /\s/.test(t) ? null : t;
}

// ---- the rule --------------------------------------------------------------------------------

function followingResults(messages: readonly Message[], index: number, flavour: 'history' | 'stream') {
  const ids = new Set<string>();
  let sawOther = false;
  let displaced = false;
  const calls = extractCalls(messages[index]);
  for (let i = index + 1; i < messages.length; i += 1) {
    const m = messages[i];
    if (
      m.role === 'assistant' &&
      (flavour === 'history' ? extractCalls(m).length > 0 : Array.isArray(m.content) && m.content.some(isRunnerCall))
    )
      break;
    if (m.role === 'toolResult') {
      let found = toolResultCallIds(m);
      if (flavour === 'history' && found.length === 0 && calls.length === 1) {
        const rn = typeof m.toolName === 'string' ? m.toolName.trim() : '';
        const cn = calls[0].name?.trim() ?? '';
        if (!(rn && cn && rn !== cn)) found = [calls[0].id];
      }
      for (const id of found) ids.add(id);
      displaced ||= found.length > 0 && sawOther;
      continue;
    }
    sawOther = true;
  }
  return { ids, displaced };
}

/** A finalised OpenAI Responses call whose leftover partialJson can be dropped (reference §3.9). */
function isFinalisedResponsesCall(message: Message, block: Block): boolean {
  if (message.stopReason !== 'toolUse' || typeof block.partialJson !== 'string' || typeof block.id !== 'string' || 'input' in block)
    return false;
  const args = block.arguments;
  if (!isRecord(args)) return false;
  let complete: boolean;
  try {
    complete = isRecord(JSON.parse(block.partialJson));
  } catch {
    complete = false;
  }
  if (!complete && (block.partialJson.trim() !== '' || Object.keys(args).length > 0)) return false;
  const sep = block.id.indexOf('|');
  return sep > 0 && sep < block.id.length - 1;
}

function apply(turns: readonly Turn[], ctx: RuleContext, flavour: 'history' | 'stream'): Turn[] {
  const messages = turns.map((t) => t.message);
  const allowed = normalizeAllowlist(ctx.allowedToolNames);
  const completed = completedCallBlocks(messages);
  const allowedFor = (b: Block) => (completed.has(b) ? null : allowed);
  const preserved = new Set<string>();
  const prior = new Set<string>();
  const out: Turn[] = [];
  turns.forEach((turn, index) => {
    const m = turn.message;
    if (m.role !== 'assistant' || !Array.isArray(m.content)) {
      out.push(turn);
      return;
    }
    const content = m.content;
    const hasThinking = content.some((b) => isThinkingLike(b));
    const callBlocks = content.filter(flavour === 'history' ? isContractCall : isRunnerCall);
    if (ctx.policy.allowProviderOwnedThinkingReplay && hasThinking && callBlocks.length > 0) {
      const calls = extractCalls(m);
      const following = followingResults(messages, index, flavour);
      const seen = new Set<string>();
      let reason = '';
      for (const b of callBlocks) {
        const id = typeof b.id === 'string' ? b.id.trim() : '';
        if (!hasCallInput(b)) reason = 'a tool call has no input';
        else if (!id) reason = 'a tool call has no id';
        else if (seen.has(id)) reason = `tool call id ${id} repeats within the turn`;
        else if (flavour === 'history' && typeof b.partialJson === 'string') reason = 'a tool call was never finished (partialJson)';
        else if (flavour === 'history' && !isAllowedToolName(b.name, allowedFor(b)))
          reason = `tool name ${JSON.stringify(b.name)} is not valid or not allowed`;
        else if (flavour === 'history' && typeof b.name === 'string' && b.name !== b.name.trim()) reason = 'a tool name needs trimming';
        else if (flavour === 'stream' && resolveReplayToolName(typeof b.name === 'string' ? b.name : '', id, allowedFor(b)) !== b.name)
          reason = `tool name ${JSON.stringify(b.name)} is not valid or not allowed`;
        if (reason) break;
        seen.add(id);
      }
      if (!reason) {
        const spawn = callBlocks.some(
          (b) => b.name === 'sessions_spawn' && isRecord(b.input) && Array.isArray(b.input.attachments) && b.input.attachments.length > 0,
        );
        const bad = calls.find(
          (c) =>
            preserved.has(c.id) ||
            ((flavour === 'stream' || spawn) && !following.ids.has(c.id)) ||
            (following.displaced && prior.has(c.id)),
        );
        if (bad)
          reason = preserved.has(bad.id)
            ? `tool call id ${bad.id} was already used by an earlier signed turn`
            : !following.ids.has(bad.id)
              ? `call ${bad.id} has no result after it`
              : `the results of call ${bad.id} are displaced and its id appeared earlier`;
      }
      if (reason) {
        ctx.note(
          turn,
          'dropped',
          `${describeTurn(m)} with signed thinking and tool calls dropped whole: ${reason} (a signed turn cannot be edited)`,
          { before: m.content },
        );
        return;
      }
      for (const c of calls) {
        preserved.add(c.id);
        prior.add(c.id);
      }
      out.push(turn);
      return;
    }
    const next: unknown[] = [];
    let changed = false;
    content.forEach((block, i) => {
      if (flavour === 'stream') {
        if (!isRunnerCall(block)) {
          next.push(block);
          return;
        }
        if (!hasCallInput(block) || typeof block.id !== 'string' || !block.id) {
          changed = true;
          ctx.note(
            turn,
            'rewritten',
            `tool call ${JSON.stringify(block.name ?? null)} dropped: ${!hasCallInput(block) ? 'no input/arguments' : 'no id'}`,
            { before: block, path: `content[${i}]` },
          );
          return;
        }
        const resolved = resolveReplayToolName(typeof block.name === 'string' ? block.name : '', block.id, allowedFor(block));
        if (!resolved) {
          changed = true;
          ctx.note(
            turn,
            'rewritten',
            `tool call ${block.id} dropped: its name ${JSON.stringify(block.name ?? null)} is not a usable tool name`,
            { before: block, path: `content[${i}]` },
          );
          return;
        }
        if (resolved !== block.name) {
          changed = true;
          ctx.note(turn, 'rewritten', `tool name ${JSON.stringify(block.name)} resolved to "${resolved}"`, {
            before: block.name ?? null,
            after: resolved,
            path: `content[${i}].name`,
          });
          next.push({ ...block, name: resolved });
          return;
        }
        next.push(block);
        return;
      }
      if (!isContractCall(block)) {
        next.push(block);
        return;
      }
      const problem = !hasCallInput(block)
        ? 'no input/arguments (a partially persisted call)'
        : !hasAnyId(block)
          ? 'no id'
          : !isAllowedToolName(block.name, allowedFor(block))
            ? isAllowedToolName(block.name, null)
              ? `tool ${JSON.stringify(String(block.name).trim())} is not in the allowed tools`
              : `invalid tool name ${JSON.stringify(block.name ?? null)}`
            : '';
      if (problem) {
        changed = true;
        ctx.note(turn, 'rewritten', `tool call dropped: ${problem}`, { before: block, path: `content[${i}]` });
        return;
      }
      let work: Block = block;
      if (typeof block.partialJson === 'string') {
        if (!isFinalisedResponsesCall(m, block)) {
          changed = true;
          ctx.note(turn, 'rewritten', 'tool call dropped: it was never finished streaming (partialJson)', {
            before: block,
            path: `content[${i}]`,
          });
          return;
        }
        work = { ...block };
        delete work.partialJson;
        changed = true;
        ctx.note(turn, 'rewritten', 'leftover partialJson removed from a finished OpenAI Responses call', {
          before: { partialJson: block.partialJson },
          path: `content[${i}].partialJson`,
        });
      }
      // Result ids are compared trimmed; a call id with stray whitespace would never match its result.
      if (typeof work.id === 'string' && work.id.trim() && work.id !== work.id.trim()) {
        ctx.note(turn, 'rewritten', `tool call id ${JSON.stringify(work.id)} trimmed`, {
          before: work.id,
          after: work.id.trim(),
          path: `content[${i}].id`,
        });
        work = { ...work, id: work.id.trim() };
        changed = true;
      }
      if (typeof work.name === 'string' && work.name.trim() && work.name !== work.name.trim()) {
        ctx.note(turn, 'rewritten', `tool name ${JSON.stringify(work.name)} trimmed`, {
          before: work.name,
          after: work.name.trim(),
          path: `content[${i}].name`,
        });
        work = { ...work, name: work.name.trim() };
        changed = true;
      }
      next.push(work);
    });
    if (!changed) {
      for (const c of extractCalls(m)) prior.add(c.id);
      out.push(turn);
      return;
    }
    if (next.length === 0) {
      ctx.note(turn, 'dropped', `${describeTurn(m)} had only malformed tool calls`, { before: m.content });
      return;
    }
    const nextTurn = ctx.with(turn, { ...m, content: next });
    for (const c of extractCalls(nextTurn.message)) prior.add(c.id);
    out.push(nextTurn);
  });
  return out;
}

export const toolCallInputRule: Rule<ToolCallInputOptions> = {
  id: 'tool-call-input',
  title: 'Malformed tool calls',
  explanation:
    'Tool-call blocks without input or arguments (partially persisted calls, e.g. after a rate-limit error), without an id, with a name that is not 1–64 characters of [A-Za-z0-9_:.-] (leaked control tokens like "<|tool_call_argument_begin|>"), with a tool not in the allowed tool list (calls that already completed are exempt), or still carrying a half-streamed partialJson are removed; a finished OpenAI Responses call only loses its leftover partialJson; names are trimmed. A turn left with nothing is dropped. When the provider owns signed thinking (Anthropic transports), a turn with thinking and tool calls cannot be edited: it is kept byte for byte or dropped whole. The same guard runs again on every provider call, where a name that is not allowed may be resolved to the allowed tool it clearly means. Seed: "Blocos de chamada de ferramenta do assistente que não contenham input nem arguments são removidos". A call id with stray surrounding whitespace is trimmed (results are matched on trimmed ids, so it would never find its result).',
  seed: 'tool calls without input/arguments, bad names, partialJson',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx, options) {
    return apply(turns, ctx, options.flavour);
  },
};

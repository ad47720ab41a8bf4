/**
 * OpenAI Responses reasoning items (`rs_…`): dropped when stale (from before a model route switch) or
 * orphaned (nothing follows them in the turn), and `call_…|fc_…` ids downgraded when no reasoning precedes them.
 */
import { describeTurn, isRecord, PAIRABLE_CALL_TYPES, timestampMs } from '../messages.js';
import type { Rule, RuleContext, Turn } from './rule.js';

export interface OpenAIReasoningOptions {
  /** `reasoning`: stale + orphan drop; `fc-downgrade`: the call|fc pairing downgrade. */
  phase: 'reasoning' | 'fc-downgrade';
  /** Reasoning from turns at or before this time is stale (a model route switch happened then). */
  dropBefore?: number | null;
}

/** An OpenAI Responses reasoning signature: JSON with an `rs_` id and a reasoning type. */
export function parseReasoningSignature(value: unknown): { id: string; type: string } | null {
  let candidate: unknown = null;
  if (typeof value === 'string') {
    const t = value.trim();
    if (!t.startsWith('{') || !t.endsWith('}')) return null;
    try {
      candidate = JSON.parse(t);
    } catch {
      return null;
    }
  } else if (value && typeof value === 'object') candidate = value;
  if (!isRecord(candidate)) return null;
  const id = typeof candidate.id === 'string' ? candidate.id : '';
  const type = typeof candidate.type === 'string' ? candidate.type : '';
  return id.startsWith('rs_') && (type === 'reasoning' || type.startsWith('reasoning.')) ? { id, type } : null;
}

/**
 * For each run (its rule context), whether each block read so far is a reasoning item. The phases of
 * this rule read the same blocks up to three times, and recognising one parses its signature (OpenAI's
 * carry kilobytes of encrypted content). Per run, so a block a caller changes between two inspections
 * is read again.
 */
const reasoningByRun = new WeakMap<RuleContext, WeakMap<object, boolean>>();

/** The reasoning-item test of a run, remembering its answer for each block. */
function reasoningTest(ctx: RuleContext): (block: unknown) => boolean {
  let known = reasoningByRun.get(ctx);
  if (known === undefined) reasoningByRun.set(ctx, (known = new WeakMap()));
  const answers = known;
  return (block) => {
    if (!isRecord(block) || block.type !== 'thinking') return false;
    let answer = answers.get(block);
    if (answer === undefined) answers.set(block, (answer = parseReasoningSignature(block.thinkingSignature) !== null));
    return answer;
  };
}

/** The `{"v":1,"phase":…}` a text signature keeps when its message id is dropped. */
function phaseOnly(signature: unknown): string | undefined {
  if (typeof signature !== 'string' || !signature.startsWith('{')) return undefined;
  try {
    const parsed = JSON.parse(signature) as Record<string, unknown>;
    if (parsed.v === 1 && (parsed.phase === 'commentary' || parsed.phase === 'final_answer'))
      return JSON.stringify({ v: 1, phase: parsed.phase });
  } catch {
    return undefined;
  }
  return undefined;
}

function reasoning(turns: readonly Turn[], ctx: RuleContext, dropBefore: number | null | undefined): Turn[] {
  const isReasoningBlock = reasoningTest(ctx);
  const out: Turn[] = [];
  for (const turn of turns) {
    const m = turn.message;
    if (m.role !== 'assistant' || !Array.isArray(m.content)) {
      out.push(turn);
      continue;
    }
    const ts = timestampMs(m.timestamp);
    const stale = dropBefore !== null && dropBefore !== undefined && !(Number.isFinite(ts) && ts > dropBefore);
    const content = m.content;
    let droppedStale = 0;
    let droppedOrphan = 0;
    let nulls = 0;
    const kept: unknown[] = [];
    content.forEach((block, i) => {
      if (stale && !block) {
        nulls += 1;
        return;
      }
      if (!isReasoningBlock(block)) {
        kept.push(block);
        return;
      }
      if (stale) {
        droppedStale += 1;
        return;
      }
      // A spec decision: reasoning with no non-thinking block after it in the same turn is orphaned.
      if (ctx.policy.dropOrphanReasoning && !followedByContent(content, i)) {
        droppedOrphan += 1;
        return;
      }
      kept.push(block);
    });
    if (droppedStale + droppedOrphan + nulls === 0) {
      out.push(turn);
      continue;
    }
    const detail = [
      droppedStale
        ? `${droppedStale} reasoning item(s) from before the model route switch removed (OpenAI rejects reasoning another model produced)`
        : '',
      droppedOrphan ? `${droppedOrphan} orphan reasoning item(s) with nothing after them removed` : '',
    ]
      .filter(Boolean)
      .join('; ');
    // Orphans are dropped only by a spec decision; on Codex, stale reasoning only by another.
    const decision = droppedOrphan ? ctx.decisionOf('dropOrphanReasoning') : ctx.decisionOf('isResponsesFamily');
    if (kept.length === 0) {
      ctx.note(turn, 'dropped', `${describeTurn(m)} held only ${detail || 'empty blocks'}`, { before: content, decision });
      continue;
    }
    const final = droppedStale
      ? kept.map((b) => {
          if (!isRecord(b) || b.type !== 'text' || b.textSignature === undefined) return b;
          const phase = phaseOnly(b.textSignature);
          const { textSignature: _dropped, ...rest } = b;
          return phase !== undefined ? { ...rest, textSignature: phase } : rest;
        })
      : kept;
    ctx.note(turn, 'rewritten', detail || 'empty blocks removed', {
      before: content.filter((b) => isReasoningBlock(b)),
      path: 'content',
      decision,
    });
    out.push(ctx.with(turn, { ...m, content: final }));
  }
  return out;
}

/** Whether a block other than thinking follows the one at `index`. */
function followedByContent(content: readonly unknown[], index: number): boolean {
  for (let i = index + 1; i < content.length; i += 1) {
    const b = content[i];
    if (isRecord(b) && b.type !== 'thinking' && b.type !== 'redacted_thinking') return true;
  }
  return false;
}

function fcDowngrade(turns: readonly Turn[], ctx: RuleContext): Turn[] {
  const isReasoningBlock = reasoningTest(ctx);
  const out: Turn[] = [];
  let pending: Map<string, string> | null = null;
  for (const turn of turns) {
    const m = turn.message;
    if (m.role === 'assistant') {
      if (!Array.isArray(m.content)) {
        pending = null;
        out.push(turn);
        continue;
      }
      const content = m.content;
      // Copied, and the ids mapped, only from the first downgrade on: nearly every turn has none. Whether a
      // reasoning block comes before a call is read only for a call that could be downgraded, and only up
      // to it (a reasoning block's signature is parsed to be recognised: OpenAI's are long).
      let local: Map<string, string> | null = null;
      let next: unknown[] | null = null;
      let read = 0;
      let seenReasoning = false;
      for (let i = 0; i < content.length; i += 1) {
        const block = content[i];
        if (!isRecord(block) || typeof block.type !== 'string' || !PAIRABLE_CALL_TYPES.has(block.type) || typeof block.id !== 'string')
          continue;
        const id = block.id;
        const sep = id.indexOf('|');
        if (sep <= 0 || sep >= id.length - 1 || !id.startsWith('fc_', sep + 1)) continue;
        for (; !seenReasoning && read < i; read += 1) seenReasoning = isReasoningBlock(content[read]);
        if (seenReasoning) continue;
        const callId = id.slice(0, sep);
        (local ??= new Map()).set(id, callId);
        ctx.note(
          turn,
          'rewritten',
          `call id ${id} downgraded to ${callId}: no reasoning item precedes it, and OpenAI rejects a function_call item id (fc_…) without its reasoning`,
          { before: id, after: callId, path: `content[${i}].id`, decision: ctx.decisionOf('isResponsesFamily') },
        );
        (next ??= content.slice())[i] = { ...block, id: callId };
      }
      pending = local;
      out.push(next ? ctx.with(turn, { ...m, content: next }) : turn);
      continue;
    }
    if (m.role === 'toolResult' && pending) {
      const updates: Record<string, string> = {};
      for (const field of ['toolCallId', 'toolUseId']) {
        const v = m[field];
        if (typeof v === 'string' && pending.has(v)) updates[field] = pending.get(v)!;
      }
      if (Object.keys(updates).length) {
        ctx.note(turn, 'rewritten', `result id follows its downgraded call (${Object.values(updates)[0]})`, {
          before: m.toolCallId ?? m.toolUseId ?? null,
          after: Object.values(updates)[0],
          path: Object.keys(updates).join(', '),
          decision: ctx.decisionOf('isResponsesFamily'),
        });
        out.push(ctx.with(turn, { ...m, ...updates }));
      } else out.push(turn);
      continue;
    }
    pending = null;
    out.push(turn);
  }
  return out;
}

export const openaiReasoningRule: Rule<OpenAIReasoningOptions> = {
  id: 'openai-reasoning',
  title: 'OpenAI Responses reasoning items',
  explanation:
    'OpenAI Responses replays reasoning items and checks them. Reasoning from a model used before the latest model switch is rejected, so it is dropped (and the paired message id leaves text signatures). A call id of the form "call_x|fc_y" with no reasoning before the call becomes "call_x", so the request carries no function_call id it cannot back. In the spec behaviour only, a reasoning item with nothing after it in its turn, which the provider rejects ("reasoning item … was provided without its required following item"), is dropped too; OpenClaw 2026.9.6 keeps it.',
  providers: 'OpenAI Responses family (openai-responses, openai-codex-responses, openai-chatgpt-responses, azure-openai-responses)',
  appliesWhen: (policy) => policy.isResponsesFamily,
  apply(turns, ctx, options) {
    return options.phase === 'fc-downgrade' ? fcDowngrade(turns, ctx) : reasoning(turns, ctx, options.dropBefore);
  },
};

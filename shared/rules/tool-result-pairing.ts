/**
 * Every tool call answered exactly once, right after its call: real results moved into place,
 * missing ones synthesised, duplicates and orphans dropped, frame by frame (docs/rules.md#tool-result-pairing).
 */
import { describeTurn, isRecord, PAIRABLE_CALL_TYPES, TEXT, toolResultCallId, toolResultCallIds } from '../messages.js';
import { alreadyPaired, answersInPlace, frameStarts, isIdentifiedCall, isSyntheticResult } from './pairing-checks.js';
import type { Message } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT } from './traits.js';
import { pushTo } from '../multimap.js';

export interface PairingOptions {
  /**
   * `aborted` for the OpenAI Responses family (Codex parity), the OpenClaw text otherwise;
   * `embedded` removes tool-result blocks inside user turns that answer no call of the turn before.
   */
  flavour: 'responses' | 'generic' | 'embedded';
  /** Where in the pipeline this run is (for the annotation text). */
  stage?: string;
}

interface Call {
  id: string;
  name?: string;
}

/** The pairable tool calls of an assistant (toolCall/toolUse/functionCall with a non-empty id). */
export function extractCalls(message: Message): Call[] {
  if (!Array.isArray(message.content)) return [];
  const out: Call[] = [];
  for (const b of message.content) {
    if (isIdentifiedCall(b)) out.push({ id: b.id, name: typeof b.name === 'string' ? b.name : undefined });
  }
  return out;
}

/** Add the ids `extractCalls` would give to `into`, without building the list. */
export function addCallIds(message: Message, into: Set<string>): void {
  if (!Array.isArray(message.content)) return;
  for (const b of message.content) if (isIdentifiedCall(b)) into.add(b.id);
}

const trimmedOrUndefined = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

interface Occurrence extends Call {
  result?: Turn;
  source?: Turn;
  /** Where the result came from: 0 in place, 1 displaced within the frame, 2 from another frame. */
  displacement: number;
  /** Index of the result in the input. */
  index?: number;
}

interface Frame {
  start: number;
  end: number;
  assistant: Turn;
  occurrences: Occurrence[];
  remainder: Turn[];
  unclaimed: { turn: Turn; id?: string; index: number }[];
  failed: boolean;
}

export const toolResultPairingRule: Rule<PairingOptions> = {
  id: 'tool-result-pairing',
  title: 'Tool call / result pairing',
  explanation:
    'Every provider requires each tool call to be answered by exactly one result right after it ("tool_use ids were found without tool_result blocks immediately after", "No tool output found for function call"). Results are moved next to their call in call order, duplicates and orphans are dropped, and a missing result is added as an error result ("aborted" for OpenAI Responses, and in the spec behaviour for Codex too). A failed assistant turn is dropped with its results.',
  providers: 'all providers',
  appliesWhen: (policy) => policy.repairToolUseResultPairing,
  apply(turns, ctx, options) {
    return options.flavour === 'embedded' ? stripEmbeddedResults(turns, ctx) : repairPairing(turns, ctx, options);
  },
};

const isResultBlock = (b: unknown): boolean => isRecord(b) && (b.type === 'toolResult' || b.type === 'tool');

/**
 * Tool-result blocks embedded in a user turn must answer a call of the assistant right before it
 * (none may follow a signed thinking + tool-call turn, which replays untouched).
 */
function stripEmbeddedResults(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  // A result block is a block of another type than text, thinking, a call or an image.
  if (!ctx.mayHave(TRAIT.otherBlock)) return turns;
  return turns.map((turn, index): Turn => {
    const m = turn.message;
    if (!(turn.traits & TRAIT.otherBlock) || m.role !== 'user' || !Array.isArray(m.content) || !m.content.some(isResultBlock)) return turn;
    const previous = turns[index - 1]?.message;
    const prevContent = previous?.role === 'assistant' && Array.isArray(previous.content) ? previous.content : [];
    const signedSpan =
      ctx.policy.allowProviderOwnedThinkingReplay &&
      prevContent.some((b) => isRecord(b) && (b.type === 'thinking' || b.type === 'redacted_thinking')) &&
      prevContent.some((b) => isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type));
    const valid = new Set(
      prevContent.flatMap((b) =>
        isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type) && typeof b.id === 'string' && b.id.trim()
          ? [b.id.trim()]
          : [],
      ),
    );
    const removed: number[] = [];
    const kept = m.content.filter((b, i) => {
      if (!isResultBlock(b)) return true;
      const ids = toolResultCallIds(b);
      const ok = !signedSpan && ids.length > 0 && valid.size > 0 && ids.some((id) => valid.has(id));
      if (!ok) removed.push(i);
      return ok;
    });
    if (removed.length === 0) return turn;
    const content = kept.length ? kept : [{ type: 'text', text: TEXT.toolResultsOmitted }];
    ctx.note(
      turn,
      'rewritten',
      `${removed.length} embedded tool result block(s) removed: they answer no call of the previous assistant turn${kept.length ? '' : ` — "${TEXT.toolResultsOmitted}" keeps the turn`}`,
      { before: removed.map((i) => (m.content as unknown[])[i]), path: removed.map((i) => `content[${i}]`).join(', ') },
    );
    return ctx.with(turn, { ...m, content });
  });
}

/** Bind a result without an id to the frame's only call when the names agree. */
function bindLegacy(turn: Turn, calls: Call[], ctx: RuleContext): Turn {
  const m = turn.message;
  if (toolResultCallId(m) || calls.length !== 1) return turn;
  const rn = trimmedOrUndefined(m.toolName);
  const cn = trimmedOrUndefined(calls[0].name);
  if (rn && cn && rn !== cn) return turn;
  ctx.note(turn, 'rewritten', `result without a call id bound to the only call of its turn (${calls[0].id}) and marked as an error`, {
    before: { toolCallId: m.toolCallId ?? null },
    after: { toolCallId: calls[0].id, isError: true },
    path: 'toolCallId',
  });
  return ctx.with(turn, { ...m, toolCallId: calls[0].id, isError: true });
}

/**
 * The result's toolName trimmed, falling back to the call's name, or "unknown" when it was blank; a
 * toolCallId that matched only once trimmed is set to the call's id, so the provider pairs them too.
 */
function normalizeName(turn: Turn, fallback: string | undefined, ctx: RuleContext, callId?: string): Turn {
  if (
    callId !== undefined &&
    typeof turn.message.toolCallId === 'string' &&
    turn.message.toolCallId !== callId &&
    turn.message.toolCallId.trim() === callId
  ) {
    ctx.note(turn, 'rewritten', `result id ${JSON.stringify(turn.message.toolCallId)} trimmed to match its call`, {
      before: turn.message.toolCallId,
      after: callId,
      path: 'toolCallId',
    });
    turn = ctx.with(turn, { ...turn.message, toolCallId: callId });
  }
  const m = turn.message;
  const raw = m.toolName;
  const name = trimmedOrUndefined(raw);
  let next: string | undefined;
  if (name) next = raw === name ? undefined : name;
  else if (trimmedOrUndefined(fallback)) next = trimmedOrUndefined(fallback);
  else if (typeof raw === 'string') next = 'unknown';
  if (next === undefined) return turn;
  ctx.note(turn, 'rewritten', `tool result name set to "${next}"`, { before: raw ?? null, after: next, path: 'toolName' });
  return ctx.with(turn, { ...m, toolName: next });
}

/** A result dropped, and why (annotated once the output order is known). */
interface Dropped {
  turn: Turn;
  why: string;
}

/** One assistant turn with tool calls and the turns up to the next one: its results bound to its calls. */
function buildFrame(turns: readonly Turn[], starts: readonly number[], f: number, ctx: RuleContext, dropped: Dropped[]): Frame {
  const start = starts[f];
  const assistant = turns[start];
  const calls = extractCalls(assistant.message);
  const occurrences: Occurrence[] = calls.map((c) => ({ ...c, displacement: 0 }));
  const pending = new Map<string, Occurrence[]>();
  for (const o of occurrences) pushTo(pending, o.id, o);
  const synthetic = new Map<string, Occurrence[]>();
  const end = starts[f + 1] ?? turns.length;
  const remainder: Turn[] = [];
  const unclaimed: Frame['unclaimed'] = [];
  let callIds: Set<string> | null = null;
  for (let i = start + 1; i < end; i += 1) {
    const turn = turns[i];
    if (turn.message.role !== 'toolResult') {
      remainder.push(turn);
      continue;
    }
    const bound = bindLegacy(turn, calls, ctx);
    const id = toolResultCallId(bound.message);
    const occurrence = id ? pending.get(id)?.shift() : undefined;
    if (occurrence) {
      occurrence.result = normalizeName(bound, occurrence.name, ctx, occurrence.id);
      occurrence.source = turn;
      occurrence.displacement = remainder.length > 0 ? 1 : 0;
      occurrence.index = i;
      if (isSyntheticResult(occurrence.result.message)) pushTo(synthetic, occurrence.id, occurrence);
      continue;
    }
    // The turn's call ids as a set, made at the first result that needs it: a turn of many calls
    // followed by as many results for none of them was quadratic (21 s for 20,000).
    callIds ??= new Set(occurrences.map((o) => o.id));
    if (!id || !callIds.has(id)) {
      unclaimed.push({ turn: bound, id, index: i });
      continue;
    }
    // A second result for an answered call: it may replace an earlier synthetic one.
    const replaceable = !isSyntheticResult(bound.message) ? synthetic.get(id)?.shift() : undefined;
    if (replaceable) {
      if (replaceable.result) dropped.push({ turn: replaceable.result, why: `synthetic result replaced by the real result for ${id}` });
      replaceable.result = normalizeName(bound, replaceable.name, ctx, replaceable.id);
      replaceable.source = turn;
      replaceable.displacement = 1;
      replaceable.index = i;
    } else {
      dropped.push({ turn: bound, why: `duplicate result for call ${id} (the call was already answered)` });
    }
  }
  const stop = assistant.message.stopReason;
  return { start, end, assistant, occurrences, remainder, unclaimed, failed: stop === 'error' || stop === 'aborted' };
}

/** Cross-frame recovery: an unclaimed result moves to the one unanswered call with its id. */
function recoverAcrossFrames(frames: readonly Frame[], ctx: RuleContext, dropped: Dropped[]): void {
  const unresolved = new Map<string, Occurrence[]>();
  for (const frame of frames) {
    for (const o of frame.occurrences) if (!o.result || isSyntheticResult(o.result.message)) pushTo(unresolved, o.id, o);
    for (const record of frame.unclaimed) {
      const candidates = record.id
        ? (unresolved.get(record.id) ?? []).filter(
            (c) => !c.result || (isSyntheticResult(c.result.message) && !isSyntheticResult(record.turn.message)),
          )
        : [];
      if (candidates.length !== 1) {
        dropped.push({
          turn: record.turn,
          why: record.id
            ? candidates.length
              ? `result for ${record.id} matches ${candidates.length} unanswered calls — ambiguous, dropped`
              : `orphan result: no call with id ${record.id}`
            : 'orphan result without a call id',
        });
        continue;
      }
      const c = candidates[0];
      if (c.result && isSyntheticResult(c.result.message))
        dropped.push({ turn: c.result, why: `synthetic result replaced by the real result for ${c.id}` });
      c.result = normalizeName(record.turn, c.name, ctx, c.id);
      c.source = record.turn;
      c.displacement = 2;
      c.index = record.index;
    }
  }
}

/** The turns of a frame the repair leaves as they are (see `frameStarts`). */
interface KeptFrame {
  start: number;
  end: number;
}

function repairPairing(turns: readonly Turn[], ctx: RuleContext, options: PairingOptions): readonly Turn[] {
  // Pairing runs several times; the steps between two passes rarely touch a call or a result.
  if (ctx.proven(turns, 'paired')) return turns;
  if (alreadyPaired(turns)) {
    ctx.prove(turns, 'paired');
    return turns;
  }
  const { starts, inPlace } = frameStarts(turns);
  const dropped: Dropped[] = [];
  const frames = starts.map((start, f): Frame | KeptFrame =>
    inPlace[f] ? { start, end: starts[f + 1] ?? turns.length } : buildFrame(turns, starts, f, ctx, dropped),
  );
  recoverAcrossFrames(
    frames.filter((frame): frame is Frame => 'assistant' in frame),
    ctx,
    dropped,
  );
  const { out, paired } = placeFrames(turns, frames, ctx, options, dropped);
  for (const d of dropped) ctx.note(d.turn, 'dropped', d.why, { before: d.turn.message.content ?? null });
  proveRepaired(turns, out, ctx, paired);
  return out;
}

/** The repaired turns, frame by frame, and whether they are paired as `alreadyPaired` says (see `proveRepaired`). */
function placeFrames(
  turns: readonly Turn[],
  frames: readonly (Frame | KeptFrame)[],
  ctx: RuleContext,
  options: PairingOptions,
  dropped: Dropped[],
): { out: Turn[]; paired: boolean } {
  const out: Turn[] = [];
  let cursor = 0;
  const unframed = (until: number) => {
    for (; cursor < until; cursor += 1) {
      const t = turns[cursor];
      if (t.message.role === 'toolResult')
        dropped.push({
          turn: t,
          why: `orphan result${toolResultCallId(t.message) ? ` for ${toolResultCallId(t.message)}` : ''}: no tool call before it`,
        });
      else out.push(t);
    }
  };
  const text = options.flavour === 'responses' ? TEXT.abortedToolResult : TEXT.syntheticToolResult;
  let paired = true;
  for (const frame of frames) {
    unframed(frame.start);
    cursor = frame.end;
    if (!('assistant' in frame)) {
      for (let i = frame.start; i < frame.end; i += 1) out.push(turns[i]);
      continue;
    }
    if (frame.failed) {
      ctx.note(
        frame.assistant,
        'dropped',
        `${describeTurn(frame.assistant.message)} with tool calls failed mid-stream: dropped with its results (its calls never completed)`,
        { before: frame.assistant.message.content ?? null },
      );
      for (const o of frame.occurrences) if (o.result) dropped.push({ turn: o.result, why: `result of the failed turn's call ${o.id}` });
    } else {
      out.push(frame.assistant);
      let lastIndex = -1;
      frame.occurrences.forEach((o) => {
        if (o.result) {
          const reordered = o.index !== undefined && o.index < lastIndex;
          lastIndex = Math.max(lastIndex, o.index ?? -1);
          if (o.displacement === 2) ctx.note(o.result, 'moved', `result for ${o.id} moved from a later turn to right after its call`);
          else if (o.displacement === 1)
            ctx.note(o.result, 'moved', `result for ${o.id} moved right after its call (other turns had come in between)`);
          else if (reordered) ctx.note(o.result, 'moved', `result for ${o.id} reordered to follow the call order`);
          paired &&= answersInPlace(o.result, o.id);
          out.push(o.result);
          return;
        }
        const missing = ctx.create({
          role: 'toolResult',
          toolCallId: o.id,
          toolName: o.name ?? 'unknown',
          content: [{ type: 'text', text }],
          details: { openclawSyntheticMissingToolResult: true, reason: 'missing_tool_result' },
          isError: true,
          timestamp: ctx.now,
        });
        o.result = missing;
        ctx.note(missing, 'inserted', `call ${o.id} (${o.name ?? 'unknown'}) had no result: synthetic error result "${text}" inserted`, {
          after: missing.message,
          decision: options.flavour === 'responses' ? ctx.decisionOf('isResponsesFamily') : undefined,
        });
        paired &&= answersInPlace(missing, o.id);
        out.push(missing);
      });
    }
    for (const t of frame.remainder) {
      if (frame.occurrences.some((o) => o.displacement === 1 && o.result))
        ctx.note(t, 'moved', `${describeTurn(t.message)} moved after the tool results it had interrupted`);
      out.push(t);
    }
  }
  unframed(turns.length);
  return { out, paired };
}

/**
 * The checks the repaired list passes, recorded for the passes after it (the id rule, the dangling-call
 * strip, the next pairing pass, the send-time guard), which would otherwise each look again. Every
 * assistant turn of the output is an input turn as it was (the repair keeps or drops assistants; what
 * it creates or rewrites are results), so calls the send-time guard keeps as they are still are.
 *
 * `paired`: whether each result the repair placed answers its call in place. That is all `alreadyPaired`
 * would find out by another walk: a failed turn went with its results; a kept frame is paired in place;
 * a placed frame has one result per call, in call order, right after the turn; and no other result is
 * left, before the first frame or after the results of one.
 */
function proveRepaired(turns: readonly Turn[], out: readonly Turn[], ctx: RuleContext, paired: boolean): void {
  if (ctx.proven(turns, 'calls-sent-as-is')) ctx.prove(out, 'calls-sent-as-is');
  if (paired) ctx.prove(out, 'paired');
}

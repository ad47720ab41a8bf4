/**
 * Malformed tool calls removed before replay: no input/arguments, no id, an invalid or disallowed
 * name, or a half-streamed `partialJson`; again at send time, with tool-name resolution (docs/rules.md#tool-call-input).
 */
import {
  describeTurn,
  hasCallInput,
  isRecord,
  isThinkingLike,
  PAIRABLE_CALL_TYPES,
  TOOL_CALL_TYPES,
  namesCallId,
  toolResultCallIds,
} from '../messages.js';
import { isBlank } from '../text/blank.js';
import type { Message } from '../types.js';
import type { Rule, RuleContext, Turn } from './rule.js';
import { TRAIT } from './traits.js';
import { isAllowedToolName, normalizeAllowlist, resolveReplayToolName } from './tool-names.js';
import { completedCallBlocks } from './completed-calls.js';
import { hasIdentifiedCall, isIdentifiedCall } from './pairing-checks.js';
import { addCallIds, extractCalls } from './tool-result-pairing.js';

export interface ToolCallInputOptions {
  /** `history` is the replay-history pass; `stream` the guard that runs on every provider call. */
  flavour: 'history' | 'stream';
}

type Block = Record<string, unknown>;
const isContractCall = (b: unknown): b is Block => isRecord(b) && typeof b.type === 'string' && TOOL_CALL_TYPES.has(b.type);
const isRunnerCall = (b: unknown): b is Block => isRecord(b) && typeof b.type === 'string' && PAIRABLE_CALL_TYPES.has(b.type);
const isNonBlankId = (value: unknown) => typeof value === 'string' && !isBlank(value);
/**
 * Whether a call names itself in a field of TOOL_CALL_ID_FIELDS. The fields are read by name: a read by
 * a computed name costs a generic lookup each (all but `id` are nearly always absent), for every call.
 */
const hasAnyId = (b: Block) =>
  isNonBlankId(b.id) ||
  isNonBlankId(b.call_id) ||
  isNonBlankId(b.toolCallId) ||
  isNonBlankId(b.toolUseId) ||
  isNonBlankId(b.tool_call_id) ||
  isNonBlankId(b.tool_use_id);

// ---- the rule --------------------------------------------------------------------------------

function followingResults(messages: readonly Message[], index: number, flavour: 'history' | 'stream') {
  const ids = new Set<string>();
  let sawOther = false;
  let displaced = false;
  const calls = extractCalls(messages[index]);
  for (let i = index + 1; i < messages.length; i += 1) {
    const m = messages[i];
    if (m.role === 'assistant' && (flavour === 'history' ? hasIdentifiedCall(m) : Array.isArray(m.content) && m.content.some(isRunnerCall)))
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

/** A finalised OpenAI Responses call whose leftover partialJson can be dropped (the arguments are complete). */
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

/** Why a signed thinking + tool-call turn must be dropped whole (it cannot be edited), or '' to keep it untouched. */
function signedTurnProblem(
  messages: readonly Message[],
  index: number,
  callBlocks: readonly Block[],
  flavour: 'history' | 'stream',
  allowedFor: (b: Block) => Set<string> | null,
  seenBefore: { preserved: ReadonlySet<string>; prior: ReadonlySet<string> },
): string {
  // Most signed turns make one call: no set for it.
  const seen = callBlocks.length > 1 ? new Set<string>() : null;
  let reason = '';
  for (const b of callBlocks) {
    const id = typeof b.id === 'string' ? b.id.trim() : '';
    if (!hasCallInput(b)) reason = 'a tool call has no input';
    else if (!id) reason = 'a tool call has no id';
    else if (seen?.has(id)) reason = `tool call id ${id} repeats within the turn`;
    else if (flavour === 'history' && typeof b.partialJson === 'string') reason = 'a tool call was never finished (partialJson)';
    else if (flavour === 'history' && !isAllowedToolName(b.name, allowedFor(b)))
      reason = `tool name ${JSON.stringify(b.name)} is not valid or not allowed`;
    else if (flavour === 'history' && typeof b.name === 'string' && b.name !== b.name.trim()) reason = 'a tool name needs trimming';
    else if (flavour === 'stream' && resolveReplayToolName(typeof b.name === 'string' ? b.name : '', id, allowedFor(b)) !== b.name)
      reason = `tool name ${JSON.stringify(b.name)} is not valid or not allowed`;
    if (reason) return reason;
    seen?.add(id);
  }
  const { preserved, prior } = seenBefore;
  // Each call must be answered after the turn when sent as is (the stream guard), or when it spawns a
  // session with attachments. The results after the turn are listed only when a call needs them (no
  // closure either: this runs for every signed turn): nearly every signed turn's ids are new, and the
  // stream pass asks each call alone, unless its id has white space around it (the results' are trimmed).
  const mustBeAnswered = flavour === 'stream' || callBlocks.some(spawnsWithAttachments);
  let following: ReturnType<typeof followingResults> | null = null;
  for (const c of messages[index].content as unknown[]) {
    if (!isIdentifiedCall(c)) continue;
    const id = c.id;
    if (preserved.has(id)) return `tool call id ${id} was already used by an earlier signed turn`;
    if (mustBeAnswered) {
      const alone = flavour === 'stream' && following === null && id.trim() === id;
      if (!(alone ? answeredBeforeNextCall(messages, index, id) : (following ??= followingResults(messages, index, flavour)).ids.has(id)))
        return `call ${id} has no result after it`;
    }
    if (prior.has(id) && (following ??= followingResults(messages, index, flavour)).displaced)
      return following.ids.has(id)
        ? `the results of call ${id} are displaced and its id appeared earlier`
        : `call ${id} has no result after it`;
  }
  return '';
}

/** A `sessions_spawn` call with attachments. */
function spawnsWithAttachments(b: Block): boolean {
  return b.name === 'sessions_spawn' && isRecord(b.input) && Array.isArray(b.input.attachments) && b.input.attachments.length > 0;
}

/**
 * Whether `followingResults(messages, index, 'stream').ids` holds `id`, found without building the set:
 * a result message names it before the next assistant turn with a call.
 */
function answeredBeforeNextCall(messages: readonly Message[], index: number, id: string): boolean {
  for (let i = index + 1; i < messages.length; i += 1) {
    const m = messages[i];
    if (m.role === 'assistant' && Array.isArray(m.content) && m.content.some(isRunnerCall)) return false;
    if (m.role === 'toolResult' && namesCallId(m, id)) return true;
  }
  return false;
}

/**
 * What a guard made of one content block: the blocks to keep in its place (none: dropped), or null when
 * the block stays as it is (nearly every block: nothing is allocated for it).
 */
type BlockOutcome = unknown[] | null;

/** The send-time guard on one block: a runner call without input or id, or without a usable name, is dropped. */
function streamBlock(block: unknown, i: number, turn: Turn, ctx: RuleContext, allowed: Set<string> | null): BlockOutcome {
  if (!isRunnerCall(block)) return null;
  if (!hasCallInput(block) || typeof block.id !== 'string' || !block.id) {
    ctx.note(
      turn,
      'rewritten',
      `tool call ${JSON.stringify(block.name ?? null)} dropped: ${!hasCallInput(block) ? 'no input/arguments' : 'no id'}`,
      { before: block, path: `content[${i}]` },
    );
    return [];
  }
  const resolved = resolveReplayToolName(typeof block.name === 'string' ? block.name : '', block.id, allowed);
  if (!resolved) {
    ctx.note(turn, 'rewritten', `tool call ${block.id} dropped: its name ${JSON.stringify(block.name ?? null)} is not a usable tool name`, {
      before: block,
      path: `content[${i}]`,
    });
    return [];
  }
  if (resolved === block.name) return null;
  ctx.note(turn, 'rewritten', `tool name ${JSON.stringify(block.name)} resolved to "${resolved}"`, {
    before: block.name ?? null,
    after: resolved,
    path: `content[${i}].name`,
  });
  return [{ ...block, name: resolved }];
}

/**
 * Whether the send-time guard keeps a runner call as it is when there is no allowlist: `streamBlock`
 * returns null for exactly these (a name it keeps is one it resolves to itself).
 */
function sentAsIs(block: Block): boolean {
  return (
    hasCallInput(block) &&
    typeof block.id === 'string' &&
    block.id !== '' &&
    typeof block.name === 'string' &&
    resolveReplayToolName(block.name, block.id, null) === block.name
  );
}

/** Whether every runner call of a content is `sentAsIs`. */
function callsSentAsIs(content: readonly unknown[]): boolean {
  for (let i = 0; i < content.length; i += 1) {
    const block = content[i];
    if (isRunnerCall(block) && !sentAsIs(block)) return false;
  }
  return true;
}

/** The replay-history guard on one block: malformed calls dropped, a finished call's leftovers removed, ids and names trimmed. */
function historyBlock(block: unknown, i: number, turn: Turn, ctx: RuleContext, allowed: Set<string> | null): BlockOutcome {
  if (!isContractCall(block)) return null;
  const problem = !hasCallInput(block)
    ? 'no input/arguments (a partially persisted call)'
    : !hasAnyId(block)
      ? 'no id'
      : !isAllowedToolName(block.name, allowed)
        ? isAllowedToolName(block.name, null)
          ? `tool ${JSON.stringify(String(block.name).trim())} is not in the allowed tools`
          : `invalid tool name ${JSON.stringify(block.name ?? null)}`
        : '';
  if (problem) {
    ctx.note(turn, 'rewritten', `tool call dropped: ${problem}`, { before: block, path: `content[${i}]` });
    return [];
  }
  let work: Block = block;
  let changed = false;
  if (typeof block.partialJson === 'string') {
    if (!isFinalisedResponsesCall(turn.message, block)) {
      ctx.note(turn, 'rewritten', 'tool call dropped: it was never finished streaming (partialJson)', {
        before: block,
        path: `content[${i}]`,
      });
      return [];
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
  return changed ? [work] : null;
}

function apply(turns: readonly Turn[], ctx: RuleContext, flavour: 'history' | 'stream'): readonly Turn[] {
  // Only call blocks are guarded: a run without any has nothing to check.
  if (!ctx.mayHave(TRAIT.call)) return turns;
  let messages: Message[] | null = null;
  const allMessages = () => (messages ??= turns.map((t) => t.message));
  const allowed = normalizeAllowlist(ctx.allowedToolNames);
  // Which calls completed matters only against an allowlist: without one every name is judged alone.
  const completed = allowed === null ? null : completedCallBlocks(allMessages());
  const allowedFor = (b: Block) => (completed?.has(b) ? null : allowed);
  // The ids seen so far matter only to the check of a signed turn: without thinking, none is kept.
  const signedTurns = ctx.policy.allowProviderOwnedThinkingReplay && ctx.mayHave(TRAIT.thinking);
  // Without an allowlist or a signed turn the send-time guard judges each call alone: when the history
  // pass found every call as it keeps it, and only rules that keep calls ran since, it has nothing to do.
  const judgedAlone = allowed === null && !signedTurns;
  if (flavour === 'stream' && judgedAlone && ctx.proven(turns, 'calls-sent-as-is')) return turns;
  // Judged alone, a plain call (`isPlainCall`) is kept as it is by both passes: when no turn of the run
  // ever had another, neither pass has anything to do, and the history pass proves it without a look.
  if (judgedAlone && !ctx.mayHave(TRAIT.oddCall)) {
    if (flavour === 'history') ctx.prove(turns, 'calls-sent-as-is');
    return turns;
  }
  let sentAsIsSoFar = flavour === 'history' && judgedAlone;
  const preserved = new Set<string>();
  const prior = new Set<string>();
  const isGuarded = flavour === 'stream' ? isRunnerCall : isContractCall;
  const guard = flavour === 'stream' ? streamBlock : historyBlock;
  // The turns kept, copied only from the first change on (most runs have none).
  let out: Turn[] | null = null;
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    const m = turn.message;
    // A turn without a call block keeps every block, and adds no call id.
    if (!(turn.traits & TRAIT.call) || m.role !== 'assistant' || !Array.isArray(m.content)) {
      out?.push(turn);
      continue;
    }
    const content = m.content;
    // The signed-turn check lists the calls only for a turn with thinking (few turns have it).
    const callBlocks =
      signedTurns && turn.traits & TRAIT.thinking && content.some((b) => isThinkingLike(b))
        ? content.filter(flavour === 'history' ? isContractCall : isRunnerCall)
        : [];
    if (callBlocks.length > 0) {
      const reason = signedTurnProblem(allMessages(), index, callBlocks, flavour, allowedFor, { preserved, prior });
      if (reason) {
        ctx.note(
          turn,
          'dropped',
          `${describeTurn(m)} with signed thinking and tool calls dropped whole: ${reason} (a signed turn cannot be edited)`,
          { before: m.content },
        );
        out ??= turns.slice(0, index);
        continue;
      }
      addCallIds(m, preserved);
      addCallIds(m, prior);
      out?.push(turn);
      continue;
    }
    // With signed turns about and no allowlist, the other turns' calls are still judged alone: a turn
    // whose calls are all plain keeps every block, as the skip above says of a whole run.
    if (signedTurns && allowed === null && !(turn.traits & TRAIT.oddCall)) {
      addCallIds(m, prior);
      out?.push(turn);
      continue;
    }
    // The blocks kept, copied only from the first change on (most turns have none).
    let next: unknown[] | null = null;
    for (let i = 0; i < content.length; i += 1) {
      const block = content[i];
      if (!isGuarded(block)) {
        next?.push(block);
        continue;
      }
      const outcome = guard(block, i, turn, ctx, allowedFor(block));
      if (outcome === null) {
        // Checked here, while the block is at hand, rather than in another walk over the content.
        if (sentAsIsSoFar && isRunnerCall(block) && !sentAsIs(block)) sentAsIsSoFar = false;
        next?.push(block);
        continue;
      }
      next ??= content.slice(0, i);
      next.push(...outcome);
    }
    if (next === null) {
      if (signedTurns) addCallIds(m, prior);
      out?.push(turn);
      continue;
    }
    out ??= turns.slice(0, index);
    if (next.length === 0) {
      ctx.note(turn, 'dropped', `${describeTurn(m)} had only malformed tool calls`, { before: m.content });
      continue;
    }
    const nextTurn = ctx.with(turn, { ...m, content: next });
    if (signedTurns) addCallIds(nextTurn.message, prior);
    sentAsIsSoFar &&= callsSentAsIs(next);
    out.push(nextTurn);
  }
  const result = out ?? turns;
  if (sentAsIsSoFar) ctx.prove(result, 'calls-sent-as-is');
  return result;
}

export const toolCallInputRule: Rule<ToolCallInputOptions> = {
  id: 'tool-call-input',
  title: 'Malformed tool calls',
  explanation:
    'A tool call the provider cannot accept is removed: one with no input or arguments (saved half-way, e.g. after a rate limit), no id, a name that is not 1–64 characters of letters, digits and _:.- (leaked control tokens), a tool the agent does not offer, or a half-streamed argument string. Names and ids are trimmed of stray spaces. A turn left empty is dropped; a turn whose thinking is signed is kept unchanged or dropped whole, since it cannot be edited.',
  providers: 'all providers',
  appliesWhen: () => true,
  apply(turns, ctx, options) {
    return apply(turns, ctx, options.flavour);
  },
};

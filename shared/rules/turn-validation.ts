/**
 * Strict turn structure: consecutive assistant turns merged (Gemini, Anthropic), dangling tool uses
 * stripped and consecutive user turns merged (Anthropic); on Bedrock's payload, split user messages merged
 * (docs/rules.md#turn-validation).
 */
import { describeTurn, isRecord, isThinkingLike, namesCallId, TEXT, toolResultCallIds } from '../messages.js';
import type { JsonValue, Message } from '../types.js';
import type { PayloadStage, Rule, RuleContext, ToolCallProof, Turn } from './rule.js';
import { ROLE_TRAITS, TRAIT } from './traits.js';
import { hasIdentifiedCall } from './pairing-checks.js';

export interface TurnValidationOptions {
  /** Which validations to run (default: as the policy says). */
  only?: 'gemini' | 'anthropic';
  /** Bedrock: consecutive user turns are merged even when nothing else changed (stream-time guard). */
  usersOnly?: boolean;
}

const CALL_TYPES = new Set(['toolUse', 'toolCall', 'functionCall']);
const isCall = (b: unknown) => isRecord(b) && typeof b.type === 'string' && CALL_TYPES.has(b.type);
const trimmed = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * Merge runs of consecutive turns of one role (a role-less message does not break a run). Roles are
 * read from the turns' trait bits: a turn that merges nothing is not opened. A run is merged in one
 * step when it ends (`mergeAll`, which gives what merging its messages two at a time, in order,
 * gives): merged two at a time, each step copied the blocks so far and read the traits of all of
 * them again, quadratic in the run (5 s for a run of 20,000 assistant turns).
 */
function mergeRuns(
  turns: readonly Turn[],
  ctx: RuleContext,
  role: 'assistant' | 'user',
  mergeAll: (messages: readonly Message[]) => Message,
): readonly Turn[] {
  const roleBit = role === 'assistant' ? TRAIT.assistant : TRAIT.user;
  // The turns after the merges, copied only from the first merge on (nearly every session alternates).
  let out: Turn[] | null = null;
  let lastRole = 0;
  // The messages of the run being merged into out's last turn (its own first), or null.
  let run: Message[] | null = null;
  const close = (): void => {
    if (run === null || out === null) return;
    out[out.length - 1] = ctx.with(out[out.length - 1], mergeAll(run));
    run = null;
  };
  for (let index = 0; index < turns.length; index += 1) {
    const turn = turns[index];
    const r = turn.traits & ROLE_TRAITS;
    if (!r) {
      close();
      out?.push(turn);
      continue;
    }
    if (r === roleBit && lastRole === roleBit && index > 0) {
      out ??= turns.slice(0, index);
      const into = out[out.length - 1];
      run ??= [into.message];
      run.push(turn.message);
      ctx.merged(turn, into, `consecutive ${role} turns merged (the provider requires alternating turns)`);
      continue;
    }
    close();
    out?.push(turn);
    lastRole = r;
  }
  close();
  return out ?? turns;
}

/** Assistant turns merged: the first's fields, the later ones' usage, stop reason and error where they have one; the contents concatenated. */
function mergeAssistants(messages: readonly Message[]): Message {
  const out: Message = { ...messages[0], content: messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [])) };
  for (let i = 1; i < messages.length; i += 1) {
    const b = messages[i];
    if (b.usage) out.usage = b.usage;
    if (b.stopReason) out.stopReason = b.stopReason;
    if (b.errorMessage) out.errorMessage = b.errorMessage;
  }
  return out;
}

const asBlocks = (content: unknown): unknown[] =>
  Array.isArray(content) ? content : typeof content === 'string' ? [{ type: 'text', text: content }] : [];

/** User turns merged: the last turn's fields (its provenance included) and the last timestamp there is; the contents concatenated. */
function mergeUsers(messages: readonly Message[]): Message {
  const last = messages[messages.length - 1];
  let timestamp = last.timestamp;
  for (let i = messages.length - 2; i >= 0 && (timestamp === undefined || timestamp === null); i -= 1) timestamp = messages[i].timestamp;
  return { ...last, content: messages.flatMap((m) => asBlocks(m.content)), timestamp };
}

const TOOL_CALL_PROOFS: readonly ToolCallProof[] = ['paired', 'ids-kept', 'calls-sent-as-is'];

/**
 * Runs of user turns merged. The tool-call checks read the assistant and result turns, and of other
 * turns only whether one comes between a call and its results (`ToolCallProof`). This merge keeps the
 * assistant and result turns as they are and in their order, and leaves one user turn where a run was,
 * so each check the list passed still holds after it: the passes after the validation trust it.
 */
function mergeUserRuns(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  const out = mergeRuns(turns, ctx, 'user', mergeUsers);
  if (out !== turns) for (const check of TOOL_CALL_PROOFS) if (ctx.proven(turns, check)) ctx.prove(out, check);
  return out;
}

/**
 * Runs of assistant turns merged. The id check (`ids-kept`) reads the call blocks of assistant turns
 * and the results, in their order, which this merge keeps (the blocks of a run are joined in order,
 * no result is touched), so a list that passed it still does while every merged turn is an assistant
 * turn: a run can begin with a turn without a role, whose fields, role included, the merged turn
 * takes. The pairing check holds after it when each merge keeps it too (`mergeKeepsPairing`); the
 * send-time guard's is not carried.
 */
function mergeAssistantRuns(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  let idsKept = ctx.proven(turns, 'ids-kept');
  let paired = ctx.proven(turns, 'paired');
  const out = mergeRuns(turns, ctx, 'assistant', (run) => {
    const merged = mergeAssistants(run);
    if (merged.role !== 'assistant') idsKept = paired = false;
    else if (paired && !mergeKeepsPairing(merged)) paired = false;
    return merged;
  });
  if (out !== turns && idsKept) ctx.prove(out, 'ids-kept');
  if (out !== turns && paired) ctx.prove(out, 'paired');
  return out;
}

/**
 * Whether a run merged into an assistant turn out of a paired list leaves it paired. In a paired list
 * a turn with a call is followed by its results, so in a run only the last turn can have one: the
 * merged turn has the last turn's calls, in their order, and its results still follow, unless it takes
 * a failed stop reason with calls in it (an earlier turn's "error" where the last has none).
 */
function mergeKeepsPairing(merged: Message): boolean {
  return !hasIdentifiedCall(merged) || (merged.stopReason !== 'error' && merged.stopReason !== 'aborted');
}

/** The result ids after an assistant turn, up to the next one (result messages' and embedded result blocks'). */
function futureResults(turns: readonly Turn[], index: number): Set<string> {
  const ids = new Set<string>();
  for (let i = index + 1; i < turns.length; i += 1) {
    const m = turns[i].message;
    if (m.role === 'assistant') break;
    if (m.role === 'toolResult' || m.role === 'tool') for (const id of toolResultCallIds(m)) ids.add(id);
    if (Array.isArray(m.content)) {
      for (const b of m.content) {
        if (!isRecord(b) || (b.type !== 'toolResult' && b.type !== 'tool')) continue;
        for (const id of toolResultCallIds(b)) ids.add(id);
      }
    }
  }
  return ids;
}

/** Whether `futureResults(turns, index)` holds `id`, found without building the set. */
function answeredAfter(turns: readonly Turn[], index: number, id: string): boolean {
  for (let i = index + 1; i < turns.length; i += 1) {
    const m = turns[i].message;
    if (m.role === 'assistant') break;
    if ((m.role === 'toolResult' || m.role === 'tool') && namesCallId(m, id)) return true;
    if (Array.isArray(m.content))
      for (const b of m.content) if (isRecord(b) && (b.type === 'toolResult' || b.type === 'tool') && namesCallId(b, id)) return true;
  }
  return false;
}

/** Whether an unsigned turn keeps every block: each is a non-call, or a call a later result answers. */
function keepsAll(content: readonly unknown[], turns: readonly Turn[], index: number): boolean {
  // Results usually follow in call order: the one after the last matched is tried first, so a turn
  // with many calls is not rescanned per call.
  let next = index + 1;
  for (const b of content) {
    if (!b) return false;
    if (!isCall(b)) continue;
    const id = trimmed((b as Record<string, unknown>).id);
    if (!id) return false;
    const m = turns[next]?.message;
    if (m && (m.role === 'toolResult' || m.role === 'tool') && namesCallId(m, id)) {
      next += 1;
      continue;
    }
    if (!answeredAfter(turns, index, id)) return false;
  }
  return true;
}

/**
 * Whether a signed turn keeps its content: each call has an id and a name, and a result message after
 * it (before the next assistant) names that id, with the call's name unless no such result has a name.
 * Read call by call, without the maps of every later result's ids and names: nearly every signed turn
 * is answered, and a session of failed turns has thousands of them.
 */
function signedCallsAnswered(content: readonly unknown[], turns: readonly Turn[], index: number): boolean {
  for (let k = 0; k < content.length; k += 1) {
    const b = content[k];
    if (!b || !isCall(b)) continue;
    const rec = b as Record<string, unknown>;
    const id = trimmed(rec.id);
    const name = trimmed(rec.name);
    if (!id || !name) return false;
    let answered = false;
    let named = false;
    for (let i = index + 1; i < turns.length; i += 1) {
      const m = turns[i].message;
      if (m.role === 'assistant') break;
      if ((m.role !== 'toolResult' && m.role !== 'tool') || !namesCallId(m, id)) continue;
      answered = true;
      const resultName = trimmed(m.toolName) ?? trimmed(m.name);
      if (resultName === name) {
        named = false;
        break;
      }
      if (resultName) named = true;
    }
    if (!answered || named) return false;
  }
  return true;
}

/** A block the dangling-call strip keeps: anything but a call, or a call whose id a later result answers. */
function keepsBlock(b: unknown, ids: ReadonlySet<string>): boolean {
  if (!b) return false;
  if (!isCall(b)) return true;
  const id = trimmed((b as Record<string, unknown>).id);
  return id ? ids.has(id) : false;
}

function stripDanglingToolUses(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  if (!ctx.mayHave(TRAIT.call)) return turns;
  // Every call answered right after it by its own result (`paired`), each carrying its id in `id`
  // (`calls-sent-as-is`): a turn without thinking whose blocks are all records then keeps every block,
  // and neither it nor its results need be opened.
  const answeredInPlace = ctx.proven(turns, 'paired') && ctx.proven(turns, 'calls-sent-as-is');
  // The turns after the strip, copied only from the first turn it changes (nearly every session has none).
  let out: Turn[] | null = null;
  for (let i = 0; i < turns.length; i += 1) {
    const turn = turns[i];
    const next = callsAnswered(turn, i);
    if (next !== turn) out ??= turns.slice(0, i);
    out?.push(next);
  }
  return out ?? turns;

  /** The turn with its dangling calls stripped (itself when none dangles). */
  function callsAnswered(turn: Turn, i: number): Turn {
    // Only an assistant turn with a call block can hold a dangling call.
    if (!(turn.traits & TRAIT.call) || !(turn.traits & TRAIT.assistant)) return turn;
    if (answeredInPlace && !(turn.traits & (TRAIT.thinking | TRAIT.oddBlock))) return turn;
    const m = turn.message;
    const content = Array.isArray(m.content) ? m.content : [];
    const signed = (turn.traits & TRAIT.thinking) !== 0 && content.some(isThinkingLike);
    // Nearly every turn keeps all its blocks: checked first, before any set or copy is made (a turn
    // without an identified call is kept too, and whichever check says so first decides).
    if (!signed && keepsAll(content, turns, i)) return turn;
    if (content.length === 0 || !hasIdentifiedCall(m)) return turn;
    // A signed turn keeps all or nothing, read call by call; an unsigned one loses the calls no later
    // result answers.
    const ids = signed ? null : futureResults(turns, i);
    if (ids ? content.every((b) => keepsBlock(b, ids)) : signedCallsAnswered(content, turns, i)) return turn;
    const failed = m.stopReason === 'aborted' || m.stopReason === 'error';
    const placeholder = failed ? [] : [{ type: 'text', text: TEXT.toolCallsOmitted }];
    if (!ids) {
      ctx.note(
        turn,
        'rewritten',
        `${describeTurn(m)} has signed thinking and a tool call without its result: the whole content is replaced by ${failed ? 'nothing (failed turn)' : `"${TEXT.toolCallsOmitted}"`} (thinking cannot be edited piecemeal)`,
        { before: content, after: placeholder, path: 'content' },
      );
      return ctx.with(turn, { ...m, content: placeholder });
    }
    const kept = content.filter((b) => keepsBlock(b, ids));
    const removed = content.filter((b) => !kept.includes(b));
    if (kept.length === 0) {
      ctx.note(
        turn,
        'rewritten',
        `all tool calls of this turn lack results: content replaced by ${failed ? 'nothing (failed turn)' : `"${TEXT.toolCallsOmitted}"`}`,
        { before: content, after: placeholder, path: 'content' },
      );
      return ctx.with(turn, { ...m, content: placeholder });
    }
    ctx.note(
      turn,
      'rewritten',
      `${removed.length} tool call(s) without a result removed ("tool_use ids were found without tool_result blocks")`,
      { before: removed, path: 'content' },
    );
    return ctx.with(turn, { ...m, content: kept });
  }
}

/** Gemini: merge consecutive assistant turns. */
export function validateGemini(turns: readonly Turn[], ctx: RuleContext): readonly Turn[] {
  return mergeAssistantRuns(turns, ctx);
}

/** Anthropic: merge assistants, strip dangling tool uses, merge users (unless append-only on Messages). */
export function validateAnthropic(turns: readonly Turn[], ctx: RuleContext, mergeUsersToo: boolean): readonly Turn[] {
  const stripped = stripDanglingToolUses(mergeAssistantRuns(turns, ctx), ctx);
  return mergeUsersToo ? mergeUserRuns(stripped, ctx) : stripped;
}

/** Whether consecutive user turns merge: not on anthropic-messages for prefix-binding (append-only) models. */
export function mergesUserTurns(ctx: Pick<RuleContext, 'policy' | 'target'>): boolean {
  return !(ctx.policy.appendOnlyRuntimeContext && ctx.target.api === 'anthropic-messages');
}

/**
 * The Bedrock Converse payload step: consecutive user messages merged (content blocks concatenated).
 * pi-ai sends a turn's tool results as one user message and the user text that follows as another,
 * which Bedrock rejects ("A conversation must alternate between user and assistant roles").
 */
const bedrockUserMerge: PayloadStage = {
  appliesTo: (payload, ctx) => ctx.policy.mergePayloadUserMessages && payload.family === 'bedrock',
  apply(payload, ctx) {
    const { value } = payload;
    if (!isRecord(value) || !Array.isArray(value.messages)) return payload;
    const out: JsonValue[] = [];
    const absorbed = new Set<number>();
    let lastIndex = -1;
    value.messages.forEach((message, i) => {
      const previous = out.at(-1);
      if (
        isRecord(message) &&
        message.role === 'user' &&
        isRecord(previous) &&
        previous.role === 'user' &&
        Array.isArray(previous.content) &&
        Array.isArray(message.content)
      ) {
        out[out.length - 1] = { ...previous, content: [...previous.content, ...message.content] };
        absorbed.add(i);
        ctx.note(
          i,
          'merged',
          `payload messages[${i}] merged into messages[${lastIndex}]: Bedrock Converse requires alternating roles, and pi-ai sends tool results and the following user text as two user messages`,
          { path: `payload.messages[${i}]` },
        );
        return;
      }
      out.push(message);
      lastIndex = i;
    });
    if (absorbed.size === 0) return payload;
    return { ...payload, value: { ...value, messages: out }, entrySources: payload.entrySources.filter((_, i) => !absorbed.has(i)) };
  },
};

export const turnValidationRule: Rule<TurnValidationOptions> = {
  id: 'turn-validation',
  title: 'Turn validation',
  explanation:
    'Gemini and Anthropic require user and assistant turns to alternate. Consecutive assistant turns are merged into one (the later turn\'s stop reason and usage win); for Anthropic, tool calls no result answers are removed ("tool_use ids were found without tool_result blocks immediately after") and consecutive user turns are merged, except where the model keeps them apart by design. On Bedrock the payload\'s consecutive user messages are merged too ("A conversation must alternate between user and assistant roles"). Summaries become user turns after this step, so one next to a user turn goes out as two.',
  providers: 'Google APIs, Anthropic APIs and Chat Completions (Gemini-style and Anthropic-style validation)',
  appliesWhen: (policy) => policy.validateGeminiTurns || policy.validateAnthropicTurns,
  apply(turns, ctx, options) {
    if (options.usersOnly) return mergeUserRuns(turns, ctx);
    let out = turns;
    if (ctx.policy.validateGeminiTurns && options.only !== 'anthropic') out = validateGemini(out, ctx);
    if (ctx.policy.validateAnthropicTurns && options.only !== 'gemini') out = validateAnthropic(out, ctx, mergesUserTurns(ctx));
    return out;
  },
  payload: bedrockUserMerge,
};

/**
 * The one runner of pipeline steps: it builds the context rules see, applies the steps in list order
 * and records every change as an annotation. The pipeline, the host's payload stage and the rule tests
 * all run steps through it.
 */
import type { ImageCodec } from '../images/codec.js';
import { previewValue } from '../messages.js';
import { imageMaxSide } from '../rules/images.js';
import type { PayloadContext, Rule, RuleContext, ToolCallProof, Turn, WirePayload } from '../rules/rule.js';
import { specDecisionSentence } from '../policy/spec-decisions.js';
import { traitsOf } from '../rules/traits.js';
import type {
  Annotation,
  AnnotationAction,
  DecisionId,
  JsonValue,
  Message,
  PolicyDecisions,
  PolicyValues,
  RuleId,
  Target,
} from '../types.js';

/** The model a session last recorded in a `model-snapshot` entry. */
export interface ModelSnapshot {
  provider: string;
  modelApi: string;
  modelId: string;
}

/** A custom entry OpenClaw would append to the session file. */
export interface SessionAppend {
  customType: string;
  data: JsonValue;
}

/** Everything the history steps read besides the turns. */
export interface RunEnv {
  target: Target;
  policy: PolicyValues;
  /** The flags a spec decision set (none in the `openclaw-2026.9.6` behaviour). */
  decisions?: PolicyDecisions;
  /** Clock for created turns and appended entries. */
  now: number;
  allowedToolNames?: readonly string[];
  /** Longest image side (rounded down, at least 1; 1200 when not given). */
  imageMaxDimensionPx?: number;
  codec?: ImageCodec;
  /** The last model-snapshot entry on the branch. */
  modelSnapshot: ModelSnapshot | null;
  /** That snapshot names another model than the target: reasoning recorded before now is stale. */
  modelChanged: boolean;
  /** Reasoning recorded before this time (ms) came from another model (null: the model never changed). */
  reasoningStaleBefore: number | null;
  hasGoogleBootstrapMarker: boolean;
  /** The messages are the first of a longer branch (a preview): how the whole branch ends. */
  truncated?: { endsWithAssistantPrefill: boolean };
  /** Called with each step just before it runs (tests tie the execution order to the list with it). */
  onStep?(step: RuleStep): void;
  /**
   * Trust nothing the run learnt: no check is taken as proven and every trait bit as present in some
   * turn, so each rule looks at every turn again. The replay must be the same either way (a test
   * compares both on every fixture and on random transcripts); nothing else sets it.
   */
  lookAgain?: boolean;
}

/** What a step's condition may look at: the environment and the turns as they were at named points. */
export interface RunView {
  readonly env: RunEnv;
  /** The turns as they were just before the step marked `name` (empty when it has not been reached). */
  marked(name: string): readonly Turn[];
}

/** One run of a rule over the turns. */
export interface RuleStep {
  readonly stage: 'history';
  readonly rule: Rule<never>;
  /** The rule's options, or how to read them from the environment. */
  readonly options?: unknown;
  /** Beyond the rule's own policy check: when this occurrence runs. */
  readonly when?: (run: RunView) => boolean;
  /** Name the turns as they are before this step (whether it runs or not), for later conditions. */
  readonly mark?: string;
}

/** An entry appended to the session file at this point of the history steps (no turn changes). */
export interface SessionStep {
  readonly stage: 'session';
  readonly name: string;
  entry(env: RunEnv): SessionAppend | null;
}

/** A rule's step on the outgoing wire payload (its `payload` stage). */
export interface PayloadStep {
  readonly stage: 'payload';
  readonly rule: Rule<never>;
}

export type HistoryStep = RuleStep | SessionStep;
export type Step = HistoryStep | PayloadStep;

/** A step of `rule` with its options (or a function of the environment giving them). */
export function ruleStep<O>(
  rule: Rule<O>,
  options: O | ((env: RunEnv) => O),
  extra: { when?: (run: RunView) => boolean; mark?: string } = {},
): RuleStep {
  return { stage: 'history', rule: rule as unknown as Rule<never>, options, ...extra };
}

/** The payload step of a rule that has one. */
export function payloadStep<O>(rule: Rule<O>): PayloadStep {
  if (!rule.payload) throw new Error(`rule ${rule.id} has no payload stage`);
  return { stage: 'payload', rule: rule as unknown as Rule<never> };
}

function annotation(
  rule: RuleId,
  turn: number | null,
  replayTurn: number | null,
  action: AnnotationAction,
  detail: string,
  extra: { path?: string; before?: JsonValue; after?: JsonValue; decision?: DecisionId } = {},
): Annotation {
  const a: Annotation = { rule, turn, replayTurn, action, detail };
  if (extra.path !== undefined) a.path = extra.path;
  if (extra.before !== undefined) a.before = extra.before;
  if (extra.after !== undefined) a.after = extra.after;
  if (extra.decision !== undefined) a.decision = extra.decision;
  return a;
}

const PROOF_BITS: Record<ToolCallProof, number> = { paired: 1, 'ids-kept': 2, 'calls-sent-as-is': 4 };

/** The result of the history steps. */
export interface HistoryRun {
  messages: Message[];
  /** For each output message, its index in the input (null for created turns). */
  origins: (number | null)[];
  annotations: Annotation[];
  sessionAppends: SessionAppend[];
}

/** Run history steps over messages, in order. The input array and its messages are never mutated. */
export async function runHistory(steps: readonly HistoryStep[], messages: readonly Message[], env: RunEnv): Promise<HistoryRun> {
  let nextKey = 0;
  let rule: RuleId = 'assistant-normalize';
  // Each note is made as its annotation, with its turn and replay turn filled in at the end from the
  // key beside it (`noteKeys`): one object a note, not a note and then its annotation (a session whose
  // ids are all rewritten has two notes a call).
  const notes: Annotation[] = [];
  const noteKeys: number[] = [];
  // Keys are handed out in order from 0, so each key's origin lives in an array indexed by key: the
  // input's turns take keys 0…n-1 (their origin is their key), created turns the keys after. Made at
  // its size, like the turns (see givenTurns).
  const origins: (number | null)[] = messages.map(ownIndex);
  // The turn each merged key went into: a few scattered keys of a long session, so a map (an array
  // written at them is kept as a slow dictionary).
  const aliases = new Map<number, number>();
  const sessionAppends: SessionAppend[] = [];
  const marks = new Map<string, readonly Turn[]>();
  // The checks each list passed (bits of PROOF_BITS), carried along through the rules that keep them.
  const proofs = new WeakMap<readonly Turn[], number>();
  // Every trait bit any turn of the run had: bits only accumulate, so a clear bit is never wrong.
  let present = 0;
  const made = (message: Message, origin: number | null, key: number, known?: number): Turn => {
    const traits = known ?? traitsOf(message);
    present |= traits;
    return { message, origin, key, traits };
  };
  const ctx: RuleContext = {
    target: env.target,
    policy: env.policy,
    now: env.now,
    allowedToolNames: env.allowedToolNames,
    imageMaxDimensionPx: imageMaxSide(env.imageMaxDimensionPx),
    codec: env.codec,
    modelChanged: env.modelChanged,
    hasGoogleBootstrapMarker: env.hasGoogleBootstrapMarker,
    decisionOf: (flag) => env.decisions?.[flag],
    mayHave: (bits) => env.lookAgain === true || (present & bits) !== 0,
    proven: (turns, check) => env.lookAgain !== true && ((proofs.get(turns) ?? 0) & PROOF_BITS[check]) !== 0,
    prove(turns, check) {
      proofs.set(turns, (proofs.get(turns) ?? 0) | PROOF_BITS[check]);
    },
    note(turn, action, detail, extra) {
      // A change a spec decision causes says so, in the decision's own sentence.
      const note: Annotation = {
        rule,
        turn: null,
        replayTurn: null,
        action,
        detail: extra?.decision ? `${detail}. ${specDecisionSentence(extra.decision)}` : detail,
      };
      if (extra?.path !== undefined) note.path = extra.path;
      if (extra?.before !== undefined) note.before = previewValue(extra.before);
      if (extra?.after !== undefined) note.after = previewValue(extra.after);
      if (extra?.decision !== undefined) note.decision = extra.decision;
      notes.push(note);
      noteKeys.push(turn.key);
    },
    merged(absorbed, into, detail) {
      notes.push({ rule, turn: null, replayTurn: null, action: 'merged', detail });
      noteKeys.push(absorbed.key);
      notes.push({ rule, turn: null, replayTurn: null, action: 'rewritten', detail: `${detail}: this turn absorbed the next one` });
      noteKeys.push(into.key);
      aliases.set(absorbed.key, into.key);
    },
    create(message) {
      const turn = made(message, null, nextKey++);
      origins[turn.key] = null;
      return turn;
    },
    with(turn, message, traits) {
      return made(message, turn.origin, turn.key, traits);
    },
    append(customType, data) {
      sessionAppends.push({ customType, data });
    },
  };
  const given = givenTurns(messages);
  let turns: readonly Turn[] = given.turns;
  present = given.present;
  nextKey = messages.length;
  const view: RunView = { env, marked: (name) => marks.get(name) ?? [] };
  for (const step of steps) {
    if (step.stage === 'session') {
      const entry = step.entry(env);
      if (entry) sessionAppends.push(entry);
      continue;
    }
    if (step.mark !== undefined) marks.set(step.mark, turns);
    if ((step.when && !step.when(view)) || !step.rule.appliesWhen(env.policy)) continue;
    env.onStep?.(step);
    rule = step.rule.id;
    const options = typeof step.options === 'function' ? (step.options as (e: RunEnv) => unknown)(env) : step.options;
    const next = await (step.rule as Rule<unknown>).apply(turns, ctx, options);
    const proven = proofs.get(turns);
    if (next !== turns && proven !== undefined && step.rule.keepsCallsAndResults) proofs.set(next, proven);
    turns = next;
  }

  return { ...finalTurns(turns), annotations: resolveNotes(notes, noteKeys, turns, origins, aliases, nextKey), sessionAppends };
}

/*
 * The loops over every turn live in plain functions, outside the async runner: V8 does not compile a
 * loop of an async function while it runs (no on-stack replacement there), so a long session's loop
 * would run unoptimised to its end.
 */

/**
 * The input's turns, each taking its index as key and origin, and every trait bit any of them has
 * (gathered here: another walk over a long session costs a cache miss a turn). The list is made at
 * its size (`map`), like `finalTurns`': grown by push, a list of a long session's turns is copied at
 * each growth, and the copies of the later growths stay in the old generation until a full collection.
 */
function givenTurns(messages: readonly Message[]): { turns: Turn[]; present: number } {
  let present = 0;
  const turns = messages.map((message, index): Turn => {
    const traits = traitsOf(message);
    present |= traits;
    return { message, origin: index, key: index, traits };
  });
  return { turns, present };
}

const ownIndex = (_: Message, index: number): number => index;

const messageOf = (turn: Turn): Message => turn.message;
const originOf = (turn: Turn): number | null => turn.origin;

/**
 * The replay's messages and, for each, its index in the input: each list made at its size (`map`).
 * Grown by push, a list of tens of thousands is copied into the old generation at each growth, and
 * the copies stay there until a full collection, raising an inspection's peak memory.
 */
function finalTurns(turns: readonly Turn[]): { messages: Message[]; origins: (number | null)[] } {
  return { messages: turns.map(messageOf), origins: turns.map(originOf) };
}

/** The notes made annotations: each points at its original turn and at the turn's final place (through merges). */
function resolveNotes(
  notes: Annotation[],
  noteKeys: readonly number[],
  turns: readonly Turn[],
  origins: readonly (number | null)[],
  aliases: ReadonlyMap<number, number>,
  keys: number,
): Annotation[] {
  const finalIndex = finalIndexes(turns, keys);
  const resolve = (key: number): number | null => {
    // An alias chain is short and, merges being forward only, without cycles; the bound is a guard.
    let k = key;
    for (let hops = 0; finalIndex[k] < 0 && hops <= keys; hops += 1) {
      const into = aliases.get(k);
      if (into === undefined) break;
      k = into;
    }
    return finalIndex[k] >= 0 ? finalIndex[k] : null;
  };
  for (let index = 0; index < notes.length; index += 1) {
    const note = notes[index];
    const key = noteKeys[index];
    note.turn = origins[key] ?? null;
    note.replayTurn = note.action === 'dropped' ? null : resolve(key);
  }
  return notes;
}

/**
 * For each key, the final index of its turn (-1: none). A loop of its own: V8 compiles a long-running
 * loop together with the function around it, and this one runs over every turn of the replay.
 */
function finalIndexes(turns: readonly Turn[], keys: number): Int32Array {
  const finalIndex = new Int32Array(keys).fill(-1);
  for (let index = 0; index < turns.length; index += 1) finalIndex[turns[index].key] = index;
  return finalIndex;
}

/** Everything the payload steps read besides the payload. */
export interface PayloadEnv {
  target: Target;
  policy: PolicyValues;
  /** For each replay message, its index in the original transcript (null for created turns). */
  replayOrigins: readonly (number | null)[];
}

/** The result of the payload steps: the payload as sent, and what changed in it. */
export interface PayloadRun {
  payload: WirePayload;
  annotations: Annotation[];
}

/**
 * Run payload steps over the replay's wire payload, in order. An annotation names the transcript turn
 * the entry was built from, and the replay message it stays part of (none when it was dropped).
 */
export function runPayload(steps: readonly PayloadStep[], payload: WirePayload, env: PayloadEnv): PayloadRun {
  const annotations: Annotation[] = [];
  let rule: RuleId = 'prefill-strip';
  let current = payload;
  const ctx: PayloadContext = {
    target: env.target,
    policy: env.policy,
    note(index, action, detail, extra) {
      const source = current.entrySources[index] ?? null;
      const turn = source === null ? null : (env.replayOrigins[source] ?? null);
      const { path, before } = extra ?? {};
      const preview = { path, before: before === undefined ? undefined : previewValue(before) };
      annotations.push(annotation(rule, turn, action === 'dropped' ? null : source, action, detail, preview));
    },
  };
  for (const step of steps) {
    const stage = step.rule.payload;
    if (!stage || !stage.appliesTo(current, ctx)) continue;
    rule = step.rule.id;
    current = stage.apply(current, ctx);
  }
  return { payload: current, annotations };
}

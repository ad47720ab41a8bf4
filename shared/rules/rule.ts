/** What a hygiene rule is: data (id, title, explanation, scope) plus a pure function over turns. */
import type { ImageCodec } from '../images/codec.js';
import type { PayloadFamily } from '../preflight/family.js';
import type { AnnotationAction, DecisionId, JsonValue, Message, PolicyFlag, PolicyValues, RuleId, Target } from '../types.js';

/**
 * One message travelling through the pipeline.
 *
 * `origin` is its index in the original transcript (null for a turn hygiene created); `key` is a
 * unique identity that survives rewrites, so annotations can be mapped to the final replay index.
 */
export interface Turn {
  readonly message: Message;
  readonly origin: number | null;
  readonly key: number;
  /** What the message holds (`traitsOf`, shared/rules/traits.ts), read once when the turn is made. */
  readonly traits: number;
}

/**
 * A check over the tool calls and results of a whole list that found nothing to change: `paired` (every
 * call answered right after it, as the pairing repair would leave it), `ids-kept` (every id already as
 * the id rule would write it), `calls-sent-as-is` (every call as the send-time guard of tool-call-input
 * keeps it, without an allowlist). Each reads only the assistant and tool-result turns' roles, call blocks
 * and stop reasons, the results' ids and names, and their order; of any other turn, only whether it
 * comes between a call and its results.
 */
export type ToolCallProof = 'paired' | 'ids-kept' | 'calls-sent-as-is';

/** Everything a rule may read, plus the ways it reports changes. Rules never mutate their input. */
export interface RuleContext {
  readonly target: Target;
  readonly policy: PolicyValues;
  /** Clock for synthetic turns. */
  readonly now: number;
  readonly allowedToolNames?: readonly string[];
  readonly imageMaxDimensionPx: number;
  readonly codec?: ImageCodec;
  /** The session's last `model-snapshot` differs from the target (OpenAI reasoning is then stale). */
  readonly modelChanged: boolean;
  readonly hasGoogleBootstrapMarker: boolean;
  /**
   * Whether any turn of this run so far (given, created or rewritten) had one of these trait bits: a
   * rule whose trigger no turn ever held has nothing to change.
   */
  mayHave(bits: number): boolean;
  /**
   * Whether the check passed on this very list, or on one it came from through rules that keep what the
   * check reads (`keepsCallsAndResults`): a pass that runs again on a long session then has nothing to do.
   */
  proven(turns: readonly Turn[], check: ToolCallProof): boolean;
  /** Record that the check passed on this list. */
  prove(turns: readonly Turn[], check: ToolCallProof): void;
  /** The spec decision that set this flag's value, if one did (never in the `openclaw-2026.9.6` behaviour). */
  decisionOf(flag: PolicyFlag): DecisionId | undefined;
  /**
   * Record a change on a turn. A change a spec decision causes names it (`decision`): the annotation
   * then carries the decision's id and its sentence.
   */
  note(
    turn: Turn,
    action: AnnotationAction,
    detail: string,
    extra?: { before?: unknown; after?: unknown; path?: string; decision?: DecisionId },
  ): void;
  /** Record that `absorbed` was merged into `into` (the absorbed turn's annotations follow it). */
  merged(absorbed: Turn, into: Turn, detail: string): void;
  /** A new turn (no origin). */
  create(message: Message): Turn;
  /**
   * The same turn with a new message. `traits`: the new message's traits when the rule knows them without
   * a look (the turn's own, when only a field `traitsOf` does not read changed); read from it otherwise.
   * An assistant text cue (`metadataCue`, `silentCue`) may be given set where `traitsOf` would clear it:
   * a set cue only makes a rule look at the texts.
   */
  with(turn: Turn, message: Message, traits?: number): Turn;
  /** A custom entry OpenClaw would append to the session file. */
  append(customType: string, data: JsonValue): void;
}

/**
 * The outgoing wire payload of the replay (what pi-ai builds for the provider), as payload steps see it.
 * Payload steps run after the history steps, on the payload the host built from their result.
 */
export interface WirePayload {
  readonly api: string;
  readonly family: PayloadFamily;
  readonly value: JsonValue;
  /** For each entry of the payload's conversation array, the replay message it was built from (null: synthetic). */
  readonly entrySources: readonly (number | null)[];
}

/** What a payload step may read, and how it reports a change on an entry of the conversation array. */
export interface PayloadContext {
  readonly target: Target;
  readonly policy: PolicyValues;
  /** Record a change on entry `index` (its index in the payload this step received). */
  note(index: number, action: AnnotationAction, detail: string, extra?: { before?: unknown; path?: string }): void;
}

/** A rule's step on the outgoing wire payload, for what only the payload shows (the provider's own turn layout). */
export interface PayloadStage {
  appliesTo(payload: WirePayload, ctx: PayloadContext): boolean;
  /** The new payload (the same object when nothing changed); `entrySources` follows the entries. */
  apply(payload: WirePayload, ctx: PayloadContext): WirePayload;
}

/** A hygiene rule: registered data plus its pure transformation. */
export interface Rule<O = void> {
  id: RuleId;
  title: string;
  /** One paragraph in plain English: what it does, and which provider behaviour makes it necessary. */
  explanation: string;
  /** Which providers it applies to, in words. */
  providers: string;
  appliesWhen(policy: PolicyValues): boolean;
  /** The turns after the rule: the input array itself when nothing changed (it is never mutated). */
  apply(turns: readonly Turn[], ctx: RuleContext, options: O): readonly Turn[] | Promise<readonly Turn[]>;
  /** The same rule on the outgoing wire payload, when the provider's payload needs it too. */
  payload?: PayloadStage;
  /**
   * The rule never changes what a `ToolCallProof` reads: it adds, moves and merges no turn, keeps every
   * assistant and tool-result turn's role, call blocks, stop reason, ids and name, and drops only turns
   * that hold none of them (no tool result, no assistant turn with a call). A proof holds through it.
   */
  keepsCallsAndResults?: boolean;
}

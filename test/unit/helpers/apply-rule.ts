// Run one hygiene rule (or a few steps, in order) in isolation, through the runner the pipeline uses.
import type { ImageCodec } from '../../../shared/images/codec.js';
import { payloadStep, ruleStep, runHistory, runPayload, type HistoryStep, type PayloadRun } from '../../../shared/pipeline/runner.js';
import { policyDecisions, policyValues, resolvePolicy } from '../../../shared/policy/resolve.js';
import { payloadMessages, type PayloadFamily } from '../../../shared/preflight/family.js';
import type { Rule } from '../../../shared/rules/rule.js';
import type { Annotation, Behaviour, JsonValue, Message, PolicyValues, Target } from '../../../shared/types.js';
import { NOW } from './messages.js';

export { NORMALIZE_STEPS } from '../../../shared/pipeline/steps.js';

/** A target whose policy is all defaults (no provider plugin, unknown API). */
export const DEFAULT_TARGET: Target = { provider: 'acme-llm', api: 'acme-chat', modelId: 'acme-1' };

export interface RuleEnv {
  /** The target; its resolved policy is the base that `policy` overrides. */
  target?: Target;
  policy?: Partial<PolicyValues>;
  now?: number;
  allowedToolNames?: string[];
  imageMaxDimensionPx?: number;
  codec?: ImageCodec;
  modelChanged?: boolean;
  hasGoogleBootstrapMarker?: boolean;
  /** The behaviour whose policy (and spec decisions) the rule runs with; `spec` by default. */
  behaviour?: Behaviour;
}

/** A typed step: the options must be the rule's. */
export function step<O>(rule: Rule<O>, ...options: O extends void ? [] : [O]): HistoryStep {
  return ruleStep(rule, options[0] as O);
}

export interface RuleRun {
  messages: Message[];
  /** For each output message, its index in the input (null for created turns). */
  origins: (number | null)[];
  annotations: Annotation[];
  appends: { customType: string; data: JsonValue }[];
  /** Every output message is the very input object at the same index (nothing changed). */
  untouched: boolean;
}

/** The policy a rule test runs with: the target's resolved policy plus overrides. */
export function policyFor(env: RuleEnv = {}): PolicyValues {
  return { ...policyValues(resolvePolicy(env.target ?? DEFAULT_TARGET, env.behaviour)), ...env.policy };
}

/** Run the steps in order; a step whose rule does not apply to the policy is skipped, as in the pipeline. */
export async function applySteps(steps: readonly HistoryStep[], messages: readonly Message[], env: RuleEnv = {}): Promise<RuleRun> {
  const run = await runHistory(steps, messages, {
    target: env.target ?? DEFAULT_TARGET,
    policy: policyFor(env),
    decisions: policyDecisions(resolvePolicy(env.target ?? DEFAULT_TARGET, env.behaviour)),
    now: env.now ?? NOW,
    allowedToolNames: env.allowedToolNames,
    imageMaxDimensionPx: env.imageMaxDimensionPx,
    codec: env.codec,
    modelSnapshot: null,
    modelChanged: env.modelChanged ?? false,
    reasoningStaleBefore: null,
    hasGoogleBootstrapMarker: env.hasGoogleBootstrapMarker ?? false,
  });
  return {
    messages: run.messages,
    origins: run.origins,
    annotations: run.annotations,
    appends: run.sessionAppends,
    untouched: run.messages.length === messages.length && run.messages.every((m, i) => m === messages[i]),
  };
}

/** Run one rule with its options. */
export function applyRule<O>(rule: Rule<O>, messages: readonly Message[], env: RuleEnv & { options?: O } = {}): Promise<RuleRun> {
  return applySteps([ruleStep(rule, env.options as O)], messages, env);
}

/** Run a rule's payload stage on a payload, as the host runs it on the replay's payload. */
export function applyPayloadRule<O>(
  rule: Rule<O>,
  payload: { api: string; family: PayloadFamily; value: JsonValue; entrySources?: (number | null)[] },
  env: RuleEnv & { replayOrigins?: (number | null)[] } = {},
): PayloadRun {
  const entries = payloadMessages(payload.value, payload.family);
  return runPayload(
    [payloadStep(rule)],
    { ...payload, entrySources: payload.entrySources ?? entries.map((_, i) => i) },
    { target: env.target ?? DEFAULT_TARGET, policy: policyFor(env), replayOrigins: env.replayOrigins ?? entries.map((_, i) => i) },
  );
}

/** The annotations as `{rule, action, turn, replayTurn[, path]}` — what tests assert (detail wording is free). */
export function brief(
  annotations: readonly Annotation[],
  withPath = false,
): { rule: string; action: string; turn: number | null; replayTurn: number | null; path?: string }[] {
  return annotations.map((a) => {
    const b: { rule: string; action: string; turn: number | null; replayTurn: number | null; path?: string } = {
      rule: a.rule,
      action: a.action,
      turn: a.turn,
      replayTurn: a.replayTurn,
    };
    if (withPath && a.path !== undefined) b.path = a.path;
    return b;
  });
}

// Run one hygiene rule (or a few, in order) in isolation, with a RuleContext built the way shared/pipeline.ts builds it.
import type { ImageCodec } from '../../../shared/images/codec.js';
import { previewValue } from '../../../shared/messages.js';
import { policyValues, resolvePolicy } from '../../../shared/policy/resolve.js';
import {
  assistantNormalizeRule,
  blankTextRule,
  emptyErrorTurnRule,
  lengthReasoningOnlyRule,
  runtimeContextRule,
} from '../../../shared/rules/index.js';
import type { Note, Rule, RuleContext, Turn } from '../../../shared/rules/rule.js';
import type { Annotation, JsonValue, Message, PolicyValues, Target } from '../../../shared/types.js';
import { NOW } from './messages.js';

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
}

/** One step: a rule and its options. */
export type Step = readonly [Rule<never>, unknown?];

/** A typed step: the options must be the rule's. */
export function step<O>(rule: Rule<O>, ...options: O extends void ? [] : [O]): Step {
  return [rule as unknown as Rule<never>, options[0]];
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
  return { ...policyValues(resolvePolicy(env.target ?? DEFAULT_TARGET)), ...env.policy };
}

/** Run the steps in order; a step whose rule does not apply to the policy is skipped (as the pipeline does). */
export async function applySteps(steps: readonly Step[], messages: readonly Message[], env: RuleEnv = {}): Promise<RuleRun> {
  const policy = policyFor(env);
  let nextKey = 0;
  let rule: Note['rule'] = steps[0]?.[0].id ?? 'assistant-normalize';
  const notes: Note[] = [];
  const aliases = new Map<number, number>();
  const origins = new Map<number, number | null>();
  const appends: RuleRun['appends'] = [];
  const ctx: RuleContext = {
    target: env.target ?? DEFAULT_TARGET,
    policy,
    now: env.now ?? NOW,
    allowedToolNames: env.allowedToolNames,
    imageMaxDimensionPx: env.imageMaxDimensionPx ?? 1200,
    codec: env.codec,
    modelChanged: env.modelChanged ?? false,
    hasGoogleBootstrapMarker: env.hasGoogleBootstrapMarker ?? false,
    note(turn, action, detail, extra) {
      const note: Note = { rule, key: turn.key, action, detail };
      if (extra?.path !== undefined) note.path = extra.path;
      if (extra && extra.before !== undefined) note.before = previewValue(extra.before);
      if (extra && extra.after !== undefined) note.after = previewValue(extra.after);
      notes.push(note);
    },
    merged(absorbed, into, detail) {
      notes.push({ rule, key: absorbed.key, action: 'merged', detail });
      aliases.set(absorbed.key, into.key);
    },
    create(message) {
      const turn = { message, origin: null, key: nextKey++ };
      origins.set(turn.key, null);
      return turn;
    },
    with(turn, message) {
      return { message, origin: turn.origin, key: turn.key };
    },
    append(customType, data) {
      appends.push({ customType, data });
    },
  };
  let turns: Turn[] = messages.map((message, index) => {
    const turn = { message, origin: index, key: nextKey++ };
    origins.set(turn.key, index);
    return turn;
  });
  for (const [r, options] of steps) {
    if (!r.appliesWhen(policy)) continue;
    rule = r.id;
    turns = await (r as Rule<unknown>).apply(turns, ctx, options);
  }
  const finalIndex = new Map(turns.map((t, i) => [t.key, i] as const));
  const resolve = (key: number): number | null => {
    let k = key;
    const seen = new Set<number>();
    while (!finalIndex.has(k) && aliases.has(k) && !seen.has(k)) {
      seen.add(k);
      k = aliases.get(k)!;
    }
    return finalIndex.get(k) ?? null;
  };
  const annotations = notes.map((n): Annotation => {
    const a: Annotation = {
      rule: n.rule,
      turn: origins.get(n.key) ?? null,
      replayTurn: n.action === 'dropped' ? null : resolve(n.key),
      action: n.action,
      detail: n.detail,
    };
    if (n.path !== undefined) a.path = n.path;
    if (n.before !== undefined) a.before = n.before;
    if (n.after !== undefined) a.after = n.after;
    return a;
  });
  const out = turns.map((t) => t.message);
  return {
    messages: out,
    origins: turns.map((t) => t.origin),
    annotations,
    appends,
    untouched: out.length === messages.length && out.every((m, i) => m === messages[i]),
  };
}

/** Run one rule with its options. */
export function applyRule<O>(rule: Rule<O>, messages: readonly Message[], env: RuleEnv & { options?: O } = {}): Promise<RuleRun> {
  return applySteps([[rule as unknown as Rule<never>, env.options] as const], messages, env);
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

/**
 * OpenClaw's `normalizeAssistantReplayContent` (pipeline step 2) as this engine splits it into rules,
 * in the pipeline's order: blank user turns, artefacts, empty error turns, runtime context, content shapes,
 * reasoning-only length turns, duplicate mirrors.
 */
export const NORMALIZE_STEPS: readonly Step[] = [
  step(blankTextRule, { phase: 'user-turns' }),
  step(assistantNormalizeRule, { phase: 'artefacts' }),
  step(emptyErrorTurnRule),
  step(runtimeContextRule),
  step(assistantNormalizeRule, { phase: 'content' }),
  step(lengthReasoningOnlyRule),
  step(assistantNormalizeRule, { phase: 'mirror-duplicates' }),
];

/**
 * The replay pipeline: every hygiene rule in OpenClaw's order (reference §3), turn validation,
 * the stream-time guards and the summary conversion, with one annotation per change.
 */
import type { ImageCodec } from './images/codec.js';
import type { Note, RuleContext, Turn } from './rules/rule.js';
import { PIPELINE } from './rules/index.js';
import type { Annotation, JsonValue, Message, PolicyValues, Target } from './types.js';
import { previewValue } from './messages.js';

export interface PipelineInput {
  target: Target;
  policy: PolicyValues;
  now: number;
  allowedToolNames?: readonly string[];
  imageMaxDimensionPx?: number;
  codec?: ImageCodec;
  modelSnapshot: { provider: string; modelApi: string; modelId: string } | null;
  hasGoogleBootstrapMarker: boolean;
}

export interface PipelineOutput {
  messages: Message[];
  /** For each replay message, its index in the input (null for created turns). */
  origins: (number | null)[];
  annotations: Annotation[];
  sessionAppends: { customType: string; data: JsonValue }[];
}

/** Run every applicable step over the messages. The input array and its messages are never mutated. */
export async function runPipeline(messages: readonly Message[], input: PipelineInput): Promise<PipelineOutput> {
  let nextKey = 0;
  let turns: Turn[] = messages.map((message, index) => ({ message, origin: index, key: nextKey++ }));
  const notes: Note[] = [];
  const aliases = new Map<number, number>();
  const sessionAppends: { customType: string; data: JsonValue }[] = [];
  const snapshot = input.modelSnapshot;
  const modelChanged = snapshot !== null && (snapshot.provider !== input.target.provider || snapshot.modelApi !== input.target.api || snapshot.modelId !== input.target.modelId);
  let current: Note['rule'] = 'assistant-normalize';
  const ctx: RuleContext = {
    target: input.target,
    policy: input.policy,
    now: input.now,
    allowedToolNames: input.allowedToolNames,
    imageMaxDimensionPx: Math.max(1, Math.floor(input.imageMaxDimensionPx ?? 1200)),
    codec: input.codec,
    modelChanged,
    hasGoogleBootstrapMarker: input.hasGoogleBootstrapMarker,
    note(turn, action, detail, extra) {
      notes.push({ rule: current, key: turn.key, action, detail, before: extra && 'before' in extra ? previewValue(extra.before) : undefined, after: extra && 'after' in extra ? previewValue(extra.after) : undefined, path: extra?.path });
    },
    merged(absorbed, into, detail) {
      notes.push({ rule: current, key: absorbed.key, action: 'merged', detail });
      aliases.set(absorbed.key, into.key);
    },
    create(message) {
      return { message, origin: null, key: nextKey++ };
    },
    with(turn, message) {
      return { message, origin: turn.origin, key: turn.key };
    },
    append(customType, data) {
      sessionAppends.push({ customType, data });
    },
  };
  const origins = new Map<number, number | null>();
  for (const turn of turns) origins.set(turn.key, turn.origin);
  for (const step of PIPELINE) {
    if (!step.rule.appliesWhen(input.policy) || (step.when && !step.when(input.policy))) continue;
    current = step.rule.id;
    turns = await step.rule.apply(turns, ctx, step.options as never);
    for (const turn of turns) if (!origins.has(turn.key)) origins.set(turn.key, turn.origin);
  }
  const finalIndex = new Map<number, number>();
  turns.forEach((turn, index) => finalIndex.set(turn.key, index));
  const resolve = (key: number): number | null => {
    const seen = new Set<number>();
    let k = key;
    while (!finalIndex.has(k) && aliases.has(k) && !seen.has(k)) {
      seen.add(k);
      k = aliases.get(k)!;
    }
    return finalIndex.get(k) ?? null;
  };
  const annotations: Annotation[] = notes.map((n) => {
    const a: Annotation = { rule: n.rule, turn: origins.get(n.key) ?? null, replayTurn: n.action === 'dropped' ? null : resolve(n.key), action: n.action, detail: n.detail };
    if (n.path !== undefined) a.path = n.path;
    if (n.before !== undefined) a.before = n.before;
    if (n.after !== undefined) a.after = n.after;
    return a;
  });
  return { messages: turns.map((t) => t.message), origins: turns.map((t) => t.origin), annotations, sessionAppends };
}

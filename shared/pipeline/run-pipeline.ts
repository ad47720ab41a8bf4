/**
 * The replay of a transcript for a target: the history steps of the pipeline, with the context the
 * session gives them (its last model snapshot, when the model last changed, the Google bootstrap marker).
 */
import type { ImageCodec } from '../images/codec.js';
import type { Annotation, JsonValue, Message, PolicyValues, Target } from '../types.js';
import { runHistory, type ModelSnapshot, type RunEnv } from './runner.js';
import { HISTORY_STEPS } from './steps.js';

export type { ModelSnapshot } from './runner.js';

export interface PipelineInput {
  target: Target;
  policy: PolicyValues;
  now: number;
  allowedToolNames?: readonly string[];
  imageMaxDimensionPx?: number;
  codec?: ImageCodec;
  /** The last model-snapshot entry on the branch. */
  modelSnapshot: ModelSnapshot | null;
  /** When the branch's snapshots last switched model (ms), if ever. */
  latestModelSwitchTimestamp: number | null;
  hasGoogleBootstrapMarker: boolean;
  /** Called with each step just before it runs. */
  onStep?: RunEnv['onStep'];
}

export interface PipelineOutput {
  messages: Message[];
  /** For each replay message, its index in the input (null for created turns). */
  origins: (number | null)[];
  annotations: Annotation[];
  sessionAppends: { customType: string; data: JsonValue }[];
}

const sameSnapshot = (a: ModelSnapshot, b: ModelSnapshot) =>
  (a.provider ?? '') === (b.provider ?? '') && (a.modelApi ?? '') === (b.modelApi ?? '') && (a.modelId ?? '') === (b.modelId ?? '');

/** Run every applicable history step. The input array and its messages are never mutated. */
export function runPipeline(messages: readonly Message[], input: PipelineInput): Promise<PipelineOutput> {
  const { target } = input;
  const hasTarget = Boolean(target.provider || target.api || target.modelId);
  const current: ModelSnapshot | null = hasTarget ? { provider: target.provider, modelApi: target.api, modelId: target.modelId } : null;
  const prior = input.modelSnapshot;
  // Reasoning produced by another model is refused after a route switch: a switch now makes all of it stale.
  const modelChanged = !!prior && !!current && !sameSnapshot(prior, current);
  return runHistory(HISTORY_STEPS, messages, {
    target,
    policy: input.policy,
    now: input.now,
    allowedToolNames: input.allowedToolNames,
    imageMaxDimensionPx: input.imageMaxDimensionPx,
    codec: input.codec,
    modelSnapshot: prior,
    modelChanged,
    reasoningStaleBefore: modelChanged ? input.now : input.latestModelSwitchTimestamp,
    hasGoogleBootstrapMarker: input.hasGoogleBootstrapMarker,
    onStep: input.onStep,
  });
}

/**
 * The replay of a transcript for a target: the history steps of the pipeline, with the context the
 * session gives them (its last model snapshot, when the model last changed, the Google bootstrap marker).
 */
import type { Message } from '../types.js';
import { runHistory, type HistoryRun, type ModelSnapshot, type RunEnv } from './runner.js';
import { COMPILED_STEPS, HISTORY_STEPS } from './steps.js';

/** What the replay reads besides the messages: the environment of the steps, as the session gives it. */
export interface PipelineInput extends Omit<RunEnv, 'modelChanged' | 'reasoningStaleBefore'> {
  /** When the branch's snapshots last switched model (ms), if ever. */
  latestModelSwitchTimestamp: number | null;
}

/** The replay: its messages, where each came from, the annotations and the session's appended entries. */
export type PipelineOutput = HistoryRun;

const sameSnapshot = (a: ModelSnapshot, b: ModelSnapshot) =>
  (a.provider ?? '') === (b.provider ?? '') && (a.modelApi ?? '') === (b.modelApi ?? '') && (a.modelId ?? '') === (b.modelId ?? '');

/** Run every applicable history step. The input array and its messages are never mutated. */
export function runPipeline(messages: readonly Message[], input: PipelineInput): Promise<PipelineOutput> {
  return runSteps(HISTORY_STEPS, messages, input);
}

/** Run the history steps up to the outgoing ones: the history OpenClaw compiles for a call. */
export function runCompiledHistory(messages: readonly Message[], input: PipelineInput): Promise<PipelineOutput> {
  return runSteps(COMPILED_STEPS, messages, input);
}

function runSteps(steps: typeof HISTORY_STEPS, messages: readonly Message[], input: PipelineInput): Promise<PipelineOutput> {
  const { target } = input;
  const hasTarget = Boolean(target.provider || target.api || target.modelId);
  const current: ModelSnapshot | null = hasTarget ? { provider: target.provider, modelApi: target.api, modelId: target.modelId } : null;
  const prior = input.modelSnapshot;
  // Reasoning produced by another model is refused after a route switch: a switch now makes all of it stale.
  const modelChanged = !!prior && !!current && !sameSnapshot(prior, current);
  return runHistory(steps, messages, {
    ...input,
    modelChanged,
    reasoningStaleBefore: modelChanged ? input.now : input.latestModelSwitchTimestamp,
  });
}

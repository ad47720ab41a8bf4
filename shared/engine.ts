/**
 * The pure engine entry: text in, inspection out (parse → active branch → policy → replay pipeline).
 *
 * The host adds what needs Node: reading files, sharp for images, pi-ai payloads and preflight.
 */
import type { ImageCodec } from './images/codec.js';
import type { Inspection } from './inspection.js';
import { resolvePolicy, policyDecisions, policyValues } from './policy/resolve.js';
import { DEFAULT_BEHAVIOUR } from './policy/spec-decisions.js';
import { runPipeline, type PipelineInput } from './pipeline/run-pipeline.js';
import { buildContext, type SessionContext } from './session/context.js';
import { parseSession } from './session/parse.js';
import type { ParsedSession } from './session/types.js';
import type { InspectOptions, Policy, Target } from './types.js';

/** Engine options: the public inspect options plus the pixel codec the host provides. */
export interface EngineOptions extends InspectOptions {
  codec?: ImageCodec;
  /** The session's context when the caller already built it from the same parsed session. */
  context?: SessionContext;
}

/** An inspection plus the parsed session it was made from (kept by the host, not serialised). */
export interface EngineResult {
  inspection: Inspection;
  parsed: ParsedSession;
  context: SessionContext;
}

/** What the pipeline reads for a session's context, a target and its resolved policy. */
export function pipelineInput(context: SessionContext, target: Target, policy: Policy, options: EngineOptions): PipelineInput {
  return {
    target,
    policy: policyValues(policy),
    decisions: policyDecisions(policy),
    now: options.now ?? Date.now(),
    allowedToolNames: options.allowedToolNames,
    imageMaxDimensionPx: options.imageMaxDimensionPx,
    codec: options.codec,
    modelSnapshot: context.modelSnapshot,
    latestModelSwitchTimestamp: context.latestModelSwitchTimestamp,
    hasGoogleBootstrapMarker: context.hasGoogleBootstrapMarker,
    truncated: context.truncated,
  };
}

/** Inspect an already parsed session for a target. */
export async function inspectParsed(parsed: ParsedSession, target: Target, options: EngineOptions = {}): Promise<EngineResult> {
  const context = options.context ?? buildContext(parsed);
  const policy = resolvePolicy(target, options.behaviour);
  const run = await runPipeline(context.messages, pipelineInput(context, target, policy, options));
  const inspection: Inspection = {
    target,
    behaviour: options.behaviour ?? DEFAULT_BEHAVIOUR,
    policy,
    original: { messages: context.messages, origins: context.messageLines },
    replay: { messages: run.messages, origins: run.origins },
    annotations: run.annotations,
    diagnostics: [...parsed.diagnostics, ...context.diagnostics].sort((a, b) => a.line - b.line || a.column - b.column),
    sessionAppends: run.sessionAppends,
  };
  return { inspection, parsed, context };
}

/** Parse and inspect the text of a session file or a JSON message array. */
export async function inspectText(text: string, target: Target, options: EngineOptions = {}): Promise<EngineResult> {
  return inspectParsed(parseSession(text), target, options);
}

/**
 * Adds what needs the host to an engine inspection: the wire payloads (pi-ai), the pipeline's payload
 * steps on the replay's payload, and the preflight findings of both sides.
 */
import { inspectParsed, type EngineOptions } from '../../shared/engine.js';
import type { Inspection, InspectionSide } from '../../shared/inspection.js';
import { policyValues } from '../../shared/policy/resolve.js';
import { payloadFamily, type PayloadFamily } from '../../shared/preflight/family.js';
import { mapPayloadToMessages } from '../../shared/preflight/payload-map.js';
import { runPayload } from '../../shared/pipeline/runner.js';
import { PAYLOAD_STEPS } from '../../shared/pipeline/steps.js';
import { runPreflight } from '../../shared/preflight/run-preflight.js';
import type { SessionContext } from '../../shared/session/context.js';
import type { ParsedSession } from '../../shared/session/types.js';
import type { Annotation, InspectOptions, JsonValue, Target } from '../../shared/types.js';
import { buildPayload, type PayloadBuild, type PayloadBuildOptions } from './payloads/payload-builder.js';
import { buildReplayPayload, reusedEntryIndexes } from './payloads/replay-payload.js';
import { recordedErrorsExplained } from './recorded-errors.js';

/** Options of the enrichment: the public inspect options plus the thinking level payloads are built with. */
export interface EnrichOptions extends InspectOptions, PayloadBuildOptions {}

/** One side's payload and how its entries map back to the side's messages. */
export interface SidePayload {
  build: PayloadBuild;
  family: PayloadFamily | null;
  /** The payload as sent (after the outgoing-payload steps on the replay side). */
  payload?: JsonValue;
  /** For each entry of the payload's conversation array, the index of the message on this side (null: synthetic). */
  entrySources: (number | null)[];
}

/** An enriched inspection plus the payload details the Inspector service keeps (maps, build errors). */
export interface EnrichedInspection {
  inspection: Inspection;
  original: SidePayload;
  replay: SidePayload;
}

function sidePayload(build: PayloadBuild, messages: InspectionSide['messages']): SidePayload {
  const family = payloadFamily(build.api);
  if (build.payload === undefined || family === null) return { build, family, entrySources: [] };
  return { build, family, payload: build.payload, entrySources: mapPayloadToMessages(build.payload, family, messages) };
}

/** Build payloads, run the payload steps on the replay's (a trailing prefill, Bedrock's split user turns), and run preflight on both sides. */
export async function enrichDetailed(
  inspection: Inspection,
  options: EnrichOptions = {},
  started: { original?: Promise<PayloadBuild> } = {},
): Promise<EnrichedInspection> {
  const policy = policyValues(inspection.policy);
  const target = inspection.target;
  // The original side may have been started earlier, while the engine waited for images; the
  // replay's reuses its entries for the turns hygiene left unchanged.
  const originalBuild = await (started.original ?? buildPayload(inspection.original.messages, target, options));
  const replayBuild = await buildReplayPayload(
    inspection.replay.messages,
    inspection.replay.origins,
    { messages: inspection.original.messages, build: originalBuild },
    target,
    options,
  );
  const original = sidePayload(originalBuild, inspection.original.messages);
  const replay = sidePayload(replayBuild, inspection.replay.messages);
  // The payload steps run on the replay's payload as pi-ai built it; the original side is sent as recorded.
  let annotations: Annotation[] = [];
  if (replay.family && replay.payload !== undefined) {
    const run = runPayload(
      PAYLOAD_STEPS,
      { api: replay.build.api, family: replay.family, value: replay.payload, entrySources: replay.entrySources },
      { target, policy, replayOrigins: inspection.replay.origins ?? [] },
    );
    annotations = run.annotations;
    replay.payload = run.payload.value;
    replay.entrySources = [...run.payload.entrySources];
  }
  const notes = [...(inspection.notes ?? [])];
  for (const note of [...originalBuild.notes, ...replayBuild.notes]) if (!notes.includes(note)) notes.push(note);
  if (originalBuild.error) notes.push(`original payload: ${originalBuild.error}`);
  if (replayBuild.error) notes.push(`replay payload: ${replayBuild.error}`);
  const originalFindings = runPreflight(original.payload, { target, api: original.build.api, policy });
  // The replay's payload reuses the original's entries for the turns hygiene left alone: their findings are known.
  const reusedAt = reusedEntryIndexes(replayBuild);
  const checked = reusedAt && { payload: original.payload, api: original.build.api, findings: originalFindings, at: reusedAt };
  const enriched: Inspection = {
    ...inspection,
    original: { ...inspection.original, ...(original.payload === undefined ? {} : { payload: original.payload }) },
    replay: { ...inspection.replay, ...(replay.payload === undefined ? {} : { payload: replay.payload }) },
    annotations: [...inspection.annotations, ...annotations],
    preflight: {
      original: originalFindings,
      replay: runPreflight(replay.payload, { target, api: replay.build.api, policy, ...(checked ? { checked } : {}) }),
    },
    notes,
  };
  // With preflight done, a session's own recorded errors can be checked like pasted ones.
  const recordedErrors = await recordedErrorsExplained(enriched);
  if (recordedErrors.length > 0) enriched.recordedErrors = recordedErrors;
  return { inspection: enriched, original, replay };
}

/**
 * The engine on a parsed session, then payloads and preflight. The original side's payload needs no
 * replay: it is built while the engine waits for image reductions (sharp, on other threads), and
 * `onOriginal` gets it as soon as it is built (the app measures it meanwhile).
 */
export async function inspectAndEnrich(
  parsed: ParsedSession,
  target: Target,
  options: EngineOptions & EnrichOptions & { context: SessionContext },
  onOriginal?: (build: PayloadBuild) => void,
): Promise<EnrichedInspection> {
  const engine = inspectParsed(parsed, target, options);
  const original = buildPayload(options.context.messages, target, options).then((build) => {
    onOriginal?.(build);
    return build;
  });
  // Handled here too: if the engine fails first, this promise is never awaited.
  original.catch(() => undefined);
  const { inspection } = await engine;
  return enrichDetailed(inspection, options, { original });
}

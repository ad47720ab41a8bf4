/** One inspection of an open session for a target: the engine and payload run, summarised for the renderer. */
import type { InspectionSummary, RuleCount, Side } from '../../../shared/api.js';
import { RULES } from '../../../shared/rules/index.js';
import type { InspectOptions, RuleId, Target } from '../../../shared/types.js';
import { inspectAndEnrich, type EnrichedInspection } from '../enrich.js';
import { summaryRecordedErrors } from '../recorded-errors.js';
import { codecForMessages } from '../image-codec.js';
import { normalizeTarget } from '../inspect.js';
import { messagesKey } from '../../../shared/preflight/family.js';
import { createJsonByteCounter } from './json-length.js';
import { placeFindings } from './payload-places.js';
import type { SessionRecord } from './session-registry.js';

/** Every rule with how often it fired, in rule order; ids no rule declares (should not happen) at the end. */
function ruleCounts(annotations: InspectionSummary['annotations']): RuleCount[] {
  const counts = new Map<RuleId, number>();
  for (const a of annotations) counts.set(a.rule, (counts.get(a.rule) ?? 0) + 1);
  const out: RuleCount[] = RULES.map((rule) => ({
    rule: rule.id,
    title: rule.title,
    explanation: rule.explanation,
    count: counts.get(rule.id) ?? 0,
  }));
  for (const [rule, count] of counts) if (!out.some((r) => r.rule === rule)) out.push({ rule, title: rule, explanation: '', count });
  return out;
}

/** Inspect a session; `imageMaxDimensionPx` is the service's default when the options give none. */
export async function inspectSession(
  record: SessionRecord,
  inspectionId: string,
  target: Target,
  inspectOptions: InspectOptions | undefined,
  imageMaxDimensionPx: number | undefined,
): Promise<{ detail: EnrichedInspection; summary: InspectionSummary }> {
  const started = performance.now();
  const normalized = normalizeTarget(target);
  const engineOptions = { ...inspectOptions, imageMaxDimensionPx: inspectOptions?.imageMaxDimensionPx ?? imageMaxDimensionPx };
  const codec = await codecForMessages(record.context.messages);
  const countBytes = createJsonByteCounter();
  // The original side's payload is measured while the engine waits for image reductions.
  const measured: { payload?: unknown; bytes: number } = { bytes: 0 };
  const detail = await inspectAndEnrich(record.parsed, normalized, { ...engineOptions, codec, context: record.context }, (build) => {
    if (build.payload === undefined) return;
    measured.payload = build.payload;
    measured.bytes = countBytes(build.payload);
  });
  const enriched = detail.inspection;
  const sideSummary = (side: Side): InspectionSummary['original'] => {
    const payload = detail[side];
    const out: InspectionSummary['original'] = {
      turnCount: enriched[side].messages.length,
      payloadBytes:
        payload.payload === undefined ? null : measured.payload === payload.payload ? measured.bytes : countBytes(payload.payload),
    };
    if (payload.build.error) out.payloadError = payload.build.error;
    if (payload.payload !== undefined && payload.family !== null) out.payloadKey = messagesKey(payload.family);
    return out;
  };
  const summary: InspectionSummary = {
    inspectionId,
    sessionId: record.info.sessionId,
    target: normalized,
    behaviour: enriched.behaviour,
    policy: enriched.policy,
    annotations: enriched.annotations,
    rules: ruleCounts(enriched.annotations),
    diagnostics: enriched.diagnostics,
    original: sideSummary('original'),
    replay: sideSummary('replay'),
    preflight: {
      original: placeFindings(detail, 'original', enriched.preflight?.original ?? []),
      replay: placeFindings(detail, 'replay', enriched.preflight?.replay ?? []),
    },
    notes: enriched.notes ?? [],
    elapsedMs: Math.round(performance.now() - started),
  };
  if (enriched.recordedErrors) summary.recordedErrors = summaryRecordedErrors(enriched.recordedErrors);
  return { detail, summary };
}

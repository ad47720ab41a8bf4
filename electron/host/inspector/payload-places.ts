/**
 * Where payload entries come from: the message on their side and the original transcript turn, so
 * the app can say "input[38] · turn #37" and go from a payload position to the turn that holds it.
 */
import type { PayloadEntryPlace, Side, SummaryFinding } from '../../../shared/api.js';
import type { PreflightFinding } from '../../../shared/inspection.js';
import type { EnrichedInspection } from '../enrich.js';
import { ownersOf } from './document-service.js';
import type { InspectionRecord } from './inspection-cache.js';

/** The original turn of a message on a side (the replay's own turns remember their origin; made ones have none). */
function originalTurn(detail: EnrichedInspection, side: Side, index: number | null): number | null {
  if (index === null) return null;
  return side === 'original' ? index : (detail.inspection.replay.origins?.[index] ?? null);
}

/** A side's preflight findings with the message and the original turn each one's payload entry comes from. */
export function placeFindings(detail: EnrichedInspection, side: Side, findings: readonly PreflightFinding[]): SummaryFinding[] {
  const sources = detail[side].entrySources;
  return findings.map((finding) => {
    const sideIndex = finding.messageIndex === null ? null : (sources[finding.messageIndex] ?? null);
    return { ...finding, sideIndex, turn: originalTurn(detail, side, sideIndex) };
  });
}

/** Where entry `index` of a side's payload comes from, or null when there is no payload or no such entry. */
export function payloadEntryPlace(record: InspectionRecord, side: Side, index: number): PayloadEntryPlace | null {
  const payload = record.detail[side];
  if (payload.payload === undefined || index >= payload.entrySources.length) return null;
  const message = payload.entrySources[index] ?? null;
  const owners =
    side === 'original'
      ? (record.owners.originalEntries ??= ownersOf(payload.entrySources))
      : (record.owners.replayEntries ??= ownersOf(payload.entrySources));
  return {
    index: message,
    turn: originalTurn(record.detail, side, message),
    windowTurn: originalTurn(record.detail, side, owners[index] ?? null),
    total: payload.entrySources.length,
  };
}

/** For each message of a side, the first and last payload entry built from it (messages the builder left out have none). */
export function entriesByMessage(detail: EnrichedInspection, side: Side): Map<number, { first: number; last: number }> {
  const map = new Map<number, { first: number; last: number }>();
  detail[side].entrySources.forEach((message, entry) => {
    if (message === null || message === undefined) return;
    const range = map.get(message);
    if (range) range.last = entry;
    else map.set(message, { first: entry, last: entry });
  });
  return map;
}

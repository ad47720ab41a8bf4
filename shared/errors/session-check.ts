/**
 * Checking a transcript answer against the session: the payload positions and ids the error quotes
 * are looked up (`messages[N]` is a position in a payload, `turn #N` a transcript turn), and
 * preflight's findings confirm or question it.
 */
import type { ErrorEvidence, Inspection, InspectionSide } from '../inspection.js';
import { isRecord, toolResultCallIds } from '../messages.js';
import type { CheckId } from '../preflight/checks.js';
import { messagesKey, payloadFamily, payloadMessages, type PayloadFamily } from '../preflight/family.js';
import { mapPayloadToMessages } from '../preflight/payload-map.js';
import type { Message } from '../types.js';
import { errorIds, errorMessageIndices } from './normalize.js';

/** What checking a transcript answer found. */
export interface TranscriptCheck {
  turns: number[];
  evidence: ErrorEvidence[];
  /** Added to the answer's confidence (negative when the session contradicts the error). */
  confidenceDelta: number;
  /** Whether preflight finds the check in each payload. */
  preflight: { original: boolean; replay: boolean };
}

type SideName = 'original' | 'replay';

function turnOf(inspection: Inspection, side: SideName, index: number | null): number | null {
  if (index === null) return null;
  // Original messages are the transcript's turns; replay messages map back through their origins.
  return side === 'original' ? index : (inspection.replay.origins?.[index] ?? null);
}

function mentions(message: Message, id: string): boolean {
  if (message.role === 'toolResult') return toolResultCallIds(message).includes(id);
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return false;
  return message.content.some(
    (block) =>
      isRecord(block) && (block.id === id || (typeof block.thinkingSignature === 'string' && block.thinkingSignature.includes(id))),
  );
}

function describeTurn(inspection: Inspection, turn: number): string {
  const message = inspection.original.messages[turn];
  const line = inspection.original.origins?.[turn];
  return `turn #${turn}${message ? ` (${message.role}${typeof line === 'number' ? `, line ${line}` : ''})` : ''}`;
}

/** Which payload the error most likely came from: the original when hygiene removes the defect, else the replay. */
function sideFor(inspection: Inspection, found: { original: boolean; replay: boolean }, recorded: boolean): SideName {
  if (recorded) return 'original';
  return found.original && !found.replay ? 'original' : 'replay';
}

function idEvidence(
  inspection: Inspection,
  side: SideName,
  sideData: InspectionSide,
  entries: unknown[],
  sources: (number | null)[],
  ids: string[],
) {
  const turns = new Set<number>();
  const evidence: ErrorEvidence[] = [];
  let missing = 0;
  for (const id of ids.slice(0, 6)) {
    const here = new Set<number>();
    sideData.messages.forEach((message, i) => {
      const turn = mentions(message, id) ? turnOf(inspection, side, i) : null;
      if (turn !== null) here.add(turn);
    });
    // pi-ai may rewrite an id on the wire: look in the payload entries too.
    if (here.size === 0)
      entries.forEach((entry, n) => {
        const turn = JSON.stringify(entry)?.includes(id) ? turnOf(inspection, side, sources[n] ?? null) : null;
        if (turn !== null) here.add(turn);
      });
    if (here.size === 0) {
      missing++;
      evidence.push({ fact: `${id} is not in this session's ${side} messages or payload.`, confirmed: false });
    } else {
      for (const t of here) turns.add(t);
      evidence.push({ fact: `${id} belongs to ${[...here].map((t) => describeTurn(inspection, t)).join(', ')}.`, confirmed: true });
    }
  }
  return { turns, evidence, missing };
}

function indexEvidence(
  inspection: Inspection,
  side: SideName,
  family: PayloadFamily,
  entries: unknown[],
  sources: (number | null)[],
  indices: number[],
) {
  const turns = new Set<number>();
  const evidence: ErrorEvidence[] = [];
  let outside = 0;
  const key = messagesKey(family);
  for (const n of indices.slice(0, 3)) {
    if (entries.length === 0) break;
    if (n >= entries.length) {
      outside++;
      evidence.push({ fact: `${key}[${n}]: the ${side} payload has only ${entries.length} entries.`, confirmed: false });
      continue;
    }
    const turn = turnOf(inspection, side, sources[n] ?? null);
    if (turn === null) {
      evidence.push({
        fact: `${key}[${n}] of the ${side} payload has no transcript turn of its own (the payload builder added it).`,
        confirmed: true,
      });
    } else {
      turns.add(turn);
      evidence.push({ fact: `${key}[${n}] of the ${side} payload is ${describeTurn(inspection, turn)}.`, confirmed: true });
    }
  }
  return { turns, evidence, outside };
}

/**
 * Check a transcript answer (its check) against an inspection: turns it points at, ids and
 * positions it quotes, preflight. `recordedApi` is the api a recorded failed turn was sent to.
 */
export function checkTranscript(inspection: Inspection, check: CheckId, text: string, recordedApi?: string): TranscriptCheck {
  const found = {
    original: (inspection.preflight?.original ?? []).some((f) => f.check === check),
    replay: (inspection.preflight?.replay ?? []).some((f) => f.check === check),
  };
  const evidence: ErrorEvidence[] = [];
  let delta = 0;
  if (found.original || found.replay) {
    delta += 0.03;
    const where =
      found.original && found.replay
        ? 'both payloads'
        : found.original
          ? 'the original payload (hygiene removes it)'
          : 'the replay payload';
    evidence.push({ fact: `Preflight finds the same defect in ${where}.`, confirmed: true });
  } else if (inspection.preflight) {
    evidence.push({ fact: 'Preflight does not find this defect in either payload.', confirmed: null });
  }
  const family = payloadFamily(inspection.target.api);
  const turns = new Set<number>();
  const comparable = recordedApi === undefined || payloadFamily(recordedApi) === family;
  if (!family || !comparable) {
    if (!comparable)
      evidence.push({
        fact: `The failed turn was sent with ${recordedApi}; this inspection builds ${inspection.target.api} payloads, so positions cannot be compared.`,
        confirmed: null,
      });
    return { turns: [], evidence, confidenceDelta: delta, preflight: found };
  }
  const side = sideFor(inspection, found, recordedApi !== undefined);
  const sideData = inspection[side];
  const entries = payloadMessages(sideData.payload, family);
  const sources = sideData.payload === undefined ? [] : mapPayloadToMessages(sideData.payload, family, sideData.messages);
  const ids = errorIds(text);
  const byId = idEvidence(inspection, side, sideData, entries, sources, ids);
  evidence.push(...byId.evidence);
  for (const t of byId.turns) turns.add(t);
  // Quoted ids none of which exist: the error most likely comes from another session or branch.
  if (ids.length > 0 && byId.missing === Math.min(ids.length, 6)) delta -= 0.25;
  const byIndex = indexEvidence(inspection, side, family, entries, sources, errorMessageIndices(text));
  evidence.push(...byIndex.evidence);
  if (byIndex.outside > 0) delta -= 0.15;
  if (turns.size === 0) for (const t of byIndex.turns) turns.add(t);
  if (turns.size === 0) {
    for (const f of (side === 'original' ? inspection.preflight?.original : inspection.preflight?.replay) ?? []) {
      if (f.check !== check) continue;
      const turn = turnOf(inspection, side, f.messageIndex === null ? null : (sources[f.messageIndex] ?? null));
      if (turn !== null) turns.add(turn);
    }
  }
  return { turns: [...turns].sort((a, b) => a - b), evidence, confidenceDelta: delta, preflight: found };
}

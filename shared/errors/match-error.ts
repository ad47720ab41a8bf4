/**
 * Explaining a provider error: what kind of failure it is, whether hygiene fixes it (and with which
 * rule and preflight check) or what does, and — given an inspection — what the session confirms of
 * it and which turns it points at. Pure: text, inspection and catalogue facts in, answers out.
 */
import type { ErrorCategory, ErrorEvidence, ErrorExplanation, Inspection } from '../inspection.js';
import { CHECKS } from '../preflight/checks.js';
import { categoryAction, categoryExplanation, transcriptAction, transcriptExplanation } from './answer-text.js';
import { checkCapability, checkContextLength } from './category-check.js';
import { classify, type RawAnswer } from './classify.js';
import { readEnvelope, type ErrorEnvelope } from './envelope.js';
import type { ExplainFacts } from './facts.js';
import { checkFamily, errorFamily, turnTarget } from './family-check.js';
import { normalizeErrorText, unwrappedErrorText } from './normalize.js';
import { checkTranscript } from './session-check.js';

export { errorIds, errorMessageIndices, normalizeErrorText } from './normalize.js';
export type { ExplainFacts, ModelFacts } from './facts.js';

/** Longer texts are log dumps: the error is in the first part. */
const MAX_READ = 200_000;
/** Categories an inspection for the error's own target can check further (its payload, window, flags); a retry or a key needs no switch. */
const SWITCH_HELPS: ReadonlySet<ErrorCategory> = new Set(['transcript', 'context-length', 'model-capability']);
/** Answers returned at most. */
const MAX_ANSWERS = 4;

function round(confidence: number): number {
  return Math.round(Math.min(0.99, Math.max(0.05, confidence)) * 100) / 100;
}

function envelopeEvidence(envelope: ErrorEnvelope): ErrorEvidence[] {
  const out: ErrorEvidence[] = [];
  if (envelope.gateway) out.push({ fact: `Relayed by ${envelope.gateway}.`, confirmed: null });
  return out;
}

function targetName(inspection: Inspection): string {
  return `${inspection.target.provider}/${inspection.target.modelId}`;
}

/** One answer, checked against the session when there is one. */
function finish(
  raw: RawAnswer,
  text: string,
  envelope: ErrorEnvelope,
  inspection: Inspection | undefined,
  facts: ExplainFacts,
): ErrorExplanation {
  const evidence: ErrorEvidence[] = raw.says.slice(0, 3).map((says) => ({ fact: `The error says ${says}.`, confirmed: null }));
  evidence.push(...envelopeEvidence(envelope));
  let confidence = raw.confidence;
  let turns: number[] = [];
  let explanation: string;
  let action: string;
  if (raw.check) {
    explanation = transcriptExplanation(raw.check, raw.source);
    let preflight: { original: boolean; replay: boolean } | null = null;
    if (inspection) {
      const recordedApi = facts.turn === undefined ? undefined : (turnTarget(inspection, facts.turn)?.api ?? undefined);
      const checked = checkTranscript(inspection, raw.check, text, recordedApi);
      turns = checked.turns;
      evidence.push(...checked.evidence);
      confidence += checked.confidenceDelta;
      preflight = inspection.preflight ? checked.preflight : null;
      if (checked.preflight.original && !checked.preflight.replay)
        explanation += ` Preflight finds this in the original payload and not in the replay: hygiene fixes it for ${targetName(inspection)}.`;
    }
    action = transcriptAction(raw.check, preflight, inspection ? targetName(inspection) : null);
  } else {
    explanation =
      raw.note?.explanation ??
      categoryExplanation(raw.category, { capability: raw.capability, tokens: raw.tokens, overload: raw.overload });
    action = raw.note?.action ?? categoryAction(raw.category, { capability: raw.capability, overload: raw.overload });
    if (inspection && raw.category === 'context-length') {
      const checked = checkContextLength(inspection, raw.tokens, facts);
      evidence.push(...checked.evidence);
      confidence += checked.confidenceDelta;
    } else if (inspection && raw.category === 'model-capability') {
      const checked = checkCapability(inspection, raw.capability, text, facts);
      evidence.push(...checked.evidence);
      turns = checked.turns;
    }
  }
  const answer: ErrorExplanation = { category: raw.category, confidence: 0, explanation, action, turns, evidence };
  if (raw.check) {
    answer.check = raw.check;
    answer.rule = CHECKS[raw.check].rule;
  }
  if (inspection) {
    const family = checkFamily(errorFamily(raw.check, envelope), inspection, envelope, facts);
    evidence.push(...family.evidence);
    confidence += family.confidenceDelta;
    if (family.switchTarget && SWITCH_HELPS.has(raw.category)) answer.switchTarget = family.switchTarget;
  }
  answer.confidence = round(confidence);
  return answer;
}

function unknownAnswer(envelope: ErrorEnvelope): ErrorExplanation {
  const evidence = envelopeEvidence(envelope);
  if (envelope.status !== null) evidence.unshift({ fact: `The error reports HTTP status ${envelope.status}.`, confirmed: null });
  return {
    category: 'unknown',
    confidence: 0.1,
    explanation: categoryExplanation('unknown'),
    action: categoryAction('unknown'),
    turns: [],
    evidence,
  };
}

/**
 * Explain a provider error (a pasted text or a recorded `errorMessage`): ranked answers, each with
 * its category, the hygiene rule and preflight check for transcript errors, what to do, the turns it
 * points at and the evidence. Empty text gives no answer; text nothing matches gives one `unknown`.
 */
export function explainProviderError(errorText: string, inspection?: Inspection, facts: ExplainFacts = {}): ErrorExplanation[] {
  if (typeof errorText !== 'string' || errorText.trim() === '') return [];
  const read = errorText.length > MAX_READ ? errorText.slice(0, MAX_READ) : errorText;
  const text = normalizeErrorText(read);
  const envelope = readEnvelope(text);
  const raws = classify(text, envelope, unwrappedErrorText(read));
  if (raws.length === 0) return [unknownAnswer(envelope)];
  return raws
    .slice(0, MAX_ANSWERS)
    .map((raw) => finish(raw, text, envelope, inspection, facts))
    .sort((a, b) => b.confidence - a.confidence);
}

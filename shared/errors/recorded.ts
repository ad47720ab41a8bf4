/**
 * The errors a session recorded itself: every assistant turn that ended with `stopReason: "error"`
 * keeps the provider's `errorMessage`, so a session explains its own failures without anyone
 * pasting them. Each is explained against the request that turn sent and grouped by answer.
 */
import type { ErrorExplanation, Inspection, RecordedError } from '../inspection.js';
import type { Message } from '../types.js';
import type { ExplainFacts } from './facts.js';
import { failedTurns } from './failed-turns.js';
import { explainProviderError } from './match-error.js';

/** Answers kept per recorded error. */
const ANSWERS_KEPT = 3;
/** Beyond this many failed turns, identical messages reuse the first one's answers (a retry loop can record thousands). */
const EXPLAIN_EACH_UP_TO = 200;

function noMessageAnswer(): ErrorExplanation {
  return {
    category: 'unknown',
    confidence: 0.1,
    explanation: 'The turn failed without recording an error message, so there is nothing to explain it by.',
    action: 'Look at the provider’s logs or retry the request to see the error.',
    turns: [],
    evidence: [],
  };
}

function groupKey(answers: ErrorExplanation[]): string {
  const top = answers[0];
  return top ? `${top.category}${top.check ? `:${top.check}` : ''}` : 'unknown';
}

/**
 * The failed turns of an inspection's transcript with their answers, grouped: the most frequent
 * answer first, turns in order within a group. `factsFor` gives the catalogue facts of the model a
 * turn was sent to.
 */
export function recordedErrorsOf(
  inspection: Inspection,
  factsFor: (turn: number, message: Message) => ExplainFacts = (turn) => ({ turn }),
): RecordedError[] {
  const out: RecordedError[] = [];
  const reused = new Map<string, ErrorExplanation[]>();
  const failed = failedTurns(inspection.original.messages);
  for (const turn of failed) {
    const message = inspection.original.messages[turn];
    const text = typeof message.errorMessage === 'string' ? message.errorMessage : '';
    const key = `${text}\u0000${String(message.api)}\u0000${String(message.model)}`;
    let answers = failed.length > EXPLAIN_EACH_UP_TO ? reused.get(key) : undefined;
    if (!answers) {
      answers =
        text.trim() === ''
          ? [noMessageAnswer()]
          : explainProviderError(text, inspection, { ...factsFor(turn, message), turn }).slice(0, ANSWERS_KEPT);
      reused.set(key, answers);
    }
    const line = inspection.original.origins?.[turn];
    out.push({
      turn,
      line: typeof line === 'number' ? line : null,
      message: text,
      ...(typeof message.provider === 'string' ? { provider: message.provider } : {}),
      ...(typeof message.api === 'string' ? { api: message.api } : {}),
      ...(typeof message.model === 'string' ? { model: message.model } : {}),
      answers,
      group: groupKey(answers),
    });
  }
  const size = new Map<string, number>();
  const first = new Map<string, number>();
  for (const r of out) {
    size.set(r.group, (size.get(r.group) ?? 0) + 1);
    if (!first.has(r.group)) first.set(r.group, r.turn);
  }
  const rank = (r: RecordedError): [number, number] => [size.get(r.group) ?? 0, first.get(r.group) ?? 0];
  return out.sort((a, b) => rank(b)[0] - rank(a)[0] || rank(a)[1] - rank(b)[1] || a.turn - b.turn);
}

/** Recorded errors gathered by group, for the CLI report and the app (no explainer code: the renderer imports it). */
import type { ErrorExplanation, RecordedError } from '../inspection.js';

/** One group of recorded errors: the answer they share and the errors, in turn order. */
export interface RecordedErrorGroup {
  group: string;
  answer: ErrorExplanation | null;
  errors: RecordedError[];
}

/** Recorded errors by group, in the order `recordedErrorsOf` sorts them. */
export function groupRecordedErrors(errors: readonly RecordedError[]): RecordedErrorGroup[] {
  const groups = new Map<string, RecordedError[]>();
  for (const e of errors) {
    const list = groups.get(e.group);
    if (list) list.push(e);
    else groups.set(e.group, [e]);
  }
  return [...groups].map(([group, list]) => ({ group, answer: list[0].answers[0] ?? null, errors: list }));
}

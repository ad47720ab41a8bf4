/**
 * A session's own failed turns, and pasted errors, explained. The explainer (about 170 patterns and
 * their tables, some 230 KB of code) is loaded only for a session that recorded a failed turn, or
 * when an error is pasted: compiling it was about 5 ms of every command's start (and of the hosts'),
 * for sessions that mostly have none.
 */
import type { ErrorExplanation, Inspection, RecordedError } from '../../shared/inspection.js';
import { isRecordedError } from '../../shared/errors/failed-turns.js';

/** A provider error the user pasted, explained (against the inspection, when there is one). */
export async function explainPastedError(errorText: string, inspection: Inspection | undefined): Promise<ErrorExplanation[]> {
  const { explainError } = await import('./explain.js');
  return explainError(errorText, inspection);
}

export async function recordedErrorsExplained(inspection: Inspection): Promise<RecordedError[]> {
  if (!inspection.original.messages.some(isRecordedError)) return [];
  const { explainRecordedErrors } = await import('./explain.js');
  return explainRecordedErrors(inspection);
}

/** Characters of a recorded message the app is sent (an HTML error page can be large; the CLI's JSON keeps it whole). */
const SUMMARY_MESSAGE_CHARS = 2000;

/** Recorded errors as the inspection summary carries them: long messages shortened. */
export function summaryRecordedErrors(errors: readonly RecordedError[]): RecordedError[] {
  return errors.map((e) =>
    e.message.length > SUMMARY_MESSAGE_CHARS
      ? { ...e, message: `${e.message.slice(0, SUMMARY_MESSAGE_CHARS)}… (${e.message.length.toLocaleString('en-US')} characters)` }
      : e,
  );
}

/**
 * A session's own failed turns, explained. The explainer (about 170 patterns and their tables, some
 * 230 KB of code) is loaded only for a session that recorded a failed turn: compiling it was about
 * 5 ms of every command's start, for sessions that mostly have none.
 */
import type { Inspection, RecordedError } from '../../shared/inspection.js';
import { isRecordedError } from '../../shared/errors/failed-turns.js';

export async function recordedErrorsExplained(inspection: Inspection): Promise<RecordedError[]> {
  if (!inspection.original.messages.some(isRecordedError)) return [];
  const { explainRecordedErrors } = await import('./explain.js');
  return explainRecordedErrors(inspection);
}

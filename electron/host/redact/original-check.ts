/**
 * Starting the original's side of a redaction's check. A large session is inspected at once on a
 * worker thread, while this thread writes the copy (at 100 MiB the two take about 2 and 3 s; side by
 * side on two cores, `redact` of such a session takes 5.2-5.8 instead of 6.4-6.7 s); a small one
 * here, once the copy is written.
 */
import { stat } from 'node:fs/promises';
import { runOnThread } from '../repair/batch-pool.js';
import { InputError } from '../read-input.js';
import type { PartialTarget } from '../targets.js';
import type { CheckedOriginal } from './check.js';
import { runRedactionOriginal, type RedactionOriginalJob, type RedactionOriginalResult } from './original-job.js';

/**
 * From this size of session file (or store), the original is inspected on a worker thread. Below
 * it, the thread's start and its code not yet warmed up (nor the copy's inspection, which was the
 * process's second) cost what the overlap saves: at 20 MB the same time, at 5 MB 0.05 s more.
 */
export const ORIGINAL_ON_THREAD_FROM_BYTES = 32 * 1024 * 1024;

/** The original's side, started: `result` awaits it (or runs it, when small); `cancel` stops a thread still running. */
export interface OriginalCheck {
  result(): Promise<CheckedOriginal>;
  cancel(): void;
  /** Whether it runs on a worker thread. */
  onThread: boolean;
}

async function unwrap(running: Promise<RedactionOriginalResult>): Promise<CheckedOriginal> {
  const outcome = await running;
  if ('original' in outcome) return outcome.original;
  throw outcome.input ? new InputError(outcome.problem) : new Error(outcome.problem);
}

export async function startOriginalCheck(
  input: RedactionOriginalJob['input'],
  target: PartialTarget,
  onThreadFromBytes = ORIGINAL_ON_THREAD_FROM_BYTES,
): Promise<OriginalCheck> {
  const job: RedactionOriginalJob = { kind: 'redaction-original', input, target };
  const bytes = await stat('file' in input ? input.file : input.store).then(
    (info) => info.size,
    () => 0,
  );
  if (bytes < onThreadFromBytes) return { result: () => unwrap(runRedactionOriginal(job)), cancel: () => undefined, onThread: false };
  const stop = new AbortController();
  const running = runOnThread(job, stop.signal);
  running.catch(() => undefined); // awaited by `result`, unless the command fails first
  return { result: () => unwrap(running), cancel: () => stop.abort(new Error('the redaction failed')), onThread: true };
}

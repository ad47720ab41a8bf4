/**
 * Starting the original's side of a redaction's check. A large session file is inspected at once on
 * a worker thread, while this thread writes the copy (at 100 MiB the two take about 2 and 3 s; side
 * by side on two cores, `redact` of such a session takes about 5.6-5.9 instead of 6.3-6.9 s); a
 * small one, or a stored session, here, once the copy is written, as before.
 */
import { stat } from 'node:fs/promises';
import { runOnThread } from '../repair/batch-pool.js';
import { InputError } from '../read-input.js';
import type { PartialTarget } from '../targets.js';
import { inspectCompleting } from '../inspect.js';
import { checkedOriginal, type CheckedOriginal } from './check.js';
import type { RedactionOriginalJob, RedactionOriginalResult } from './original-job.js';

/**
 * From this size of session file, the original is inspected on a worker thread. Below it, the
 * thread's start and its code not yet warmed up (nor the copy's inspection, which was the process's
 * second) cost what the overlap saves: at 20 MB the same time, at 5 MB 0.05 s more. A stored
 * session's size is not known before it is read (a large store may hold a small session, which a
 * thread would only read the store again for), so it is inspected here.
 */
export const ORIGINAL_ON_THREAD_FROM_BYTES = 32 * 1024 * 1024;

/** The original's side, started: `result` awaits it (or runs it, when small); `cancel` stops a thread still running. */
export interface OriginalCheck {
  result(): Promise<CheckedOriginal>;
  cancel(): void;
  /** Whether it was started on a worker thread (it runs here when the worker script is not found). */
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
  const large =
    'file' in input &&
    (await stat(input.file).then(
      (info) => info.size >= onThreadFromBytes,
      () => false,
    ));
  // Here, its errors are the inspection's own, as they were before there was a thread.
  if (!large)
    return { result: async () => checkedOriginal(await inspectCompleting(input, target)), cancel: () => undefined, onThread: false };
  const stop = new AbortController();
  const running = runOnThread({ kind: 'redaction-original', input, target }, stop.signal);
  running.catch(() => undefined); // awaited by `result`, unless the command fails first
  return { result: () => unwrap(running), cancel: () => stop.abort(new Error('the redaction failed')), onThread: true };
}

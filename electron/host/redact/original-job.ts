/**
 * The original's side of a redaction's check: the session inspected for its target (the one given,
 * completed from the session's own model), reduced to what the check compares. Plain data in and
 * out, so a worker thread can run it while the copy is being written.
 */
import { threadId } from 'node:worker_threads';
import { inspectCompleting } from '../inspect.js';
import { InputError } from '../read-input.js';
import type { PartialTarget } from '../targets.js';
import { checkedOriginal, type CheckedOriginal } from './check.js';

export interface RedactionOriginalJob {
  kind: 'redaction-original';
  input: { file: string } | { store: string; sessionId: string };
  target: PartialTarget;
}

/**
 * The original's keys, or why it could not be inspected (`input`: an InputError, which the command
 * reports as such); `threadId` is the thread that inspected it.
 */
export type RedactionOriginalResult = { kind: 'redaction-original'; threadId: number } & (
  { original: CheckedOriginal } | { problem: string; input: boolean }
);

export async function runRedactionOriginal(job: RedactionOriginalJob): Promise<RedactionOriginalResult> {
  try {
    return { kind: 'redaction-original', threadId, original: checkedOriginal(await inspectCompleting(job.input, job.target)) };
  } catch (error) {
    return { kind: 'redaction-original', threadId, problem: (error as Error).message ?? String(error), input: error instanceof InputError };
  }
}

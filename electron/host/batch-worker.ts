/**
 * Worker-thread entry: runs one file's inspect/plan/repair job per message for the batch pool, or
 * the original's inspection for a redaction's check (`runOnThread`).
 */
import { parentPort } from 'node:worker_threads';
import { runBatchJob, type BatchJob } from './repair/batch-jobs.js';
import { runRedactionOriginal, type RedactionOriginalJob } from './redact/original-job.js';

if (parentPort === null) throw new Error('batch-worker must run as a worker thread');
const port = parentPort;
port.on('message', (msg: { index: number; job: BatchJob | RedactionOriginalJob }) => {
  const result = msg.job.kind === 'redaction-original' ? runRedactionOriginal(msg.job) : runBatchJob(msg.job);
  void result.then((r) => port.postMessage({ index: msg.index, result: r }));
});
// Loaded and listening: a pool whose worker ends before this knows its script could not start.
port.postMessage({ ready: true });

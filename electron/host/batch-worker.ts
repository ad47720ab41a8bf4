/** Worker-thread entry of the batch pool: runs one file's inspect/plan/repair job per message. */
import { parentPort } from 'node:worker_threads';
import { runBatchJob, type BatchJob } from './repair/batch-jobs.js';

if (parentPort === null) throw new Error('batch-worker must run as a worker thread');
const port = parentPort;
port.on('message', (msg: { index: number; job: BatchJob }) => {
  void runBatchJob(msg.job).then((result) => port.postMessage({ index: msg.index, result }));
});

/**
 * A pool of worker threads for `inspect --all` / `repair --all`: each worker runs one file's job at a
 * time, so parsing a directory of large sessions uses every core while results stream back in order
 * of completion.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { runBatchJob, type BatchJob, type BatchResult } from './batch-jobs.js';
import { emptySummary } from '../folder/scan-job.js';
import { runRedactionOriginal, type RedactionOriginalJob, type RedactionOriginalResult } from '../redact/original-job.js';

/** How the jobs ran: on worker threads, or in this thread (with the reason). */
export interface PoolReport {
  mode: 'threads' | 'in-process';
  workers: number;
  note?: string;
}

/** A way to start a worker, or why there is none. */
type WorkerEntry = { kind: 'built'; url: URL } | { kind: 'source'; url: URL; loader: URL } | { kind: 'none'; reason: string };

/** Find the worker: the built `batch-worker.js` next to the bundle, or the TypeScript source through tsx. */
function resolveWorkerEntry(): WorkerEntry {
  // Built: this module is bundled into dist/node/cli.js or one of dist/node/chunks/*.js (the desktop
  // shell runs dist/node's code too: scripts/build.mjs).
  for (const rel of ['./batch-worker.js', '../batch-worker.js']) {
    const url = new URL(rel, import.meta.url);
    if (url.protocol === 'file:' && existsSync(fileURLToPath(url))) return { kind: 'built', url };
  }
  const source = new URL('../batch-worker.ts', import.meta.url);
  if (source.protocol === 'file:' && existsSync(fileURLToPath(source))) {
    const loader = tsxApiUrl();
    if (loader === null) return { kind: 'none', reason: 'running from TypeScript sources without tsx installed' };
    return { kind: 'source', url: source, loader };
  }
  return { kind: 'none', reason: 'the worker script batch-worker.js was not found next to the bundle (run npm run build)' };
}

/** tsx's ESM register API (its CommonJS build cannot register ESM hooks from inside a worker). */
function tsxApiUrl(): URL | null {
  try {
    const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
    const api = new URL('dist/esm/api/index.mjs', pathToFileURL(pkg));
    return existsSync(fileURLToPath(api)) ? api : null;
  } catch {
    return null;
  }
}

function startWorker(entry: Exclude<WorkerEntry, { kind: 'none' }>): Worker {
  if (entry.kind === 'built') return new Worker(entry.url);
  // From sources (tests, `tsx`): register tsx's loader inside the worker, then load the entry.
  const bootstrap = `const { workerData } = require('node:worker_threads');
import(workerData.loader).then((tsx) => { (tsx.register ?? tsx.default.register)(); return import(workerData.entry); });`;
  return new Worker(bootstrap, { eval: true, workerData: { loader: entry.loader.href, entry: entry.url.href } });
}

const cores = (): number => (typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length);

/** How many workers a batch gets by default: one per core, at most 8. */
export function defaultWorkerCount(): number {
  return Math.max(1, Math.min(8, cores()));
}

/** The most workers a batch starts: twice the cores (each worker is a thread holding a parsed session). */
export function maxWorkerCount(): number {
  return Math.max(2, 2 * cores());
}

/** What `runJobs` takes besides its jobs. */
interface RunOptions {
  workers?: number;
  onResult?: (index: number, result: BatchResult) => void;
  signal?: AbortSignal;
}

/**
 * Run jobs on up to `workers` worker threads; `onResult` sees each result as it lands.
 *
 * Falls back to running in this thread (saying why) when no worker script is available, when a
 * single worker is asked for, or when a worker cannot start (its script does not load: the jobs it
 * was given and every one not done yet then run here). A worker that dies once started fails only
 * its current job; a fresh one takes over.
 */
export async function runJobs(
  jobs: readonly BatchJob[],
  options: RunOptions = {},
): Promise<{ results: BatchResult[]; report: PoolReport }> {
  const { signal } = options;
  const results: BatchResult[] = new Array(jobs.length);
  const wanted = Math.max(1, Math.min(options.workers ?? defaultWorkerCount(), jobs.length, maxWorkerCount()));
  const entry = resolveWorkerEntry();
  if (jobs.length === 0) return { results, report: { mode: 'in-process', workers: 0 } };
  // The jobs without a result yet, one after the other in this thread.
  const inProcess = async (note?: string): Promise<{ results: BatchResult[]; report: PoolReport }> => {
    for (let i = 0; i < jobs.length; i += 1) {
      if (results[i] !== undefined) continue;
      signal?.throwIfAborted();
      results[i] = await runBatchJob(jobs[i]);
      options.onResult?.(i, results[i]);
    }
    return { results, report: { mode: 'in-process', workers: 1, note } };
  };
  if (entry.kind === 'none' || wanted === 1) return inProcess(entry.kind === 'none' ? `ran in one thread: ${entry.reason}` : undefined);
  const cannotStart = await runOnWorkers(() => startWorker(entry), jobs, wanted, results, options);
  if (cannotStart !== null) return inProcess(`ran in one thread: the worker thread could not start (${cannotStart})`);
  return { results, report: { mode: 'threads', workers: wanted } };
}

/** What the pool needs of a worker thread (tests give it stand-ins whose events they order). */
export type PoolWorker = Pick<Worker, 'on' | 'postMessage' | 'terminate'>;

/**
 * The pool itself, on the workers `start` makes: fills `results` and resolves with null, or with why
 * a worker could not start (it ended before its script said it was ready). Then no job is handed out
 * any more, a result still on its way is dropped, and it resolves once the other workers have ended:
 * the jobs without a result are the caller's, and none of them is still running on a thread.
 */
export function runOnWorkers(
  start: () => PoolWorker,
  jobs: readonly BatchJob[],
  wanted: number,
  results: BatchResult[],
  options: RunOptions,
): Promise<string | null> {
  const { signal } = options;
  let next = 0;
  let done = 0;
  // Set once a worker could not start: from then on no worker's end settles anything.
  let stopped = false;
  const workers = new Set<PoolWorker>();
  return new Promise<string | null>((resolve, reject) => {
    // Cancelled: no job is handed out any more, and the running ones are stopped with their threads.
    const abort = () => {
      next = jobs.length;
      for (const w of workers) void w.terminate();
      reject(signal!.reason);
    };
    if (signal?.aborted) return abort();
    signal?.addEventListener('abort', abort, { once: true });
    const launch = () => {
      const worker = start();
      workers.add(worker);
      let current = -1;
      let ready = false;
      const feed = () => {
        if (next >= jobs.length) {
          current = -1;
          void worker.terminate();
          return;
        }
        current = next;
        next += 1;
        worker.postMessage({ index: current, job: jobs[current] });
      };
      const settle = (index: number, result: BatchResult) => {
        results[index] = result;
        done += 1;
        options.onResult?.(index, result);
        if (done === jobs.length) {
          signal?.removeEventListener('abort', abort);
          resolve(null);
        }
      };
      worker.on('message', (msg: WorkerMessage<BatchResult>) => {
        // A result that comes once the pool has stopped is dropped (its job runs again in this
        // thread), and once it was cancelled (nobody waits for it).
        if (stopped || signal?.aborted) return;
        if ('ready' in msg) {
          ready = true;
          return;
        }
        settle(msg.index, msg.result);
        feed();
      });
      let failure = 'it exited';
      worker.on('error', (error) => {
        failure = error.message;
      });
      worker.on('exit', () => {
        workers.delete(worker);
        if (stopped || signal?.aborted) return;
        if (!ready) {
          stopped = true;
          next = jobs.length;
          signal?.removeEventListener('abort', abort);
          // The other workers end before this thread runs their jobs again: none of them is still
          // working on a job (a repair, say) that runs here too.
          void Promise.allSettled([...workers].map((w) => w.terminate())).then(() => resolve(failure));
          return;
        }
        if (current < 0) return;
        const index = current;
        current = -1;
        settle(index, failedJob(jobs[index], `the worker thread failed: ${failure}`));
        if (next < jobs.length) launch();
      });
      feed();
    };
    for (let i = 0; i < wanted; i += 1) launch();
  });
}

/** What a worker sends: that its script is loaded and listening, then each job's result. */
type WorkerMessage<R> = { ready: true } | { index: number; result: R };

/** The result of a job whose worker died during it. */
function failedJob(job: BatchJob, reason: string): BatchResult {
  if (job.kind === 'scan') return emptySummary(job.file, 'unreadable', reason);
  if (job.kind === 'inspect')
    return { kind: 'inspect', file: job.file, status: 'unusable', exitCode: 2, annotations: 0, rules: {}, errors: 0, warnings: 0, reason };
  return { kind: 'repair', file: job.file, status: 'unreadable', exitCode: 2, reason };
}

/**
 * Run the original's inspection for a redaction's check on a worker thread of its own, which ends
 * with it: the command writes the copy meanwhile (it lives here, beside the batch pool, for the
 * worker script they share). In this thread when there is no worker script, or when the thread
 * cannot start or fails before its result (the job then runs again here). `signal` stops the thread
 * (the command failed before it needed the result); the promise then rejects with its reason, once
 * the thread has ended.
 */
export async function runOnThread(job: RedactionOriginalJob, signal?: AbortSignal): Promise<RedactionOriginalResult> {
  const entry = resolveWorkerEntry();
  if (entry.kind === 'none') return runRedactionOriginal(job);
  signal?.throwIfAborted();
  let worker: Worker | null = null;
  let stop = (): void => undefined;
  try {
    const thread = startWorker(entry);
    worker = thread;
    return await new Promise<RedactionOriginalResult>((resolve, reject) => {
      stop = () => reject(signal!.reason);
      signal?.addEventListener('abort', stop, { once: true });
      thread.on('message', (msg: WorkerMessage<RedactionOriginalResult>) => {
        if (!('ready' in msg)) resolve(msg.result);
      });
      thread.once('error', reject);
      thread.once('exit', (code) => reject(new Error(`the worker thread exited (${code}) before its result`)));
      thread.postMessage({ index: 0, job });
    });
  } catch (error) {
    if (signal?.aborted) {
      // Stopped: the promise settles once the thread is gone, so nothing of it runs on after.
      await worker?.terminate();
      throw error;
    }
    return runRedactionOriginal(job);
  } finally {
    signal?.removeEventListener('abort', stop);
    void worker?.terminate();
  }
}

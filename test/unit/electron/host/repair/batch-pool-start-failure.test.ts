// The pool when one of its workers cannot start, with stand-in workers whose events come in the
// order a real pool can meet them: a healthy worker's result arriving after another worker failed to
// start must not count (the caller runs that job again in its own thread), and the pool must not
// hand its jobs back while a worker may still be running one (a repair would run twice at once).
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { BatchJob, BatchResult } from '../../../../../electron/host/repair/batch-jobs.js';
import { runOnWorkers, type PoolWorker } from '../../../../../electron/host/repair/batch-pool.js';

/** A worker thread stand-in: what the pool posts to it is recorded, its events are the test's to emit. */
class FakeWorker extends EventEmitter {
  posted: unknown[] = [];
  terminated = false;
  /** Resolves `terminate()`'s promise: the thread has ended. */
  end: () => void = () => undefined;

  postMessage(message: unknown): void {
    this.posted.push(message);
  }

  private ending: Promise<number> | null = null;

  terminate(): Promise<number> {
    this.terminated = true;
    // Asked again, the same ending (as a real worker's).
    this.ending ??= new Promise((resolve) => {
      this.end = () => {
        resolve(1);
        this.emit('exit', 1);
      };
    });
    return this.ending;
  }
}

const JOBS: BatchJob[] = [
  { kind: 'plan', file: 'a.jsonl' },
  { kind: 'plan', file: 'b.jsonl' },
];
const result = (file: string): BatchResult => ({ kind: 'repair', file, status: 'clean', exitCode: 0 });

/** The pool's way to start a worker, and the stand-ins it made, in order. */
function fakeWorkers(): { made: FakeWorker[]; start: () => PoolWorker } {
  const made: FakeWorker[] = [];
  const start = () => {
    const worker = new FakeWorker();
    made.push(worker);
    return worker as unknown as PoolWorker;
  };
  return { made, start };
}

/** Let the pool see what was emitted. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the batch pool when a worker cannot start', () => {
  it('drops a result that arrives afterwards and waits for the other workers to end', async () => {
    const { made, start } = fakeWorkers();
    const results: BatchResult[] = new Array(JOBS.length);
    const seen: number[] = [];
    let settled: string | null | undefined;
    const running = runOnWorkers(start, JOBS, 2, results, { onResult: (i) => seen.push(i) }).then((r) => (settled = r));
    const [healthy, broken] = made;
    expect(healthy.posted).toEqual([{ index: 0, job: JOBS[0] }]);
    expect(broken.posted).toEqual([{ index: 1, job: JOBS[1] }]);
    healthy.emit('message', { ready: true });
    broken.emit('error', new Error('Cannot find module batch-worker.js'));
    broken.emit('exit', 1);
    await tick();
    // The healthy worker is being stopped; its result for job 0, sent just before, still arrives.
    expect(healthy.terminated).toBe(true);
    healthy.emit('message', { index: 0, result: result('a.jsonl') });
    await tick();
    expect(settled).toBeUndefined();
    healthy.end();
    expect(await running).toBe('Cannot find module batch-worker.js');
    expect(seen).toEqual([]);
    expect(results[0]).toBeUndefined();
    expect(results[1]).toBeUndefined();
    // No worker was started in place of the broken one.
    expect(made).toHaveLength(2);
  });

  it('keeps what a worker finished before another failed to start, and hands out nothing more', async () => {
    const { made, start } = fakeWorkers();
    const jobs = [...JOBS, { kind: 'plan' as const, file: 'c.jsonl' }];
    const results: BatchResult[] = new Array(jobs.length);
    const seen: number[] = [];
    const running = runOnWorkers(start, jobs, 2, results, { onResult: (i) => seen.push(i) });
    const [healthy, broken] = made;
    healthy.emit('message', { ready: true });
    healthy.emit('message', { index: 0, result: result('a.jsonl') });
    // The healthy worker was given the next job.
    expect(healthy.posted).toEqual([
      { index: 0, job: jobs[0] },
      { index: 2, job: jobs[2] },
    ]);
    broken.emit('exit', 1);
    await tick();
    healthy.end();
    expect(await running).toBe('it exited');
    expect(seen).toEqual([0]);
    expect(results[0]).toEqual(result('a.jsonl'));
    expect(results[1]).toBeUndefined();
    expect(results[2]).toBeUndefined();
  });
});

// Where the batch pool finds its worker once built, and what it does when the worker cannot start.
// The command line and the desktop shell run the pool from one of dist/node's chunks, and its worker
// is dist/node/batch-worker.js: here both are bundled into that layout, as scripts/build.mjs does,
// and the pool is run from it.
import { build } from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBatchJob, type BatchJob, type BatchResult } from '../../../../../electron/host/repair/batch-jobs.js';
import type { PoolReport } from '../../../../../electron/host/repair/batch-pool.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const fixture = (name: string) => path.join(root, 'test/fixtures/pi-sessions', name);

type RunJobs = (jobs: readonly BatchJob[], options?: { workers?: number }) => Promise<{ results: BatchResult[]; report: PoolReport }>;

let dir = '';
let runJobs: RunJobs;

const JOBS: BatchJob[] = [
  { kind: 'plan', file: fixture('a-anthropic-tools.jsonl') },
  { kind: 'plan', file: fixture('g-aborted-errors.jsonl') },
  { kind: 'plan', file: fixture('d-model-switch.jsonl') },
];

beforeAll(async () => {
  // Below the repository's node_modules, so that the packages the bundles leave out resolve.
  const parent = path.join(root, 'node_modules', '.cache', 'transcript-inspector-tests');
  mkdirSync(parent, { recursive: true });
  dir = mkdtempSync(path.join(parent, 'pool-'));
  writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  const entry = path.join(dir, 'entry.ts');
  writeFileSync(entry, `export { runJobs } from ${JSON.stringify(path.join(root, 'electron/host/repair/batch-pool.ts'))};\n`);
  const common = { bundle: true, platform: 'node', format: 'esm', target: 'node20', packages: 'external', logLevel: 'warning' } as const;
  await build({ ...common, entryPoints: [entry], outfile: path.join(dir, 'node', 'chunks', 'pool.js') });
  await build({
    ...common,
    entryPoints: [path.join(root, 'electron/host/batch-worker.ts')],
    outfile: path.join(dir, 'node', 'batch-worker.js'),
  });
  ({ runJobs } = (await import(pathToFileURL(path.join(dir, 'node', 'chunks', 'pool.js')).href)) as { runJobs: RunJobs });
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** What each job gives in this thread. */
const inThisThread = () => Promise.all(JOBS.map((job) => runBatchJob(job)));

describe('the batch pool, bundled as dist/node bundles it', () => {
  it('runs its jobs on dist/node’s worker threads', async () => {
    const { results, report } = await runJobs(JOBS, { workers: 2 });
    expect(report).toEqual({ mode: 'threads', workers: 2 });
    expect(results).toEqual(await inThisThread());
    expect(results.map((r) => r.status)).toContain('needs-repair');
  }, 60_000);

  it('runs them here, saying why, when the worker’s script cannot load', async () => {
    const worker = path.join(dir, 'node', 'batch-worker.js');
    writeFileSync(worker, "throw new Error('this worker is broken');\n");
    const { results, report } = await runJobs(JOBS, { workers: 2 });
    expect(report.mode).toBe('in-process');
    expect(report.note).toMatch(/the worker thread could not start \(this worker is broken\)/);
    expect(results).toEqual(await inThisThread());
  }, 60_000);
});

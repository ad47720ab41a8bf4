// The original's side of a redaction's check, on a worker thread (a large session file's) or here:
// the same keys either way, an unreadable original reported as the input problem it is, and a
// thread's result refused once the command no longer needs it.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { inspectCompleting } from '../../../../../electron/host/inspect.js';
import { InputError } from '../../../../../electron/host/read-input.js';
import { checkedOriginal } from '../../../../../electron/host/redact/check.js';
import { ORIGINAL_ON_THREAD_FROM_BYTES, startOriginalCheck } from '../../../../../electron/host/redact/original-check.js';
import { runOnThread } from '../../../../../electron/host/repair/batch-pool.js';
import { storePath } from '../store/support.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const errors = { file: path.join(root, 'test/fixtures/pi-sessions/g-aborted-errors.jsonl') };
const stored = { store: storePath('main'), sessionId: '0199b8c6-25f2-75ea-996c-f0671c8ac73d' };
const missing = { file: path.join(root, 'test/fixtures/pi-sessions/no-such-session.jsonl') };
const gemini = { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' };

describe("a redaction's original, inspected on a worker thread", () => {
  for (const [name, input, target] of [
    ['a session file, for its own model', errors, {}],
    ['a session file, for a target given', errors, gemini],
    ['a stored session', stored, {}],
  ] as const)
    it(`gives the keys this thread gives: ${name}`, async () => {
      const result = await runOnThread({ kind: 'redaction-original', input, target });
      expect(result.threadId).not.toBe(threadId);
      const here = checkedOriginal(await inspectCompleting(input, target));
      expect('original' in result && result.original).toEqual(here);
      // Something to compare: rule changes at least.
      expect(here.keys.annotations.length).toBeGreaterThan(0);
    }, 30_000);

  it('reports an original it cannot read as the input problem it is, in the words this thread uses', async () => {
    const result = await runOnThread({ kind: 'redaction-original', input: missing, target: gemini });
    const here = await inspectCompleting(missing, gemini).catch((error: unknown) => error);
    expect(here).toBeInstanceOf(InputError);
    expect(result).toMatchObject({ problem: (here as Error).message, input: true });
    // Started for the command, it is an InputError again.
    const started = await startOriginalCheck(missing, gemini, 0);
    await expect(started.result()).rejects.toBeInstanceOf(InputError);
  }, 30_000);
});

/** The ids of this process's threads, where Linux lists them (null elsewhere). */
function threadIds(): Set<string> | null {
  return existsSync(TASKS) ? new Set(readdirSync(TASKS)) : null;
}

/**
 * The CPU time, in ms, of the process's threads that were not among `before` (those that ended
 * count no more), or of the whole process where threads are not listed.
 */
function threadsCpu(before: Set<string> | null): number {
  if (before === null) {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
  let ticks = 0;
  for (const id of readdirSync(TASKS)) {
    if (before.has(id)) continue;
    try {
      // After the name in brackets: state, then utime and stime as the 12th and 13th fields.
      const fields = readFileSync(path.join(TASKS, id, 'stat'), 'utf8')
        .split(') ')[1]
        .split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The thread ended meanwhile.
    }
  }
  // Linux counts in hundredths of a second.
  return ticks * 10;
}

const TASKS = '/proc/self/task';

describe('when the original goes to a thread', () => {
  it('a session file from its size', async () => {
    expect(ORIGINAL_ON_THREAD_FROM_BYTES).toBeGreaterThan(1024 * 1024);
    expect((await startOriginalCheck(errors, {})).onThread).toBe(false);
    const large = await startOriginalCheck(errors, {}, 0);
    expect(large.onThread).toBe(true);
    expect(await large.result()).toEqual(checkedOriginal(await inspectCompleting(errors, {})));
  }, 30_000);

  it('never a stored session, whose size the store does not tell: it is inspected here, its errors its own', async () => {
    const check = await startOriginalCheck(stored, {}, 0);
    expect(check.onThread).toBe(false);
    expect(await check.result()).toEqual(checkedOriginal(await inspectCompleting(stored, {})));
    const gone = await startOriginalCheck({ store: storePath('main'), sessionId: '0199b8c6-0000-0000-0000-000000000000' }, {}, 0);
    await expect(gone.result()).rejects.toThrow(/no session 0199b8c6-0000-0000-0000-000000000000 in this store/);
  });

  it('refuses the result once cancelled', async () => {
    const check = await startOriginalCheck(errors, {}, 0);
    check.cancel();
    await expect(check.result()).rejects.toThrow(/the redaction failed/);
  });

  it('stops the thread when cancelled: its inspection does not run on', async () => {
    // A session whose inspection takes seconds: the fixture's lines a thousand times over (ids repeat,
    // which the parse reports and goes on).
    const dir = mkdtempSync(path.join(tmpdir(), 'ti-original-check-'));
    const file = path.join(dir, 'long.jsonl');
    const lines = readFileSync(errors.file, 'utf8').trimEnd();
    writeFileSync(file, `${Array.from({ length: 1000 }, () => lines).join('\n')}\n`);
    try {
      const cpu = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
      const before = threadIds();
      const start = cpu();
      const check = await startOriginalCheck({ file }, {}, 0);
      expect(check.onThread).toBe(true);
      const outcome = check.result().catch((error: unknown) => error);
      // This thread waits; the process's CPU time is the worker's: it is at work.
      for (let waited = 0; cpu() - start < 300 && waited < 20_000; waited += 20) await sleep(20);
      expect(cpu() - start).toBeGreaterThanOrEqual(300);
      check.cancel();
      // The outcome comes once the thread has ended, its heap let go (that teardown took 180–260 ms
      // of CPU time in CI, on a loaded machine, when it was counted here).
      expect(String(await outcome)).toMatch(/the redaction failed/);
      const after = threadsCpu(before);
      await sleep(600);
      // A thread still inspecting would have spent most of those 600 ms. Counted on the threads the
      // check started (where Linux lists them): the process's own count took in this thread's
      // collections of the heap earlier files left (220 ms once in CI, beside the browser tests).
      expect(threadsCpu(before) - after).toBeLessThan(150);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

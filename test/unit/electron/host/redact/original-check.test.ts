// The original's side of a redaction's check, on a worker thread (a large session's) or here: the
// same keys either way, an unreadable original reported as the input problem it is, and a thread
// stopped when the command no longer needs it.
import path from 'node:path';
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
const gemini = { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' };

describe("a redaction's original, inspected for the check", () => {
  it('is inspected on a worker thread of its own', async () => {
    const result = await runOnThread({ kind: 'redaction-original', input: errors, target: {} });
    expect(result.threadId).not.toBe(threadId);
    expect(result).toMatchObject({ kind: 'redaction-original' });
    expect('original' in result && result.original.keys.annotations.length).toBeGreaterThan(0);
  }, 30_000);

  for (const [name, input, target] of [
    ['a session file, for its own model', errors, {}],
    ['a session file, for a target given', errors, gemini],
    ['a stored session', stored, {}],
  ] as const)
    it(`gives the keys this thread gives: ${name}`, async () => {
      const check = await startOriginalCheck(input, target, 0);
      expect(check.onThread).toBe(true);
      const here = checkedOriginal(await inspectCompleting(input, target));
      expect(await check.result()).toEqual(here);
      // Something to compare: rule changes, and for the failed turns' session file problems too.
      expect(here.keys.annotations.length).toBeGreaterThan(0);
    }, 30_000);

  it('runs here, once awaited, below its size', async () => {
    expect(ORIGINAL_ON_THREAD_FROM_BYTES).toBeGreaterThan(1024 * 1024);
    const check = await startOriginalCheck(errors, {});
    expect(check.onThread).toBe(false);
    expect(await check.result()).toEqual(checkedOriginal(await inspectCompleting(errors, {})));
  });

  it('reports an original it cannot read as the input problem it is, on the thread as here', async () => {
    const missing = { file: path.join(root, 'test/fixtures/pi-sessions/no-such-session.jsonl') };
    const onThread = await startOriginalCheck(missing, gemini, 0);
    const here = await startOriginalCheck(missing, gemini);
    const [a, b] = await Promise.allSettled([onThread.result(), here.result()]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
    const [threadError, hereError] = [(a as PromiseRejectedResult).reason, (b as PromiseRejectedResult).reason];
    expect(threadError).toBeInstanceOf(InputError);
    expect(hereError).toBeInstanceOf(InputError);
    expect((threadError as Error).message).toBe((hereError as Error).message);
    expect((threadError as Error).message).toMatch(/no-such-session\.jsonl/);
  }, 30_000);

  it('stops its thread when cancelled: the result is then refused', async () => {
    const check = await startOriginalCheck(errors, {}, 0);
    check.cancel();
    await expect(check.result()).rejects.toThrow(/the redaction failed/);
  });
});

// One batch job's summary: refusals are told apart by their kind (unreadable vs refused), exit codes are the named ones.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../../../../../electron/host/exit-code.js';
import { runBatchJob } from '../../../../../electron/host/repair/batch-jobs.js';
import { planSessionFile } from '../../../../../electron/host/repair/index.js';

let dir: string;
const file = (name: string, text: string): string => {
  const at = path.join(dir, name);
  writeFileSync(at, text);
  return at;
};

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-batch-jobs-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('refusal kinds', () => {
  it('names why a file cannot be repaired: unreadable, empty or not a session', async () => {
    mkdirSync(path.join(dir, 'a-directory.jsonl'));
    const cases: [string, string | undefined][] = [
      [path.join(dir, 'missing.jsonl'), 'unreadable'],
      [path.join(dir, 'a-directory.jsonl'), 'unreadable'],
      [file('empty.jsonl', '\n\n'), 'empty'],
      [file('not-a-session.jsonl', '{"type":"message","id":"m"}\n'), 'not-a-session'],
      [file('fine.jsonl', '{"type":"session","version":3,"id":"s","timestamp":"2026-01-01T00:00:00.000Z","cwd":"/"}\n'), undefined],
    ];
    for (const [at, kind] of cases) expect((await planSessionFile(at)).refusalKind, at).toBe(kind);
  });

  it('reports an unreadable file as unreadable and a refused one as refused, both with the unusable exit code', async () => {
    const missing = await runBatchJob({ kind: 'plan', file: path.join(dir, 'gone.jsonl') });
    expect(missing).toMatchObject({ status: 'unreadable', exitCode: ExitCode.unusable, reason: expect.stringMatching(/no such file/) });
    const empty = await runBatchJob({ kind: 'plan', file: file('blank.jsonl', '') });
    expect(empty).toMatchObject({ status: 'refused', exitCode: ExitCode.unusable, reason: expect.stringMatching(/^empty session file/) });
    const header = await runBatchJob({ kind: 'plan-and-repair', file: file('header.jsonl', 'not json\n') });
    expect(header).toMatchObject({
      status: 'refused',
      exitCode: ExitCode.unusable,
      reason: expect.stringMatching(/^invalid session header/),
    });
  });
});

/** `inspect --all DIR` / `repair --all DIR`: worker pool, progress, summary, JSON, exit codes, bytes on disk. */
import { mkdir, mkdtemp, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runBatchCommand } from '../../../../electron/cli/batch.js';
import { findSessionFiles } from '../../../../electron/cli/session-files.js';
import { parseArgs } from '../../../../electron/cli/common.js';
import { runRepairCommand } from '../../../../electron/cli/repair.js';
import { runJobs } from '../../../../electron/host/repair/batch-pool.js';
import { scriptedIo } from '../../../fixtures/repair/cli-io.js';
import { assistant, entry, HEADER, healthySession, jsonl, user } from '../../../fixtures/repair/sessions.js';

let dir: string;
const files: Record<string, string> = {};

const damaged = `${jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user(''))])}{"cut`;
const repaired = jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user('(continue)'))]);
const errorTurn = jsonl([HEADER, entry('a', null, user('go')), entry('b', 'a', assistant([], { stopReason: 'error' }))]);
const clean = jsonl(healthySession(6));
const noHeader = jsonl([entry('a', null, user('orphan'))]);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ti-cli-batch-'));
  await mkdir(path.join(dir, 'agents/main'), { recursive: true });
  const put = async (rel: string, content: string) => {
    files[rel] = path.join(dir, rel);
    await writeFile(files[rel], content);
  };
  await put('clean.jsonl', clean);
  await put('agents/main/damaged.jsonl', damaged);
  await put('agents/main/error-turn.jsonl', errorTurn);
  await put('agents/noheader.jsonl', noHeader);
  // Not sessions: other extensions and the leftovers of repairs.
  await writeFile(path.join(dir, 'notes.txt'), 'x');
  await writeFile(path.join(dir, 'clean.jsonl.bak-1-2'), clean);
  await writeFile(path.join(dir, 'clean.jsonl.repair-1-2.tmp'), 'x');
  // What OpenClaw keeps beside its sessions that is not one: a trajectory log and an archived session.
  await writeFile(path.join(dir, 'clean.trajectory.jsonl'), '{"type":"trajectory"}\n');
  await writeFile(path.join(dir, 'clean.jsonl.reset.2025-11-12T08-41-00.000Z'), clean);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const repairArgs = (...extra: string[]) =>
  parseArgs(['--all', dir, ...extra], { values: ['all', 'jobs'], booleans: ['dry-run', 'yes', 'json'] });

describe('batch commands', () => {
  it('finds *.jsonl below the directory, skipping backups, temp files, trajectories and archives', async () => {
    expect((await findSessionFiles(dir)).files.map((f) => path.relative(dir, f))).toEqual([
      'agents/main/damaged.jsonl',
      'agents/main/error-turn.jsonl',
      'agents/noheader.jsonl',
      'clean.jsonl',
    ]);
  });

  it('repair --all --dry-run --json plans every file on worker threads and writes nothing', async () => {
    const io = scriptedIo();
    const code = await runBatchCommand('repair', repairArgs('--dry-run', '--json', '--jobs', '2'), io);
    const out = JSON.parse(io.text()) as {
      exitCode: number;
      summary: Record<string, number>;
      pool: { mode: string; workers: number };
      files: { file: string; status: string; reason?: string }[];
    };
    expect(out.pool).toEqual({ mode: 'threads', workers: 2 });
    expect(out.summary).toMatchObject({
      files: 4,
      clean: 1,
      'needs-repair': 2,
      repaired: 0,
      refused: 1,
      unreadable: 0,
      linesDropped: 1,
      linesRewritten: 2,
    });
    expect(out.files.find((f) => f.file === files['agents/noheader.jsonl'])?.reason).toMatch(/^invalid session header/);
    // Worst file wins: a file that cannot be repaired makes the run exit 2.
    expect(code).toBe(2);
    expect(out.exitCode).toBe(2);
    expect(await readFile(files['agents/main/damaged.jsonl'], 'utf8')).toBe(damaged);
    expect(io.err).toEqual([]);
  });

  it('repair --all --yes repairs what needs it and prints the summary table', async () => {
    await rm(files['agents/noheader.jsonl']);
    const io = scriptedIo();
    expect(await runBatchCommand('repair', repairArgs('--yes'), io)).toBe(1);
    const text = io.text();
    expect(text).toMatch(/repaired\s+agents\/main\/damaged\.jsonl — dropped 1 malformed line\(s\), rewrote 1 user message\(s\)/);
    expect(text).toMatch(/repaired\s+agents\/main\/error-turn\.jsonl — rewrote 1 assistant message\(s\)/);
    expect(text).toMatch(/files\s+clean\s+repaired\s+refused\s+unreadable\s+lines dropped\s+lines rewritten/);
    expect(text).toMatch(/\n\s+3\s+1\s+2\s+0\s+0\s+1\s+2\s+0\s+0\s+0\n/);
    expect(await readFile(files['agents/main/damaged.jsonl'], 'utf8')).toBe(repaired);
    expect(await readFile(files['clean.jsonl'], 'utf8')).toBe(clean);
    // A second run finds nothing to do.
    const again = scriptedIo();
    expect(await runBatchCommand('repair', repairArgs('--yes'), again)).toBe(0);
  });

  it('asks once on a terminal; "no" writes nothing, "yes" repairs', async () => {
    const no = scriptedIo({ tty: true, answer: 'no' });
    expect(await runRepairCommand(['--all', dir, '--jobs', '1'], no)).toBe(2);
    expect(no.questions).toHaveLength(1);
    expect(no.questions[0]).toMatch(/^Repair 2 file\(s\) \(1 line\(s\) dropped, 2 rewritten/);
    expect(no.text()).toContain('nothing was written');
    expect(await readFile(files['agents/main/damaged.jsonl'], 'utf8')).toBe(damaged);
    await rm(files['agents/noheader.jsonl']);
    const yes = scriptedIo({ tty: true, answer: 'y' });
    expect(await runRepairCommand(['--all', dir], yes)).toBe(1);
    expect(await readFile(files['agents/main/damaged.jsonl'], 'utf8')).toBe(repaired);
  });

  it('refuses to write without --yes when stdin is not a terminal', async () => {
    const io = scriptedIo({ tty: false });
    expect(await runBatchCommand('repair', repairArgs(), io)).toBe(2);
    expect(io.err.join('')).toMatch(/pass --yes .* or --dry-run/);
    expect(await readFile(files['agents/main/damaged.jsonl'], 'utf8')).toBe(damaged);
  });

  it('draws a progress bar on a terminal and stays quiet otherwise', async () => {
    const tty = scriptedIo({ stderrTty: true });
    await runBatchCommand('repair', repairArgs('--dry-run'), tty);
    const drawn = tty.err.join('');
    expect(drawn).toMatch(/\rplanning \[#+\] 4\/4 files/);
    expect(drawn.endsWith('\r\x1b[K')).toBe(true);
    const pipe = scriptedIo({ stderrTty: false });
    await runBatchCommand('repair', repairArgs('--dry-run'), pipe);
    expect(pipe.err).toEqual([]);
  });

  it('inspect --all summarises every file (JSON) with the worst exit code', async () => {
    const args = parseArgs(
      [
        '--all',
        dir,
        '--provider',
        'anthropic',
        '--api',
        'anthropic-messages',
        '--model',
        'claude-sonnet-4-5',
        '--no-payloads',
        '--json',
        '--now',
        '1767225600000',
      ],
      {
        values: ['provider', 'api', 'model', 'allowed-tools', 'now', 'explain', 'all', 'image-max-side', 'jobs'],
        booleans: ['reasoning', 'json', 'no-payloads'],
      },
    );
    const io = scriptedIo();
    const code = await runBatchCommand('inspect', args, io);
    const out = JSON.parse(io.text()) as {
      exitCode: number;
      summary: Record<string, number>;
      files: { file: string; status: string; errors: number; target?: string }[];
    };
    expect(out.summary.files).toBe(4);
    expect(out.summary.clean + out.summary.findings + out.summary.unusable).toBe(4);
    const damagedResult = out.files.find((f) => f.file === files['agents/main/damaged.jsonl'])!;
    // The cut-off line is an error in the file, which makes it a finding whatever hygiene does.
    expect(damagedResult).toMatchObject({ status: 'findings', target: 'anthropic/anthropic-messages/claude-sonnet-4-5' });
    expect(damagedResult.errors).toBeGreaterThan(0);
    expect(code).toBe(out.exitCode);
    expect(code).toBeGreaterThanOrEqual(1);
  });

  it("inspect --all's summary shows the folder view's statuses, in use over all", async () => {
    const old = new Date(Date.now() - 3_600_000);
    for (const rel of ['agents/main/damaged.jsonl', 'agents/main/error-turn.jsonl', 'agents/noheader.jsonl'])
      await utimes(files[rel], old, old);
    const argv = ['--all', dir, '--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-sonnet-4-5', '--no-payloads'];
    const spec = { values: ['provider', 'api', 'model', 'all', 'jobs'], booleans: ['json', 'no-payloads'] };
    const json = scriptedIo();
    await runBatchCommand('inspect', parseArgs([...argv, '--json'], spec), json);
    const out = JSON.parse(json.text()) as {
      summary: { statuses: Record<string, number> };
      files: { file: string; folderStatus: string; repairLines: number }[];
    };
    // clean.jsonl was written a moment ago: in use, whatever else it is.
    expect(out.summary.statuses).toEqual({ 'in-use': 1, unreadable: 1, 'needs-repair': 2, 'would-be-rejected': 0, clean: 0 });
    expect(Object.fromEntries(out.files.map((f) => [path.relative(dir, f.file), [f.folderStatus, f.repairLines]]))).toEqual({
      'clean.jsonl': ['in-use', 0],
      'agents/main/damaged.jsonl': ['needs-repair', 2],
      'agents/main/error-turn.jsonl': ['needs-repair', 1],
      'agents/noheader.jsonl': ['unreadable', 0],
    });
    const human = scriptedIo();
    await runBatchCommand('inspect', parseArgs(argv, spec), human);
    expect(human.text()).toMatch(/in use\s+unreadable\s+needs repair\s+would be rejected\s+clean\n\s+1\s+1\s+2\s+0\s+0\n$/);
  });

  it('rejects an unusable directory or options with exit 2', async () => {
    for (const argv of [
      ['--all', path.join(dir, 'missing')],
      ['--all', files['clean.jsonl']],
      ['--all', dir, '--jobs', '0'],
      ['--all', dir, 'extra.jsonl'],
    ]) {
      const io = scriptedIo();
      expect(await runRepairCommand(argv, io)).toBe(2);
      expect(io.err.join('')).toMatch(/^transcript-inspector: /);
    }
    const empty = path.join(dir, 'empty');
    await mkdir(empty);
    const io = scriptedIo();
    expect(await runRepairCommand(['--all', empty], io)).toBe(0);
    expect(io.text()).toContain('no session files (*.jsonl) below');
  });

  it('the pool keeps results in job order and survives a job that fails', async () => {
    const jobs = [
      { kind: 'plan' as const, file: files['clean.jsonl'] },
      { kind: 'plan' as const, file: path.join(dir, 'nope.jsonl') },
      { kind: 'plan' as const, file: files['agents/main/damaged.jsonl'] },
    ];
    const seen: number[] = [];
    const { results, report } = await runJobs(jobs, { workers: 2, onResult: (i) => seen.push(i) });
    expect(report.mode).toBe('threads');
    expect(results.map((r) => r.status)).toEqual(['clean', 'unreadable', 'needs-repair']);
    expect(seen.sort()).toEqual([0, 1, 2]);
  });
});

/** `inspect FILE --trajectory [RUN]`: per-run agreement, the JSON details, the exit codes, and its arguments. */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { takeTrajectoryArgs } from '../../../../electron/cli/trajectory.js';
import { bundleForNode, type NodeBundle } from '../../helpers/node-bundle.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const DIR = 'test/fixtures/trajectories';
let bundle: NodeBundle;
beforeAll(async () => {
  bundle = await bundleForNode('electron/cli.ts');
});
afterAll(() => bundle.remove());
const cli = (args: string[]) => spawnSync(process.execPath, [bundle.file, ...args], { cwd: root, encoding: 'utf8', maxBuffer: 1 << 26 });

describe('takeTrajectoryArgs', () => {
  it('takes RUN after FILE, --trajectory=RUN and --trajectory-file, and leaves the rest', () => {
    expect(takeTrajectoryArgs(['a.jsonl', '--trajectory', '2', '--json'])).toEqual({
      rest: ['a.jsonl', '--json'],
      request: { run: '2', file: null },
    });
    expect(takeTrajectoryArgs(['--trajectory', 'a.jsonl'])).toEqual({ rest: ['a.jsonl'], request: { run: null, file: null } });
    expect(takeTrajectoryArgs(['a.jsonl', '--trajectory=run-1', '--trajectory-file', 't.jsonl'])).toEqual({
      rest: ['a.jsonl'],
      request: { run: 'run-1', file: 't.jsonl' },
    });
    expect(takeTrajectoryArgs(['a.jsonl', '--json'])).toEqual({ rest: ['a.jsonl', '--json'], request: null });
    expect(takeTrajectoryArgs(['a.jsonl', '--trajectory-file']).error).toBe('--trajectory-file needs a path');
  });
});

describe('inspect --trajectory', () => {
  it('prints each run: time, model, outcome, fallback, and the agreement (exit 0)', () => {
    const r = cli(['inspect', `${DIR}/aborted-errors.jsonl`, '--trajectory']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('hygiene: openclaw-2026.9.6\nruns: 4\n');
    expect(r.stdout).toContain('run 2 run-7c648fb0aefd — 2025-10-06 09:30:48Z — anthropic / anthropic-messages / claude-sonnet-4-5\n');
    expect(r.stdout).toContain('  fallback: openai/gpt-5 → anthropic/claude-sonnet-4-5 (rate_limit)\n');
    expect(r.stdout).toMatch(/attempt openai\/gpt-5: truncated by the recorder: the 32 recorded messages agree up to its cuts/);
    expect(r.stdout).not.toContain('differs');
  });

  it('one run by number; --json gives the comparison details', () => {
    const r = cli(['inspect', `${DIR}/compactions.jsonl`, '--trajectory', '4', '--json']);
    expect(r.status).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.runs).toHaveLength(1);
    expect(report.runs[0].run.runId).toBe('run-26ad23f905d9');
    expect(report.runs[0].comparison).toMatchObject({ verdict: 'identical', behaviour: 'openclaw-2026.9.6' });
    expect(report.runs[0].comparison.attempts[0].recorded).toEqual(report.runs[0].comparison.attempts[0].replay);
  });

  it('a run that differs exits 1 and says where; a stored session reads its own trajectory rows', () => {
    const spec = cli(['inspect', `${DIR}/errors-bedrock.jsonl`, '--trajectory', '--behaviour', 'spec']);
    expect(spec.status).toBe(1);
    expect(spec.stdout).toContain(
      '  differs at turn 1: the replay has 1 more message(s) from here (a assistant turn first); the recording ends\n',
    );
    const stored = cli([
      'inspect',
      `${DIR}/store/agents/main/agent/openclaw-agent.sqlite#0195c08dd56682e4a5d1372f193e0642`,
      '--trajectory',
    ]);
    expect(stored.status).toBe(0);
    expect(stored.stdout).toContain('runs: 6\n');
    expect(stored.stdout.match(/ {2}identical: /g)).toHaveLength(6);
  });

  it('a trajectory named by hand, with an unreadable line, located (exit 1)', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-traj-'));
    const lines = readFileSync(path.join(root, DIR, 'compactions.trajectory.jsonl'), 'utf8').split('\n');
    lines.splice(2, 0, '{"traceSchema":"openclaw-trajectory"');
    writeFileSync(path.join(dir, 'other.jsonl'), lines.join('\n'));
    copyFileSync(path.join(root, DIR, 'compactions.jsonl'), path.join(dir, 'session.jsonl'));
    const r = cli(['inspect', path.join(dir, 'session.jsonl'), '--trajectory', '--trajectory-file', path.join(dir, 'other.jsonl')]);
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(
      `unreadable: 1\n  ${path.join(dir, 'other.jsonl')}:3: not valid JSON: expected "}" at column 37, found the end of the line\n`,
    );
  });

  it('no trajectory, an unknown run, or --all: one line on stderr, exit 2', () => {
    const none = cli(['inspect', 'test/fixtures/pi-sessions/f-branching.jsonl', '--trajectory']);
    expect([none.status, none.stderr]).toEqual([
      2,
      'transcript-inspector: test/fixtures/pi-sessions/f-branching.jsonl: no trajectory beside it (expected test/fixtures/pi-sessions/f-branching.trajectory.jsonl); name one\n',
    ]);
    const unknown = cli(['inspect', `${DIR}/compactions.jsonl`, '--trajectory', 'nope']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('no run "nope" (it has 6: give an id, a unique prefix or a number from 1)');
    const all = cli(['inspect', '--all', DIR, '--trajectory']);
    expect(all.status).toBe(2);
    expect(all.stderr).toContain('--trajectory compares one session with its recording');
  });
});

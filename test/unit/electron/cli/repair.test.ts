/** `transcript-inspector repair FILE`: the plan is shown, writing needs a yes, exit codes, bytes on disk. */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRepairCommand } from '../../../../electron/cli/repair.js';
import { scriptedIo } from '../../../fixtures/repair/cli-io.js';
import { entry, HEADER, healthySession, jsonl, user } from '../../../fixtures/repair/sessions.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
let dir: string;
let file: string;
const damaged = `${jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user('   '))])}{"type":"message","id":"c`;
const repaired = jsonl([HEADER, entry('a', null, user('hello')), entry('b', 'a', user('(continue)'))]);

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ti-cli-repair-'));
  file = path.join(dir, 'session.jsonl');
  await writeFile(file, damaged);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('repair FILE', () => {
  it('--dry-run shows the located plan and never writes (exit 1)', async () => {
    const io = scriptedIo({ tty: true, answer: 'y' });
    expect(await runRepairCommand([file, '--dry-run'], io)).toBe(1);
    const text = io.text();
    expect(text).toContain(`${file}: 2 repair(s) planned — dropped 1 malformed line(s), rewrote 1 user message(s)`);
    expect(text).toContain(`${file}:line 3: rewrite (blank-user)`);
    expect(text).toContain(`${file}:line 4: drop (unparseable-line) — not valid JSON: the JSON stops in the middle`);
    expect(text).toContain('before: "   "');
    expect(text).toContain('dry run: nothing was written');
    expect(io.questions).toEqual([]);
    expect(await readFile(file, 'utf8')).toBe(damaged);
  });

  it('--keep-backup leaves the original bytes next to the file and says where (exit 1)', async () => {
    const io = scriptedIo({ tty: true, answer: 'y' });
    expect(await runRepairCommand([file, '--keep-backup'], io)).toBe(1);
    expect(io.questions).toEqual([`Repair ${file}? The original bytes are kept next to it. [y/N] `]);
    expect(await readFile(file, 'utf8')).toBe(repaired);
    const names = await readdir(dir);
    // The file, its backup, and the record `undo` checks the file against.
    expect(names).toHaveLength(3);
    const kept = names.find((n) => n.includes('.before-repair-'))!;
    expect(kept).toMatch(/^session\.jsonl\.before-repair-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/);
    expect(names).toContain(kept.replace('.before-repair-', '.undo-') + '.json');
    expect(await readFile(path.join(dir, kept), 'utf8')).toBe(damaged);
    expect(io.text()).toContain(`The original bytes are kept at ${path.join(dir, kept)}.`);
  });

  it('repair --all --keep-backup keeps one backup per repaired file', async () => {
    const other = path.join(dir, 'b.jsonl');
    await writeFile(other, damaged);
    const io = scriptedIo({ tty: false });
    expect(await runRepairCommand(['--all', dir, '--yes', '--keep-backup', '--jobs', '1'], io)).toBe(1);
    const names = (await readdir(dir)).sort();
    expect(names.filter((n) => n.includes('.before-repair-')).map((n) => n.split('.before-repair-')[0])).toEqual([
      'b.jsonl',
      'session.jsonl',
    ]);
    expect(await readFile(other, 'utf8')).toBe(repaired);
  });

  it('refuses to write without --yes when stdin is not a terminal (exit 2, nothing written)', async () => {
    const io = scriptedIo({ tty: false });
    expect(await runRepairCommand([file], io)).toBe(2);
    expect(io.err.join('')).toMatch(/pass --yes to repair without asking/);
    expect(await readFile(file, 'utf8')).toBe(damaged);
  });

  it('asks on a terminal: "no" writes nothing (exit 1), "yes" repairs (exit 1)', async () => {
    const no = scriptedIo({ tty: true, answer: 'n' });
    expect(await runRepairCommand([file], no)).toBe(1);
    expect(no.questions[0]).toMatch(/^Repair .*session\.jsonl\? .*\[y\/N\] $/);
    expect(no.text()).toContain('nothing was written');
    expect(await readFile(file, 'utf8')).toBe(damaged);
    const yes = scriptedIo({ tty: true, answer: 'YES' });
    expect(await runRepairCommand([file], yes)).toBe(1);
    expect(yes.text()).toContain(`repaired ${file}: dropped 1 malformed line(s), rewrote 1 user message(s).`);
    expect(await readFile(file, 'utf8')).toBe(repaired);
    expect(await readdir(dir)).toEqual(['session.jsonl']);
  });

  it('--yes --json prints one JSON object with the plan and the result', async () => {
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--yes', '--json'], io)).toBe(1);
    const out = JSON.parse(io.text()) as { plan: { needed: boolean; actions: unknown[] }; result: { status: string; digestAfter: string } };
    expect(out.plan.needed).toBe(true);
    expect(out.plan.actions).toHaveLength(2);
    expect(out.result.status).toBe('repaired');
    expect(await readFile(file, 'utf8')).toBe(repaired);
  });

  it('exits 0 for a file that needs nothing and 2 for one that cannot be repaired', async () => {
    await writeFile(file, jsonl(healthySession(5)));
    const clean = scriptedIo();
    expect(await runRepairCommand([file], clean)).toBe(0);
    expect(clean.text()).toContain('nothing to repair; the file is left byte-identical');
    await writeFile(file, jsonl([entry('a', null, user('no header'))]));
    const noHeader = scriptedIo();
    expect(await runRepairCommand([file, '--yes'], noHeader)).toBe(2);
    expect(noHeader.text()).toMatch(/cannot be repaired — invalid session header/);
    const missing = scriptedIo();
    expect(await runRepairCommand([path.join(dir, 'nope.jsonl'), '--yes'], missing)).toBe(2);
    expect(missing.text()).toMatch(/failed to read session file: .*no such file/);
  });

  it('rejects bad arguments with one line and exit 2', async () => {
    for (const argv of [[], [file, file], [file, '--force'], [file, '--jobs', '2']]) {
      const io = scriptedIo();
      expect(await runRepairCommand(argv, io)).toBe(2);
      expect(io.err.join('')).toMatch(/^transcript-inspector: .+\n$/);
    }
  });

  it('is wired into the transcript-inspector command', () => {
    const run = spawnSync(process.execPath, [...cliArgs(), 'repair', file, '--yes'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('repaired');
  });
});

/** `repair FILE` reads damage first and groups identical changes; `--skip-line`/`--no-rewrites` leave rewrites out; `undo FILE`. */
import { spawnSync } from 'node:child_process';
import { appendFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runRepairCommand } from '../../../../electron/cli/repair.js';
import { runUndoCommand } from '../../../../electron/cli/undo.js';
import { scriptedIo } from '../../../fixtures/repair/cli-io.js';
import { entry, HEADER, jsonl, user } from '../../../fixtures/repair/sessions.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
// Lines 2, 3 and 4: blank user turns (one identical rewrite, three times); 5 fine; 6 cut off.
const DAMAGED = `${jsonl([
  HEADER,
  entry('a', null, user('  ')),
  entry('b', 'a', user('  ')),
  entry('c', 'b', user('  ')),
  entry('d', 'c', user('hello')),
])}{"type":"message","id":"e`;
const lines = DAMAGED.split('\n');
const CONTINUE = (id: string, parentId: string | null) => JSON.stringify(entry(id, parentId, user('(continue)')));

let dir: string;
let file: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'ti-cli-select-'));
  file = path.join(dir, 's.jsonl');
  await writeFile(file, DAMAGED);
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('repair FILE: the plan', () => {
  it('starts with the damage, then each kind of rewrite once with its count and lines, then what can be left out', async () => {
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--dry-run'], io)).toBe(1);
    const out = io.text().split('\n');
    expect(out[0]).toBe(`${file}: 4 repair(s) planned — dropped 1 malformed line(s), rewrote 3 user message(s)`);
    expect(out[2]).toBe('damage — lines that cannot be read or replayed:');
    expect(out[3]).toMatch(new RegExp(`^  ${file.replace(/[.]/g, '\\.')}:line 6: drop \\(unparseable-line\\) — not valid JSON`));
    const fixes = out.indexOf('fixes — entries rewritten so the provider accepts them:');
    expect(fixes).toBeGreaterThan(3);
    expect(out[fixes + 1]).toMatch(
      new RegExp(`^  .*s\\.jsonl:line 2: rewrite \\(blank-user\\) × 3 \\(lines 2, 3 and 4\\) — a user turn with only blank text`),
    );
    expect(out[fixes + 2]).toBe('      before: "  "');
    expect(out[fixes + 3]).toBe('      after:  "(continue)"');
    // The rewrite is shown once, not three times.
    expect(out.filter((l) => l.includes('rewrite (blank-user)'))).toHaveLength(1);
    expect(out).toContain('rewrites that can be left out: lines 2, 3 and 4 (--skip-line N, repeatable; --no-rewrites leaves them all out)');
    expect(await readFile(file, 'utf8')).toBe(DAMAGED);
  });
});

describe('repair FILE --skip-line / --no-rewrites', () => {
  it('--skip-line (repeatable or N,M) writes only the other changes; the plan says what is left out', async () => {
    const dry = scriptedIo();
    expect(await runRepairCommand([file, '--dry-run', '--skip-line', '3', '--skip-line=4'], dry)).toBe(1);
    expect(dry.text()).toContain(
      `${file}: 2 repair(s) planned — dropped 1 malformed line(s), rewrote 1 user message(s) (2 rewrite(s) left out: lines 3 and 4)`,
    );
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--yes', '--skip-line', '3,4'], io)).toBe(1);
    expect(io.text()).toContain(`repaired ${file}: dropped 1 malformed line(s), rewrote 1 user message(s).`);
    expect(await readFile(file, 'utf8')).toBe([lines[0], CONTINUE('a', null), lines[2], lines[3], lines[4], ''].join('\n'));
  });

  it('--no-rewrites leaves every rewrite out: only the damage is repaired', async () => {
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--yes', '--no-rewrites', '--json'], io)).toBe(1);
    const out = JSON.parse(io.text()) as { plan: { actions: { kind: string }[] }; skippedLines: number[]; result: { status: string } };
    expect(out.skippedLines).toEqual([2, 3, 4]);
    expect(out.plan.actions.map((a) => a.kind)).toEqual(['drop']);
    expect(out.result.status).toBe('repaired');
    expect(await readFile(file, 'utf8')).toBe([...lines.slice(0, 5), ''].join('\n'));
  });

  it('leaving out every change of a file that has only rewrites leaves it byte-identical (exit 0)', async () => {
    const blank = jsonl([HEADER, entry('a', null, user('  ')), entry('b', 'a', user('hi'))]);
    await writeFile(file, blank);
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--yes', '--no-rewrites'], io)).toBe(0);
    expect(io.text()).toContain(
      'nothing to repair once the rewrites are left out (1 rewrite(s) left out: line 2); the file is left byte-identical',
    );
    expect(await readFile(file, 'utf8')).toBe(blank);
  });

  it('repair --all --no-rewrites repairs only the damage of each file, and leaves a file of only rewrites as it is', async () => {
    const onlyRewrites = jsonl([HEADER, entry('a', null, user('  ')), entry('b', 'a', user('hi'))]);
    const other = path.join(dir, 'only-rewrites.jsonl');
    await writeFile(other, onlyRewrites);
    const dry = scriptedIo();
    expect(await runRepairCommand(['--all', dir, '--dry-run', '--no-rewrites'], dry)).toBe(1);
    const plan = dry.text();
    expect(plan).toMatch(/needs repair +s\.jsonl — .*\(3 rewrite\(s\) left out: lines 2, 3 and 4\)/);
    expect(plan).toMatch(/clean +only-rewrites\.jsonl — 1 rewrite\(s\) left out: line 2/);
    expect(await readFile(file, 'utf8')).toBe(DAMAGED);

    // Asked, then written by a second pass: the lines left out travel with each file's job.
    const asked = scriptedIo({ tty: true, answer: 'y' });
    expect(await runRepairCommand(['--all', dir, '--no-rewrites', '--json'], asked)).toBe(1);
    const out = JSON.parse(asked.text().slice(asked.text().indexOf('{'))) as {
      files: { file: string; status: string; skippedLines?: number[] }[];
    };
    const byName = new Map(out.files.map((f) => [path.basename(f.file), f]));
    expect(byName.get('s.jsonl')).toMatchObject({ status: 'repaired', skippedLines: [2, 3, 4] });
    expect(byName.get('only-rewrites.jsonl')).toMatchObject({ status: 'clean', skippedLines: [2] });
    expect(await readFile(file, 'utf8')).toBe([...lines.slice(0, 5), ''].join('\n'));
    expect(await readFile(other, 'utf8')).toBe(onlyRewrites);
  });

  it('repair --all --yes --no-rewrites plans and writes each file in one go, rewrites left out', async () => {
    const io = scriptedIo();
    expect(await runRepairCommand(['--all', dir, '--yes', '--no-rewrites'], io)).toBe(1);
    expect(io.text()).toMatch(/repaired +s\.jsonl — .*\(3 rewrite\(s\) left out: lines 2, 3 and 4\)/);
    expect(await readFile(file, 'utf8')).toBe([...lines.slice(0, 5), ''].join('\n'));
  });

  it('refuses a line that is not a rewrite it can leave out, naming the ones it can (exit 2, nothing written)', async () => {
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--yes', '--skip-line', '6'], io)).toBe(2);
    expect(io.err.join('')).toBe(
      'transcript-inspector: line 6 is not a rewrite of this plan that can be left out (the rewrites that can be: lines 2, 3 and 4); nothing was written\n',
    );
    expect(await readFile(file, 'utf8')).toBe(DAMAGED);
  });

  it('rejects bad selections and misplaced flags with one line and exit 2', async () => {
    const cases: [string[], RegExp][] = [
      [[file, '--skip-line', 'x'], /--skip-line takes a line number of the file \(1 or more\), got "x"/],
      [[file, '--skip-line', '0'], /--skip-line takes a line number/],
      [[file, '--skip-line'], /--skip-line needs a value/],
      [[file, '--no-rewrites', '--skip-line', '2'], /--no-rewrites already leaves every rewrite out/],
      [['--all', dir, '--skip-line', '2'], /--skip-line applies to one file: repair FILE, not repair --all DIR/],
      [[file, '--max-backups', '2'], /it needs --keep-backup/],
      [[file, '--keep-backup', '--max-backups', '0'], /--max-backups must be a whole number from 1, got "0"/],
    ];
    for (const [argv, message] of cases) {
      const io = scriptedIo();
      expect(await runRepairCommand(argv, io), argv.join(' ')).toBe(2);
      expect(io.err.join('')).toMatch(message);
    }
    expect(await readFile(file, 'utf8')).toBe(DAMAGED);
  });

  it('--keep-backup --max-backups N keeps the N newest backups and says which it removed', async () => {
    const backups = async () => (await readdir(dir)).filter((n) => n.includes('.before-repair-')).sort();
    for (const round of [0, 1]) {
      await writeFile(file, `${DAMAGED}${'x'.repeat(round)}`);
      expect(await runRepairCommand([file, '--yes', '--keep-backup', '--max-backups', '1'], scriptedIo())).toBe(1);
    }
    expect(await backups()).toHaveLength(1);
    await writeFile(file, DAMAGED);
    const first = (await backups())[0];
    const io = scriptedIo();
    expect(await runRepairCommand([file, '--yes', '--keep-backup', '--max-backups', '1'], io)).toBe(1);
    expect(io.text()).toContain(`Kept the 1 newest backup(s) of this file and removed 1 older one(s): ${path.join(dir, first)}.`);
    expect(await backups()).toHaveLength(1);
  });
});

describe('undo FILE', () => {
  it('puts back the newest kept backup after saying what it is, and then has nothing left to undo', async () => {
    expect(await runRepairCommand([file, '--yes', '--keep-backup'], scriptedIo())).toBe(1);
    const io = scriptedIo({ tty: true, answer: 'y' });
    expect(await runUndoCommand([file], io)).toBe(1);
    expect(io.questions).toEqual([`Put back the bytes of ${file} from before that repair? [y/N] `]);
    const out = io.text();
    expect(out).toMatch(/the last repair \(\d{4}-\d\d-\d\dT[\d:.]+Z\) kept the bytes it replaced at .*s\.jsonl\.before-repair-/);
    expect(out).toContain(
      '  Repaired s.jsonl: dropped 1 line that could not be read or replayed and rewrote 3 blank user turns as "(continue)".',
    );
    expect(out).toContain('Undid the repair: s.jsonl has its original bytes again.');
    expect(await readFile(file, 'utf8')).toBe(DAMAGED);
    expect(await readdir(dir)).toEqual(['s.jsonl']);
    const again = scriptedIo({ tty: true, answer: 'y' });
    expect(await runUndoCommand([file], again)).toBe(2);
    expect(again.err.join('')).toBe(
      'Not undone: there is no kept backup of s.jsonl next to it (a repair keeps one with --keep-backup, the app always), so there is nothing to put back.\n',
    );
  });

  it('a "no" changes nothing (exit 1); without a terminal it needs --yes (exit 2)', async () => {
    expect(await runRepairCommand([file, '--yes', '--keep-backup'], scriptedIo())).toBe(1);
    const repaired = await readFile(file, 'utf8');
    const no = scriptedIo({ tty: true, answer: 'n' });
    expect(await runUndoCommand([file], no)).toBe(1);
    expect(no.text()).toContain('nothing was changed');
    const pipe = scriptedIo({ tty: false });
    expect(await runUndoCommand([file], pipe)).toBe(2);
    expect(pipe.err.join('')).toMatch(/pass --yes to undo without asking/);
    expect(await readFile(file, 'utf8')).toBe(repaired);
  });

  it('refuses when the file changed since the repair (exit 2, one sentence, JSON says why)', async () => {
    expect(await runRepairCommand([file, '--yes', '--keep-backup'], scriptedIo())).toBe(1);
    await appendFile(file, `${JSON.stringify(entry('f', 'd', user('more')))}\n`);
    const changed = await readFile(file, 'utf8');
    const io = scriptedIo();
    expect(await runUndoCommand([file, '--yes', '--json'], io)).toBe(2);
    const out = JSON.parse(io.text()) as { result: { status: string; reason: string; message: string } };
    expect(out.result).toMatchObject({ status: 'refused', reason: 'file changed since the repair' });
    expect(out.result.message).toMatch(
      /^Not undone: s\.jsonl changed since the repair .*; nothing was changed and the backup is still at .*\.$/,
    );
    expect(await readFile(file, 'utf8')).toBe(changed);
  });

  it('--dry-run makes every check and writes nothing: exit 1 when the undo would go ahead, 2 with the refusal', async () => {
    expect(await runRepairCommand([file, '--yes', '--keep-backup'], scriptedIo())).toBe(1);
    const repaired = await readFile(file, 'utf8');
    const before = (await readdir(dir)).sort();
    const io = scriptedIo({ tty: true, answer: 'y' });
    expect(await runUndoCommand([file, '--dry-run'], io)).toBe(1);
    expect(io.questions).toEqual([]);
    expect(io.text()).toMatch(
      /Would undo the repair: s\.jsonl would have its original bytes again from .*s\.jsonl\.before-repair-\S+; nothing was changed \(run without --dry-run to undo\)\.\n$/,
    );
    expect(await readFile(file, 'utf8')).toBe(repaired);
    expect((await readdir(dir)).sort()).toEqual(before);

    const json = scriptedIo();
    expect(await runUndoCommand([file, '--dry-run', '--json'], json)).toBe(1);
    expect(JSON.parse(json.text())).toMatchObject({ file, dryRun: true, result: { status: 'would-restore' } });

    // The same refusal the undo would give, here for a file an agent appended to since.
    await appendFile(file, `${JSON.stringify(entry('f', 'd', user('more')))}\n`);
    const changed = await readFile(file, 'utf8');
    const refused = scriptedIo();
    expect(await runUndoCommand([file, '--dry-run', '--json'], refused)).toBe(2);
    expect(JSON.parse(refused.text())).toMatchObject({
      dryRun: true,
      result: { status: 'refused', reason: 'file changed since the repair' },
    });
    expect(await readFile(file, 'utf8')).toBe(changed);
    expect((await readdir(dir)).sort()).toEqual(before);
  });

  it('refuses a backup whose record is missing, and bad arguments (exit 2)', async () => {
    expect(await runRepairCommand([file, '--yes', '--keep-backup'], scriptedIo())).toBe(1);
    const record = (await readdir(dir)).find((n) => n.includes('.undo-'))!;
    await rm(path.join(dir, record));
    const io = scriptedIo();
    expect(await runUndoCommand([file, '--yes'], io)).toBe(2);
    expect(io.err.join('')).toMatch(/^Not undone: the newest backup .* has no record of what its repair wrote/);
    for (const argv of [[], [file, file], [file, '--force']]) {
      const bad = scriptedIo();
      expect(await runUndoCommand(argv, bad)).toBe(2);
      expect(bad.err.join('')).toMatch(/^transcript-inspector: .+\n$/);
    }
  });

  it('is wired into the transcript-inspector command', async () => {
    expect(await runRepairCommand([file, '--yes', '--keep-backup'], scriptedIo())).toBe(1);
    const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'electron/cli.ts'), 'undo', file, '--yes'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('Undid the repair');
    expect(await readFile(file, 'utf8')).toBe(DAMAGED);
  });
});

// `--all` goes on past what it cannot read (and says so), bounds --jobs, and --jobs needs --all.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBatchCommand } from '../../../../electron/cli/batch.js';
import { parseArgs } from '../../../../electron/cli/common.js';
import { findSessionFiles } from '../../../../electron/cli/session-files.js';
import { maxWorkerCount } from '../../../../electron/host/repair/batch-pool.js';
import { scriptedIo } from '../../../fixtures/repair/cli-io.js';
import { HEADER, healthySession, jsonl } from '../../../fixtures/repair/sessions.js';
import { ordinaryUser, runAsOrdinaryUser } from '../../helpers/non-root.js';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
const target = ['--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-sonnet-4-5'];

/** A tree every user can read: a good session, a FIFO, a dangling link and a link to a device under session names. */
function tree(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-all-'));
  chmodSync(dir, 0o755);
  writeFileSync(path.join(dir, 'good.jsonl'), jsonl(healthySession(4)));
  execFileSync('mkfifo', [path.join(dir, 'pipe.jsonl')]);
  symlinkSync(path.join(dir, 'gone.jsonl'), path.join(dir, 'dangling.jsonl'));
  symlinkSync('/dev/null', path.join(dir, 'device.jsonl'));
  mkdirSync(path.join(dir, 'sub'), { mode: 0o755 });
  writeFileSync(path.join(dir, 'sub', 'nested.jsonl'), jsonl([HEADER]));
  return dir;
}

describe('inspect --all / repair --all robustness', () => {
  it('lists FIFOs, dangling links and links to devices as skipped, with the reason, and keeps the rest', async () => {
    const dir = tree();
    const scan = await findSessionFiles(dir);
    expect(scan.files.map((f) => path.relative(dir, f))).toEqual(['good.jsonl', 'sub/nested.jsonl']);
    expect(scan.skipped.map((s) => [path.relative(dir, s.file), s.reason])).toEqual([
      ['dangling.jsonl', 'it is a dangling symbolic link'],
      ['device.jsonl', 'it is a symbolic link to a character device, not to a regular file'],
      ['pipe.jsonl', 'it is a special file, not a regular file'],
    ]);
  });

  it('walks a directory tree 2,100 levels deep (paths past PATH_MAX), reporting the paths too long to list', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-deep-'));
    // Made from inside, one level at a time: the full path is far longer than PATH_MAX.
    execFileSync(process.execPath, ['-e', "const fs=require('fs');for(let i=0;i<2100;i++){fs.mkdirSync('d');process.chdir('d')}"], {
      cwd: dir,
    });
    try {
      const scan = await findSessionFiles(dir);
      expect(scan.files).toEqual([]);
      expect(scan.skipped).toHaveLength(1);
      expect(scan.skipped[0]).toMatchObject({
        reason: 'the directory cannot be listed (its path is longer than the system allows)',
        unlisted: true,
      });
      expect(scan.skipped[0].file.length).toBeGreaterThan(4096);
    } finally {
      // GNU rm walks deep trees relative to each directory; a path-based removal could not.
      execFileSync('rm', ['-rf', dir]);
    }
  });

  it.skipIf('unavailable' in ordinaryUser)('an unreadable subdirectory is reported and the others are still inspected (exit 2)', () => {
    const dir = tree();
    mkdirSync(path.join(dir, 'locked'), { mode: 0o755 });
    writeFileSync(path.join(dir, 'locked', 'hidden.jsonl'), jsonl([HEADER]));
    chmodSync(path.join(dir, 'locked'), 0o000);
    const r = runAsOrdinaryUser(
      [process.execPath, ...cliArgs(), 'inspect', '--all', dir, ...target, '--no-payloads', '--json', '--jobs', '1'],
      {
        cwd: root,
      },
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { exitCode: number; files: { file: string }[]; skipped: { file: string; reason: string }[] };
    expect(out.files.map((f) => path.relative(dir, f.file))).toEqual(['good.jsonl', 'sub/nested.jsonl']);
    expect(out.skipped).toContainEqual({
      file: path.join(dir, 'locked'),
      reason: 'the directory cannot be listed (permission denied)',
      unlisted: true,
    });
    expect(out.exitCode).toBe(2);
    expect(r.status).toBe(2);
  });

  it('bounds --jobs by twice the cores and says so', async () => {
    const dir = tree();
    const io = scriptedIo();
    const args = parseArgs(['--all', dir, '--dry-run', '--json', '--jobs', '100000'], {
      values: ['all', 'jobs'],
      booleans: ['dry-run', 'yes', 'json'],
    });
    await runBatchCommand('repair', args, io);
    const out = JSON.parse(io.text()) as { pool: { workers: number; note?: string }; summary: { skipped: number } };
    expect(out.pool.workers).toBeLessThanOrEqual(maxWorkerCount());
    expect(out.pool.note).toContain(
      `--jobs 100000 is more than this machine can use: running ${maxWorkerCount()} workers (twice its cores)`,
    );
    expect(out.summary.skipped).toBe(3);
  });

  it('prints skipped entries in the text summary', async () => {
    const dir = tree();
    const io = scriptedIo();
    const args = parseArgs(['--all', dir, '--dry-run', '--jobs', '1'], { values: ['all', 'jobs'], booleans: ['dry-run', 'yes', 'json'] });
    expect(await runBatchCommand('repair', args, io)).toBe(0);
    expect(io.text()).toContain('  skipped   pipe.jsonl — it is a special file, not a regular file\n');
  });

  it('inspect FILE --jobs is refused: --jobs only applies to --all', () => {
    const r = spawnSync(process.execPath, [...cliArgs(), 'inspect', path.join(tree(), 'good.jsonl'), '--jobs', '4'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toBe('transcript-inspector: --jobs only applies to inspect --all DIR\n');
  });
});

/**
 * `inspect --all DIR` / `repair --all DIR`: every session file below a directory, on a pool of worker
 * threads, with a progress bar on a terminal and a summary table (or JSON) at the end.
 */
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { defaultWorkerCount, maxWorkerCount, runJobs, type PoolReport } from '../host/repair/batch-pool.js';
import type { BatchInspectOptions, BatchJob, BatchResult, InspectSummary, RepairSummary } from '../host/repair/batch-jobs.js';
import { ExitCode } from '../host/exit-code.js';
import { findSessionFiles, type SkippedPath } from './session-files.js';
import { terminalJson, terminalLines } from './terminal-text.js';
import { renderInspect, renderRepair, repairTotals, skippedLines } from './batch-report.js';
import { statusCounts, withInUse } from './folder-statuses.js';
import { fail, parseBehaviour, UsageError, type ParsedArgs, partialTarget } from './common.js';

/** Where the command line reads and writes; tests pass their own. */
export interface CliIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown; isTTY?: boolean; columns?: number };
  stdinIsTTY: boolean;
  /** Ask a question on the terminal and resolve the line typed. */
  ask(question: string): Promise<string>;
}

/** The process's own terminal. */
export function processIo(): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdinIsTTY: process.stdin.isTTY === true,
    ask: (question) =>
      new Promise((resolve) => {
        const rl = createInterface({ input: process.stdin, output: process.stderr });
        rl.question(question, (answer) => {
          rl.close();
          resolve(answer);
        });
        rl.on('close', () => resolve(''));
      }),
  };
}

/** True for an answer that means yes. */
export function isYes(answer: string): boolean {
  return /^\s*y(es)?\s*$/i.test(answer);
}

/** A progress bar on stderr when it is a terminal; silent otherwise. */
class Progress {
  private shown = 0;
  private last = 0;
  constructor(
    private readonly io: CliIo,
    private readonly total: number,
    private readonly label: string,
    private readonly enabled: boolean,
  ) {}
  tick(done: number): void {
    if (!this.enabled) return;
    const now = Date.now();
    if (done < this.total && now - this.last < 80) return;
    this.last = now;
    const width = Math.max(10, Math.min(40, (this.io.stderr.columns ?? 80) - 40));
    const filled = Math.round((done / this.total) * width);
    this.io.stderr.write(`\r${this.label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${this.total} files`);
    this.shown = 1;
  }
  clear(): void {
    if (this.shown) this.io.stderr.write('\r\x1b[K');
    this.shown = 0;
  }
}

/** Exit code of a batch: the worst file wins (0 clean, 1 changed or needs changing, 2 unusable). */
function batchExitCode(results: readonly { exitCode: ExitCode }[]): ExitCode {
  return results.reduce<ExitCode>((code, r) => (r.exitCode > code ? r.exitCode : code), ExitCode.clean);
}

async function runPool(
  io: CliIo,
  jobs: BatchJob[],
  workers: number,
  label: string,
  json: boolean,
): Promise<{ results: BatchResult[]; report: PoolReport }> {
  const progress = new Progress(io, jobs.length, label, io.stderr.isTTY === true && !json);
  let done = 0;
  progress.tick(0);
  const out = await runJobs(jobs, {
    workers,
    onResult: () => {
      done += 1;
      progress.tick(done);
    },
  });
  progress.clear();
  return out;
}

function inspectOptions(args: ParsedArgs): BatchInspectOptions | string {
  const now = args.values.get('now');
  if (now !== undefined && !/^\d+$/.test(now)) return `--now must be milliseconds since the epoch, got "${now}"`;
  const maxSide = args.values.get('image-max-side');
  if (maxSide !== undefined && !/^[1-9]\d*$/.test(maxSide)) return `--image-max-side must be a positive integer, got "${maxSide}"`;
  const allowed = args.values.get('allowed-tools');
  const behaviour = parseBehaviour(args.values.get('behaviour'));
  if (behaviour instanceof UsageError) return behaviour.message;
  return {
    target: partialTarget(args),
    now: now === undefined ? undefined : Number(now),
    allowedToolNames:
      allowed === undefined
        ? undefined
        : allowed
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    imageMaxDimensionPx: maxSide === undefined ? undefined : Number(maxSide),
    payloads: !args.booleans.has('no-payloads'),
    behaviour,
  };
}

/**
 * Parse `--jobs N`: a positive integer, or the default. More than twice the cores only adds threads
 * and memory (each holds a parsed session), so it is lowered, with a note that says so.
 */
function workerCount(args: ParsedArgs): { workers: number; note?: string } | string {
  const jobs = args.values.get('jobs');
  if (jobs === undefined) return { workers: defaultWorkerCount() };
  if (!/^[1-9]\d*$/.test(jobs)) return `--jobs must be a positive integer, got "${jobs}"`;
  const max = maxWorkerCount();
  if (Number(jobs) <= max) return { workers: Number(jobs) };
  return { workers: max, note: `--jobs ${jobs} is more than this machine can use: running ${max} workers (twice its cores)` };
}

/** The report's note with the --jobs note before it. */
function withNote(report: PoolReport, note: string | undefined): PoolReport {
  const notes = [note, report.note].filter((n): n is string => Boolean(n));
  return notes.length > 0 ? { ...report, note: notes.join('; ') } : report;
}

/** The exit code: a directory that could not be listed may hide sessions, so the batch did not see everything. */
function exitWith(results: readonly { exitCode: ExitCode }[], skipped: readonly SkippedPath[]): ExitCode {
  return skipped.some((s) => s.unlisted) ? ExitCode.unusable : batchExitCode(results);
}

/**
 * Run `inspect --all DIR` or `repair --all DIR` with already-parsed arguments.
 *
 * `repair` plans every file first, shows the summary, asks once before writing (unless `--yes`;
 * `--dry-run` never writes), then repairs the files that need it with the digests of their plans.
 */
export async function runBatchCommand(command: 'inspect' | 'repair', args: ParsedArgs, io: CliIo = processIo()): Promise<number> {
  const dir = args.values.get('all');
  if (dir === undefined || dir === '') return fail(`${command} --all needs a directory`, io.stderr);
  if (args.positionals.length > 0) return fail(`${command} --all DIR takes no FILE (got ${args.positionals.join(' ')})`, io.stderr);
  const jobs = workerCount(args);
  if (typeof jobs === 'string') return fail(jobs, io.stderr);
  const { workers } = jobs;
  const json = args.booleans.has('json');
  let info;
  try {
    info = await stat(dir);
  } catch {
    return fail(`${dir}: no such directory`, io.stderr);
  }
  if (!info.isDirectory()) return fail(`${dir}: not a directory (use ${command} FILE for one file)`, io.stderr);
  let scan;
  try {
    scan = await findSessionFiles(dir);
  } catch (error) {
    return fail(`${dir}: cannot be listed (${(error as Error).message})`, io.stderr);
  }
  const { files, skipped } = scan;
  if (files.length === 0) {
    const summary = { files: 0, skipped: skipped.length };
    if (json) io.stdout.write(`${terminalJson(JSON.stringify({ command, dir, summary, files: [], skipped }))}\n`);
    else io.stdout.write(terminalLines([...skippedLines(dir, skipped), `no session files (*.jsonl) below ${dir}`]));
    return exitWith([], skipped);
  }

  if (command === 'inspect') {
    const options = inspectOptions(args);
    if (typeof options === 'string') return fail(options, io.stderr);
    const pooled = await runPool(
      io,
      files.map((file) => ({ kind: 'inspect', file, options })),
      workers,
      'inspecting',
      json,
    );
    const report = withNote(pooled.report, jobs.note);
    const summaries = await withInUse(pooled.results as InspectSummary[]);
    const exitCode = exitWith(summaries, skipped);
    if (json) {
      const summary = {
        files: summaries.length,
        clean: 0,
        findings: 0,
        unusable: 0,
        changes: 0,
        fileErrors: 0,
        skipped: skipped.length,
        statuses: statusCounts(summaries),
      };
      for (const r of summaries) {
        summary[r.status] += 1;
        summary.changes += r.annotations;
        summary.fileErrors += r.errors;
      }
      io.stdout.write(`${terminalJson(JSON.stringify({ command, dir, exitCode, summary, pool: report, files: summaries, skipped }))}\n`);
    } else {
      io.stdout.write(renderInspect(dir, summaries, skipped));
      if (report.note) io.stderr.write(terminalLines([`note: ${report.note}`]));
    }
    return exitCode;
  }

  const dryRun = args.booleans.has('dry-run');
  const yes = args.booleans.has('yes');
  if (!dryRun && !yes && !io.stdinIsTTY) {
    return fail(
      'repair --all writes files: pass --yes to repair without asking, or --dry-run to only see what would change (stdin is not a terminal, so there is no one to ask)',
      io.stderr,
    );
  }
  // With --yes each worker plans and writes a file in one go (its plan is reused, not re-parsed).
  const force = args.booleans.has('force');
  const keepBackup = args.booleans.has('keep-backup');
  const kept = args.values.get('max-backups');
  const noRewrites = args.booleans.has('no-rewrites');
  const flags = { force, keepBackup, noRewrites, ...(kept === undefined ? {} : { backupsKept: Number(kept) }) };
  const firstPass: BatchJob[] = files.map((file) =>
    yes && !dryRun ? { kind: 'plan-and-repair', file, ...flags } : { kind: 'plan', file, noRewrites },
  );
  const first = await runPool(io, firstPass, workers, yes && !dryRun ? 'repairing' : 'planning', json);
  let results = first.results as RepairSummary[];
  let report = withNote(first.report, jobs.note);
  const pending = results.filter((r) => r.status === 'needs-repair');
  if (!dryRun && !yes && pending.length > 0) {
    io.stdout.write(renderRepair(dir, results, true, skipped).replace('dry run: nothing was written\n', ''));
    const totals = repairTotals(pending);
    const answer = await io.ask(
      `Repair ${pending.length} file(s) (${totals.linesDropped} line(s) dropped, ${totals.linesRewritten} rewritten, ${totals.linesRecovered} recovered, ${totals.imagesReplaced} image(s) replaced, ${totals.resultsInserted} result(s) inserted)? A backup of each is kept until its new file is in place. [y/N] `,
    );
    if (isYes(answer)) {
      const second = await runPool(
        io,
        pending.map((r) => ({ kind: 'repair', file: r.file, digest: r.digest!, ...flags, skipLines: r.skippedLines ?? [] })),
        workers,
        'repairing',
        json,
      );
      const byFile = new Map((second.results as RepairSummary[]).map((r) => [r.file, r]));
      results = results.map((r) => byFile.get(r.file) ?? r);
      report = withNote(second.report, jobs.note);
    } else {
      io.stdout.write('nothing was written\n');
    }
  }
  const exitCode = exitWith(results, skipped);
  if (json) {
    const totals = repairTotals(results.filter((r) => r.status === 'repaired' || r.status === 'needs-repair'));
    const summary = {
      files: results.length,
      clean: 0,
      'needs-repair': 0,
      repaired: 0,
      refused: 0,
      unreadable: 0,
      ...totals,
      skipped: skipped.length,
    };
    for (const r of results) summary[r.status] += 1;
    io.stdout.write(
      `${terminalJson(JSON.stringify({ command, dir, dryRun, exitCode, summary, pool: report, files: results, skipped }))}\n`,
    );
  } else {
    io.stdout.write(renderRepair(dir, results, dryRun, skipped));
    if (report.note) io.stderr.write(terminalLines([`note: ${report.note}`]));
  }
  return exitCode;
}

/**
 * `inspect --all DIR` / `repair --all DIR`: every session file below a directory, on a pool of worker
 * threads, with a progress bar on a terminal and a summary table (or JSON) at the end.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { defaultWorkerCount, maxWorkerCount, runJobs, type PoolReport } from '../host/repair/batch-pool.js';
import type { BatchInspectOptions, BatchJob, BatchResult, InspectSummary, RepairSummary } from '../host/repair/batch-jobs.js';
import { describeCounts } from '../host/repair/index.js';
import { ExitCode } from '../host/exit-code.js';
import { findSessionFiles, type SkippedPath } from './session-files.js';
import { terminalJson, terminalLines } from './terminal-text.js';
import { statusCounts, statusTable, withInUse } from './folder-statuses.js';
import { fail, parseBehaviour, UsageError, type ParsedArgs } from './common.js';

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

function rel(dir: string, file: string): string {
  const r = path.relative(dir, file);
  return r === '' || r.startsWith('..') ? file : r;
}

function table(rows: (string | number)[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => String(cell).padStart(widths[c])).join('  '));
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
    target: {
      provider: args.values.get('provider'),
      api: args.values.get('api'),
      modelId: args.values.get('model'),
      reasoning: args.booleans.has('reasoning') ? true : undefined,
    },
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

function renderInspect(dir: string, results: InspectSummary[], skipped: readonly SkippedPath[]): string {
  const out: string[] = skippedLines(dir, skipped);
  for (const r of results) {
    if (r.status === 'clean') continue;
    if (r.status === 'unusable') {
      out.push(`  unusable  ${rel(dir, r.file)} — ${r.reason}`);
      continue;
    }
    const rules = Object.entries(r.rules)
      .map(([rule, n]) => `${rule} ×${n}`)
      .join(', ');
    const diag = r.errors ? `; ${r.errors} error(s) in the file` : '';
    out.push(`  findings  ${rel(dir, r.file)} — ${r.annotations} change(s)${rules ? `: ${rules}` : ''}${diag}`);
  }
  const count = (s: InspectSummary['status']) => results.filter((r) => r.status === s).length;
  out.push('');
  out.push(
    ...table([
      ['files', 'clean', 'with findings', 'unusable', 'changes', 'file errors'],
      [
        results.length,
        count('clean'),
        count('findings'),
        count('unusable'),
        results.reduce((n, r) => n + r.annotations, 0),
        results.reduce((n, r) => n + r.errors, 0),
      ],
    ]),
  );
  out.push('', ...table(statusTable(results)));
  return terminalLines(out);
}

function repairTotals(results: RepairSummary[]) {
  const sum = (pick: (r: RepairSummary) => number) => results.reduce((n, r) => n + pick(r), 0);
  return {
    linesDropped: sum((r) => r.lines?.dropped ?? 0),
    linesRewritten: sum((r) => r.lines?.rewritten ?? 0),
    linesRecovered: sum((r) => r.lines?.recovered ?? 0),
    imagesReplaced: sum((r) => r.counts?.removedCorruptedImageBlocks ?? 0),
    resultsInserted: sum((r) => r.lines?.inserted ?? 0),
  };
}

function renderRepair(dir: string, results: RepairSummary[], dryRun: boolean, skipped: readonly SkippedPath[]): string {
  const out: string[] = skippedLines(dir, skipped);
  for (const r of results) {
    if (r.status === 'clean') continue;
    const what = r.counts && (r.status === 'repaired' || r.status === 'needs-repair') ? describeCounts(r.counts) : (r.reason ?? '');
    const label = r.status === 'needs-repair' ? 'needs repair' : r.status;
    out.push(`  ${label.padEnd(12)} ${rel(dir, r.file)} — ${what}${r.backupPath ? ` (backup kept: ${r.backupPath})` : ''}`);
  }
  const count = (s: RepairSummary['status']) => results.filter((r) => r.status === s).length;
  const changed = results.filter((r) => r.status === 'repaired' || r.status === 'needs-repair');
  const totals = repairTotals(changed);
  out.push('');
  out.push(
    ...table([
      [
        'files',
        'clean',
        dryRun ? 'need repair' : 'repaired',
        'refused',
        'unreadable',
        'lines dropped',
        'lines rewritten',
        'lines recovered',
        'images replaced',
        'results inserted',
      ],
      [
        results.length,
        count('clean'),
        dryRun ? count('needs-repair') : count('repaired'),
        count('refused'),
        count('unreadable'),
        totals.linesDropped,
        totals.linesRewritten,
        totals.linesRecovered,
        totals.imagesReplaced,
        totals.resultsInserted,
      ],
    ]),
  );
  if (dryRun) out.push('dry run: nothing was written');
  else if (count('needs-repair') > 0) out.push(`${count('needs-repair')} file(s) need repair; nothing was written`);
  return terminalLines(out);
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

/** What the walk skipped, one line each, as the summary lists files. */
function skippedLines(dir: string, skipped: readonly SkippedPath[]): string[] {
  return skipped.map((s) => `  skipped   ${rel(dir, s.file)} — ${s.reason}`);
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
  const flags = { force, keepBackup, ...(kept === undefined ? {} : { backupsKept: Number(kept) }) };
  const firstPass: BatchJob[] = files.map((file) =>
    yes && !dryRun ? { kind: 'plan-and-repair', file, ...flags } : { kind: 'plan', file },
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
        pending.map((r) => ({ kind: 'repair', file: r.file, digest: r.digest!, ...flags })),
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

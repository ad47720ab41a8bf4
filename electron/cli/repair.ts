/**
 * `transcript-inspector repair FILE [--dry-run] [--yes] [--keep-backup [--max-backups N]] [--skip-line N]… [--no-rewrites]
 * [--json] [--force]`: show the repair plan (the damage first, identical changes once with a count), ask, then write
 * it atomically; `repair --all DIR` hands over to the batch command.
 */
import type { RepairPlan } from '../../shared/inspection.js';
import { groupLines, viewPlan, type ActionGroup } from '../../shared/repair/plan-view.js';
import { optionalRewriteLines } from '../../shared/repair/selection.js';
import {
  DEFAULT_BACKUPS_KEPT,
  describeCounts,
  planRepair,
  planSelectedFile,
  repair,
  repairFile,
  type RepairOutcome,
  type RewriteSelection,
} from '../host/repair/index.js';
import { isYes, processIo, runBatchCommand, type CliIo } from './batch.js';
import { ExitCode } from '../host/exit-code.js';
import { fail as failOn, parseCommandArgs, UsageError, type ParsedArgs } from './common.js';
import { argumentLabel, renderStoreListing, sessionArgument, storeWithoutSession } from './store-argument.js';
import { terminalJson, terminalLine, terminalLines } from './terminal-text.js';

const SPEC = {
  values: ['all', 'jobs', 'session', 'max-backups'],
  booleans: ['dry-run', 'yes', 'json', 'keep-backup', 'force', 'no-rewrites'],
  lists: ['skip-line'],
} as const;

/** Lines of a group named in the terminal; `--json` lists them all. */
const LINES_SHOWN = 12;

const SECTIONS: [keyof ReturnType<typeof viewPlan>, string][] = [
  ['damage', 'damage — lines that cannot be read or replayed'],
  ['fixes', 'fixes — entries rewritten so the provider accepts them'],
  ['additions', 'additions — missing tool results'],
];

/** One group: where (located at its first line, so a terminal can jump there), what, how many, why, an example. */
function groupBlock(file: string, group: ActionGroup): string[] {
  const first = `${group.kind === 'insert' ? 'after ' : ''}line ${group.lines[0]}`;
  const many = group.lines.length > 1 ? ` × ${group.lines.length} (${groupLines(group, LINES_SHOWN)})` : '';
  const out = [`  ${file}:${first}: ${group.kind} (${group.code})${many} — ${group.reason}`];
  if (group.before !== undefined) out.push(`      before: ${group.before}`);
  if (group.after !== undefined) out.push(`      after:  ${group.after}`);
  return out;
}

/** "line 3", "lines 3, 5 and 7": the lines of a selection. */
const linesText = (lines: readonly number[]) => groupLines({ kind: 'rewrite', lines: [...lines] }, LINES_SHOWN);

/** The plan as a support person reads it: the damage first, then the fixes and additions, identical changes once. */
function renderPlan(file: string, plan: RepairPlan, skipped: readonly number[] = []): string {
  const out: string[] = [];
  if (plan.refusal !== undefined) return terminalLines([`${file}: cannot be repaired — ${plan.refusal}`]);
  const left = skipped.length > 0 ? ` (${skipped.length} rewrite(s) left out: ${linesText(skipped)})` : '';
  if (!plan.needed)
    return terminalLines([
      `${file}: nothing to repair${skipped.length > 0 ? ` once the rewrites are left out${left}` : ''}; the file is left byte-identical`,
    ]);
  out.push(`${file}: ${plan.actions.length} repair(s) planned — ${describeCounts(plan.counts)}${left}`);
  out.push(`sha-256 of the planned bytes: ${plan.digest}`);
  const view = viewPlan(plan);
  for (const [section, title] of SECTIONS) {
    if (view[section].length === 0) continue;
    out.push(`${title}:`);
    for (const group of view[section]) out.push(...groupBlock(file, group));
  }
  const optional = optionalRewriteLines(plan);
  if (optional.length > 0)
    out.push(`rewrites that can be left out: ${linesText(optional)} (--skip-line N, repeatable; --no-rewrites leaves them all out)`);
  return terminalLines(out);
}

/** The rewrites the user leaves out (`--skip-line N`, repeatable or comma-separated; `--no-rewrites`), or why not. */
function selectionOf(args: ParsedArgs): RewriteSelection | UsageError {
  const given = args.lists.get('skip-line') ?? [];
  if (args.booleans.has('no-rewrites')) {
    return given.length > 0 ? new UsageError('--no-rewrites already leaves every rewrite out: drop --skip-line') : 'no-rewrites';
  }
  const lines: number[] = [];
  for (const value of given.flatMap((v) => v.split(','))) {
    if (!/^\s*[1-9]\d{0,9}\s*$/.test(value))
      return new UsageError(`--skip-line takes a line number of the file (1 or more), got "${value}"`);
    lines.push(Number(value));
  }
  return lines;
}

/** `--max-backups N` (with --keep-backup): how many kept backups of the file stay. */
function backupsKeptOf(args: ParsedArgs): number | undefined | UsageError {
  const value = args.values.get('max-backups');
  if (value === undefined) return undefined;
  if (!args.booleans.has('keep-backup')) return new UsageError('--max-backups says how many kept backups stay: it needs --keep-backup');
  if (!/^[1-9]\d{0,3}$/.test(value)) return new UsageError(`--max-backups must be a whole number from 1, got "${value}"`);
  return Number(value);
}

function exitFor(result: RepairOutcome): number {
  if (result.status === 'repaired') return ExitCode.changed;
  if (result.status === 'not-needed') return ExitCode.clean;
  return ExitCode.unusable;
}

/**
 * Run `repair`. Exit codes: 0 nothing needed repair, 1 repaired (or, with `--dry-run` or a "no"
 * answer, needs repair and nothing was written), 2 unusable input or arguments, or a refusal.
 */
export async function runRepairCommand(argv: string[], io: CliIo = processIo()): Promise<number> {
  const args = parseCommandArgs(argv, SPEC, io.stderr);
  if (typeof args === 'number') return args;
  const fail = (reason: string) => failOn(reason, io.stderr);
  const backupsKept = backupsKeptOf(args);
  if (backupsKept instanceof UsageError) return fail(backupsKept.message);
  if (args.values.has('all')) {
    // Line numbers are a file's own: a selection cannot apply to every file of a folder (--no-rewrites can).
    if (args.lists.has('skip-line'))
      return fail('--skip-line applies to one file: repair FILE, not repair --all DIR (--no-rewrites applies to all)');
    return runBatchCommand('repair', args, io);
  }
  const selection = selectionOf(args);
  if (selection instanceof UsageError) return fail(selection.message);
  if (args.positionals.length !== 1)
    return fail(
      args.positionals.length === 0 ? 'repair needs a FILE (or --all DIR)' : `repair takes one FILE, got ${args.positionals.length}`,
    );
  if (args.values.has('jobs')) return fail('--jobs only applies to repair --all DIR');
  const source = sessionArgument(args.positionals[0], args.values.get('session'));
  if (source instanceof UsageError) return fail(source.message);
  const file = argumentLabel(source);
  const json = args.booleans.has('json');
  const dryRun = args.booleans.has('dry-run');
  let skipped: number[] = [];
  const emit = (plan: RepairPlan, result: RepairOutcome | null, note?: string) => {
    const left = skipped.length > 0 ? { skippedLines: skipped } : {};
    if (json) io.stdout.write(`${terminalJson(JSON.stringify({ file, dryRun, plan, result, ...left, ...(note ? { note } : {}) }))}\n`);
  };
  if ('store' in source) {
    // Never written: the plan is shown (what "Export repaired JSONL" would change), then the refusal.
    const plan = await planRepair(source);
    const result = await repair(source, { expectedDigest: plan.digest });
    emit(plan, result);
    if (!json) io.stdout.write(renderPlan(file, { ...plan, refusal: undefined }));
    if (!json) io.stderr.write(`${terminalLine(result.message)}\n`);
    return ExitCode.unusable;
  }
  const listing = await storeWithoutSession(source).catch(() => null);
  if (listing) {
    if (!json) io.stdout.write(renderStoreListing(file, listing));
    return fail(
      `${file} is an OpenClaw session store: name one of its sessions (${file}#SESSION_ID or --session SESSION_ID); it is never repaired in place`,
    );
  }

  const selected = await planSelectedFile(file, selection);
  const plan = selected.plan;
  skipped = selected.skipped;
  if (!json) io.stdout.write(renderPlan(file, plan, skipped));
  if (plan.refusal !== undefined) {
    emit(plan, null);
    return ExitCode.unusable;
  }
  if (selected.selectionError !== undefined) {
    emit(plan, null, 'the selection does not fit the plan: nothing was written');
    const optional = optionalRewriteLines(plan);
    return fail(
      `${selected.selectionError} (${optional.length > 0 ? `the rewrites that can be: ${linesText(optional)}` : 'this plan has no rewrite that can be left out'}); nothing was written`,
    );
  }
  if (!plan.needed) {
    emit(plan, null);
    return ExitCode.clean;
  }
  if (dryRun) {
    emit(plan, null, 'dry run: nothing was written');
    if (!json) io.stdout.write('dry run: nothing was written\n');
    return ExitCode.changed;
  }
  if (!args.booleans.has('yes')) {
    if (!io.stdinIsTTY) {
      emit(plan, null, 'not confirmed: nothing was written');
      return fail(
        'repair writes the file: pass --yes to repair without asking, or --dry-run to only see the plan (stdin is not a terminal, so there is no one to ask)',
      );
    }
    const answer = await io.ask(
      args.booleans.has('keep-backup')
        ? `Repair ${file}? The original bytes are kept next to it. [y/N] `
        : `Repair ${file}? A backup is kept until the new file is in place. [y/N] `,
    );
    if (!isYes(answer)) {
      emit(plan, null, 'not confirmed: nothing was written');
      if (!json) io.stdout.write('nothing was written\n');
      return ExitCode.changed;
    }
  }
  const result = await repairFile(file, plan.digest, {
    force: args.booleans.has('force'),
    keepBackup: args.booleans.has('keep-backup'),
    skipLines: skipped,
    backupsKept: backupsKept ?? DEFAULT_BACKUPS_KEPT,
  });
  emit(plan, result);
  if (!json) (result.status === 'refused' ? io.stderr : io.stdout).write(`${terminalLine(result.message)}\n`);
  return exitFor(result);
}

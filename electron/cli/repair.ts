/**
 * `transcript-inspector repair FILE [--dry-run] [--yes] [--keep-backup] [--json] [--force]`: show the repair plan, ask, then
 * write it atomically; `repair --all DIR` hands over to the batch command.
 */
import type { RepairAction, RepairPlan } from '../../shared/inspection.js';
import { describeCounts, planRepair, planRepairFile, repair, repairFile, type RepairOutcome } from '../host/repair/index.js';
import { isYes, processIo, runBatchCommand, type CliIo } from './batch.js';
import { ExitCode } from '../host/exit-code.js';
import { fail as failOn, parseCommandArgs, UsageError } from './common.js';
import { argumentLabel, renderStoreListing, sessionArgument, storeWithoutSession } from './store-argument.js';
import { terminalJson, terminalLine, terminalLines } from './terminal-text.js';

const SPEC = { values: ['all', 'jobs', 'session'], booleans: ['dry-run', 'yes', 'json', 'keep-backup', 'force'] } as const;

function where(action: RepairAction): string {
  return action.kind === 'insert' ? `after line ${action.line}` : `line ${action.line}`;
}

/** The plan as a support person reads it: one block per line, with the reason and before/after. */
function renderPlan(file: string, plan: RepairPlan): string {
  const out: string[] = [];
  if (plan.refusal !== undefined) return terminalLines([`${file}: cannot be repaired — ${plan.refusal}`]);
  if (!plan.needed) return terminalLines([`${file}: nothing to repair; the file is left byte-identical`]);
  out.push(`${file}: ${plan.actions.length} repair(s) planned — ${describeCounts(plan.counts)}`);
  out.push(`sha-256 of the planned bytes: ${plan.digest}`);
  for (const a of plan.actions) {
    out.push(`  ${file}:${where(a)}: ${a.kind} (${a.code}) — ${a.reason}`);
    if (a.before !== undefined) out.push(`      before: ${a.before}`);
    if (a.after !== undefined) out.push(`      after:  ${a.after}`);
  }
  return terminalLines(out);
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
  if (args.values.has('all')) return runBatchCommand('repair', args, io);
  const fail = (reason: string) => failOn(reason, io.stderr);
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
  const emit = (plan: RepairPlan, result: RepairOutcome | null, note?: string) => {
    if (json) io.stdout.write(`${terminalJson(JSON.stringify({ file, dryRun, plan, result, ...(note ? { note } : {}) }))}\n`);
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

  const plan = await planRepairFile(file);
  if (!json) io.stdout.write(renderPlan(file, plan));
  if (plan.refusal !== undefined) {
    emit(plan, null);
    return ExitCode.unusable;
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
  });
  emit(plan, result);
  if (!json) (result.status === 'refused' ? io.stderr : io.stdout).write(`${terminalLine(result.message)}\n`);
  return exitFor(result);
}

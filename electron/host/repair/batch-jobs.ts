/**
 * One file's work in `inspect --all` / `repair --all`, run inside a worker thread (or in-process):
 * small, cloneable summaries go back, never whole inspections.
 */
import type { HostInspectOptions } from '../inspect.js';
import type { PartialTarget } from '../targets.js';
import type { RepairPlan } from '../../../shared/inspection.js';
import type { Behaviour } from '../../../shared/types.js';
import { ExitCode, inspectionExitCode } from '../exit-code.js';
import { planSelectedFile, repairFile, type FilePlan } from './index.js';
import { emptySummary, runScanJob, type ScanJob, type ScanSummary } from '../folder/scan-job.js';
import { inspectStatus } from '../folder/inspect-status.js';
import type { FolderStatus } from '../../../shared/folder.js';

/** Options of an inspect job, as given on the command line. */
export interface BatchInspectOptions {
  target: PartialTarget;
  now?: number;
  allowedToolNames?: string[];
  imageMaxDimensionPx?: number;
  payloads: boolean;
  behaviour?: Behaviour;
}

/** A unit of batch work. `plan-and-repair` plans and writes in one go (same worker, so no re-parse). */
export type BatchJob =
  | { kind: 'inspect'; file: string; options: BatchInspectOptions }
  | { kind: 'plan'; file: string; noRewrites?: boolean }
  | ({ kind: 'repair'; file: string; digest: string; skipLines?: readonly number[] } & BatchRepairFlags)
  | ({ kind: 'plan-and-repair'; file: string } & BatchRepairFlags)
  | ScanJob;

/** What an inspection of one file found. */
export interface InspectSummary {
  kind: 'inspect';
  file: string;
  status: 'clean' | 'findings' | 'unusable';
  exitCode: ExitCode;
  target?: string;
  annotations: number;
  /** Annotation counts per rule id. */
  rules: Record<string, number>;
  errors: number;
  warnings: number;
  preflight?: { original: number; replay: number };
  reason?: string;
  /** The folder view's status (unreadable, needs repair, would be rejected, clean; in use is the caller's to add). */
  folderStatus?: FolderStatus;
  repairLines?: number;
  mtimeMs?: number;
}

/** What planning or repairing one file found or did. */
export interface RepairSummary {
  kind: 'repair';
  file: string;
  status: 'clean' | 'needs-repair' | 'repaired' | 'refused' | 'unreadable';
  exitCode: ExitCode;
  digest?: string;
  counts?: RepairPlan['counts'];
  /** Line actions of the plan by kind. */
  lines?: { dropped: number; rewritten: number; inserted: number; recovered: number };
  reason?: string;
  message?: string;
  backupPath?: string;
  /** sha-256 of the file as repaired (what an undo checks it still holds). */
  digestAfter?: string;
  /** With --no-rewrites: the lines whose rewrite was left out (written back as they are). */
  skippedLines?: number[];
  cleanedStaleTempFiles?: string[];
  staleBackups?: string[];
}

/** A job's result. */
export type BatchResult = InspectSummary | RepairSummary | ScanSummary;

function lineCounts(plan: RepairPlan): { dropped: number; rewritten: number; inserted: number; recovered: number } {
  const count = (kind: string) => plan.actions.filter((a) => a.kind === kind).length;
  return { dropped: count('drop'), rewritten: count('rewrite'), inserted: count('insert'), recovered: count('recover') };
}

function planSummary(file: string, { plan, refusalKind }: FilePlan, skippedLines: number[] = []): RepairSummary {
  const left = skippedLines.length > 0 ? { skippedLines } : {};
  if (plan.refusal !== undefined) {
    const status = refusalKind === 'unreadable' ? 'unreadable' : 'refused';
    return { kind: 'repair', file, status, exitCode: ExitCode.unusable, reason: plan.refusal };
  }
  if (!plan.needed) return { kind: 'repair', file, status: 'clean', exitCode: ExitCode.clean, digest: plan.digest, ...left };
  return {
    kind: 'repair',
    file,
    status: 'needs-repair',
    exitCode: ExitCode.changed,
    digest: plan.digest,
    counts: plan.counts,
    lines: lineCounts(plan),
    ...left,
  };
}

/** Plan one file of a batch, every rewrite left out with --no-rewrites (only the damage is then repaired). */
async function planBatchFile(file: string, noRewrites: boolean | undefined): Promise<RepairSummary> {
  const selected = await planSelectedFile(file, noRewrites === true ? 'no-rewrites' : []);
  const filePlan: FilePlan =
    selected.refusalKind === undefined ? { plan: selected.plan } : { plan: selected.plan, refusalKind: selected.refusalKind };
  return planSummary(file, filePlan, selected.skipped);
}

/** How a batch repair writes: `force` past writers and hard links, `keepBackup` for the original bytes. */
export interface BatchRepairFlags {
  force?: boolean;
  keepBackup?: boolean;
  /** With keepBackup: the kept backups of each file that stay (the newest). */
  backupsKept?: number;
  /** Leave every rewrite out: repair only the damage (lines that cannot be read, missing results). */
  noRewrites?: boolean;
}

async function runRepair(
  file: string,
  digest: string,
  flags: BatchRepairFlags & { skipLines?: readonly number[] },
  planned?: RepairSummary,
): Promise<RepairSummary> {
  const skipLines = flags.skipLines ?? planned?.skippedLines ?? [];
  const result = await repairFile(file, digest, {
    force: flags.force === true,
    keepBackup: flags.keepBackup === true,
    ...(flags.backupsKept === undefined ? {} : { backupsKept: flags.backupsKept }),
    ...(skipLines.length > 0 ? { skipLines } : {}),
  });
  const base: RepairSummary = {
    kind: 'repair',
    file,
    status: result.status === 'repaired' ? 'repaired' : result.status === 'not-needed' ? 'clean' : 'refused',
    exitCode: result.status === 'repaired' ? ExitCode.changed : result.status === 'not-needed' ? ExitCode.clean : ExitCode.unusable,
    digest,
    message: result.message,
  };
  const counts = result.plan?.counts ?? planned?.counts;
  const lines = result.plan ? lineCounts(result.plan) : planned?.lines;
  if (result.status !== 'not-needed' && counts) base.counts = counts;
  if (result.status !== 'not-needed' && lines) base.lines = lines;
  if (result.status === 'refused') base.reason = result.reason;
  if (result.backupPath) base.backupPath = result.backupPath;
  if (result.digestAfter) base.digestAfter = result.digestAfter;
  if (skipLines.length > 0) base.skippedLines = [...skipLines];
  if (result.cleanedStaleTempFiles?.length) base.cleanedStaleTempFiles = result.cleanedStaleTempFiles;
  if (result.staleBackups?.length) base.staleBackups = result.staleBackups;
  return base;
}

async function runInspect(file: string, options: BatchInspectOptions): Promise<InspectSummary> {
  const empty = { kind: 'inspect' as const, file, annotations: 0, rules: {}, errors: 0, warnings: 0 };
  // Loaded on first use: a repair-only worker never pays for the engine, pi-ai and sharp.
  const { inspectCompleting } = await import('../inspect.js');
  try {
    // The target completed from the file's own record as it is read: the file is read once.
    const inspection = await inspectCompleting({ file }, options.target, {
      now: options.now,
      allowedToolNames: options.allowedToolNames,
      imageMaxDimensionPx: options.imageMaxDimensionPx,
      payloads: options.payloads,
      behaviour: options.behaviour,
    } satisfies HostInspectOptions);
    const rules: Record<string, number> = {};
    for (const a of inspection.annotations) rules[a.rule] = (rules[a.rule] ?? 0) + 1;
    const exitCode = inspectionExitCode(inspection);
    const summary: InspectSummary = {
      ...empty,
      status: exitCode === ExitCode.clean ? 'clean' : 'findings',
      exitCode,
      target: `${inspection.target.provider}/${inspection.target.api}/${inspection.target.modelId}`,
      annotations: inspection.annotations.length,
      rules,
      errors: inspection.diagnostics.filter((d) => d.severity === 'error').length,
      warnings: inspection.diagnostics.filter((d) => d.severity !== 'error').length,
    };
    if (inspection.preflight)
      summary.preflight = { original: inspection.preflight.original.length, replay: inspection.preflight.replay.length };
    return { ...summary, ...(await inspectStatus(file, inspection)) };
  } catch (error) {
    const status = await inspectStatus(file, null);
    return { ...empty, status: 'unusable', exitCode: ExitCode.unusable, reason: (error as Error).message, ...status };
  }
}

/** Run one job. Never throws: a failure is a summary with a reason. */
export async function runBatchJob(job: BatchJob): Promise<BatchResult> {
  try {
    switch (job.kind) {
      case 'inspect':
        return await runInspect(job.file, job.options);
      case 'plan':
        return await planBatchFile(job.file, job.noRewrites);
      case 'repair':
        return await runRepair(job.file, job.digest, job);
      case 'scan':
        return await runScanJob(job);
      case 'plan-and-repair': {
        const planned = await planBatchFile(job.file, job.noRewrites);
        return planned.status === 'needs-repair' ? await runRepair(job.file, planned.digest!, job, planned) : planned;
      }
    }
  } catch (error) {
    const reason = `unexpected failure: ${(error as Error).message ?? String(error)}`;
    if (job.kind === 'scan') return emptySummary(job.file, 'unreadable', reason);
    if (job.kind === 'inspect')
      return {
        kind: 'inspect',
        file: job.file,
        status: 'unusable',
        exitCode: ExitCode.unusable,
        annotations: 0,
        rules: {},
        errors: 0,
        warnings: 0,
        reason,
      };
    return { kind: 'repair', file: job.file, status: 'unreadable', exitCode: ExitCode.unusable, reason };
  }
}

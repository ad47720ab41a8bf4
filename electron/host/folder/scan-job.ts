/**
 * One session of a folder scan, run on a worker thread: read it once, plan its file repair, inspect
 * it for its own last model, and send back a small row (never the inspection).
 */
import { stat } from 'node:fs/promises';
import { planRepairBytes } from '../../../shared/repair/plan.js';
import { failedTurns } from '../../../shared/errors/failed-turns.js';
import type { RepairPlan } from '../../../shared/inspection.js';
import type { SessionContext } from '../../../shared/session/context.js';
import type { ParsedSession } from '../../../shared/session/types.js';
import { parseSessionBytes } from '../load-session.js';
import { digestOf, readSessionFile } from '../repair/read-session.js';

/** A session to scan: a file, or one session of an OpenClaw store. */
export interface ScanJob {
  kind: 'scan';
  /** The file, or `<store path>#<session id>` for a stored session. */
  file: string;
  store?: { path: string; sessionId: string };
}

/** What the scan of one session found (before the folder adds its index entry and whether it is in use). */
export interface ScanSummary {
  kind: 'scan';
  file: string;
  status: 'clean' | 'needs-repair' | 'would-be-rejected' | 'unreadable';
  size: number;
  mtimeMs: number;
  /** Messages on the active branch. */
  turns: number;
  /** `provider/model` the session last records, null when it records none. */
  lastModel: string | null;
  /** The target the session was checked for (`provider/api/model`). */
  target?: string;
  /** Lines a file repair would drop, rewrite or insert after. */
  repairLines: number;
  lines: { dropped: number; rewritten: number; inserted: number };
  /** Preflight findings on the transcript as stored, for its own last model. */
  findings: number;
  /** Preflight findings left after replay hygiene. */
  replayFindings: number;
  /** Assistant turns that recorded a failed request. */
  recordedErrors: number;
  /** sha-256 of the bytes scanned: a batch repair is refused when the file no longer has it. */
  digest?: string;
  /** Why it is unreadable, or why it could not be checked against a provider. */
  reason?: string;
}

function lineCounts(plan: RepairPlan): ScanSummary['lines'] {
  const count = (kind: string) => plan.actions.filter((a) => a.kind === kind).length;
  return { dropped: count('drop'), rewritten: count('rewrite'), inserted: count('insert') };
}

/** A summary with nothing found yet. */
export function emptySummary(file: string, status: ScanSummary['status'], reason?: string): ScanSummary {
  return {
    kind: 'scan',
    file,
    status,
    size: 0,
    mtimeMs: 0,
    turns: 0,
    lastModel: null,
    repairLines: 0,
    lines: { dropped: 0, rewritten: 0, inserted: 0 },
    findings: 0,
    replayFindings: 0,
    recordedErrors: 0,
    ...(reason ? { reason } : {}),
  };
}

/**
 * Whether a finding says something about the session as it is stored. A session at rest ends with
 * the agent's answer; the next request always appends the user's turn, so "the conversation ends with
 * an assistant turn" (the trailing-* checks) is true of nearly every session and predicts nothing.
 */
export function countsAtRest(finding: { check: string }): boolean {
  return !finding.check.includes('trailing');
}

/** Inspect a parsed session for its own last model: preflight counts, or why there are none. */
async function preflightFor(parsed: ParsedSession, context: SessionContext, row: ScanSummary): Promise<void> {
  const recorded = context.lastModel;
  if (!recorded) {
    row.reason = 'the session records no model, so no provider was checked';
    return;
  }
  // Loaded on first use: a worker that only meets unreadable files never pays for the engine and pi-ai, nor one that meets no image for sharp.
  const [{ completeTarget }, { normalizeTarget }, { inspectAndEnrich }, { codecForMessages }] = await Promise.all([
    import('../targets.js'),
    import('../inspect.js'),
    import('../enrich.js'),
    import('../image-codec.js'),
  ]);
  try {
    const target = normalizeTarget(
      await completeTarget({ provider: recorded.provider, modelId: recorded.modelId, api: recorded.api }, { text: '' }),
    );
    row.target = `${target.provider}/${target.api}/${target.modelId}`;
    const { inspection } = await inspectAndEnrich(parsed, target, { codec: await codecForMessages(context.messages), context });
    row.findings = (inspection.preflight?.original ?? []).filter(countsAtRest).length;
    row.replayFindings = (inspection.preflight?.replay ?? []).filter(countsAtRest).length;
  } catch (error) {
    row.reason = `not checked against a provider: ${(error as Error).message}`;
  }
}

/** Fill a row from a session's parse and plan, and pick its status. */
async function finish(row: ScanSummary, parsed: ParsedSession, context: SessionContext, plan: RepairPlan): Promise<ScanSummary> {
  row.turns = context.messages.length;
  row.lastModel = context.lastModel ? `${context.lastModel.provider}/${context.lastModel.modelId}` : null;
  row.recordedErrors = failedTurns(context.messages).length;
  row.lines = lineCounts(plan);
  row.repairLines = plan.actions.length;
  await preflightFor(parsed, context, row);
  row.status = plan.needed ? 'needs-repair' : row.findings > 0 ? 'would-be-rejected' : 'clean';
  return row;
}

async function scanFile(file: string): Promise<ScanSummary> {
  const snapshot = await readSessionFile(file);
  if ('reason' in snapshot) return emptySummary(file, 'unreadable', snapshot.reason);
  const row = emptySummary(file, 'clean');
  row.size = snapshot.bytes.length;
  row.mtimeMs = Number(snapshot.stat.mtimeMs);
  row.digest = digestOf(snapshot.bytes);
  const draft = planRepairBytes(snapshot.bytes, row.digest);
  if (draft.refusalKind !== undefined) return { ...row, status: 'unreadable', reason: draft.plan.refusal };
  const { buildContext } = await import('../../../shared/session/context.js');
  const parsed = parseSessionBytes(snapshot.bytes);
  return finish(row, parsed, buildContext(parsed), draft.plan);
}

async function scanStored(job: ScanJob & { store: { path: string; sessionId: string } }): Promise<ScanSummary> {
  const { openStoredSession, exportStoredSession } = await import('../store/index.js');
  const row = emptySummary(job.file, 'clean');
  const opened = await openStoredSession({ file: job.store.path }, job.store.sessionId);
  const exported = await exportStoredSession({ file: job.store.path }, job.store.sessionId, 'repaired');
  row.size = opened.size;
  row.digest = opened.digest;
  row.mtimeMs = await stat(job.store.path).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  return finish(row, opened.parsed, opened.context, exported.plan!);
}

/** Scan one session. Never throws: a failure is an `unreadable` row with the reason. */
export async function runScanJob(job: ScanJob): Promise<ScanSummary> {
  try {
    return job.store ? await scanStored({ ...job, store: job.store }) : await scanFile(job.file);
  } catch (error) {
    return emptySummary(job.file, 'unreadable', `${job.file}: ${(error as Error).message ?? String(error)}`);
  }
}

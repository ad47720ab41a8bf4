/**
 * The folder view's host side: scans that run while the app polls their rows, cancel, the batch
 * repair of a scan's files (each through the same digest-guarded atomic repair as one file), and
 * the undo of that repair per file from the backup it kept.
 */
import { randomUUID } from 'node:crypto';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type {
  FolderRepairResult,
  FolderRepairSummary,
  FolderScanState,
  FolderScanStart,
  FolderUndoResult,
  FolderUndoSummary,
} from '../../../shared/api.js';
import type { FolderSession, FolderSkip } from '../../../shared/folder.js';
import { runJobs } from '../repair/batch-pool.js';
import type { RepairSummary } from '../repair/batch-jobs.js';
import { undoRepairFile, type UndoTicket } from '../repair/kept-backup.js';
import { storeRepairRefusal } from '../store/index.js';
import { filesHeldOpen, inUseReason } from './in-use.js';
import { scanFolder } from './scan-folder.js';

/** Scans kept for the app to read (older ones are dropped). */
const KEPT_SCANS = 4;

interface Scan {
  id: string;
  dir: string;
  controller: AbortController;
  rows: FolderSession[];
  total: number;
  skipped: FolderSkip[];
  finished: boolean;
  cancelled: boolean;
  error?: string;
  /** Per file this scan's batch repair wrote: its kept backup and the digests before and after. */
  undo: Map<string, UndoTicket>;
}

/** Thrown for a scan id the service does not know (dropped or never started). */
export class UnknownScanError extends Error {
  override name = 'UnknownIdError';
}

/** The folder view's host service. */
export interface FolderService {
  start(dir: string): Promise<FolderScanStart>;
  state(scanId: string, from: number): FolderScanState;
  cancel(scanId: string): void;
  repair(scanId: string, files: readonly string[], options: { includeInUse: boolean }): Promise<FolderRepairSummary>;
  undo(scanId: string, files: readonly string[]): Promise<FolderUndoSummary>;
  dispose(): void;
}

/** Options: worker threads per scan (tests use fewer). */
export function createFolderService(options: { jobs?: number } = {}): FolderService {
  const scans = new Map<string, Scan>();
  const get = (id: string): Scan => {
    const scan = scans.get(id);
    if (!scan) throw new UnknownScanError(`no folder scan ${id} (it was replaced by a newer one): open the folder again`);
    return scan;
  };

  const start = async (dir: string): Promise<FolderScanStart> => {
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory()) throw Object.assign(new Error(`${dir}: not a folder`), { name: 'InputError' });
    const scan: Scan = {
      id: randomUUID(),
      dir,
      controller: new AbortController(),
      rows: [],
      total: 0,
      skipped: [],
      finished: false,
      cancelled: false,
      undo: new Map(),
    };
    scans.set(scan.id, scan);
    for (const old of [...scans.values()].slice(0, Math.max(0, scans.size - KEPT_SCANS))) {
      old.controller.abort();
      scans.delete(old.id);
    }
    scanFolder(
      { dir },
      {
        jobs: options.jobs,
        signal: scan.controller.signal,
        onProgress: ({ total, session }) => {
          scan.total = total;
          if (session) scan.rows.push(session);
        },
      },
    ).then(
      (result) => {
        scan.skipped = result.skipped;
        scan.finished = true;
      },
      (error: unknown) => {
        scan.finished = true;
        if (scan.controller.signal.aborted) scan.cancelled = true;
        else scan.error = error instanceof Error ? error.message : String(error);
      },
    );
    return { scanId: scan.id, dir };
  };

  const state = (scanId: string, from: number): FolderScanState => {
    const scan = get(scanId);
    return {
      scanId,
      dir: scan.dir,
      total: scan.total,
      done: scan.rows.length,
      rows: scan.rows.slice(from),
      finished: scan.finished,
      cancelled: scan.cancelled,
      skipped: scan.skipped,
      ...(scan.error ? { error: scan.error } : {}),
    };
  };

  const repair = async (scanId: string, files: readonly string[], opts: { includeInUse: boolean }): Promise<FolderRepairSummary> => {
    const scan = get(scanId);
    const byFile = new Map(scan.rows.map((r) => [r.file, r]));
    const results = new Map<string, FolderRepairResult>();
    const held = await filesHeldOpen();
    const now = Date.now();
    const toWrite: FolderSession[] = [];
    for (const file of files) {
      const row = byFile.get(file);
      if (!row) results.set(file, { file, status: 'refused', reason: 'not a session of this folder scan' });
      else if (row.store) results.set(file, { file, status: 'refused', reason: storeRepairRefusal(row.store.path, row.store.sessionId) });
      else if (row.repairLines === 0 || !row.digest) results.set(file, { file, status: 'not-needed', reason: 'nothing to repair' });
      else {
        const current = await stat(file).then(
          (s) => s.mtimeMs,
          () => 0,
        );
        const inUse = row.status === 'in-use' ? (row.reason ?? 'in use') : inUseReason(current, now, held.get(file));
        if (inUse && !opts.includeInUse)
          results.set(file, { file, status: 'skipped', reason: `in use (${inUse}); not repaired without confirmation` });
        else toWrite.push(row);
      }
    }
    // Backups are kept, as the app's single-file repair keeps them: Undo puts them back per file.
    const { results: written } = await runJobs(
      toWrite.map((row) => ({ kind: 'repair' as const, file: row.file, digest: row.digest!, keepBackup: true })),
      { workers: options.jobs },
    );
    written.forEach((r, i) => {
      const out = r as RepairSummary;
      const row = toWrite[i];
      const result: FolderRepairResult = {
        file: row.file,
        status: out.status === 'repaired' ? 'repaired' : out.status === 'clean' ? 'not-needed' : 'refused',
        lines: row.lines,
      };
      // A refusal's message names its cause (another process writing, other hard links, a change since the scan).
      const why = result.status === 'refused' ? (out.message ?? out.reason) : (out.reason ?? out.message);
      if (why) result.reason = why;
      if (out.backupPath) result.backupPath = out.backupPath;
      if (result.status === 'repaired' && out.backupPath && out.digestAfter) {
        scan.undo.set(row.file, { file: row.file, backupPath: out.backupPath, digestBefore: row.digest!, digestAfter: out.digestAfter });
        result.undoable = true;
      }
      results.set(row.file, result);
    });
    // The repaired files are scanned again, so the table shows what they are now.
    const repaired = toWrite.filter((row) => results.get(row.file)?.status === 'repaired');
    const rows = await replaceRows(scan, repaired);
    return { results: files.map((f) => results.get(f)!), rows };
  };

  // One file at a time, each by its own atomic rename: a refusal (changed since, a writer) leaves
  // that file as it is and the others go on.
  const undo = async (scanId: string, files: readonly string[]): Promise<FolderUndoSummary> => {
    const scan = get(scanId);
    const results: FolderUndoResult[] = [];
    for (const file of new Set(files)) {
      const ticket = scan.undo.get(file);
      if (!ticket) {
        const message = `Not undone: ${path.basename(file)} has no batch repair of this folder scan to undo; nothing was changed.`;
        results.push({ file, status: 'refused', reason: 'nothing to undo', message });
        continue;
      }
      const outcome = await undoRepairFile(ticket);
      if (outcome.status === 'restored') scan.undo.delete(file);
      results.push({ file, ...outcome });
    }
    const restored = scan.rows.filter((row) => results.some((r) => r.file === row.file && r.status === 'restored'));
    return { results, rows: await replaceRows(scan, restored) };
  };

  return {
    start,
    state,
    cancel: (scanId) => get(scanId).controller.abort(),
    repair,
    undo,
    dispose: () => {
      for (const scan of scans.values()) scan.controller.abort();
      scans.clear();
    },
  };
}

/** Scan some rows' files again (after a repair or its undo) and put them in the scan's table; the new rows. */
async function replaceRows(scan: Scan, rows: FolderSession[]): Promise<FolderSession[]> {
  const rescanned = await rescan(rows);
  for (const row of rescanned) {
    const at = scan.rows.findIndex((r) => r.file === row.file);
    if (at >= 0) scan.rows[at] = row;
  }
  return rescanned;
}

/** Scan some rows' files again (after a repair), keeping what the folder said about them. */
async function rescan(rows: FolderSession[]): Promise<FolderSession[]> {
  if (rows.length === 0) return [];
  const { runScanJob } = await import('./scan-job.js');
  const out: FolderSession[] = [];
  const held = await filesHeldOpen();
  for (const row of rows) {
    const { kind: _kind, target: _target, status, ...fresh } = await runScanJob({ kind: 'scan', file: row.file });
    // Just written by this process: "modified a moment ago" is our own write, not an agent's.
    const holder = held.get(row.file);
    const next: FolderSession = { ...row, ...fresh, status: holder !== undefined ? 'in-use' : status };
    if (holder === undefined) delete next.reason;
    if (fresh.reason) next.reason = fresh.reason;
    out.push(next);
  }
  return out;
}

/**
 * `scanFolder`: every session below a folder (files and the sessions of OpenClaw stores) scanned on
 * the batch pool's worker threads, each with a status, streamed through `onProgress` as they land.
 */
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import type { FolderScan, FolderScanProgress, FolderSession, FolderSkip } from '../../../shared/folder.js';
import { urgentStatus } from '../../../shared/folder.js';
import { InputError } from '../read-input.js';
import { runJobs } from '../repair/batch-pool.js';
import { listStoreSessions } from '../store/index.js';
import { discoverFolder, type IndexEntry } from './discover.js';
import { filesHeldOpen, inUseReason } from './in-use.js';
import { emptySummary, type ScanJob, type ScanSummary } from './scan-job.js';

/** Options of `scanFolder`. */
export interface ScanFolderOptions {
  /** Worker threads (default: one per core, at most 8). */
  jobs?: number;
  signal?: AbortSignal;
  /** Called once with `done: 0` when the sessions are counted, then once per session scanned. */
  onProgress?: (progress: FolderScanProgress) => void;
  /** The clock "modified in the last minute" is measured against (tests). */
  now?: number;
  /** Files other processes hold open, by real path (tests; default: read from /proc). */
  heldOpen?: Map<string, number>;
}

/** What the folder says about a session before it is scanned. */
interface RowMeta {
  agent: string;
  index?: IndexEntry;
  store?: { path: string; sessionId: string };
}

async function storeJobs(stores: { file: string; agent: string }[], skipped: FolderSkip[], signal?: AbortSignal) {
  const jobs: ScanJob[] = [];
  const metas: RowMeta[] = [];
  for (const { file, agent } of stores) {
    signal?.throwIfAborted();
    try {
      const listing = await listStoreSessions(file);
      for (const s of listing.sessions) {
        const name = `${file}#${s.sessionId}`;
        if (s.unavailable) {
          skipped.push({ file: name, reason: s.unavailable });
          continue;
        }
        const store = { path: file, sessionId: s.sessionId };
        jobs.push({ kind: 'scan', file: name, store });
        const index: IndexEntry | undefined = s.key ? { sessionKey: s.key, ...(s.label ? { label: s.label } : {}) } : undefined;
        metas.push({ agent: listing.agentId ?? agent, store, ...(index ? { index } : {}) });
      }
    } catch (error) {
      skipped.push({ file, reason: `OpenClaw store cannot be read: ${(error as Error).message}` });
    }
  }
  return { jobs, metas };
}

async function holderOf(held: Map<string, number>, file: string): Promise<number | undefined> {
  if (held.size === 0) return undefined;
  return held.get(file) ?? held.get(await realpath(file).catch(() => file));
}

/** Whether a stored session's store is being written: the store or its `-wal` held open or just changed. */
async function storeInUse(held: Map<string, number>, store: string, now: number): Promise<string | null> {
  for (const file of [store, `${store}-wal`]) {
    const mtime = await stat(file).then(
      (s) => s.mtimeMs,
      () => 0,
    );
    const reason = inUseReason(mtime, now, await holderOf(held, file));
    if (reason) return `the store ${reason.replace(/^modified/, 'was modified')}`;
  }
  return null;
}

async function toRow(summary: ScanSummary, meta: RowMeta, held: Map<string, number>, now: number): Promise<FolderSession> {
  const { kind: _kind, target: _target, status, ...rest } = summary;
  const inUse = meta.store
    ? await storeInUse(held, meta.store.path, now)
    : inUseReason(summary.mtimeMs, now, await holderOf(held, summary.file));
  const row: FolderSession = { ...rest, status: urgentStatus(status, inUse !== null), agent: meta.agent };
  if (inUse) row.reason = summary.reason && status === 'unreadable' ? `${inUse}; ${summary.reason}` : inUse;
  if (meta.index) {
    row.sessionKey = meta.index.sessionKey;
    if (meta.index.label) row.label = meta.index.label;
    if (meta.index.channel) row.channel = meta.index.channel;
  }
  if (meta.store) row.store = meta.store;
  return row;
}

/**
 * Scan every session below `dir`: OpenClaw's `agents/<agent>/sessions/*.jsonl` (with `sessions.json`),
 * older clawdbot/moltbot trees, pi's `sessions/<cwd>/*.jsonl`, any `.jsonl`, and OpenClaw's stores.
 * Backups, temp files, trajectories and checkpoints are skipped with the reason. Rejects with the
 * signal's reason when cancelled, with an InputError when `dir` is not a readable directory.
 */
export async function scanFolder(input: { dir: string }, options: ScanFolderOptions = {}): Promise<FolderScan> {
  if (!input || typeof input.dir !== 'string' || input.dir === '') throw new InputError('scanFolder(): expected { dir: string }');
  const dir = path.resolve(input.dir);
  const info = await stat(dir).catch(() => null);
  if (!info) throw new InputError(`${dir}: no such folder`);
  if (!info.isDirectory()) throw new InputError(`${dir}: not a folder`);
  const { signal } = options;
  const contents = await discoverFolder(dir, { signal });
  const skipped = contents.skipped;
  const fromStores = await storeJobs(contents.stores, skipped, signal);
  const jobs: ScanJob[] = [...contents.files.map((f): ScanJob => ({ kind: 'scan', file: f.file })), ...fromStores.jobs];
  const metas: RowMeta[] = [
    ...contents.files.map((f) => ({ agent: f.agent, ...(f.index ? { index: f.index } : {}) })),
    ...fromStores.metas,
  ];
  const held = options.heldOpen ?? (await filesHeldOpen());
  const now = options.now ?? Date.now();
  const sessions: FolderSession[] = new Array(jobs.length);
  let done = 0;
  const pending: Promise<void>[] = [];
  options.onProgress?.({ done: 0, total: jobs.length });
  await runJobs(jobs, {
    workers: options.jobs,
    signal,
    onResult: (index, result) => {
      const summary = result.kind === 'scan' ? result : emptySummary(jobs[index].file, 'unreadable', 'the scan failed');
      pending.push(
        toRow(summary, metas[index], held, now).then((row) => {
          sessions[index] = row;
          done += 1;
          if (!signal?.aborted) options.onProgress?.({ done, total: jobs.length, session: row });
        }),
      );
    },
  });
  await Promise.all(pending);
  signal?.throwIfAborted();
  return { sessions, skipped };
}

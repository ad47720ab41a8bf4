/**
 * What a kept backup needs to be undone later, by another run of the CLI or the app: a small record
 * next to it (`s.jsonl.undo-<time>.json`) with the digests of the bytes before and after its repair,
 * the listing of a file's kept backups, and pruning all but the newest few.
 */
import { open, readdir, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Kept backups of each file a repair keeps by default (older ones are removed, and the result says which). */
export const DEFAULT_BACKUPS_KEPT = 3;

const STAMP = '\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z';
const BACKUP_MARK = '.before-repair-';
const DIGEST = /^[0-9a-f]{64}$/;

/** The record of one kept backup's repair. */
export interface RepairRecord {
  version: 1;
  /** The session file's name (the record sits in its directory). */
  file: string;
  /** The backup's name, next to it. */
  backup: string;
  /** When the repair was written (ISO 8601). */
  repairedAt: string;
  /** sha-256 of the backup: the bytes the repair replaced. */
  digestBefore: string;
  /** sha-256 of what the repair wrote: undo refuses once the file holds anything else. */
  digestAfter: string;
  /** What the repair did, in one sentence. */
  summary: string;
}

/** A kept backup of a file, newest first in listings. */
export interface KeptBackup {
  backupPath: string;
  recordPath: string;
  /** The time in its name (`2026-12-02T01-05-03.123Z`). */
  stamp: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `s.jsonl.before-repair-<time>` → `s.jsonl.undo-<time>.json`; null for a name that is not a kept backup's. */
export function recordPathFor(backupPath: string): string | null {
  const at = backupPath.lastIndexOf(BACKUP_MARK);
  if (at < 0) return null;
  const stamp = backupPath.slice(at + BACKUP_MARK.length);
  if (!new RegExp(`^${STAMP}$`).test(stamp)) return null;
  return `${backupPath.slice(0, at)}.undo-${stamp}.json`;
}

/** The kept backups of `file` (its real path), newest first; none when its directory cannot be read. */
export async function keptBackups(file: string): Promise<KeptBackup[]> {
  const dir = path.dirname(file);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(file) + BACKUP_MARK)}(${STAMP})$`);
  const names = await readdir(dir).catch(() => [] as string[]);
  const out: KeptBackup[] = [];
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m) continue;
    const backupPath = path.join(dir, name);
    out.push({ backupPath, recordPath: recordPathFor(backupPath)!, stamp: m[1] });
  }
  // The stamps are ISO times: their text order is their time order.
  return out.sort((a, b) => (a.stamp < b.stamp ? 1 : a.stamp > b.stamp ? -1 : 0));
}

/** Write the record of a kept backup (never over an existing one); the error, or null. */
export async function writeRepairRecord(backupPath: string, record: Omit<RepairRecord, 'version' | 'backup'>): Promise<Error | null> {
  const recordPath = recordPathFor(backupPath);
  if (recordPath === null) return new Error(`${backupPath} is not named like a kept backup`);
  const full: RepairRecord = { version: 1, ...record, backup: path.basename(backupPath) };
  try {
    const handle = await open(recordPath, 'wx', 0o644);
    try {
      await handle.writeFile(`${JSON.stringify(full, null, 2)}\n`);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return null;
  } catch (error) {
    await unlink(recordPath).catch(() => undefined);
    return error as Error;
  }
}

/** A record read back: the record, or why it cannot be used. */
export type ReadRecord = { record: RepairRecord } | { problem: 'missing' | 'damaged'; detail: string };

/** Read and check the record of a kept backup. */
export async function readRepairRecord(backup: KeptBackup): Promise<ReadRecord> {
  let text: string;
  try {
    text = await readFile(backup.recordPath, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { problem: code === 'ENOENT' ? 'missing' : 'damaged', detail: code ?? (error as Error).message };
  }
  try {
    const value = JSON.parse(text) as Partial<RepairRecord>;
    const ok =
      value.version === 1 &&
      value.backup === path.basename(backup.backupPath) &&
      typeof value.digestBefore === 'string' &&
      DIGEST.test(value.digestBefore) &&
      typeof value.digestAfter === 'string' &&
      DIGEST.test(value.digestAfter) &&
      typeof value.repairedAt === 'string' &&
      typeof value.summary === 'string' &&
      typeof value.file === 'string';
    return ok ? { record: value as RepairRecord } : { problem: 'damaged', detail: 'fields missing or of the wrong kind' };
  } catch {
    return { problem: 'damaged', detail: 'not valid JSON' };
  }
}

/** Remove the record of a backup that is gone (put back by an undo, or pruned). */
export async function removeRepairRecord(backupPath: string): Promise<void> {
  const recordPath = recordPathFor(backupPath);
  if (recordPath !== null) await unlink(recordPath).catch(() => undefined);
}

/** What pruning removed, and what it could not. */
export interface Pruned {
  removed: string[];
  failed: string[];
}

/** Keep the `keep` newest kept backups of `file` (and their records); remove the older ones. */
export async function pruneKeptBackups(file: string, keep: number): Promise<Pruned> {
  const out: Pruned = { removed: [], failed: [] };
  if (!Number.isInteger(keep) || keep < 1) return out;
  for (const old of (await keptBackups(file)).slice(keep)) {
    try {
      await unlink(old.backupPath);
      out.removed.push(old.backupPath);
      await unlink(old.recordPath).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') out.failed.push(old.backupPath);
    }
  }
  return out;
}

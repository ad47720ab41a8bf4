/**
 * Backups kept after a repair (the app keeps one for Undo, the CLI with --keep-backup), and undoing
 * a repair from one: the kept bytes go back under the file's name by an atomic rename, only while
 * the file still holds exactly what the repair wrote and the backup exactly what it replaced.
 * Each kept backup carries a record of both digests, so a later run can undo it too.
 */
import { link, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { UndoResult } from '../../../shared/inspection.js';
import { DEFAULT_RETRY, fsyncDirectory, renameWithRetry } from './atomic-replace.js';
import { digestOf, locateSessionFile, sameFile, type LocatedFile } from './read-session.js';
import { openRegularFile } from '../regular-file.js';
import { describeWriters, findOpenWriters } from './open-writers.js';
import {
  keptBackups,
  pruneKeptBackups,
  readRepairRecord,
  recordPathFor,
  removeRepairRecord,
  writeRepairRecord,
  type RepairRecord,
} from './undo-records.js';

/** The bytes of a regular file; a FIFO or device swapped in under the name is refused, never waited on. */
async function readRegular(file: string): Promise<Buffer> {
  const handle = await openRegularFile(file, (reason) => new Error(`${file}: ${reason}`));
  return handle.readFile().finally(() => handle.close());
}

/** `session.jsonl.before-repair-2026-12-02T01-05-03.123Z`: sorts by time, says what it holds. */
export function keptBackupPath(file: string, now = new Date()): string {
  return `${file}.before-repair-${now.toISOString().replace(/:/g, '-')}`;
}

/**
 * Give the temporary backup its lasting name (a link, so an existing file is never replaced); on
 * any failure the backup stays where it is and that path is returned.
 */
export async function keepBackup(backup: string, file: string): Promise<string> {
  const now = Date.now();
  // Two repairs within one millisecond: the second takes the next free stamp.
  for (let ms = now; ms < now + 8; ms += 1) {
    const kept = keptBackupPath(file, new Date(ms));
    try {
      await link(backup, kept);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
      return backup;
    }
    await unlink(backup).catch(() => undefined);
    return kept;
  }
  return backup;
}

/** What a repair left to undo it: the backup and the digests of the bytes before and after. */
export interface UndoTicket {
  file: string;
  backupPath: string;
  digestBefore: string;
  digestAfter: string;
}

const refused = (reason: string, message: string): UndoResult => ({ status: 'refused', reason, message });

/** Every check an undo makes before it writes: why it would be refused, or the file it would put the backup over. */
async function checkUndo(ticket: UndoTicket): Promise<{ refusal: UndoResult } | { located: LocatedFile }> {
  const refuse = (reason: string, message: string) => ({ refusal: refused(reason, message) });
  const name = path.basename(ticket.file);
  const located = await locateSessionFile(ticket.file);
  if ('reason' in located) return refuse(located.reason, `Not undone: ${located.reason}; nothing was changed.`);
  let now: Buffer;
  let kept: Buffer;
  try {
    now = await readRegular(located.realFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return refuse('file unreadable', `Not undone: ${name} cannot be read (${code}); nothing was changed.`);
  }
  try {
    kept = await readRegular(ticket.backupPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return refuse('backup unreadable', `Not undone: the backup ${ticket.backupPath} cannot be read (${code}); nothing was changed.`);
  }
  if (digestOf(now) !== ticket.digestAfter)
    return refuse(
      'file changed since the repair',
      `Not undone: ${name} changed since the repair (an agent may have written to it), so putting the old bytes back would lose that; nothing was changed and the backup is still at ${ticket.backupPath}.`,
    );
  if (digestOf(kept) !== ticket.digestBefore)
    return refuse(
      'backup changed',
      `Not undone: the backup ${ticket.backupPath} no longer holds the bytes the repair replaced; nothing was changed.`,
    );
  // A process writing to the file would go on writing to the repaired bytes once they are replaced: its lines would be lost.
  const { writers } = await findOpenWriters(located.realFile);
  if (writers.length > 0)
    return refuse(
      'open for writing',
      `Not undone: ${name} is open for writing by ${describeWriters(writers)}, whose next lines would go to the replaced file and be lost; nothing was changed — stop it, then undo again.`,
    );
  return { located };
}

/** Put the backup back over the file, refusing unless both still hold the bytes of that repair. */
export async function undoRepairFile(ticket: UndoTicket): Promise<UndoResult> {
  const checked = await checkUndo(ticket);
  if ('refusal' in checked) return checked.refusal;
  const { located } = checked;
  const name = path.basename(ticket.file);
  const still = await stat(located.realFile, { bigint: true }).catch(() => null);
  if (still === null || !sameFile(located.stat, still))
    return refused('file changed since the repair', `Not undone: ${name} was modified while undoing; nothing was changed.`);
  try {
    await renameWithRetry(ticket.backupPath, located.realFile, DEFAULT_RETRY);
  } catch (error) {
    return refused('rename failed', `Not undone: ${(error as Error).message}; ${name} is unchanged.`);
  }
  await removeRepairRecord(ticket.backupPath);
  const dirNote = await fsyncDirectory(path.dirname(located.realFile));
  return {
    status: 'restored',
    message: `Undid the repair: ${name} has its original bytes again.${dirNote ? ` Note: ${dirNote}.` : ''}`,
  };
}

/** What keeping a backup for undo did: where it is, what was pruned, and notes for the result's message. */
export interface KeptForUndo {
  backupPath: string;
  pruned: string[];
  notes: string[];
}

/**
 * After a repair: give its backup a lasting name, record the digests an undo checks, and prune the
 * file's older kept backups down to `keep`. `digestBefore` is that of the backup's bytes (null: hash them).
 */
export async function keepForUndo(
  backup: string,
  file: string,
  record: { digestBefore: string | null; digestAfter: string; summary: string; keep: number },
): Promise<KeptForUndo> {
  const backupPath = await keepBackup(backup, file);
  const notes = [`the original bytes are kept at ${backupPath}`];
  if (recordPathFor(backupPath) === null) return { backupPath, pruned: [], notes };
  // The repair is done by now: a record that cannot be written is a note, never a failure.
  const before = record.digestBefore ?? readRegular(backupPath).then(digestOf);
  const problem = await Promise.resolve(before)
    .then((digestBefore) =>
      writeRepairRecord(backupPath, {
        file: path.basename(file),
        repairedAt: new Date().toISOString(),
        digestBefore,
        digestAfter: record.digestAfter,
        summary: record.summary,
      }),
    )
    .catch((error: unknown) => error as Error);
  if (problem !== null)
    notes.push(
      `the undo record could not be written (${problem.message}), so "undo" will refuse this backup: put it back by hand if needed`,
    );
  const pruned = await pruneKeptBackups(file, record.keep);
  if (pruned.removed.length > 0)
    notes.push(
      `kept the ${record.keep} newest backup(s) of this file and removed ${pruned.removed.length} older one(s): ${pruned.removed.join(', ')}`,
    );
  if (pruned.failed.length > 0) notes.push(`could not remove older backup(s): ${pruned.failed.join(', ')}`);
  return { backupPath, pruned: pruned.removed, notes };
}

/** The newest kept backup of a file and its record, or why there is none that can be undone. */
export type LastRepair =
  { ok: true; file: string; backupPath: string; record: RepairRecord } | { ok: false; reason: string; message: string };

/** The last repair of `file` that kept a backup, read from the record next to it. */
export async function findLastRepair(file: string): Promise<LastRepair> {
  const located = await locateSessionFile(file);
  if ('reason' in located) return { ok: false, reason: located.reason, message: `Not undone: ${located.reason}; nothing was changed.` };
  const name = path.basename(located.file);
  const [newest] = await keptBackups(located.realFile);
  if (newest === undefined)
    return {
      ok: false,
      reason: 'nothing to undo',
      message: `Not undone: there is no kept backup of ${name} next to it (a repair keeps one with --keep-backup, the app always), so there is nothing to put back.`,
    };
  const read = await readRepairRecord(newest);
  if ('problem' in read)
    return read.problem === 'missing'
      ? {
          ok: false,
          reason: 'no undo record',
          message: `Not undone: the newest backup ${newest.backupPath} has no record of what its repair wrote, so it cannot be checked that ${name} is unchanged since; nothing was changed (copy it back by hand if you are sure).`,
        }
      : {
          ok: false,
          reason: 'undo record damaged',
          message: `Not undone: the record ${newest.recordPath} of the newest backup cannot be used (${read.detail}); nothing was changed and the backup is still at ${newest.backupPath}.`,
        };
  return { ok: true, file: located.file, backupPath: newest.backupPath, record: read.record };
}

/**
 * Undo the last repair of `file` that kept a backup (the CLI's `undo`, the app's "Undo last repair"):
 * the newest kept backup goes back under the file's name atomically, refused unless the file holds
 * exactly what that repair wrote and the backup what it replaced. Never throws.
 */
export async function undoLastRepair(file: string): Promise<UndoResult> {
  const last = await findLastRepair(file);
  if (!last.ok) return refused(last.reason, last.message);
  return undoRepairFile({
    file: last.file,
    backupPath: last.backupPath,
    digestBefore: last.record.digestBefore,
    digestAfter: last.record.digestAfter,
  });
}

/** What undoing the last repair would do now: `would-restore`, or the refusal an undo would give. Writes nothing. */
export type UndoPreview = UndoResult | { status: 'would-restore'; message: string };

/** The CLI's `undo --dry-run`: every check of {@link undoLastRepair}, without putting anything back. Never throws. */
export async function previewUndoLastRepair(file: string): Promise<UndoPreview> {
  const last = await findLastRepair(file);
  if (!last.ok) return refused(last.reason, last.message);
  const checked = await checkUndo({
    file: last.file,
    backupPath: last.backupPath,
    digestBefore: last.record.digestBefore,
    digestAfter: last.record.digestAfter,
  });
  if ('refusal' in checked) return checked.refusal;
  const name = path.basename(last.file);
  return {
    status: 'would-restore',
    message: `Would undo the repair: ${name} would have its original bytes again from ${last.backupPath}; nothing was changed (run without --dry-run to undo).`,
  };
}

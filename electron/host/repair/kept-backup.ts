/**
 * Backups kept after a repair (the app keeps one for Undo, the CLI with --keep-backup), and undoing
 * a repair from one: the kept bytes go back under the file's name by an atomic rename, only while
 * the file still holds exactly what the repair wrote and the backup exactly what it replaced.
 */
import { link, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { UndoResult } from '../../../shared/inspection.js';
import { DEFAULT_RETRY, fsyncDirectory, renameWithRetry } from './atomic-replace.js';
import { digestOf, locateSessionFile, sameFile } from './read-session.js';
import { openRegularFile } from '../regular-file.js';
import { describeWriters, findOpenWriters } from './open-writers.js';

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
  const kept = keptBackupPath(file);
  try {
    await link(backup, kept);
  } catch {
    return backup;
  }
  await unlink(backup).catch(() => undefined);
  return kept;
}

/** What a repair left to undo it: the backup and the digests of the bytes before and after. */
export interface UndoTicket {
  file: string;
  backupPath: string;
  digestBefore: string;
  digestAfter: string;
}

const refused = (reason: string, message: string): UndoResult => ({ status: 'refused', reason, message });

/** Put the backup back over the file, refusing unless both still hold the bytes of that repair. */
export async function undoRepairFile(ticket: UndoTicket): Promise<UndoResult> {
  const name = path.basename(ticket.file);
  const located = await locateSessionFile(ticket.file);
  if ('reason' in located) return refused(located.reason, `Not undone: ${located.reason}; nothing was changed.`);
  let now: Buffer;
  let kept: Buffer;
  try {
    now = await readRegular(located.realFile);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return refused('file unreadable', `Not undone: ${name} cannot be read (${code}); nothing was changed.`);
  }
  try {
    kept = await readRegular(ticket.backupPath);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    return refused('backup unreadable', `Not undone: the backup ${ticket.backupPath} cannot be read (${code}); nothing was changed.`);
  }
  if (digestOf(now) !== ticket.digestAfter)
    return refused(
      'file changed since the repair',
      `Not undone: ${name} changed since the repair (an agent may have written to it), so putting the old bytes back would lose that; nothing was changed. The backup is still at ${ticket.backupPath}.`,
    );
  if (digestOf(kept) !== ticket.digestBefore)
    return refused(
      'backup changed',
      `Not undone: the backup ${ticket.backupPath} no longer holds the bytes the repair replaced; nothing was changed.`,
    );
  // A process writing to the file would go on writing to the repaired bytes once they are replaced: its lines would be lost.
  const { writers } = await findOpenWriters(located.realFile);
  if (writers.length > 0)
    return refused(
      'open for writing',
      `Not undone: ${name} is open for writing by ${describeWriters(writers)}; what it writes would go to the replaced file and be lost. Stop it, then undo again; nothing was changed.`,
    );
  const still = await stat(located.realFile, { bigint: true }).catch(() => null);
  if (still === null || !sameFile(located.stat, still))
    return refused('file changed since the repair', `Not undone: ${name} was modified while undoing; nothing was changed.`);
  try {
    await renameWithRetry(ticket.backupPath, located.realFile, DEFAULT_RETRY);
  } catch (error) {
    return refused('rename failed', `Not undone: ${(error as Error).message}; ${name} is unchanged.`);
  }
  const dirNote = await fsyncDirectory(path.dirname(located.realFile));
  return {
    status: 'restored',
    message: `Undid the repair: ${name} has its original bytes again.${dirNote ? ` Note: ${dirNote}.` : ''}`,
  };
}

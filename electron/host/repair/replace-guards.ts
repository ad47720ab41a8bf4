/**
 * What must hold before a repair renames a new file over a session: no other process writing to it
 * (its later lines would go to the old inode and be lost) and no other name for it (a hard link
 * would go on naming the old bytes). `force` replaces anyway, and the result says what that means.
 */
import type { BigIntStats } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ForceableRefusal } from '../../../shared/repair/refusal.js';
import { describeWriters, findOpenWriters, type OpenWriter } from './open-writers.js';

/** A reason not to replace, or what to tell about replacing. */
export type ReplaceCheck =
  { refused: true; reason: ForceableRefusal; text: string } | { refused: false; writers: OpenWriter[]; notes: string[] };

/** How many of `names` are this very inode: the backups an interrupted repair left are links to it, not other names a user made. */
async function countSameFile(info: BigIntStats, names: readonly string[]): Promise<number> {
  let same = 0;
  for (const name of names) {
    const other = await stat(name, { bigint: true }).catch(() => null);
    if (other !== null && other.ino === info.ino && other.dev === info.dev) same += 1;
  }
  return same;
}

/**
 * Check that `realFile` (stat `info`) can be replaced now; `ownBackups` are backups of earlier
 * interrupted repairs next to it, which may be links to it. Never throws.
 */
export async function checkReplaceable(
  realFile: string,
  info: BigIntStats,
  force: boolean,
  ownBackups: readonly string[] = [],
): Promise<ReplaceCheck> {
  const notes: string[] = [];
  const links = Number(info.nlink);
  const others = links > 1 ? links - 1 - (await countSameFile(info, ownBackups)) : 0;
  if (others > 0) {
    if (!force)
      return {
        refused: true,
        reason: 'has other links',
        text: `it has ${others} other name(s) (hard links): the repaired file would replace this name only, and the other name(s) would keep the old bytes — remove the other link(s) or copy the file first, or force the repair`,
      };
    notes.push(`the repair was forced on a file with ${others} other name(s) (hard links): they still hold the old bytes`);
  }
  const { writers, unchecked } = await findOpenWriters(realFile);
  if (writers.length > 0) {
    const who = describeWriters(writers);
    if (!force)
      return {
        refused: true,
        reason: 'open for writing',
        text: `it is open for writing by ${who}: lines it writes after the repair would go to the old file and be lost — stop it (or let its agent finish) and try again, or force the repair`,
      };
    notes.push(
      `the repair was forced while another process had the file open for writing (${who}): what it writes from now on goes to the old file, kept as the backup`,
    );
  } else if (unchecked) {
    notes.push(`other processes writing to the file could not be checked (${unchecked})`);
  }
  return { refused: false, writers, notes };
}

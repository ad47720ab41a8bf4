/**
 * What must hold before a repair renames a new file over a session: no other process writing to it
 * (its later lines would go to the old inode and be lost). `force` replaces anyway, and the result
 * says what that means.
 */
import { describeWriters, findOpenWriters, type OpenWriter } from './open-writers.js';

/** A reason not to replace, or what to tell about replacing. */
export type ReplaceCheck =
  { refused: true; reason: 'open for writing'; text: string } | { refused: false; writers: OpenWriter[]; notes: string[] };

/** Check that `realFile` can be replaced now. Never throws. */
export async function checkReplaceable(realFile: string, force: boolean): Promise<ReplaceCheck> {
  const notes: string[] = [];
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

/**
 * What the new file must inherit from the one it replaces besides its bytes and mode: its owner and
 * group (a session in a shared group directory must stay writable by the group) and its extended
 * attributes (labels, ACLs, quarantine or backup flags). What cannot be kept is said, not hidden.
 */
import { execFile } from 'node:child_process';
import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/** Give the temp file the original's owner and group where permitted; returns notes for what could not be kept. */
export async function keepOwnerAndGroup(handle: FileHandle, original: BigIntStats): Promise<string[]> {
  const uid = Number(original.uid);
  const gid = Number(original.gid);
  const self = typeof process.getuid === 'function' ? process.getuid() : null;
  // No owners to keep (Windows): nothing to say either.
  if (self === null) return [];
  const notes: string[] = [];
  if (self === 0) {
    await handle.chown(uid, gid).catch((error: Error) => notes.push(`its owner and group could not be kept (${error.message})`));
    return notes;
  }
  // A user may give a file to any group they belong to, never to another user.
  await handle.chown(-1, gid).catch(() => undefined);
  const now = await handle.stat();
  if (now.gid !== gid)
    notes.push(
      `its group could not be kept: it was group ${gid} and is now group ${now.gid} (you are not a member of group ${gid}), so that group may have lost access`,
    );
  if (now.uid !== uid)
    notes.push(`it now belongs to you (user ${now.uid}), not to user ${uid} as before: only root can keep another user's ownership`);
  return notes;
}

/**
 * Copy the original's extended attributes (and ACLs) to the temp file. Node has no API for them;
 * GNU cp copies attributes alone, leaving the content as it is. Returns a note when they could not
 * be copied; elsewhere than Linux none is attempted (null: say nothing).
 */
export function copyExtendedAttributes(original: string, temp: string): Promise<string | null> {
  if (process.platform !== 'linux') return Promise.resolve(null);
  return new Promise((resolve) => {
    execFile('cp', ['--attributes-only', '--preserve=mode,xattr', '--', original, temp], { timeout: 30_000 }, (error, _stdout, stderr) => {
      if (error === null) resolve(null);
      else {
        const why = String(stderr).trim().split('\n')[0] || error.message;
        resolve(`its extended attributes could not be copied to the repaired file (${why})`);
      }
    });
  });
}

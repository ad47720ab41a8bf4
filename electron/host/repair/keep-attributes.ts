/**
 * What the new file must inherit from the one it replaces besides its bytes and mode: its owner and
 * group (a session in a shared group directory must stay writable by the group) and its extended
 * attributes (labels, ACLs, quarantine or backup flags). What cannot be kept is said, not hidden.
 */
import { spawn } from 'node:child_process';
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
 *
 * cp is given the temp file's open descriptor (`/dev/fd/3`), never its name: cp creates a missing
 * destination, and if this process is killed while cp starts, the next repair removes the stale temp
 * file and cp, still running, would make it again under its old name. Through the descriptor it can
 * only reach the file this repair opened, named or already removed.
 */
export function copyExtendedAttributes(original: string, temp: FileHandle): Promise<string | null> {
  if (process.platform !== 'linux') return Promise.resolve(null);
  return new Promise((resolve) => {
    const cp = spawn('cp', ['--attributes-only', '--preserve=mode,xattr', '--', original, '/dev/fd/3'], {
      stdio: ['ignore', 'ignore', 'pipe', temp.fd],
      timeout: 30_000,
    });
    let stderr = '';
    cp.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const failed = (why: string) => resolve(`its extended attributes could not be copied to the repaired file (${why})`);
    cp.on('error', (error) => failed(error.message));
    cp.on('close', (code, signal) => {
      if (code === 0) resolve(null);
      else failed(stderr.trim().split('\n')[0] || (signal ? `cp was stopped by ${signal}` : `cp exited with code ${code}`));
    });
  });
}

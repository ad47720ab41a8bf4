/**
 * Whether another program is working on a session file right now: it changed in the last minute, or
 * (on Linux, for the processes this user may look at) another process holds it open.
 */
import { readdir, readlink } from 'node:fs/promises';

/** A file modified this recently is taken to be still written by its agent. */
export const RECENT_WRITE_MS = 60_000;

/**
 * Files other processes hold open, by path, with one pid holding each. Read once per scan from
 * `/proc/<pid>/fd`; empty where there is no `/proc` (macOS, Windows) or it cannot be read.
 */
export async function filesHeldOpen(): Promise<Map<string, number>> {
  const held = new Map<string, number>();
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return held;
  }
  await Promise.all(
    pids.map(async (pid) => {
      let fds: string[];
      try {
        fds = await readdir(`/proc/${pid}/fd`);
      } catch {
        return;
      }
      for (const fd of fds) {
        const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
        if (target.startsWith('/') && !held.has(target)) held.set(target, Number(pid));
      }
    }),
  );
  return held;
}

/** Why a file counts as in use, or null. */
export function inUseReason(mtimeMs: number, now: number, holder: number | undefined): string | null {
  if (holder !== undefined) return `held open by another process (pid ${holder})`;
  if (mtimeMs > 0 && now - mtimeMs < RECENT_WRITE_MS && mtimeMs <= now + 5_000)
    return `modified ${Math.max(0, Math.round((now - mtimeMs) / 1000))} s ago: an agent may still be writing it`;
  return null;
}

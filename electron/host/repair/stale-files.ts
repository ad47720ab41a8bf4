/** Leftovers of interrupted repairs next to a session file: stale temp files (removed) and backups (kept). */
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';

/** Temp files this process is writing right now; they are never stale. */
export const tempFilesInFlight = new Set<string>();

/** A temp file older than this is stale even when its pid belongs to a live process (pids get reused). */
const STALE_AFTER_MS = 60 * 60 * 1000;

/** The name of the temp file a repair writes (`<file>.repair-<pid>-<ms>.tmp`). */
export function tempPathFor(file: string, ms: number): string {
  return `${file}.repair-${process.pid}-${ms}.tmp`;
}

/** The name of the backup a repair keeps until the replace succeeded (`<file>.bak-<pid>-<ms>`). */
export function backupPathFor(file: string, ms: number): string {
  return `${file}.bak-${process.pid}-${ms}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the pid exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What an earlier crash left behind. */
export interface Leftovers {
  staleTempFiles: string[];
  backups: string[];
}

/**
 * Find leftovers of earlier repairs of `file`.
 *
 * A temp file is stale when the process that wrote it is gone (or is this one and no longer
 * writing it), or when it is older than an hour. Backups are listed, never judged: after a crash at
 * the wrong moment a backup may hold the only copy of the original bytes.
 */
export async function findLeftovers(file: string): Promise<Leftovers> {
  const dir = path.dirname(file);
  const base = escapeRegExp(path.basename(file));
  const tempPattern = new RegExp(`^${base}\\.repair-(\\d+)-(\\d+)\\.tmp$`);
  const backupPattern = new RegExp(`^${base}\\.bak-(\\d+)-(\\d+)$`);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { staleTempFiles: [], backups: [] };
  }
  const out: Leftovers = { staleTempFiles: [], backups: [] };
  for (const name of names.sort()) {
    const full = path.join(dir, name);
    if (backupPattern.test(name)) {
      out.backups.push(full);
      continue;
    }
    const m = tempPattern.exec(name);
    if (!m || tempFilesInFlight.has(full)) continue;
    const pid = Number(m[1]);
    const mtimeMs = await stat(full).then(
      (s) => s.mtimeMs,
      () => null,
    );
    if (mtimeMs === null) continue;
    const old = Date.now() - mtimeMs > STALE_AFTER_MS;
    if (pid === process.pid || !processAlive(pid) || old) out.staleTempFiles.push(full);
  }
  return out;
}

/** Remove stale temp files; returns the ones removed and the ones that could not be. */
export async function removeStaleTempFiles(files: readonly string[]): Promise<{ removed: string[]; failed: string[] }> {
  const removed: string[] = [];
  const failed: string[] = [];
  for (const file of files) {
    try {
      await unlink(file);
      removed.push(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      failed.push(file);
    }
  }
  return { removed, failed };
}

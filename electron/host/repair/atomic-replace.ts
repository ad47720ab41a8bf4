/** The file-system steps of an atomic replace: full writes, backups, retried renames, directory fsync. */
import { constants } from 'node:fs';
import { access, chmod, copyFile, link, open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Errors a rename may hit transiently on Windows (a scanner or indexer holds the file for a moment). */
const TRANSIENT_RENAME_CODES = new Set(['EPERM', 'EBUSY', 'EACCES']);

/** How renames are retried (tests shorten it). */
export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
}

/** Five retries, 25 ms doubling (≈ 0.8 s in all): long enough for an antivirus scan to let go. */
export const DEFAULT_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 25 };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Write every byte of `chunks` at `position`, looping on short writes.
 *
 * Chunks go out in batches through `writev`, so an untouched 100 MB range costs one system call
 * and no copy.
 */
export async function writeAll(handle: FileHandle, chunks: readonly Uint8Array[], position: number): Promise<number> {
  let at = position;
  for (let i = 0; i < chunks.length; i += 256) {
    const batch = chunks.slice(i, i + 256).filter((c) => c.length > 0);
    const total = batch.reduce((n, c) => n + c.length, 0);
    if (total === 0) continue;
    const { bytesWritten } = await handle.writev(batch, at);
    if (bytesWritten < total) {
      // A short write is legal (full disk, signals): finish it chunk by chunk, or fail loudly.
      let skip = bytesWritten;
      let pos = at + bytesWritten;
      for (const chunk of batch) {
        if (skip >= chunk.length) {
          skip -= chunk.length;
          continue;
        }
        let off = skip;
        skip = 0;
        while (off < chunk.length) {
          const { bytesWritten: n } = await handle.write(chunk, off, chunk.length - off, pos);
          if (n <= 0) throw new Error('the disk accepted no more bytes (is it full?)');
          off += n;
          pos += n;
        }
      }
    }
    at += total;
  }
  return at - position;
}

/** Rename with retries on transient (Windows-style) errors; other errors fail at once. Returns the attempts used. */
export async function renameWithRetry(
  from: string,
  to: string,
  retry: RetryPolicy = DEFAULT_RETRY,
  renameFile: (a: string, b: string) => Promise<void> = rename,
): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await renameFile(from, to);
      return attempt;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (!TRANSIENT_RENAME_CODES.has(code) || attempt >= retry.attempts) throw error;
      await sleep(retry.baseDelayMs * 2 ** (attempt - 1));
    }
  }
}

/**
 * fsync a directory so a rename in it survives a power cut.
 *
 * Some platforms cannot open or sync a directory (Windows: EPERM/EISDIR); the rename is then as
 * durable as that platform makes it, which is reported as a note, not a failure.
 */
export async function fsyncDirectory(dir: string): Promise<string | null> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(dir, 'r');
    await handle.sync();
    return null;
  } catch (error) {
    return `the directory could not be synced (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Keep the original bytes under `backup`.
 *
 * A hard link first: it is instant, costs no space, and holds exactly the original bytes, because
 * the repair never writes into the original file — it renames a new file over its name, and the old
 * inode lives on under the backup name. Where links are not supported, a real copy with the mode.
 */
export async function makeBackup(file: string, backup: string, mode: number): Promise<'link' | 'copy'> {
  try {
    await link(file, backup);
    return 'link';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw error;
  }
  await copyFile(file, backup, constants.COPYFILE_EXCL);
  try {
    await chmod(backup, mode);
  } catch (error) {
    await removeQuietly(backup);
    throw error;
  }
  return 'copy';
}

/** Why the file cannot be replaced in place, or null when it can. */
export async function writeProblem(file: string, mode: number): Promise<string | null> {
  const dir = path.dirname(file);
  // The mode bits first: root passes access(W_OK) on a read-only file, but chmod a-w means "keep out".
  if ((mode & 0o222) === 0) return `the file is read-only (mode ${(mode & 0o777).toString(8)})`;
  try {
    await access(file, constants.W_OK);
  } catch (error) {
    return `the file is not writable (${(error as NodeJS.ErrnoException).code ?? 'no permission'})`;
  }
  try {
    const dirStat = await stat(dir);
    if ((Number(dirStat.mode) & 0o222) === 0) return `its directory ${dir} is read-only, so no temp file can be created next to it`;
    await access(dir, constants.W_OK | constants.X_OK);
  } catch (error) {
    return `its directory ${dir} is not writable (${(error as NodeJS.ErrnoException).code ?? 'no permission'}), so no temp file can be created next to it`;
  }
  return null;
}

/** Remove a file, ignoring a file that is already gone; returns the error for anything else. */
export async function removeQuietly(file: string): Promise<Error | null> {
  try {
    await unlink(file);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? null : (error as Error);
  }
}

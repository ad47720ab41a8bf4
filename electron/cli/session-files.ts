/**
 * The session files below a directory for `--all`: `*.jsonl`, without what the folder view skips
 * (backups and temp files of repairs, trajectory logs, checkpoints, archived sessions). What cannot
 * be used is listed with its reason, never a reason to stop: an unreadable subdirectory, a FIFO or device with a session's name, a symbolic link that points nowhere.
 */
import type { Dirent } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { skipReason } from '../host/folder/discover.js';
import { notRegularKind } from '../host/regular-file.js';

/** Something below the directory that was not read, and why. */
export interface SkippedPath {
  file: string;
  reason: string;
  /** A directory that could not be listed: session files in it may have been missed. */
  unlisted?: boolean;
}

/** What a walk found. */
export interface SessionFileScan {
  files: string[];
  skipped: SkippedPath[];
}

const byName = (a: Dirent, b: Dirent) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
// What the folder view skips too: repairs' backups and temp files, trajectory logs, checkpoints, archived sessions.
const isSessionName = (name: string) => skipReason(name) === null;

function errorReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOENT') return 'it disappeared while it was being listed';
  if (code === 'ENAMETOOLONG') return 'its path is longer than the system allows';
  return (error as Error).message;
}

/** Where a session-named entry that is not a regular file leads, as a reason; null for a file to read. */
async function unusableEntry(full: string, entry: Dirent): Promise<string | null> {
  if (entry.isFile()) return null;
  if (!entry.isSymbolicLink()) return `it is a special file, not a regular file`;
  try {
    const target = await stat(full);
    const kind = notRegularKind(target);
    return kind === null ? null : `it is a symbolic link to ${kind}, not to a regular file`;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ELOOP' ? 'it is a dangling symbolic link' : `its link cannot be followed (${errorReason(error)})`;
  }
}

async function listed(at: string): Promise<Dirent[]> {
  return (await readdir(at, { withFileTypes: true })).sort(byName);
}

/**
 * Walk `dir` in name order, depth first, with a stack of its own (no recursion, whatever the
 * depth). Symlinked directories are not followed (no loops); symlinked files are. Only the top
 * directory failing to list throws.
 */
export async function findSessionFiles(dir: string): Promise<SessionFileScan> {
  const files: string[] = [];
  const skipped: SkippedPath[] = [];
  const stack = [{ at: dir, entries: await listed(dir), next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next >= top.entries.length) {
      stack.pop();
      continue;
    }
    const entry = top.entries[top.next];
    top.next += 1;
    const full = path.join(top.at, entry.name);
    if (entry.isDirectory()) {
      try {
        stack.push({ at: full, entries: await listed(full), next: 0 });
      } catch (error) {
        skipped.push({ file: full, reason: `the directory cannot be listed (${errorReason(error)})`, unlisted: true });
      }
    } else if (isSessionName(entry.name)) {
      const reason = await unusableEntry(full, entry);
      if (reason === null) files.push(full);
      else skipped.push({ file: full, reason });
    }
  }
  return { files, skipped };
}

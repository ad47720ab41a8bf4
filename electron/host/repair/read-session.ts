/** Reading a session file for repair: its real path, its bytes, its stat and its digest. */
import { createHash } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import type { BigIntStats } from 'node:fs';
import path from 'node:path';
import type { RefusalKind } from '../../../shared/repair/refusal.js';
import { notRegularKind, openRegularFile } from '../regular-file.js';

/** A session file as read: what the plan and the write are based on. */
export interface SessionSnapshot {
  /** The path given, resolved. */
  file: string;
  /** The real path (symlinks resolved): the file that is replaced, so a link stays a link. */
  realFile: string;
  bytes: Buffer;
  stat: BigIntStats;
}

/** A read that failed, and why in words. */
export interface ReadFailure {
  kind: Extract<RefusalKind, 'unreadable'>;
  reason: string;
}

const unreadable = (reason: string): ReadFailure => ({ kind: 'unreadable', reason });

/** sha-256 (hex) of bytes, with node:crypto (≈1.5 GB/s; the pure one is for the engine). */
export function digestOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** sha-256 (hex) of byte pieces taken in order, as if they were one buffer. */
export function digestOfChunks(chunks: readonly Uint8Array[]): string {
  const hash = createHash('sha256');
  for (const chunk of chunks) hash.update(chunk);
  return hash.digest('hex');
}

function describeReadError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory, not a session file';
  if (code === 'ELOOP') return 'too many symbolic links';
  if (code === 'ERR_FS_FILE_TOO_LARGE')
    return `${(error as Error).message}: repair holds the whole file in memory, so files over 2 GiB cannot be repaired here (they can be inspected)`;
  return (error as Error).message ?? String(error);
}

/** True when a file's identity and content stamps are the same in two stats (ctime moves on link()). */
export function sameFile(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs;
}

/** Where a session file really is, and its stat, without reading it. */
export interface LocatedFile {
  file: string;
  realFile: string;
  stat: BigIntStats;
}

/** Resolve a session path (symlinks too) and stat it; directories and special files are refused. */
export async function locateSessionFile(file: string): Promise<LocatedFile | ReadFailure> {
  if (typeof file !== 'string' || file.trim() === '') return unreadable('missing session file: no path was given');
  const resolved = path.resolve(file.trim());
  try {
    const realFile = await realpath(resolved);
    const info = await stat(realFile, { bigint: true });
    if (info.isDirectory()) return unreadable(`failed to read session file: ${resolved}: it is a directory, not a session file`);
    if (!info.isFile()) return unreadable(`failed to read session file: ${resolved}: it is ${notRegularKind(info)}, not a regular file`);
    return { file: resolved, realFile, stat: info };
  } catch (error) {
    return unreadable(`failed to read session file: ${resolved}: ${describeReadError(error)}`);
  }
}

/**
 * Read a session file, refusing directories and files that change while they are read.
 *
 * Never throws: a failure comes back as `failed to read session file: …`.
 */
export async function readSessionFile(file: string): Promise<SessionSnapshot | ReadFailure> {
  const located = await locateSessionFile(file);
  if ('reason' in located) return located;
  try {
    // Checked again on the descriptor: a file swapped for a FIFO since the stat must not block the read.
    const handle = await openRegularFile(located.realFile, (reason) => new Error(reason));
    const bytes = await handle.readFile().finally(() => handle.close());
    const after = await stat(located.realFile, { bigint: true });
    if (!sameFile(located.stat, after) || BigInt(bytes.length) !== after.size) {
      return unreadable(
        `failed to read session file: ${located.file}: it changed while it was being read (is an agent still writing to it?) — try again`,
      );
    }
    return { file: located.file, realFile: located.realFile, bytes, stat: after };
  } catch (error) {
    return unreadable(`failed to read session file: ${located.file}: ${describeReadError(error)}`);
  }
}

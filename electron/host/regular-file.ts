/**
 * Session input is a regular file, always: a FIFO or a terminal would block a read forever, and
 * `/dev/zero` or `/dev/urandom` never end. Anything else is refused with what it is.
 */
import { constants, type BigIntStats, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

/** What a non-regular file is, in words; null for a regular file. */
export function notRegularKind(info: Stats | BigIntStats): string | null {
  if (info.isFile()) return null;
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO (named pipe)';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'a special file';
}

/** The sentence a refusal ends with. */
export function notRegularReason(info: Stats | BigIntStats): string | null {
  const kind = notRegularKind(info);
  if (kind === null) return null;
  return `is ${kind}, not a regular file: only session files on disk can be read`;
}

/**
 * Open a file for reading only if it is a regular file, checked on the open descriptor (so a file
 * swapped for a FIFO after a stat is still caught). The open does not block on a FIFO without a
 * writer: it is non-blocking where the platform has the flag, which changes nothing for a regular file.
 */
export async function openRegularFile(file: string, refuse: (reason: string) => Error): Promise<FileHandle> {
  const flags = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);
  const handle = await open(file, flags);
  try {
    const reason = notRegularReason(await handle.stat());
    if (reason !== null) throw refuse(reason);
    return handle;
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/** Reading the input of `inspect()` from disk: a session file or a JSON message array. */
import type { BigIntStats, Stats } from 'node:fs';
import { stat, type FileHandle } from 'node:fs/promises';
import { notRegularReason, openRegularFile } from './regular-file.js';

/** A clear, one-line error about an input that cannot be used at all. */
export class InputError extends Error {
  override name = 'InputError';
}

/** Check that a file can be read as a session: a readable error for a missing file, a directory or no permission. Returns its size in bytes. */
export async function statInput(file: string): Promise<number> {
  return (await statSession(file)).size;
}

/** `statInput`, with the time the file was last written (ms): together, what tells that it changed. */
export async function statSession(file: string): Promise<{ size: number; mtimeMs: number }> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new InputError(`${file}: no such file`);
    if (code === 'EACCES' || code === 'EPERM') throw new InputError(`${file}: permission denied`);
    throw new InputError(`${file}: cannot be read (${(error as Error).message})`);
  }
  if (info.isDirectory()) throw new InputError(`${file}: is a directory, not a session file (use --all DIR for a directory)`);
  const notRegular = notRegularReason(info);
  if (notRegular !== null) throw new InputError(`${file}: ${notRegular}`);
  return { size: info.size, mtimeMs: info.mtimeMs };
}

/** A file's identity and version, as one stat saw them: what tells that a file is no longer the one read. */
export interface FileVersion {
  mtimeMs: number;
  size: number;
  ino: number;
}

/** The version of a file in one stat (a large inode number may round, the same way in every stat). */
export function fileVersionOf(stats: Stats | BigIntStats): FileVersion {
  return { mtimeMs: Number(stats.mtimeMs), size: Number(stats.size), ino: Number(stats.ino) };
}

/** The bytes of a file, with a readable error for a missing file, a directory or no permission. */
export async function readInputBytes(file: string): Promise<Uint8Array> {
  await statInput(file);
  const handle = await openSessionFile(file);
  try {
    return await handle.readFile();
  } catch (error) {
    throw new InputError(`${file}: cannot be read (${(error as Error).message})`);
  } finally {
    await handle.close();
  }
}

/** Open a session file for reading: a regular file, or an InputError that says what it is instead. */
export async function openSessionFile(file: string): Promise<FileHandle> {
  try {
    return await openRegularFile(file, (reason) => new InputError(`${file}: ${reason}`));
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${file}: cannot be read (${(error as Error).message})`);
  }
}

/**
 * Bytes appended to the original after it was read for the repair (by a writer that kept the file
 * open, or in the instant before the rename): read from the old inode and added to the end of the
 * repaired file, so no appended line is lost.
 */
import { open, type FileHandle } from 'node:fs/promises';
import { writeAll } from './atomic-replace.js';

const CHUNK = 4 * 1024 * 1024;

/**
 * Copy what `original` (a handle on the old inode, opened before the rename) holds past
 * `plannedSize` to the end of `target`; returns the bytes carried over (0: nothing was appended).
 */
export async function carryAppendedTail(original: FileHandle, plannedSize: number, target: string): Promise<number> {
  const { size } = await original.stat();
  if (size <= plannedSize) return 0;
  const out = await open(target, 'r+');
  try {
    let at = (await out.stat()).size;
    const buffer = Buffer.alloc(Math.min(CHUNK, size - plannedSize));
    for (let from = plannedSize; from < size;) {
      const { bytesRead } = await original.read(buffer, 0, Math.min(buffer.length, size - from), from);
      if (bytesRead === 0) break;
      at += await writeAll(out, [buffer.subarray(0, bytesRead)], at);
      from += bytesRead;
    }
    await out.sync();
    return size - plannedSize;
  } finally {
    await out.close();
  }
}

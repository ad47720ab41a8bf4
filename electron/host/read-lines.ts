/**
 * The physical lines of a file, read in chunks (the next read runs while a chunk's lines are
 * handled): the session reader and the preview's skeleton read both walk a file this way. A line
 * split across chunks is only measured while the chunks go by, then read again whole, at its
 * offset, into a buffer kept from one such line to the next: a long line costs one buffer of its
 * size, not pieces and their concatenation. One longer than `maxLine` is not read, only measured.
 */
import type { FileHandle } from 'node:fs/promises';

const LF = 0x0a;
/** The longest line whose buffer is kept for the next line that spans chunks. */
const KEPT_LINE_BYTES = 16 * 1024 * 1024;
const CR = 0x0d;

/** Options of `readLines`. */
export interface ReadLinesOptions {
  chunkBytes: number;
  /** Bytes at the start that belong to no line (a UTF-8 BOM): still given to `onChunk`. */
  skip: number;
  /** Longest line kept, without its CR; a longer one comes with null bytes. */
  maxLine: number;
  /** Each chunk as read, before its lines (to hash the bytes). */
  onChunk?(chunk: Buffer): void;
  /** After each chunk's lines: the bytes read so far. */
  onProgress?(bytesRead: number): void;
  /** The error to throw for a failed read. */
  readError(error: Error): Error;
}

/**
 * One physical line, in file order: its bytes without LF or CR (null when longer than maxLine), the
 * offset where it starts and its length without CR. The bytes are only valid during the call.
 */
export type LineHandler = (bytes: Buffer | null, offset: number, length: number) => void;

/**
 * One physical line as a range of a buffer: `buffer[start, end)` are its bytes without LF or CR
 * (buffer null when longer than maxLine: then `end - start` is its length), `offset` where it starts
 * in the file. The buffer is only valid during the call.
 */
export type LineRangeHandler = (buffer: Buffer | null, start: number, end: number, offset: number) => void;

/** Read every line of the file; resolves with the bytes read. */
export function readLines(handle: FileHandle, options: ReadLinesOptions, line: LineHandler): Promise<number> {
  return readLineRanges(handle, options, (buffer, start, end, offset) => line(buffer && buffer.subarray(start, end), offset, end - start));
}

/**
 * `readLines` without a Buffer view made for each line: the session reader decodes each line
 * straight from its chunk, as the parse floor does (a view per line cost a tenth of the floor on a
 * session of short turns).
 */
export async function readLineRanges(handle: FileHandle, options: ReadLinesOptions, line: LineRangeHandler): Promise<number> {
  const { chunkBytes, maxLine } = options;
  const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
  const read = (buffer: Buffer, position: number) =>
    handle.read(buffer, 0, chunkBytes, position).catch((error: Error) => {
      throw options.readError(error);
    });
  let skip = options.skip;
  let size = 0;
  // A line that continues in the next chunk: its offset, its length so far and its last byte.
  let carryStart = 0;
  let carryBytes = 0;
  let carryLast = 0;
  const whole = (buffer: Buffer, start: number, end: number, offset: number): void => {
    line(buffer, start, end > start && buffer[end - 1] === CR ? end - 1 : end, offset);
  };
  let lineBuffer = Buffer.alloc(0);
  // A line read again into a buffer of its own (longer than KEPT_LINE_BYTES) gives it up once handled.
  const wholeAgain = (bytes: Buffer, length: number, offset: number): void => {
    try {
      whole(bytes, 0, length, offset);
    } finally {
      if (length > KEPT_LINE_BYTES) giveUp(bytes);
    }
  };
  // The bytes of a line that spanned chunks, read again; `tail` is its part in the last chunk, which
  // must read the same (a cheap check that the file was not rewritten meanwhile: chunks are read at
  // different times anyway, and repair checks the digest of its own read).
  const reread = async (position: number, length: number, tail: Buffer): Promise<Buffer> => {
    // A line longer than KEPT_LINE_BYTES gets a buffer of its own, given up once the line is handled
    // (`wholeAgain`): a 50 MB tool output must not hold 50 MB until the whole file is read.
    let into: Buffer;
    if (length > KEPT_LINE_BYTES) {
      lineBuffer = Buffer.alloc(0);
      into = Buffer.allocUnsafe(length);
    } else {
      if (lineBuffer.length < length) lineBuffer = Buffer.allocUnsafe(length);
      into = lineBuffer;
    }
    for (let done = 0; done < length;) {
      const { bytesRead } = await handle.read(into, done, length - done, position + done).catch((error: Error) => {
        throw options.readError(error);
      });
      if (bytesRead === 0) throw options.readError(new Error('the file became shorter while it was read'));
      done += bytesRead;
    }
    const bytes = into.subarray(0, length);
    if (!bytes.subarray(length - tail.length).equals(tail)) throw options.readError(new Error('the file changed while it was read'));
    return bytes;
  };
  let pending: ReturnType<typeof read> | undefined = read(buffers[0], 0);
  try {
    for (let turn = 0; ; turn += 1) {
      const { bytesRead, buffer } = await pending;
      pending = undefined;
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      const at = size;
      size += bytesRead;
      // Read ahead into the other buffer while this one is handled.
      pending = read(buffers[(turn + 1) % 2], size);
      options.onChunk?.(chunk);
      // The skipped bytes may span the first chunks when they are tiny.
      let pos = Math.min(skip, chunk.length);
      skip -= pos;
      for (;;) {
        const nl = chunk.indexOf(LF, pos);
        if (nl < 0) break;
        if (carryBytes > 0) {
          const length = carryBytes + (nl - pos);
          // The limit is on the line without its CR, as for a line within one chunk.
          const endsWithCr = nl > pos ? chunk[nl - 1] === CR : carryLast === CR;
          const effective = endsWithCr ? length - 1 : length;
          if (effective > maxLine) line(null, 0, effective, carryStart);
          else wholeAgain(await reread(carryStart, length, chunk.subarray(pos, nl)), length, carryStart);
          carryBytes = 0;
        } else {
          whole(chunk, pos, nl, at + pos);
        }
        pos = nl + 1;
      }
      if (pos < chunk.length) {
        if (carryBytes === 0) carryStart = at + pos;
        carryBytes += chunk.length - pos;
        carryLast = chunk[chunk.length - 1];
      }
      options.onProgress?.(size);
    }
    if (carryBytes > 0) {
      const effective = carryLast === CR ? carryBytes - 1 : carryBytes;
      if (effective > maxLine) line(null, 0, effective, carryStart);
      else wholeAgain(await reread(carryStart, carryBytes, Buffer.alloc(0)), carryBytes, carryStart);
    }
    return size;
  } finally {
    // A read still running (a failure) must end before the caller closes the handle.
    await pending?.catch(() => undefined);
    giveUp(buffers[0]);
    giveUp(buffers[1]);
    giveUp(lineBuffer);
  }
}

/**
 * Free a buffer's memory now instead of at a full collection. A buffer's bytes are outside V8's heap
 * and freed with the object that owns them, which a long read has often promoted to the old
 * generation by then, where it waits for a full collection (an inspection rarely gets one): a 57 MB
 * line's buffer stayed in the peak to the end. Moving the bytes to a new owner that nothing holds
 * lets the next young collection free them, and leaves this buffer empty. Only a buffer that owns all
 * of its memory: never a view into Node's shared pool of small buffers.
 */
export function giveUp(buffer: Buffer): void {
  const memory = buffer.buffer;
  if (buffer.byteOffset !== 0 || buffer.byteLength !== memory.byteLength || memory.byteLength === 0) return;
  try {
    structuredClone(memory, { transfer: [memory] });
  } catch {
    // Not transferable: freed at a full collection, as before.
  }
}

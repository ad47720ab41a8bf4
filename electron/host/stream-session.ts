/**
 * Reading a session file in chunks: each line is parsed as soon as it is complete and the bytes are
 * hashed as they go by, so the file is never held whole — memory is the parsed session plus one
 * chunk (and the longest line). Files of several gigabytes open; a line longer than a JavaScript
 * string can hold is reported (line-too-large) and skipped, the rest is read.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import type { InspectInput } from '../../shared/inspection.js';
import { MAX_LINE_CHARS, parseSession, SessionLineParser, type ParseLinesOptions, type ParsedSession } from '../../shared/session/parse.js';
import { parseSessionBytes, startsWithArray } from './load-session.js';
import { digestOf } from './repair/read-session.js';
import { InputError, readInputBytes, statInput } from './read-input.js';

/** Bytes read at a time (two buffers: the next read runs while this chunk is parsed). */
export const CHUNK_BYTES = 4 * 1024 * 1024;

export interface StreamedSession {
  parsed: ParsedSession;
  /** SHA-256 (hex) of exactly the bytes parsed. */
  digest: string;
  /** Bytes read. */
  size: number;
}

const LF = 0x0a;
const CR = 0x0d;

/** Options of `readSessionFile`. */
export interface ReadSessionOptions extends ParseLinesOptions {
  /** Bytes read at a time (default CHUNK_BYTES; tests use tiny chunks). */
  chunkBytes?: number;
  /**
   * Bytes read so far and the file's size at the start (its stat), after each chunk is parsed and
   * once at the end. The last call has `done === total`: the bytes actually read, which differ
   * from the stat when the file grew or shrank while it was read.
   */
  onProgress?(done: number, total: number): void;
}

/** Read and parse a session file (JSONL streamed; a JSON message array is read whole). */
export async function readSessionFile(file: string, options: ReadSessionOptions = {}): Promise<StreamedSession> {
  const total = await statInput(file);
  const chunkBytes = options.chunkBytes ?? CHUNK_BYTES;
  const onProgress = options.onProgress ?? (() => undefined);
  const handle = await open(file, 'r').catch((error: Error) => {
    throw new InputError(`${file}: cannot be read (${error.message})`);
  });
  let pending: Promise<{ bytesRead: number; buffer: Buffer }> | undefined;
  try {
    const buffers = [Buffer.allocUnsafe(chunkBytes), Buffer.allocUnsafe(chunkBytes)];
    const hash = createHash('sha256');
    const parser = new SessionLineParser(options);
    const maxLine = options.maxLineChars ?? MAX_LINE_CHARS;
    let size = 0;
    // The head decides the format (and the BOM), as for a whole buffer.
    const head = Buffer.alloc(4096);
    const { bytesRead: headBytes } = await handle.read(head, 0, head.length, 0).catch((error: Error) => {
      throw new InputError(`${file}: cannot be read (${error.message})`);
    });
    const start = head.subarray(0, headBytes);
    if (startsWithArray(start)) {
      // A JSON message array is one JSON value: read it whole (within its own size limit).
      const bytes = await readInputBytes(file);
      onProgress(bytes.byteLength, bytes.byteLength);
      return { parsed: parseSessionBytes(bytes, options), digest: digestOf(bytes), size: bytes.byteLength };
    }
    const bom = start.length >= 3 && start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf;
    let skip = bom ? 3 : 0;
    // The start of a line that continues in the next chunk: copied pieces, and its full length so far.
    let carry: Buffer[] = [];
    let carryBytes = 0;
    let carryLast = 0;

    const emit = (bytes: Buffer, length: number): void => {
      let end = bytes.length;
      let len = length;
      if (end > 0 && bytes[end - 1] === CR) {
        end -= 1;
        len -= 1;
      }
      const view = bytes.subarray(0, end);
      parser.line(len, () => view.toString('utf8'), () => isUtf8(view));
    };

    pending = handle.read(buffers[0], 0, chunkBytes, 0);
    for (let turn = 0; ; turn += 1) {
      const { bytesRead, buffer } = await pending.catch((error: Error) => {
        throw new InputError(`${file}: cannot be read (${error.message})`);
      });
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      size += bytesRead;
      // Read ahead into the other buffer while this one is hashed and parsed.
      pending = handle.read(buffers[(turn + 1) % 2], 0, chunkBytes, size);
      hash.update(chunk);
      // The BOM is not part of line 1 (it may span the first chunks when they are tiny).
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
          if (effective > maxLine) parser.line(effective, () => '');
          else emit(Buffer.concat([...carry, chunk.subarray(pos, nl)]), length);
          carry = [];
          carryBytes = 0;
        } else {
          emit(chunk.subarray(pos, nl), nl - pos);
        }
        pos = nl + 1;
      }
      if (pos < chunk.length) {
        // Keep the bytes only while the line can still be read as one string (one more byte: it may be a CR).
        if (carryBytes + (chunk.length - pos) <= maxLine + 1) carry.push(Buffer.from(chunk.subarray(pos)));
        else carry = [];
        carryBytes += chunk.length - pos;
        carryLast = chunk[chunk.length - 1];
      }
      onProgress(size, total);
    }
    if (carryBytes > 0) {
      const effective = carryLast === CR ? carryBytes - 1 : carryBytes;
      if (effective > maxLine) parser.line(effective, () => '');
      else emit(Buffer.concat(carry), carryBytes);
    }
    onProgress(size, size);
    return { parsed: parser.finish(bom), digest: hash.digest('hex'), size };
  } finally {
    // A read still running (an early return or a failure) must end before the handle closes.
    await pending?.catch(() => undefined);
    await handle.close();
  }
}

/** The parsed session of an `inspect()` input: a file is read in chunks, text is parsed as given. */
export async function readInputSession(input: InspectInput, options: ParseLinesOptions = {}): Promise<ParsedSession> {
  if ('file' in input) return (await readSessionFile(input.file, options)).parsed;
  if (typeof input.text !== 'string') throw new InputError('inspect(): expected { file } or { text }');
  return parseSession(input.text);
}

/**
 * Reading a session file in chunks: each line is parsed as soon as it is complete and the bytes are
 * hashed as they go by, so the file is never held whole — memory is the parsed session plus two
 * chunks and the longest line's bytes (its long strings are decoded apart, see long-line.ts). Files
 * of several gigabytes open; a line longer than a JavaScript string can hold is reported
 * (line-too-large) and skipped, the rest is read.
 */
import { isUtf8 } from 'node:buffer';
import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { InspectInput } from '../../shared/inspection.js';
import { MAX_LINE_CHARS, SessionLineParser } from '../../shared/session/jsonl.js';
import { parseSession } from '../../shared/session/parse.js';
import type { LineRereader } from '../../shared/session/released.js';
import type { ParseLinesOptions, ParsedSession } from '../../shared/session/types.js';
import { parseSessionBytes, readFormatHead } from './load-session.js';
import { createLongLineParser, LONG_LINE_BYTES, sameLine } from './long-line.js';
import { digestOf } from './repair/read-session.js';
import { fileVersionOf, InputError, openSessionFile, readInputBytes, statInput, type FileVersion } from './read-input.js';
import { readLineRanges } from './read-lines.js';

/**
 * Bytes read at a time (two buffers: the next read runs while this chunk is parsed, see read-lines.ts).
 * The buffers live as long as the read, so they are in the old generation when it ends and stay
 * there until a full collection, which an inspection rarely reaches: 1 MiB, not 4, keeps 6 MiB out of
 * its peak; a read from the page cache is fast enough that the larger chunk saved no time.
 */
const CHUNK_BYTES = 1024 * 1024;
/** The smallest chunk read at a time. */
const MIN_CHUNK_BYTES = 64 * 1024;

export interface StreamedSession {
  parsed: ParsedSession;
  /** SHA-256 (hex) of exactly the bytes parsed ('' when not asked for). */
  digest: string;
  /** Bytes read. */
  size: number;
  /** The file as it was opened for this read: a later write gives it another version. */
  version: FileVersion;
}

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
  /** Hash the bytes (default true); without, `digest` is '' (a caller that only inspects needs none). */
  digest?: boolean;
  /**
   * Let go of the messages of entries left off the branch while reading, and read their lines again
   * if the active branch needs them (see `shared/session/released.ts`): for a caller that reads only
   * the active branch, once.
   */
  letGoOffBranch?: boolean;
}

/** Read and parse a session file (JSONL streamed; a JSON message array is read whole). */
export async function readSessionFile(file: string, options: ReadSessionOptions = {}): Promise<StreamedSession> {
  const total = await statInput(file);
  // Two read buffers of a chunk each: a sixteenth of the file at most, so they do not weigh on small files.
  const chunkBytes = options.chunkBytes ?? Math.min(CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, Math.ceil(total / 16)));
  const onProgress = options.onProgress ?? (() => undefined);
  const handle = await openSessionFile(file);
  try {
    const version = fileVersionOf(await handle.stat());
    const hash = options.digest === false ? null : createHash('sha256');
    // The head decides the format (and the BOM), as for a whole buffer.
    const { array, bom } = await readFormatHead(handle).catch((error: Error) => {
      throw new InputError(`${file}: cannot be read (${error.message})`);
    });
    const parser = new SessionLineParser(
      options.letGoOffBranch ? { ...options, releaseOffBranch: lineRereader(file, version, bom ? 3 : 0) } : options,
    );
    if (array) {
      // A JSON message array is one JSON value: read it whole (within its own size limit).
      const bytes = await readInputBytes(file);
      onProgress(bytes.byteLength, bytes.byteLength);
      return { parsed: parseSessionBytes(bytes, options), digest: hash ? digestOf(bytes) : '', size: bytes.byteLength, version };
    }
    // A long line's strings are unescaped over its bytes (readLines' own buffers): no scratch buffer
    // of the line's size next to it; when the line must be parsed whole, its bytes are read again.
    const edits: number[] = [];
    const parseLong = createLongLineParser({ inPlace: true, edits });
    let lineNumber = 0;
    const fd = handle.fd;
    // The line being parsed, for the rare validity check (a line with U+FFFD): one function for all lines.
    let buffer: Buffer = Buffer.alloc(0);
    let start = 0;
    let end = 0;
    const validUtf8 = () => isUtf8(buffer.subarray(start, end));
    const size = await readLineRanges(
      handle,
      {
        chunkBytes,
        skip: bom ? 3 : 0,
        maxLine: options.maxLineChars ?? MAX_LINE_CHARS,
        onChunk: hash ? (chunk) => hash.update(chunk) : undefined,
        onProgress: (done) => onProgress(done, total),
        readError: (error) => new InputError(`${file}: cannot be read (${error.message})`),
      },
      (bytes, from, to, offset) => {
        lineNumber += 1;
        if (!bytes) parser.line(to - from, () => '');
        else if (to - from >= LONG_LINE_BYTES) {
          const line = bytes.subarray(from, to);
          parseLineBytes(parser, line, parseLong, () => {
            try {
              rereadSync(fd, line, offset, edits);
            } catch (error) {
              throw new InputError(`${file}:${lineNumber}: cannot be read (${(error as Error).message}) — open it again`);
            }
          });
        } else {
          // Decoded straight from the chunk, as the floor does: most lines are short.
          buffer = bytes;
          start = from;
          end = to;
          parser.lineText(to - from, bytes.toString('utf8', from, to), validUtf8);
        }
      },
    );
    onProgress(size, size);
    return { parsed: parser.finish(bom), digest: hash ? hash.digest('hex') : '', size, version };
  } finally {
    await handle.close();
  }
}

/**
 * Read lines of `file` again, by number (1 for the first, counted as `readLines` counts them), for
 * the messages a read let go: the file must still be the one read (the same inode: a repair writes a
 * new file and renames it over it), and the caller checks each line against its entry. The lines are
 * found by counting line feeds from the start (a fast byte search; keeping every line's offset
 * instead would cost memory on every read for what is rare: a later entry hanging off a turn that a
 * retry had left behind). Synchronous, like the parse it serves.
 */
function lineRereader(file: string, version: FileVersion, skip: number): LineRereader {
  const changed = (line: number) => new InputError(`${file}:${line}: the file changed while it was read — open it again`);
  return {
    changed,
    reread(lines) {
      let fd: number;
      try {
        fd = openSync(file, 'r');
      } catch (error) {
        throw new InputError(`${file}: cannot be read again (${(error as Error).message}) — open it again`);
      }
      try {
        if (Number(fstatSync(fd).ino) !== version.ino) throw changed(lines[0] ?? 1);
        const ranges = lineRanges(
          fd,
          skip,
          [...new Set(lines)].sort((a, b) => a - b),
        );
        return lines.map((line) => {
          const range = ranges.get(line);
          if (!range) throw changed(line);
          const bytes = Buffer.allocUnsafe(range.end - range.start);
          if (!readAtSync(fd, bytes, range.start)) throw changed(line);
          const text =
            bytes.length > 0 && bytes[bytes.length - 1] === 0x0d ? bytes.toString('utf8', 0, bytes.length - 1) : bytes.toString('utf8');
          try {
            return JSON.parse(text) as unknown;
          } catch {
            return undefined;
          }
        });
      } finally {
        closeSync(fd);
      }
    },
  };
}

/** Where each of the `wanted` lines (ascending numbers) starts and ends (before its line feed), found by counting line feeds. */
function lineRanges(fd: number, skip: number, wanted: readonly number[]): Map<number, { start: number; end: number }> {
  const found = new Map<number, { start: number; end: number }>();
  const chunk = Buffer.allocUnsafe(1024 * 1024);
  let next = 0;
  let line = 1;
  let start = skip;
  for (let position = skip; next < wanted.length;) {
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) {
      // The last line has no line feed.
      if (position > start && wanted[next] === line) found.set(line, { start, end: position });
      break;
    }
    for (let at = chunk.indexOf(0x0a, 0); at >= 0 && at < read && next < wanted.length; at = chunk.indexOf(0x0a, at + 1)) {
      if (wanted[next] === line) {
        found.set(line, { start, end: position + at });
        next += 1;
      }
      line += 1;
      start = position + at + 1;
    }
    position += read;
  }
  return found;
}

/**
 * Give one line's bytes (without its terminator) to the parser, as every line of a session file is
 * given: decoded only when needed, a long one parsed by its parts. Stored sessions read their events
 * through this too, so both sources parse the same way.
 */
export function parseLineBytes(
  parser: SessionLineParser,
  bytes: Buffer,
  parseLong: ReturnType<typeof createLongLineParser>,
  restore?: () => void,
): void {
  parser.line(
    bytes.length,
    () => bytes.toString('utf8'),
    () => isUtf8(bytes),
    bytes.length >= LONG_LINE_BYTES
      ? () => {
          const parsed = parseLong(bytes);
          // An in-place parse may have unescaped some of the line's strings before it gave up.
          if (parsed === null) restore?.();
          return parsed;
        }
      : undefined,
  );
}

/**
 * Read a line's bytes again, at its offset (a long line whose in-place parse gave up: rare, a
 * damaged or unusual line), into a buffer of its own, and put them back in `line` only when they are
 * the bytes the parse read (`sameLine`): a file rewritten meanwhile must not be parsed half old,
 * half new, nor differ from the bytes hashed. Synchronous: the parser's callbacks are.
 */
function rereadSync(fd: number, line: Buffer, offset: number, edits: readonly number[]): void {
  const fresh = Buffer.allocUnsafe(line.length);
  if (!readAtSync(fd, fresh, offset)) throw new Error('the file became shorter while it was read');
  if (!sameLine(line, fresh, edits)) throw new Error('the file changed while it was read');
  fresh.copy(line);
}

/** Fill `into` with the file's bytes from `position`; false when the file ends first. */
function readAtSync(fd: number, into: Buffer, position: number): boolean {
  for (let done = 0; done < into.length;) {
    const read = readSync(fd, into, done, into.length - done, position + done);
    if (read === 0) return false;
    done += read;
  }
  return true;
}

/** The parsed session of an `inspect()` input: a file is read in chunks, text is parsed as given. */
export async function readInputSession(
  input: Exclude<InspectInput, { store: string }>,
  options: ParseLinesOptions & Pick<ReadSessionOptions, 'letGoOffBranch'> = {},
): Promise<ParsedSession> {
  // The digest serves repair and the app's change checks, not an inspection: the bytes go unhashed.
  if ('file' in input) return (await readSessionFile(input.file, { ...options, digest: false })).parsed;
  if (typeof input.text !== 'string') throw new InputError('inspect(): expected { file }, { text } or { store, sessionId }');
  return parseSession(input.text);
}

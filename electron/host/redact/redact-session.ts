/**
 * Redacting a session file for a bug report: the same JSONL (or JSON array), line for line, with
 * the user's texts, tool inputs and outputs, thinking, signatures and images replaced by
 * placeholders of the same shape. Bytes are read once and written out line by line.
 */
import { isUtf8 } from 'node:buffer';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { once } from 'node:events';
import { byteLineAt, firstLineStart } from '../../../shared/repair/byte-lines.js';
import { headerOnlyImages, type ImageRedactor } from '../../../shared/redact/image-data.js';
import { emptyCounts, redactLine, type RedactCounts } from '../../../shared/redact/redact-session.js';
import { redactJsonText } from '../../../shared/redact/redact-json.js';
import { decodeUtf8 } from '../../../shared/session/lines.js';
import { startsWithArray } from '../load-session.js';
import { readInputBytes } from '../read-input.js';
import { exportStoredSession } from '../store/index.js';

export type { RedactCounts } from '../../../shared/redact/redact-session.js';

/** What `redactSession` made: the redacted text and what it replaced. */
export interface RedactedSession {
  text: string;
  counts: RedactCounts;
}

/** The host's image redactor: sharp draws placeholders (one per distinct image); header-only without sharp. */
export async function defaultImageRedactor(): Promise<ImageRedactor> {
  let draw: ImageRedactor;
  try {
    draw = (await import('../images/placeholder-image.js')).drawnPlaceholders;
  } catch {
    draw = headerOnlyImages;
  }
  const made = new Map<string, Promise<string>>();
  return {
    redact(data) {
      let placeholder = made.get(data);
      if (placeholder === undefined) {
        placeholder = draw.redact(data);
        made.set(data, placeholder);
      }
      return placeholder;
    },
  };
}

/**
 * A line's text back to bytes. A line that was not valid UTF-8 stays invalid (each U+FFFD the
 * decoder put in becomes a 0xFF byte), so the copy gets the same diagnostic as the original.
 */
function encodeLine(text: string, wasValid: boolean): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (wasValid || !text.includes('\uFFFD')) return bytes;
  return Buffer.from(
    text
      .split('\uFFFD')
      .map((part) => Buffer.from(part, 'utf8').toString('latin1'))
      .join('\xff'),
    'latin1',
  );
}

/**
 * The redacted bytes of a session, in pieces (a line and its terminator at a time).
 *
 * JSONL keeps every line's place and terminator, blank lines and the BOM; a JSON message array
 * (which must fit one string anyway) is redacted as one value.
 */
export async function* redactedChunks(bytes: Uint8Array, images: ImageRedactor, counts: RedactCounts): AsyncGenerator<Buffer> {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const start = firstLineStart(buf);
  if (start > 0) yield buf.subarray(0, start);
  if (startsWithArray(buf)) {
    const text = decodeUtf8(buf.subarray(start));
    yield encodeLine(await redactJsonText(text, images, counts), isUtf8(buf.subarray(start)));
    return;
  }
  for (let span = byteLineAt(buf, start, 1); span !== null; span = byteLineAt(buf, span.next, span.line + 1)) {
    const raw = buf.subarray(span.start, span.end);
    const valid = isUtf8(raw);
    yield encodeLine(await redactLine(raw.toString('utf8'), images, counts), valid);
    if (span.eol !== '') yield buf.subarray(span.end, span.next);
  }
}

/** What can be redacted: a session file, a session of an OpenClaw store (its JSONL export), text or bytes. */
export type RedactInput = { file: string } | { store: string; sessionId: string } | { text: string } | { bytes: Uint8Array };

/** The bytes of a session input. */
async function inputBytes(input: RedactInput): Promise<Uint8Array> {
  if ('bytes' in input) return input.bytes;
  if ('text' in input) return Buffer.from(input.text, 'utf8');
  if ('store' in input) return (await exportStoredSession({ file: input.store }, input.sessionId, 'session')).bytes;
  return readInputBytes(input.file);
}

/**
 * Redact a session (a file, text or bytes) for a bug report; see docs/redaction.md.
 *
 * The result inspects to the same rule changes, preflight findings and file problems as the
 * original (images are drawn by sharp at the same size; without sharp they get header-only
 * placeholders, which only differ where the original would have been resized).
 */
export async function redactSession(input: RedactInput, images?: ImageRedactor): Promise<RedactedSession> {
  const counts = emptyCounts();
  const parts: Buffer[] = [];
  for await (const chunk of redactedChunks(await inputBytes(input), images ?? (await defaultImageRedactor()), counts)) parts.push(chunk);
  return { text: Buffer.concat(parts).toString('utf8'), counts };
}

/** Redact a session into a stream (stdout), respecting back-pressure; the stream is left open. */
export async function writeRedactedTo(input: Exclude<RedactInput, { text: string }>, stream: Writable): Promise<RedactCounts> {
  const counts = emptyCounts();
  const bytes = await inputBytes(input);
  const images = await defaultImageRedactor();
  const failed = once(stream, 'error').then(([error]) => {
    throw error as Error;
  });
  failed.catch(() => undefined);
  for await (const chunk of redactedChunks(bytes, images, counts)) {
    if (!stream.write(chunk)) await Promise.race([once(stream, 'drain'), failed]);
  }
  return counts;
}

const WRITE_BUFFER_BYTES = 1 << 20;

/**
 * Redact a session into a new file (written as it is made: sessions larger than one string work
 * too). An existing file is never overwritten; a failed write removes what it started.
 */
export async function writeRedactedSession(input: Exclude<RedactInput, { text: string }>, output: string): Promise<RedactCounts> {
  const bytes = await inputBytes(input);
  // Up to 1 MiB waits for the disk while the next lines are redacted: with the default 16 KiB, the
  // command waited for each write in turn (0.57 s of 4.2 on a 100 MiB session).
  const stream = createWriteStream(output, { flags: 'wx', highWaterMark: WRITE_BUFFER_BYTES });
  await Promise.race([once(stream, 'open'), once(stream, 'error').then(([error]) => Promise.reject(error as Error))]);
  try {
    const counts = await writeRedactedTo({ bytes }, stream);
    stream.end();
    await once(stream, 'finish');
    return counts;
  } catch (error) {
    stream.destroy();
    await rm(output, { force: true });
    throw error;
  }
}

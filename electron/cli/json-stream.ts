/**
 * Writing a large value as JSON without one string for all of it: `JSON.stringify` of a 1 GB
 * session's inspection would be longer than a JavaScript string can be. The output is byte for
 * byte what `JSON.stringify(value)` gives; containers near the root are walked, the rest is
 * stringified piece by piece and written in chunks, waiting for the stream when it is full.
 */
import type { Writable } from 'node:stream';
import { terminalJson } from './terminal-text.js';

/**
 * Containers at this depth and below are stringified whole. The deepest lists of a session's
 * inspection are `replay.payload.messages` (depth 3) and their entries' fields (depth 5): walking to
 * there makes every piece at most one message field, which came from one line of the file.
 */
const WALK_DEPTH = 5;
const FLUSH_CHARS = 1 << 20;

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** The JSON text of `value` as a sequence of pieces whose concatenation is `JSON.stringify(value)`. */
export function* jsonPieces(value: unknown, depth = 0): Generator<string> {
  if (depth >= WALK_DEPTH || !isPlainContainer(value)) {
    const text = JSON.stringify(value);
    // undefined at the root (JSON.stringify returns undefined): nothing, as stringify would.
    if (text !== undefined) yield text;
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) yield ',';
      const item = value[i];
      // Inside arrays, what JSON cannot say becomes null.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonPieces(item, depth + 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const item = value[key];
    if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(item, depth + 1);
  }
  yield '}';
}

/** Wait until a stream that refused more data drains; fail if it errors or closes first. */
function drained(out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error): void => {
      out.off('drain', onDrain);
      out.off('error', onError);
      out.off('close', onClose);
      if (error) reject(error);
      else resolve();
    };
    const onDrain = (): void => done();
    const onError = (error: Error): void => done(error);
    const onClose = (): void => done(new Error('the output closed before the JSON was written'));
    out.on('drain', onDrain);
    out.on('error', onError);
    out.on('close', onClose);
  });
}

/** Write `value` as JSON and a newline to `out`, in chunks, honouring backpressure (terminal-safe: see terminalJson). */
export async function writeJson(out: Writable, value: unknown): Promise<void> {
  let buffer = '';
  const flush = async (): Promise<void> => {
    if (!buffer) return;
    if (out.destroyed || out.writableEnded) throw new Error('the output closed before the JSON was written');
    const ok = out.write(buffer);
    buffer = '';
    if (!ok) await drained(out);
  };
  for (const raw of jsonPieces(value)) {
    const piece = terminalJson(raw);
    if (buffer.length + piece.length > FLUSH_CHARS) await flush();
    if (piece.length > FLUSH_CHARS) {
      buffer = piece;
      await flush();
    } else {
      buffer += piece;
    }
  }
  buffer += '\n';
  await flush();
}

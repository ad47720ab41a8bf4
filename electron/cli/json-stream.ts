/**
 * Writing a large value as JSON without one string for all of it: `JSON.stringify` of a 1 GB
 * session's inspection would be longer than a JavaScript string can be. The output is byte for
 * byte what `JSON.stringify(value)` gives; containers near the root are walked, each value below
 * them stringified whole (or walked further when too long), and the text written in chunks,
 * waiting for the stream when it is full.
 */
import type { Writable } from 'node:stream';
import { terminalJson } from './terminal-text.js';

/**
 * What grows with a session is its lists (messages, payload entries, annotations, findings), and
 * each item of a list came from about one line of the file: so each item is stringified whole, and
 * so is a list of plain values (the origins); only the containers around them are walked. An item
 * whose JSON is too long for a string (a line near the 500 MB limit, with escapes) is walked further.
 * Walking every message down to its fields cost more than the inspection of a 100 MB session
 * itself: millions of pieces, each passed up through nested generators.
 */
const FLUSH_CHARS = 1 << 20;

function isPlainContainer(value: unknown): value is Record<string, unknown> | unknown[] {
  return value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';
}

/** How a container is tried whole: its JSON, or null when it is too long for one string (tests give a smaller bound). */
export type Whole = (value: unknown) => string | null;

/** `JSON.stringify`, or null when the text would be longer than V8's longest string. */
function stringifyWhole(value: unknown): string | null {
  try {
    return JSON.stringify(value);
  } catch (error) {
    if (error instanceof RangeError && /string length/i.test(error.message)) return null;
    throw error;
  }
}

/** Whether every item of a list is a plain value (no container): the list is then one piece. */
function onlyPlainValues(list: readonly unknown[]): boolean {
  for (const item of list) if (item !== null && typeof item === 'object') return false;
  return true;
}

/**
 * The JSON text of `value` as a sequence of pieces whose concatenation is `JSON.stringify(value)`
 * (`listItem`: the value is an item of a list, tried whole).
 */
export function* jsonPieces(value: unknown, whole: Whole = stringifyWhole, listItem = false): Generator<string> {
  if (!isPlainContainer(value)) {
    const text = JSON.stringify(value);
    // undefined at the root (JSON.stringify returns undefined): nothing, as stringify would.
    if (text !== undefined) yield text;
    return;
  }
  if (listItem || (Array.isArray(value) && onlyPlainValues(value))) {
    const text = whole(value);
    if (text !== null) {
      yield text;
      return;
    }
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i += 1) {
      if (i > 0) yield ',';
      const item = value[i];
      // Inside arrays, what JSON cannot say becomes null.
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonPieces(item, whole, true);
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
    yield* jsonPieces(item, whole);
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

/** Parsing a session from its bytes: a line index first, then one line at a time (no whole-file string). */
import { decodeUtf8, parseSession, parseSessionLines, type ParsedSession } from '../../shared/session/parse.js';
import { bufferLineSource, indexLines } from './line-index.js';
import type { InspectInput } from '../../shared/inspection.js';
import { InputError, readInputBytes } from './read-input.js';

/** JSON message arrays are one JSON value: they are decoded whole, so they must fit one string. */
const MAX_JSON_ARRAY_BYTES = 400 * 1024 * 1024;

function startsWithArray(bytes: Uint8Array): boolean {
  for (let i = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; i < bytes.length && i < 4096; i += 1) {
    const c = bytes[i];
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x5b;
  }
  return false;
}

/** Parse a session file's bytes (JSONL line by line, or a JSON message array). */
export function parseSessionBytes(bytes: Uint8Array): ParsedSession {
  if (startsWithArray(bytes)) {
    if (bytes.byteLength > MAX_JSON_ARRAY_BYTES) throw new InputError(`a JSON message array of ${Math.round(bytes.byteLength / 1e6)} MB is too large to read as one JSON value — use a JSONL session file`);
    return parseSession(decodeUtf8(bytes));
  }
  return parseSessionLines(bufferLineSource(bytes, indexLines(bytes)));
}

/** SHA-256 (hex) computed off the main thread, so hashing overlaps parsing. */
export async function digestBytes(bytes: Uint8Array): Promise<string> {
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Buffer.from(hash).toString('hex');
}

/** The parsed session of an `inspect()` input: a file is parsed from its bytes, text as given. */
export async function readInputSession(input: InspectInput): Promise<ParsedSession> {
  if ('file' in input) return parseSessionBytes(await readInputBytes(input.file));
  if (typeof input.text !== 'string') throw new InputError('inspect(): expected { file } or { text }');
  return parseSession(input.text);
}

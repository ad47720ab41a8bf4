/** Parsing a session from its bytes: a line index first, then one line at a time (no whole-file string). */
import { parseSessionLines } from '../../shared/session/jsonl.js';
import { decodeUtf8 } from '../../shared/session/lines.js';
import { parseSession } from '../../shared/session/parse.js';
import type { ParseLinesOptions, ParsedSession } from '../../shared/session/types.js';
import type { FileHandle } from 'node:fs/promises';
import { hasUtf8Bom } from '../../shared/repair/byte-lines.js';
import { bufferLineSource, indexLines } from './line-index.js';
import { InputError } from './read-input.js';

/** JSON message arrays are one JSON value: they are decoded whole, so they must fit one string. */
const MAX_JSON_ARRAY_BYTES = 400 * 1024 * 1024;

/** Whether the bytes (a file's head is enough) start a JSON array, after a BOM and whitespace. */
export function startsWithArray(bytes: Uint8Array): boolean {
  for (let i = hasUtf8Bom(bytes) ? 3 : 0; i < bytes.length && i < 4096; i += 1) {
    const c = bytes[i];
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x5b;
  }
  return false;
}

/** What a file's head tells before its lines are read: a JSON message array, or JSONL after a BOM or not. */
export async function readFormatHead(handle: FileHandle): Promise<{ array: boolean; bom: boolean }> {
  const head = Buffer.alloc(4096);
  const { bytesRead } = await handle.read(head, 0, head.length, 0);
  const start = head.subarray(0, bytesRead);
  return { array: startsWithArray(start), bom: hasUtf8Bom(start) };
}

/** Parse a session file's bytes (JSONL line by line, or a JSON message array). */
export function parseSessionBytes(bytes: Uint8Array, options: ParseLinesOptions = {}): ParsedSession {
  if (startsWithArray(bytes)) {
    if (bytes.byteLength > MAX_JSON_ARRAY_BYTES)
      throw new InputError(
        `a JSON message array of ${Math.round(bytes.byteLength / 1e6)} MB is too large to read as one JSON value — use a JSONL session file`,
      );
    return parseSession(decodeUtf8(bytes));
  }
  return parseSessionLines(bufferLineSource(bytes, indexLines(bytes)), options);
}

/** SHA-256 (hex) computed off the main thread, so hashing overlaps parsing. */
export async function digestBytes(bytes: Uint8Array): Promise<string> {
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>);
  return Buffer.from(hash).toString('hex');
}

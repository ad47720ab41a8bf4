/**
 * The skeleton of a JSONL line: the same JSON with every long string's contents cut out.
 *
 * A session line of megabytes is nearly all one or two strings (an image's base64, a tool's output).
 * Its shape (entry type, ids, roles, block types) is what the conversation tree needs, and it sits in
 * the short strings. Cutting the long ones is a scan for quotes (memchr-fast on bytes), not a parse,
 * so a quick read of a 100 MB session decodes and parses a few megabytes instead of all of it.
 */
import { closingQuote } from '../long-line.js';

const QUOTE = 0x22;

/** Strings whose JSON text is longer than this many bytes are cut. */
const SKELETON_KEEP_BYTES = 128;

/** What a cut string becomes: a short string, so type checks (string, non-empty) still hold. */
export const CUT_STRING = '…';

/**
 * The line's JSON text with the contents of every string longer than `keep` bytes replaced by
 * CUT_STRING; null when a string never ends (a cut-off line: the full read reports it).
 */
export function skeletonText(line: Uint8Array, keep = SKELETON_KEEP_BYTES): string | null {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  const decoder = (start: number, end: number) => bytes.toString('utf8', start, end);
  const parts: string[] = [];
  // Start of the bytes not yet copied.
  let copied = 0;
  let at = 0;
  for (;;) {
    const open = bytes.indexOf(QUOTE, at);
    if (open < 0) break;
    const close = closingQuote(bytes, open);
    if (close < 0) return null;
    if (close - open - 1 > keep) {
      parts.push(decoder(copied, open + 1), CUT_STRING);
      copied = close;
    }
    at = close + 1;
  }
  if (copied === 0) return decoder(0, bytes.length);
  parts.push(decoder(copied, bytes.length));
  return parts.join('');
}

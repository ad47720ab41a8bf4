/**
 * The skeleton of a JSONL line: the same JSON with every long string's contents cut out.
 *
 * A session line of megabytes is nearly all one or two strings (an image's base64, a tool's output).
 * Its shape (entry type, ids, roles, block types) is what the conversation tree needs, and it sits in
 * the short strings. Cutting the long ones is a scan for quotes (memchr-fast on bytes), not a parse,
 * so a quick read of a 100 MB session decodes and parses a few megabytes instead of all of it.
 */
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

/** Strings whose JSON text is longer than this many bytes are cut. */
const SKELETON_KEEP_BYTES = 128;

/** What a cut string becomes: a short string, so type checks (string, non-empty) still hold. */
export const CUT_STRING = '…';

/**
 * Bytes of a string read one at a time before its end is searched for with `indexOf` (memchr). Most
 * strings of a session line are short (keys, ids, roles), and two native searches for each of them
 * cost more than reading them: on sessions of many short lines (170,000–220,000 lines of about
 * 500 bytes in 100 MB) the skeletons took 220–380 ms searching every string, 150–220 ms so, and a
 * long string still ends by memchr.
 */
const NEAR_BYTES = 48;

/**
 * The line's JSON text with the contents of every string longer than `keep` bytes replaced by
 * CUT_STRING; null when a string never ends (a cut-off line: the full read reports it).
 */
export function skeletonText(line: Uint8Array, keep = SKELETON_KEEP_BYTES): string | null {
  const bytes = Buffer.from(line.buffer, line.byteOffset, line.byteLength);
  const end = bytes.length;
  let parts: string[] | null = null;
  // Start of the bytes not yet copied.
  let copied = 0;
  for (let at = 0; at < end;) {
    if (bytes[at] !== QUOTE) {
      at += 1;
      continue;
    }
    const close = stringEnd(bytes, at);
    if (close < 0) return null;
    if (close - at - 1 > keep) {
      (parts ??= []).push(bytes.toString('utf8', copied, at + 1), CUT_STRING);
      copied = close;
    }
    at = close + 1;
  }
  if (!parts) return bytes.toString('utf8', 0, end);
  parts.push(bytes.toString('utf8', copied, end));
  return parts.join('');
}

/**
 * The quote that ends the string opened at `open`, or -1 when it never ends: its first bytes read one
 * at a time (an escape's second byte skipped), then quotes found by `indexOf`, a quote after an odd
 * run of backslashes being escaped.
 */
function stringEnd(bytes: Buffer, open: number): number {
  const near = Math.min(bytes.length, open + 1 + NEAR_BYTES);
  let at = open + 1;
  while (at < near) {
    const byte = bytes[at];
    if (byte === QUOTE) return at;
    at += byte === BACKSLASH ? 2 : 1;
  }
  if (at >= bytes.length) return -1;
  // No escape is open at `at`: the backslashes that decide whether a quote is escaped are after it.
  for (let quote = bytes.indexOf(QUOTE, at); quote >= 0; quote = bytes.indexOf(QUOTE, quote + 1)) {
    let run = 0;
    for (let i = quote - 1; i >= at && bytes[i] === BACKSLASH; i -= 1) run += 1;
    if (run % 2 === 0) return quote;
  }
  return -1;
}

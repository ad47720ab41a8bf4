/** Line spans over the raw bytes of a session file, so repair can copy untouched lines byte for byte. */

/** One physical line of a file, as byte offsets into the file. */
export interface ByteLine {
  /** 1-based line number (the BOM belongs to no line; line 1 starts after it). */
  line: number;
  /** Offset of the first byte of the line. */
  start: number;
  /** Offset just past the last byte of the line, before its terminator. */
  end: number;
  /** Offset of the next line's first byte (past the terminator). */
  next: number;
  eol: '' | '\n' | '\r\n';
}

/** True when the bytes start with the UTF-8 byte order mark. */
export function hasUtf8Bom(bytes: Uint8Array): boolean {
  return bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
}

/** Where line 1 starts: after the BOM when there is one. */
export function firstLineStart(bytes: Uint8Array): number {
  return hasUtf8Bom(bytes) ? 3 : 0;
}

/**
 * The line that starts at `start`, or null at the end of the bytes.
 *
 * Lines end at `\n` only (a `\r` just before it belongs to the terminator), exactly like
 * `splitLines` does for text; a final empty line after the last terminator is not a line.
 */
export function byteLineAt(bytes: Uint8Array, start: number, line: number): ByteLine | null {
  const n = bytes.length;
  if (start >= n) return null;
  const nl = bytes.indexOf(0x0a, start);
  if (nl < 0) return { line, start, end: n, next: n, eol: '' };
  const crlf = nl > start && bytes[nl - 1] === 0x0d;
  return { line, start, end: crlf ? nl - 1 : nl, next: nl + 1, eol: crlf ? '\r\n' : '\n' };
}

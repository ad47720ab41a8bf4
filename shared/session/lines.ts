/** Decoding session bytes and splitting the text into numbered lines, keeping every byte's place (BOM, CRLF, no final newline). */

/** One physical line of a text, without its line terminator. */
export interface LineSpan {
  /** 1-based line number. */
  line: number;
  /** Offset of the first character in the text (after the BOM on line 1). */
  start: number;
  /** Offset just past the last character, before the terminator. */
  end: number;
  /** The terminator that followed: `\n`, `\r\n`, or `` for a last line without one. */
  eol: '' | '\n' | '\r\n';
}

/** The UTF-8 byte order mark as it appears in decoded text. */
export const BOM = '\uFEFF';

/** True when the text starts with a UTF-8 BOM. */
export function hasBom(text: string): boolean {
  return text.charCodeAt(0) === 0xfeff;
}

/**
 * Split a text into lines, tolerating CRLF and a missing final newline.
 *
 * A final empty line after the last terminator is not reported (it is not a line of the file).
 * The BOM, when present, is skipped and belongs to no line.
 */
export function splitLines(text: string): LineSpan[] {
  const spans: LineSpan[] = [];
  let start = hasBom(text) ? 1 : 0;
  let line = 1;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) {
      spans.push({ line, start, end: text.length, eol: '' });
      break;
    }
    const crlf = nl > start && text.charCodeAt(nl - 1) === 13;
    spans.push({ line, start, end: crlf ? nl - 1 : nl, eol: crlf ? '\r\n' : '\n' });
    start = nl + 1;
    line += 1;
  }
  return spans;
}

/** The dominant line terminator of a text (`\n` when there is none). */
export function dominantEol(spans: readonly LineSpan[]): '\n' | '\r\n' {
  let crlf = 0;
  let lf = 0;
  for (const span of spans) {
    if (span.eol === '\r\n') crlf += 1;
    else if (span.eol === '\n') lf += 1;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** Decode file bytes as UTF-8 (invalid sequences become U+FFFD and are reported per line). */
export function decodeUtf8(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { fatal: false, ignoreBOM: true }).decode(bytes);
}

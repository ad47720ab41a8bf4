/**
 * Parsing pi / OpenClaw session files (JSONL v1–v3) and JSON message arrays.
 *
 * Never throws on bad input: every problem becomes a located diagnostic written for the support
 * person who will read it, and whatever can be shown is kept.
 */
import { DiagnosticSink } from './diagnostics.js';
import { looksLikeJsonArray, parseMessagesJson } from './json-array.js';
import { parseSessionLines } from './jsonl.js';
import { hasBom, splitLines } from './lines.js';
import type { ParsedSession } from './types.js';

/**
 * Parse a session file's text (or a JSON array of messages).
 *
 * Line numbers are 1-based physical lines of the file. Blank lines, CRLF, a BOM and a missing final
 * newline are normal input. Bad lines are reported and skipped; the rest is kept.
 */
export function parseSession(text: string): ParsedSession {
  if (looksLikeJsonArray(text)) return parseMessagesJson(text, new DiagnosticSink());
  const spans = splitLines(text);
  return parseSessionLines({
    count: spans.length,
    bom: hasBom(text),
    byteLength: (i) => spans[i].end - spans[i].start,
    text: (i) => text.slice(spans[i].start, spans[i].end),
  });
}

/** Parsing a JSON array of messages (what an API log or a test holds), each message located by its line. */
import type { Message } from '../types.js';
import { DiagnosticSink } from './diagnostics.js';
import { describeCharAt, locateJsonError } from './json-error.js';
import { hasBom, splitLines, type LineSpan } from './lines.js';
import { nestedDeeperThan, TOO_DEEP_MESSAGE } from './nesting.js';
import { checkMessageShape } from './shape.js';
import type { ParsedSession } from './types.js';

/** True when the text (after a BOM and whitespace) starts with `[`. */
export function looksLikeJsonArray(text: string): boolean {
  for (let i = hasBom(text) ? 1 : 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) continue;
    return c === 0x5b; // '['
  }
  return false;
}

/** Line and column (1-based) of an offset in a text. */
function lineColumnAt(text: string, spans: readonly LineSpan[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (spans[mid].start <= offset) lo = mid;
    else hi = mid - 1;
  }
  const span = spans[lo];
  if (!span) return { line: 1, column: offset + 1 };
  return { line: span.line, column: Math.max(1, offset - span.start + 1) };
}

/** Parse a JSON message array; problems become diagnostics in `sink`. */
export function parseMessagesJson(text: string, sink: DiagnosticSink): ParsedSession {
  const spans = splitLines(text);
  const body = hasBom(text) ? text.slice(1) : text;
  const base = hasBom(text) ? 1 : 0;
  const result: ParsedSession = {
    format: 'messages-json',
    header: null,
    version: 0,
    entries: [],
    messages: [],
    diagnostics: sink.list,
    lineCount: spans.length,
    bom: hasBom(text),
  };
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    const loc = locateJsonError(body);
    const at = lineColumnAt(text, spans, base + (loc?.offset ?? 0));
    const what =
      loc?.kind === 'truncated'
        ? 'the JSON array stops in the middle — the text was probably cut off'
        : `the JSON is invalid here: expected ${loc?.expected ?? 'a value'}, found ${describeCharAt(body, loc?.offset ?? 0)}`;
    sink.add(at.line, at.column, 'error', loc?.kind === 'truncated' ? 'json-truncated' : 'json-invalid', what);
    return result;
  }
  if (!Array.isArray(value)) {
    sink.add(1, 1, 'error', 'not-an-array', 'a JSON message list must be an array of messages');
    return result;
  }
  // Locate each top-level element's line by scanning for element starts at depth 1.
  const starts = topLevelElementOffsets(body);
  value.forEach((message, index) => {
    const line = lineColumnAt(text, spans, base + (starts[index] ?? 0)).line;
    if (nestedDeeperThan(message)) sink.add(line, 0, 'error', 'too-deep', `message ${index}: ${TOO_DEEP_MESSAGE}`);
    else if (checkMessageShape(sink, line, message, `message ${index}`)) result.messages!.push({ line, message: message as Message });
  });
  return result;
}

/** Offsets of the first character of each element of a top-level JSON array. */
function topLevelElementOffsets(text: string): number[] {
  const out: number[] = [];
  let depth = 0;
  let inString = false;
  let expectElement = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i += 1;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\n' || c === '\r' || c === '\t') continue;
    if (depth === 1 && expectElement && c !== ']') {
      out.push(i);
      expectElement = false;
    }
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') {
      depth += 1;
      if (depth === 1) expectElement = true;
    } else if (c === ']' || c === '}') depth -= 1;
    else if (c === ',' && depth === 1) expectElement = true;
  }
  return out;
}

/** Located diagnostics, written for the support person who reads them, and why a line is not JSON. */
import type { Diagnostic, Severity } from '../types.js';
import { describeCharAt, locateJsonError } from './json-error.js';

const MAX_PREVIEW = 60;

/** A string value quoted for a message, cut at 60 characters. */
export function preview(text: string): string {
  const t = text.length > MAX_PREVIEW ? `${text.slice(0, MAX_PREVIEW)}…` : text;
  return JSON.stringify(t);
}

/** What a JSON value is, for a message ("an array", "a number"). */
export function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'a boolean';
  return typeof value;
}

/** Collects located diagnostics. */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  add(line: number, column: number, severity: Severity, code: string, what: string): void {
    const where = column > 0 ? `line ${line}, column ${column}` : `line ${line}`;
    this.list.push({ line, column, severity, code, message: `${where}: ${what}` });
  }
}

/** Explain why a line is not valid JSON, with the column where it goes wrong. */
export function explainJsonLine(sink: DiagnosticSink, line: number, text: string): void {
  if (text.includes('\u0000')) {
    const col = text.indexOf('\u0000') + 1;
    sink.add(
      line,
      col,
      'error',
      'binary-data',
      'the line contains binary data (NUL bytes), not JSON text — it was probably overwritten by a crash or disk error',
    );
    return;
  }
  const loc = locateJsonError(text);
  const col = (loc?.offset ?? 0) + 1;
  if (!loc) {
    sink.add(line, 0, 'error', 'json-invalid', 'the line is not valid JSON');
    return;
  }
  switch (loc.kind) {
    case 'truncated':
      sink.add(line, col, 'error', 'json-truncated', 'the JSON stops in the middle — the file was probably cut off while writing');
      return;
    case 'trailing':
      sink.add(
        line,
        col,
        'error',
        'json-trailing',
        `extra characters after the end of the JSON entry (${describeCharAt(text, loc.offset)}) — two writes may have landed on one line`,
      );
      return;
    case 'bad-escape':
      sink.add(line, col, 'error', 'json-bad-escape', `an invalid escape sequence in a string — expected ${loc.expected}`);
      return;
    case 'control-char':
      sink.add(
        line,
        col,
        'error',
        'json-control-char',
        `${describeCharAt(text, loc.offset)} inside a string — raw control characters are not allowed in JSON`,
      );
      return;
    default: {
      const found = describeCharAt(text, loc.offset);
      const hint = text.includes('\uFFFD') ? ' — the line contains bytes that are not valid UTF-8' : ' — the line is corrupted';
      sink.add(line, col, 'error', 'json-unexpected', `unexpected ${found} where ${loc.expected} was expected${hint}`);
    }
  }
}

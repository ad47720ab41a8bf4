/**
 * The first lines of a document, for the plain view drawn before the diff editor is ready: only
 * what fits the pane is read and drawn, however long the document (a window can be megabytes of
 * text, and one line a whole tool output).
 */

/** The pane the lines are for: how many rows of how many characters, and whether long lines wrap. */
export interface LinesFit {
  rows: number;
  columns: number;
  wrap: boolean;
}

/**
 * The first lines of `text` (split on "\n": the documents are pretty-printed JSON) that fill `fit`.
 *
 * Unwrapped, that is `rows` lines cut at `columns` characters. Wrapped, a line takes a row per
 * `columns` characters and is cut at a full pane; lines are taken until the rows are filled.
 */
export function firstLines(text: string, fit: LinesFit): string[] {
  const maxChars = fit.wrap ? fit.rows * fit.columns : fit.columns;
  const lines: string[] = [];
  let filled = 0;
  let start = 0;
  while (filled < fit.rows) {
    const end = text.indexOf('\n', start);
    const stop = end < 0 ? text.length : end;
    const line = text.slice(start, Math.min(stop, start + maxChars));
    lines.push(line);
    filled += fit.wrap ? Math.max(1, Math.ceil(line.length / fit.columns)) : 1;
    if (end < 0) break;
    start = end + 1;
  }
  return lines;
}

/**
 * The JSON path of a line of a pretty-printed document (`input[38].output[0].text`), and the text of
 * the list entry that holds it: what "copy JSON path" and "copy message JSON" copy, and what the
 * diff's footer shows for the cursor. Windowed documents hold some entries of a longer list: their
 * ranges name each entry's real position, which replaces the position in the window's text.
 */
import type { DocumentText, TurnRange } from '../../shared/api.js';

/** One step of a JSON path. */
export type PathStep = string | number;

/** `input[38].output[0].text` from its steps; keys that are not identifiers are quoted (`["a b"]`). */
export function formatJsonPath(steps: readonly PathStep[]): string {
  return steps
    .map((step, i) => {
      if (typeof step === 'number') return `[${step}]`;
      if (/^[A-Za-z_$][\w$]*$/.test(step)) return i === 0 ? step : `.${step}`;
      return `[${JSON.stringify(step)}]`;
    })
    .join('');
}

/** The offset where a 1-based line starts, or -1 past the end. */
function lineStart(text: string, line: number): number {
  let at = 0;
  for (let n = 1; n < line; n += 1) {
    const next = text.indexOf('\n', at);
    if (next < 0) return -1;
    at = next + 1;
  }
  return at;
}

/**
 * The path of what a line holds in pretty-printed JSON: the key it starts (`"text": …`), the array
 * element it starts, or the container a closing line ends. Null for a line past the end.
 */
export function jsonPathAt(text: string, line: number): PathStep[] | null {
  const target = lineStart(text, line);
  if (target < 0 || line < 1) return null;
  const stack: { array: boolean; index: number; key: PathStep | null }[] = [];
  let pendingKey: string | null = null;
  const path = (): PathStep[] => stack.slice(1).map((s) => s.key as PathStep);
  const keyOfValue = (): PathStep | null => {
    const top = stack[stack.length - 1];
    if (!top) return null;
    return top.array ? top.index : pendingKey;
  };
  for (let i = 0; i < text.length; i += 1) {
    if (i >= target) {
      // The first character of the wanted line (indentation skipped).
      while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i += 1;
      const ch = text[i];
      if (ch === '}' || ch === ']') return path();
      const top = stack[stack.length - 1];
      if (ch === '"' && top && !top.array) {
        const end = endOfString(text, i);
        return [...path(), parseKey(text.slice(i + 1, end))];
      }
      if (top?.array) return [...path(), top.index];
      return path();
    }
    const ch = text[i];
    if (ch === '"') {
      const end = endOfString(text, i);
      let k = end + 1;
      while (text[k] === ' ') k += 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && text[k] === ':') {
        pendingKey = parseKey(text.slice(i + 1, end));
        i = k;
      } else i = end;
    } else if (ch === '{' || ch === '[') {
      stack.push({ array: ch === '[', index: 0, key: keyOfValue() });
    } else if (ch === '}' || ch === ']') {
      stack.pop();
    } else if (ch === ',') {
      const top = stack[stack.length - 1];
      if (top?.array) top.index += 1;
    }
  }
  return null;
}

function endOfString(text: string, start: number): number {
  let j = start + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return j;
}

function parseKey(raw: string): string {
  if (!raw.includes('\\')) return raw;
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** The range of the list entry that holds a line, when the document has one there. */
export function rangeAt(doc: DocumentText, line: number): TurnRange | null {
  let found: TurnRange | null = null;
  for (const range of doc.ranges) if (range.startLine <= line && line <= range.endLine) found = range;
  return found;
}

/** Where a line of a document is: its full JSON path (real list positions) and the entry that holds it. */
export interface LinePlace {
  path: PathStep[];
  range: TurnRange | null;
}

/**
 * The place of a line in a document. The list's position in the path is the entry's real one (a
 * window's text starts at its first entry): a payload range's `entry`, a transcript range's `index`.
 */
export function linePlace(doc: DocumentText, line: number, listKey: string | null): LinePlace | null {
  const path = jsonPathAt(doc.text, line);
  if (!path) return null;
  const range = rangeAt(doc, line);
  const at = listKey === null ? 0 : path[0] === listKey ? 1 : -1;
  if (range && at >= 0 && typeof path[at] === 'number') path[at] = listKey === null ? range.index : (range.entry ?? range.index);
  return { path, range };
}

/** The text of one list entry as JSON of its own: its lines without the list's indentation and trailing comma. */
export function entryText(doc: DocumentText, range: TurnRange): string {
  const lines = doc.text.split('\n').slice(range.startLine - 1, range.endLine);
  const indent = /^\s*/.exec(lines[0] ?? '')?.[0].length ?? 0;
  const out = lines.map((l) => l.slice(Math.min(indent, /^\s*/.exec(l)?.[0].length ?? 0)));
  const last = out.length - 1;
  if (last >= 0) out[last] = out[last].replace(/,\s*$/, '');
  return out.join('\n');
}

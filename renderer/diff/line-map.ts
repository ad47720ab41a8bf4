/** Maps annotations, turns and preflight findings to the line spans they cover in a document. */
import type { Annotation } from '../../shared/types.js';
import type { DocumentText, Side, TurnRange } from '../../shared/api.js';

/** A 1-based inclusive line span. */
export interface LineSpan {
  startLine: number;
  endLine: number;
}

/** Where something sits in each editor of the diff (null when it is absent on that side). */
export interface DiffSpans {
  original: LineSpan | null;
  replay: LineSpan | null;
}

function spanOf(range: TurnRange | undefined): LineSpan | null {
  return range ? { startLine: range.startLine, endLine: range.endLine } : null;
}

/** The range of a turn by its index on that side. */
export function rangeByIndex(ranges: readonly TurnRange[], index: number | null): LineSpan | null {
  if (index === null) return null;
  // Ranges are normally indexed by position; fall back to a search when a side skips turns.
  const direct = ranges[index];
  if (direct && direct.index === index) return spanOf(direct);
  return spanOf(ranges.find((r) => r.index === index));
}

/**
 * The spans of an annotation: its `turn` on the original side and its `replayTurn` on the replay side.
 *
 * A turn that was dropped has no replay span; a turn hygiene created has no original span.
 */
export function annotationSpans(annotation: Annotation, original: DocumentText | null, replay: DocumentText | null): DiffSpans {
  return {
    original: original ? rangeByIndex(original.ranges, annotation.turn) : null,
    replay: replay ? rangeByIndex(replay.ranges, annotation.replayTurn) : null,
  };
}

/** The spans of a turn selected in the turn list, with its counterpart on the other side. */
export function turnSpans(side: Side, index: number, original: DocumentText | null, replay: DocumentText | null): DiffSpans {
  if (side === 'original') {
    return {
      original: original ? rangeByIndex(original.ranges, index) : null,
      // Replay turns remember the original turn they came from; the first one is the counterpart.
      replay: replay ? spanOf(replay.ranges.find((r) => r.turn === index)) : null,
    };
  }
  const own = replay ? replay.ranges.find((r) => r.index === index) : undefined;
  return {
    original: original && own && own.turn !== null ? rangeByIndex(original.ranges, own.turn) : null,
    replay: spanOf(own),
  };
}

/** Every line span touched by a set of turn indices on one side, merged and sorted (for gutter marks). */
export function spansForTurns(ranges: readonly TurnRange[], indices: Iterable<number>): LineSpan[] {
  const spans: LineSpan[] = [];
  for (const index of new Set(indices)) {
    const span = rangeByIndex(ranges, index);
    if (span) spans.push(span);
  }
  return spans.sort((a, b) => a.startLine - b.startLine);
}

/** One step of a JSON path such as `messages[3].content[1].id`. */
type PathStep = string | number;

/** Split `messages[3].content[1].id` into `['messages', 3, 'content', 1, 'id']`. */
export function parseJsonPath(path: string): PathStep[] | null {
  const steps: PathStep[] = [];
  const pattern = /([^.[\]]+)|\[(\d+)\]|\.|\[["']([^"']*)["']\]/gy;
  let match: RegExpExecArray | null;
  let consumed = 0;
  while ((match = pattern.exec(path)) !== null) {
    if (match[0] === '') break;
    consumed = pattern.lastIndex;
    if (match[1] !== undefined) steps.push(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
    else if (match[2] !== undefined) steps.push(Number(match[2]));
    else if (match[3] !== undefined) steps.push(match[3]);
  }
  return consumed === path.length && steps.length > 0 ? steps : null;
}

/**
 * Find the lines of a JSON path in pretty-printed JSON text, without parsing it into objects.
 *
 * Documents can be tens of megabytes: this scans the text once, tracking the current path, and stops
 * as soon as the value at the path has ended. Returns null when the path is not in the text.
 */
export function locateJsonPath(text: string, path: string): LineSpan | null {
  const want = parseJsonPath(path);
  if (!want) return null;
  // A stack of containers: the key/index of the value being read in each.
  const stack: { array: boolean; key: PathStep | null; index: number }[] = [];
  let line = 1;
  let startLine = -1;
  let matchDepth = -1;
  let pendingKey: string | null = null;

  const currentPathMatches = (): boolean => {
    if (stack.length !== want.length) return false;
    for (let i = 0; i < want.length; i += 1) if (stack[i].key !== want[i]) return false;
    return true;
  };
  const beginValue = (): void => {
    const top = stack[stack.length - 1];
    if (!top) return;
    if (top.array) top.key = top.index;
    else top.key = pendingKey;
    if (startLine < 0 && currentPathMatches()) {
      startLine = line;
      matchDepth = stack.length;
    }
  };
  const endValue = (): LineSpan | null => {
    if (startLine >= 0 && stack.length === matchDepth) return { startLine, endLine: line };
    return null;
  };

  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      line += 1;
    } else if (ch === 34 /* " */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      const raw = text.slice(i + 1, j);
      let k = j + 1;
      while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k += 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && text.charCodeAt(k) === 58 /* : */) {
        try {
          pendingKey = JSON.parse(`"${raw}"`) as string;
        } catch {
          pendingKey = raw;
        }
        i = k;
      } else {
        beginValue();
        const done = endValue();
        if (done) return done;
        i = j;
      }
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      beginValue();
      stack.push({ array: ch === 91, key: null, index: 0 });
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      stack.pop();
      const done = endValue();
      if (done) return done;
    } else if (ch === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index += 1;
    } else if (ch !== 32 && ch !== 9 && ch !== 13 && ch !== 58) {
      // A bare literal (number, true, false, null): one value, then skip to its end.
      beginValue();
      const done = endValue();
      if (done) return done;
      while (i + 1 < text.length && !/[\s,\]}]/.test(text[i + 1])) i += 1;
    }
  }
  return null;
}

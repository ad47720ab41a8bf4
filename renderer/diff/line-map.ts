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

/** Lookups of one document's ranges by side index and by original turn (built once per range list). */
interface RangeIndex {
  byIndex: Map<number, TurnRange>;
  /** The first range of each original turn. */
  byTurn: Map<number, TurnRange>;
}

const indexes = new WeakMap<readonly TurnRange[], RangeIndex>();

/**
 * The lookups of a range list. Windowed documents do not start at index 0 and a long session has
 * thousands of annotations, so positional access and linear searches are both out.
 */
function rangeIndex(ranges: readonly TurnRange[]): RangeIndex {
  let index = indexes.get(ranges);
  if (!index) {
    index = { byIndex: new Map(), byTurn: new Map() };
    for (const range of ranges) {
      if (!index.byIndex.has(range.index)) index.byIndex.set(range.index, range);
      if (range.turn !== null && !index.byTurn.has(range.turn)) index.byTurn.set(range.turn, range);
    }
    indexes.set(ranges, index);
  }
  return index;
}

/** The range of a turn by its index on that side. */
export function rangeByIndex(ranges: readonly TurnRange[], index: number | null): LineSpan | null {
  if (index === null) return null;
  return spanOf(rangeIndex(ranges).byIndex.get(index));
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
      replay: replay ? spanOf(rangeIndex(replay.ranges).byTurn.get(index)) : null,
    };
  }
  const own = replay ? rangeIndex(replay.ranges).byIndex.get(index) : undefined;
  return {
    original: original && own && own.turn !== null ? rangeByIndex(original.ranges, own.turn) : null,
    replay: spanOf(own),
  };
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

/** A trie of wanted paths: one node per step, `path` set where a wanted path ends. */
interface PathNode {
  children: Map<PathStep, PathNode>;
  path: string | null;
}

/**
 * Find the lines of a JSON path in pretty-printed JSON text, without parsing it into objects.
 *
 * Returns null when the path is not in the text. See `locateJsonPaths` for many paths at once.
 */
export function locateJsonPath(text: string, path: string): LineSpan | null {
  return locateJsonPaths(text, [path]).get(path) ?? null;
}

/**
 * Find the lines of many JSON paths in one scan of pretty-printed JSON text.
 *
 * Documents can be megabytes and a long session can have hundreds of preflight findings: the text
 * is scanned once whatever the number of paths, tracking only the containers a wanted path goes
 * through, and the scan stops as soon as every path has ended. Paths absent from the text are absent
 * from the result.
 */
export function locateJsonPaths(text: string, paths: Iterable<string>): Map<string, LineSpan> {
  const found = new Map<string, LineSpan>();
  const root: PathNode = { children: new Map(), path: null };
  let wanted = 0;
  for (const path of new Set(paths)) {
    const steps = parseJsonPath(path);
    if (!steps) continue;
    let node = root;
    for (const step of steps) {
      let next = node.children.get(step);
      if (!next) {
        next = { children: new Map(), path: null };
        node.children.set(step, next);
      }
      node = next;
    }
    if (node.path === null) {
      node.path = path;
      wanted += 1;
    }
  }
  if (wanted === 0) return found;

  // Containers being read: the key/index of their current value and the trie node of the container.
  const stack: { array: boolean; index: number; node: PathNode | null }[] = [];
  // Wanted values that have started and not ended yet (nested paths can both be open).
  const open: { path: string; depth: number; startLine: number }[] = [];
  let line = 1;
  let pendingKey: string | null = null;

  /** A value starts: returns the trie node of the value (null when no wanted path goes through it). */
  const beginValue = (): PathNode | null => {
    const top = stack[stack.length - 1];
    const node = top ? (top.node?.children.get(top.array ? top.index : (pendingKey ?? '')) ?? null) : root;
    if (node?.path && !found.has(node.path) && !open.some((o) => o.path === node.path))
      open.push({ path: node.path, depth: stack.length, startLine: line });
    return node;
  };
  /** A value ended at the current depth: close the matches that began there. */
  const endValue = (): boolean => {
    for (let k = open.length - 1; k >= 0; k -= 1) {
      if (open[k].depth !== stack.length) continue;
      found.set(open[k].path, { startLine: open[k].startLine, endLine: line });
      open.splice(k, 1);
    }
    return found.size === wanted;
  };

  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (ch === 10) {
      line += 1;
    } else if (ch === 34 /* " */) {
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      let k = j + 1;
      while (k < text.length && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k += 1;
      const top = stack[stack.length - 1];
      if (top && !top.array && text.charCodeAt(k) === 58 /* : */) {
        const raw = text.slice(i + 1, j);
        if (raw.includes('\\')) {
          try {
            pendingKey = JSON.parse(`"${raw}"`) as string;
          } catch {
            pendingKey = raw;
          }
        } else {
          pendingKey = raw;
        }
        i = k;
      } else {
        beginValue();
        if (endValue()) return found;
        i = j;
      }
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      const node = beginValue();
      stack.push({ array: ch === 91, index: 0, node: node && node.children.size > 0 ? node : null });
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      stack.pop();
      if (endValue()) return found;
    } else if (ch === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.array) top.index += 1;
    } else if (ch !== 32 && ch !== 9 && ch !== 13 && ch !== 58) {
      // A bare literal (number, true, false, null): one value, then skip to its end.
      beginValue();
      if (endValue()) return found;
      while (i + 1 < text.length && !/[\s,\]}]/.test(text[i + 1])) i += 1;
    }
  }
  return found;
}

/**
 * Which turns the diff shows: the whole document for small sessions, else a window of original turns
 * sized from the document's bytes per turn, placed around the turn the user is looking at.
 *
 * Documents of 100 MB sessions are 25 MB and more when whole; a window keeps what the renderer parses,
 * what Monaco holds and what the diff worker compares to about a megabyte.
 */

/** A window of original turns [from, to) shown in the diff, and how many original turns the document has. */
export interface ShownWindow {
  from: number;
  to: number;
  totalTurns: number;
}

/** How a document is fetched: whole, or in windows of `size` original turns. */
export type DocumentPlan = { kind: 'whole' } | { kind: 'windowed'; size: number };

/** A document estimated below this many bytes is fetched whole, however many turns it has. */
export const WHOLE_MAX_BYTES = 2 * 1024 * 1024;
/** Up to this many turns a document is fetched whole when it is not huge (below `WHOLE_MAX_TURNS_BYTES`). */
export const WHOLE_MAX_TURNS = 200;
/** The byte limit that goes with `WHOLE_MAX_TURNS`: 150 turns of 60 KB tool outputs are still windowed. */
export const WHOLE_MAX_TURNS_BYTES = 8 * 1024 * 1024;
/** Bytes of document text a window aims at. */
export const WINDOW_BUDGET_BYTES = 1024 * 1024;
/** Bounds of a window, in original turns. */
export const MIN_WINDOW_TURNS = 20;
export const MAX_WINDOW_TURNS = 60;

/**
 * Decide how to fetch a document of `totalTurns` original turns estimated at `estimatedBytes`.
 *
 * The estimate (the payload's bytes, or the session file's) counts base64 the document elides, so it
 * errs on the side of smaller windows. Small documents stay whole: one window, nothing to navigate.
 */
export function planDocument(totalTurns: number, estimatedBytes: number): DocumentPlan {
  const bytes = Number.isFinite(estimatedBytes) && estimatedBytes > 0 ? estimatedBytes : 0;
  if (bytes <= WHOLE_MAX_BYTES) return { kind: 'whole' };
  if (totalTurns <= WHOLE_MAX_TURNS && bytes <= WHOLE_MAX_TURNS_BYTES) return { kind: 'whole' };
  const perTurn = bytes / Math.max(1, totalTurns);
  const size = Math.max(MIN_WINDOW_TURNS, Math.min(MAX_WINDOW_TURNS, Math.floor(WINDOW_BUDGET_BYTES / perTurn)));
  // Even sizes keep the half-window grid of `windowAround` exact.
  return { kind: 'windowed', size: size - (size % 2) };
}

/**
 * The window of `size` turns that shows `turn` in its middle half.
 *
 * Windows start on a grid of half a window, so nearby selections share a window (and its cached
 * documents) while the selected turn is never at the very edge, away from its neighbours.
 */
export function windowAround(turn: number, totalTurns: number, size: number): ShownWindow {
  const total = Math.max(0, totalTurns);
  if (total <= size) return { from: 0, to: total, totalTurns: total };
  const step = Math.max(1, Math.floor(size / 2));
  const at = Math.min(Math.max(0, turn), total - 1);
  let from = Math.max(0, Math.floor((at - Math.floor(size / 4)) / step) * step);
  if (from + size > total) from = total - size;
  return { from, to: from + size, totalTurns: total };
}

/** The window after (+1) or before (-1) `current`, or null at the end of the document. */
export function adjacentWindow(current: ShownWindow, direction: 1 | -1, size: number): ShownWindow | null {
  const total = current.totalTurns;
  if (direction > 0) {
    if (current.to >= total) return null;
    const to = Math.min(total, current.to + size);
    return { from: Math.max(0, Math.min(current.to, to - size)), to, totalTurns: total };
  }
  if (current.from <= 0) return null;
  const from = Math.max(0, current.from - size);
  return { from, to: Math.min(total, Math.max(current.from, from + size)), totalTurns: total };
}

/** True when original turn `turn` is inside the window. */
export function windowHas(window: ShownWindow | null, turn: number): boolean {
  return window !== null && turn >= window.from && turn < window.to;
}

/** True when the window covers every turn of its document. */
export function isWhole(window: ShownWindow): boolean {
  return window.from <= 0 && window.to >= window.totalTurns;
}

/** `turns 120–159 of 4 000`, or `all 35 turns`. */
export function describeWindow(window: ShownWindow): string {
  const n = (value: number) => value.toLocaleString('en-US').replace(/,/g, '\u202f');
  if (isWhole(window)) return window.totalTurns === 1 ? '1 turn' : `all ${n(window.totalTurns)} turns`;
  if (window.to <= window.from) return `no turns of ${n(window.totalTurns)}`;
  return `turns ${n(window.from)}–${n(window.to - 1)} of ${n(window.totalTurns)}`;
}

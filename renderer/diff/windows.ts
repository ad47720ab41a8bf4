/**
 * Which turns the diff shows: the whole document for small sessions, else a window of original turns
 * sized from the document's bytes per turn, placed around the turn the user is looking at.
 * How a document is planned (whole, or windows of how many turns) is in shared/document-windows.ts.
 */
import { formatCount } from '../format.js';

/** A window of original turns [from, to) shown in the diff, and how many original turns the document has. */
export interface ShownWindow {
  from: number;
  to: number;
  totalTurns: number;
}

export { MAX_WINDOW_TURNS, MIN_WINDOW_TURNS, planDocument, previewWindow, WHOLE_MAX_BYTES } from '../../shared/document-windows.js';

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
  const n = (value: number) => formatCount(value).replace(/,/g, '\u202f');
  if (isWhole(window)) return window.totalTurns === 1 ? '1 turn' : `all ${n(window.totalTurns)} turns`;
  if (window.to <= window.from) return `no turns of ${n(window.totalTurns)}`;
  return `turns ${n(window.from)}–${n(window.to - 1)} of ${n(window.totalTurns)}`;
}

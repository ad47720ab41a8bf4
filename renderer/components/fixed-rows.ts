/**
 * The arithmetic of a list of rows of one height, drawn a screenful at a time, whatever its length.
 *
 * A browser lays out no element taller than a limit (Chromium 33,554,432 px, Firefox about 17.9 million),
 * so a list of 46 px rows stops scrolling at about 729,000 rows there. Past `MAX_CONTENT_PX` the content
 * keeps that height and one pixel of scroll stands for `ratio` pixels of the list; below it, the list is
 * laid out whole and scrolls natively, as before.
 *
 * Two numbers describe where the list is: the scroller's `scrollTop`, and the list's `offset` (the pixel
 * of the whole list at the top of the view). A jump made here (a row brought into view, a wheel turn)
 * pins the offset it wanted to the `scrollTop` the browser gave it, so a list scaled thirty times still
 * lands on the pixel it aimed at although `scrollTop` is a whole number.
 */

/** The tallest content given to a scroller: under every browser's limit, with room to spare. */
export const MAX_CONTENT_PX = 15_000_000;

/** A list's shape: how many rows, how tall each, and how tall the view on them. */
export interface RowsGeometry {
  count: number;
  rowHeight: number;
  /** The scroller's visible height (0 before it is laid out). */
  viewport: number;
  /** The content's height limit (`MAX_CONTENT_PX` but in tests). */
  maxContent?: number;
}

/** An offset asked for, and the `scrollTop` the browser answered with. */
export interface Pin {
  scrollTop: number;
  offset: number;
}

/** One row drawn: its index and its top in the content's coordinates. */
export interface PlacedRow {
  index: number;
  top: number;
}

/** The height of the whole list, as if laid out. */
export function listHeight(g: RowsGeometry): number {
  return g.count * g.rowHeight;
}

/** The height given to the scroller's content. */
export function contentHeight(g: RowsGeometry): number {
  return Math.min(listHeight(g), g.maxContent ?? MAX_CONTENT_PX);
}

/** How many pixels of the list one pixel of scroll moves: 1 until the list is taller than its content. */
export function scrollRatio(g: RowsGeometry): number {
  const content = contentHeight(g);
  const list = listHeight(g);
  if (list <= content) return 1;
  const room = content - g.viewport;
  return room > 0 ? (list - g.viewport) / room : 1;
}

/** The largest offset: the last row at the bottom of the view. */
export function maxOffset(g: RowsGeometry): number {
  return Math.max(0, listHeight(g) - g.viewport);
}

/** The list's offset for a `scrollTop`: the pinned one if the scroller is still where a jump left it. */
export function listOffset(scrollTop: number, g: RowsGeometry, pin: Pin | null = null): number {
  if (pin && pin.scrollTop === scrollTop) return clamp(pin.offset, 0, maxOffset(g));
  const ratio = scrollRatio(g);
  const offset = ratio === 1 ? scrollTop : Math.round(scrollTop * ratio);
  return clamp(offset, 0, maxOffset(g));
}

/** The `scrollTop` that shows the list from `offset`. */
export function scrollTopFor(offset: number, g: RowsGeometry): number {
  return clamp(offset, 0, maxOffset(g)) / scrollRatio(g);
}

/** The rows to draw for a view from `offset`, `overscan` more on each side, placed for that `scrollTop`. */
export function placeRows(offset: number, scrollTop: number, g: RowsGeometry, overscan: number): PlacedRow[] {
  if (g.count === 0 || g.rowHeight <= 0) return [];
  const first = Math.max(0, Math.floor(offset / g.rowHeight) - overscan);
  const last = Math.min(g.count - 1, Math.ceil((offset + g.viewport) / g.rowHeight) - 1 + overscan);
  // The view's top is at `scrollTop` in the content and at `offset` in the list.
  const shift = scrollTop - offset;
  const rows: PlacedRow[] = [];
  for (let index = first; index <= last; index++) rows.push({ index, top: index * g.rowHeight + shift });
  return rows;
}

/** The offset that brings a row fully into view, moving as little as possible; `null` when it already is. */
export function offsetToShow(index: number, offset: number, g: RowsGeometry): number | null {
  const top = index * g.rowHeight;
  const bottom = top + g.rowHeight;
  const viewport = Math.max(g.viewport, g.rowHeight);
  if (top >= offset && bottom <= offset + viewport) return null;
  return clamp(top < offset ? top : bottom - viewport, 0, maxOffset(g));
}

function clamp(value: number, low: number, high: number): number {
  return Math.min(high, Math.max(low, value));
}

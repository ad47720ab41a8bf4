/** The arithmetic of a list of rows of one height, scaled past the height a browser lays out. */

/**
 * The tallest content given to a scroller: under every browser's limit on an element's height (Chromium
 * 33,554,432 px, Firefox about 17.9 million), with room to spare. Below it a list is laid out whole and
 * scrolls natively; past it the content keeps this height and one pixel of scroll stands for `scrollRatio`
 * pixels of the list.
 */
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

/**
 * A jump's offset (the pixel of the list at the top of the view), kept against the `scrollTop` the browser
 * gave it: `scrollTop` is a whole number, so a list scaled thirty times would otherwise land up to fifteen
 * pixels off, and a wheel's fractions of a pixel would be lost.
 */
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

/**
 * The rows to draw for a view from `offset`, `overscan` more on each side, placed for that `scrollTop`.
 * Unscaled, each row has its own place (the browser's scroll moves them, an overscroll bounces them);
 * scaled, they are placed from the view's top on whole pixels.
 */
export function placeRows(offset: number, scrollTop: number, g: RowsGeometry, overscan: number): PlacedRow[] {
  if (g.count === 0 || g.rowHeight <= 0) return [];
  const first = Math.max(0, Math.floor(offset / g.rowHeight) - overscan);
  const last = Math.min(g.count - 1, Math.ceil((offset + g.viewport) / g.rowHeight) - 1 + overscan);
  // The view's top is at `scrollTop` in the content and at `offset` in the list.
  const shift = scrollRatio(g) === 1 ? 0 : Math.round(scrollTop - offset);
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

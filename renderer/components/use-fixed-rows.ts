/**
 * A list of rows of one height, drawn a screenful at a time, that scrolls to its last row however many
 * there are (`fixed-rows.ts` has the arithmetic). Below the browser's height limit it scrolls natively;
 * past it, the wheel and Page Up/Down move the list by the pixels asked for, not by the scaled ones.
 */
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import {
  contentHeight,
  listOffset,
  maxOffset,
  offsetToShow,
  placeRows,
  scrollRatio,
  scrollTopFor,
  type Pin,
  type PlacedRow,
  type RowsGeometry,
} from './fixed-rows.js';

/** What the list needs to draw itself. */
export interface FixedRows {
  /** The rows in view (and `overscan` more each side), with their top in the content. */
  rows: PlacedRow[];
  /** The height of the scroller's content element. */
  height: number;
  /** Scroll as little as needed for the row to be fully in view. */
  scrollToIndex(index: number): void;
}

interface View {
  scrollTop: number;
  viewport: number;
  offset: number;
}

/** Pixels per line of a wheel turn counted in lines (`deltaMode` 1), and of an arrow key: the browser's own step. */
const LINE_PX = 40;

/** Rows of `rowHeight` pixels in `scroller`. */
export function useFixedRows(options: {
  count: number;
  rowHeight: number;
  overscan: number;
  scroller: RefObject<HTMLElement | null>;
  /** Whether Up/Down on the scroller itself scroll it (the turn list uses them to select). */
  arrowsScroll?: boolean;
}): FixedRows {
  const { count, rowHeight, overscan, scroller, arrowsScroll = false } = options;
  const [view, setView] = useState<View>({ scrollTop: 0, viewport: 0, offset: 0 });
  const pin = useRef<Pin | null>(null);
  const geometry: RowsGeometry = useMemo(() => ({ count, rowHeight, viewport: view.viewport }), [count, rowHeight, view.viewport]);
  const current = useRef(geometry);
  useLayoutEffect(() => {
    current.current = geometry;
  }, [geometry]);

  // Read the scroller: where it is, how tall it is, and so where the list is.
  const measure = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    const viewport = element.clientHeight;
    if (viewport !== current.current.viewport) pin.current = null;
    const g = { ...current.current, viewport };
    const scrollTop = element.scrollTop;
    const offset = listOffset(scrollTop, g, pin.current);
    // Unscaled, rows sit at fixed places: a scroll within the same rows needs no new render.
    setView((before) => (sameRows(before, { scrollTop, viewport, offset }, g.rowHeight) ? before : { scrollTop, viewport, offset }));
  }, [scroller]);

  // Go to a pixel of the list, and remember it against the scrollTop the browser gives back.
  const scrollToOffset = useCallback(
    (offset: number, g: RowsGeometry = current.current) => {
      const element = scroller.current;
      if (!element) return;
      // Not rounded: the wheel's fractions of a pixel add up.
      const target = Math.max(0, Math.min(maxOffset(g), offset));
      element.scrollTop = scrollTopFor(target, g);
      pin.current = scrollRatio(g) === 1 ? null : { scrollTop: element.scrollTop, offset: target };
      measure();
    },
    [scroller, measure],
  );

  // A new count changes the scale: the pinned offset belongs to the old one.
  useLayoutEffect(() => {
    pin.current = null;
    measure();
  }, [count, rowHeight, measure]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => measure();
    const scaled = () => scrollRatio(current.current) !== 1;
    const offsetNow = () => listOffset(element.scrollTop, current.current, pin.current);
    // Scaled, the browser would move the list `ratio` times the distance: move it by the distance itself.
    const onWheel = (event: WheelEvent) => {
      if (!scaled() || event.ctrlKey || event.deltaY === 0) return;
      event.preventDefault();
      const unit = event.deltaMode === 1 ? LINE_PX : event.deltaMode === 2 ? current.current.viewport : 1;
      if (event.deltaX !== 0) element.scrollLeft += event.deltaX * unit;
      scrollToOffset(offsetNow() + event.deltaY * unit);
    };
    const onKey = (event: KeyboardEvent) => {
      if (!scaled() || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const page = Math.max(current.current.rowHeight, current.current.viewport - current.current.rowHeight);
      // Space and the arrows only from the scroller itself: on a row's button Space presses the button.
      const own = event.target === element;
      const space = own && event.key === ' ';
      const arrow = own && arrowsScroll && (event.key === 'ArrowDown' || event.key === 'ArrowUp');
      const down = event.key === 'PageDown' || (space && !event.shiftKey) || (arrow && event.key === 'ArrowDown');
      const up = event.key === 'PageUp' || (space && event.shiftKey) || (arrow && event.key === 'ArrowUp');
      if (!down && !up) return;
      event.preventDefault();
      const step = arrow ? LINE_PX : page;
      scrollToOffset(offsetNow() + (down ? step : -step));
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: false });
    element.addEventListener('keydown', onKey);
    const resize = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure());
    resize?.observe(element);
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKey);
      resize?.disconnect();
    };
  }, [scroller, measure, scrollToOffset, arrowsScroll]);

  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scroller.current;
      if (!element) return;
      const g = { ...current.current, viewport: element.clientHeight };
      const target = offsetToShow(index, listOffset(element.scrollTop, g, pin.current), g);
      if (target !== null) scrollToOffset(target, g);
    },
    [scroller, scrollToOffset],
  );

  const rows = useMemo(() => placeRows(view.offset, view.scrollTop, geometry, overscan), [view, geometry, overscan]);
  return { rows, height: contentHeight(geometry), scrollToIndex };
}

/** Whether two views draw the same rows at the same places. */
function sameRows(a: View, b: View, rowHeight: number): boolean {
  if (a.viewport !== b.viewport || a.scrollTop - a.offset !== b.scrollTop - b.offset) return false;
  if (rowHeight <= 0) return true;
  const first = (v: View) => Math.floor(v.offset / rowHeight);
  const last = (v: View) => Math.ceil((v.offset + v.viewport) / rowHeight);
  return first(a) === first(b) && last(a) === last(b);
}

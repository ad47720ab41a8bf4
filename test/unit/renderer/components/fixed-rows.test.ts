// The arithmetic of the turn list and the elided-string viewer: rows of one height, scaled past the
// height a browser lays out, so the last row can always be scrolled to.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CONTENT_PX,
  contentHeight,
  listOffset,
  maxOffset,
  offsetToShow,
  placeRows,
  scrollRatio,
  scrollTopFor,
  type RowsGeometry,
} from '../../../../renderer/components/fixed-rows.js';

/** A million 46 px turns in a 500 px pane: 46 million px of list, over Chromium's 33.5 million. */
const million: RowsGeometry = { count: 1_000_000, rowHeight: 46, viewport: 500 };

describe('fixed rows under the height limit', () => {
  const small: RowsGeometry = { count: 3_000, rowHeight: 46, viewport: 500 };

  it('lays the list out whole and scrolls it natively', () => {
    expect(contentHeight(small)).toBe(138_000);
    expect(scrollRatio(small)).toBe(1);
    expect(listOffset(1_234, small)).toBe(1_234);
    expect(scrollTopFor(1_234, small)).toBe(1_234);
    // Each row at its own place: the scroll moves them, not a new render.
    expect(placeRows(1_234, 1_234, small, 2)).toEqual(
      [24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39].map((index) => ({ index, top: index * 46 })),
    );
  });

  it('draws nothing for an empty list and the overscan alone before the pane is laid out', () => {
    expect(placeRows(0, 0, { count: 0, rowHeight: 46, viewport: 500 }, 12)).toEqual([]);
    expect(placeRows(0, 0, { ...small, viewport: 0 }, 3).map((r) => r.index)).toEqual([0, 1, 2]);
    expect(maxOffset({ count: 2, rowHeight: 46, viewport: 500 })).toBe(0);
  });

  it('lets an overscroll move the rows with the content, not hold them to the view', () => {
    // A rubber-band overscroll: scrollTop past either end, clamped for the list.
    expect(listOffset(-30, small)).toBe(0);
    expect(placeRows(0, -30, small, 0)[0]).toEqual({ index: 0, top: 0 });
    const end = maxOffset(small);
    expect(listOffset(end + 25, small)).toBe(end);
    expect(placeRows(end, end + 25, small, 0).at(-1)).toEqual({ index: 2_999, top: 2_999 * 46 });
  });

  it('keeps a list exactly at the limit unscaled', () => {
    const exact: RowsGeometry = { count: 100, rowHeight: 10, viewport: 50, maxContent: 1_000 };
    expect(contentHeight(exact)).toBe(1_000);
    expect(scrollRatio(exact)).toBe(1);
  });
});

describe('fixed rows past the height limit', () => {
  it('caps the content and scales the scroll so that its end is the list’s end', () => {
    expect(contentHeight(million)).toBe(MAX_CONTENT_PX);
    expect(MAX_CONTENT_PX).toBeLessThan(17_895_697);
    const lastScrollTop = MAX_CONTENT_PX - 500;
    expect(scrollRatio(million)).toBeCloseTo(45_999_500 / 14_999_500, 12);
    expect(listOffset(lastScrollTop, million)).toBe(45_999_500);
    // At the bottom, the last turn's bottom edge is the view's bottom edge.
    const rows = placeRows(listOffset(lastScrollTop, million), lastScrollTop, million, 0);
    const last = rows[rows.length - 1];
    expect(last.index).toBe(999_999);
    expect(last.top + 46).toBe(lastScrollTop + 500);
    expect(rows[0]).toEqual({ index: 999_989, top: lastScrollTop + 500 - 11 * 46 });
  });

  it('places rows relative to the view, contiguous, covering it', () => {
    const scrollTop = 7_654_321;
    const offset = listOffset(scrollTop, million);
    expect(offset).toBe(Math.round(scrollTop * scrollRatio(million)));
    const rows = placeRows(offset, scrollTop, million, 0);
    expect(rows[0].top).toBeLessThanOrEqual(scrollTop);
    expect(rows[rows.length - 1].top + 46).toBeGreaterThanOrEqual(scrollTop + 500);
    for (let i = 1; i < rows.length; i++) expect(rows[i].top - rows[i - 1].top).toBe(46);
    expect(rows[0].index).toBe(Math.floor(offset / 46));
  });

  it('lands on the offset a jump asked for while the scroller stays where the jump left it', () => {
    const wanted = 30_000_001;
    const scrollTop = Math.round(scrollTopFor(wanted, million));
    expect(listOffset(scrollTop, million)).not.toBe(wanted);
    const pin = { scrollTop, offset: wanted };
    expect(listOffset(scrollTop, million, pin)).toBe(wanted);
    // Scrolled away by hand: the scale again.
    expect(listOffset(scrollTop + 1, million, pin)).toBe(Math.round((scrollTop + 1) * scrollRatio(million)));
  });

  it('places rows on whole pixels while a pinned offset keeps its fractions', () => {
    const rows = placeRows(1_000.5, 326, million, 0);
    expect(rows[0]).toEqual({ index: 21, top: 21 * 46 + Math.round(326 - 1_000.5) });
    expect(rows.every((r) => Number.isInteger(r.top))).toBe(true);
    expect(listOffset(326, million, { scrollTop: 326, offset: 1_000.5 })).toBe(1_000.5);
  });

  it('maps scrollTop and offset both ways within one scaled pixel', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 50_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (count, rowHeight, viewport, at) => {
          const g = { count, rowHeight, viewport };
          const offset = Math.round(maxOffset(g) * at);
          const back = listOffset(scrollTopFor(offset, g), g);
          expect(Math.abs(back - offset)).toBeLessThanOrEqual(1);
          expect(contentHeight(g)).toBeLessThanOrEqual(MAX_CONTENT_PX);
          // Every scrollTop the browser allows shows rows of the list, the last one included.
          const top = Math.max(0, contentHeight(g) - viewport);
          const rows = placeRows(listOffset(top, g), top, g, 0);
          if (viewport > 0) expect(rows[rows.length - 1].index).toBe(count - 1);
        },
      ),
    );
  });
});

describe('offsetToShow', () => {
  it('leaves a row in view alone and moves as little as needed for one that is not', () => {
    expect(offsetToShow(20, 900, million)).toBeNull();
    // Above the view: to the top.
    expect(offsetToShow(10, 900, million)).toBe(460);
    // Below: its bottom at the view's bottom.
    expect(offsetToShow(40, 900, million)).toBe(41 * 46 - 500);
    // Partly hidden at either edge counts as out of view.
    expect(offsetToShow(19, 900, million)).toBe(874);
    expect(offsetToShow(30, 900, million)).toBe(31 * 46 - 500);
    // The last turn of a million.
    expect(offsetToShow(999_999, 0, million)).toBe(maxOffset(million));
  });

  it('shows a row in a pane shorter than a row at its top', () => {
    expect(offsetToShow(5, 0, { count: 10, rowHeight: 46, viewport: 0 })).toBe(230);
  });
});

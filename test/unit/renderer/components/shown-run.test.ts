// Which items of a long list the side panel draws (a rule's annotations, a check's findings): a page,
// grown as F8 steps on, and a page around a selection far from it (never every item up to it).
import { describe, expect, it } from 'vitest';
import { shownRange } from '../../../../renderer/components/shown-run.js';

const first = { from: 0, to: 100 };

describe('shownRange', () => {
  it('keeps the run while the selection is in it, or not in this group', () => {
    expect(shownRange(first, 42, 40_000)).toBe(first);
    expect(shownRange(first, -1, 40_000)).toBe(first);
    expect(shownRange(first, 0, 40_000)).toBe(first);
    expect(shownRange(first, 99, 40_000)).toBe(first);
  });

  it('grows by the steps F8 takes just past either end', () => {
    expect(shownRange(first, 100, 40_000)).toEqual({ from: 0, to: 101 });
    expect(shownRange(first, 199, 40_000)).toEqual({ from: 0, to: 200 });
    expect(shownRange({ from: 500, to: 600 }, 499, 40_000)).toEqual({ from: 499, to: 600 });
    expect(shownRange({ from: 500, to: 600 }, 400, 40_000)).toEqual({ from: 400, to: 600 });
  });

  it('lets the far end slide past a thousand annotations followed, or as many as were shown', () => {
    expect(shownRange({ from: 0, to: 1_000 }, 1_000, 40_000)).toEqual({ from: 1, to: 1_001 });
    expect(shownRange({ from: 5_000, to: 6_000 }, 4_999, 40_000)).toEqual({ from: 4_999, to: 5_999 });
    // "Show more" drew 5,000: a step on keeps them, less the first.
    expect(shownRange({ from: 0, to: 5_000 }, 5_000, 40_000)).toEqual({ from: 1, to: 5_001 });
    expect(shownRange({ from: 100, to: 5_100 }, 99, 40_000)).toEqual({ from: 99, to: 5_099 });
  });

  it('shows a page from a little above a selection far from the run', () => {
    // Shift+F8 to the last of 40,000: the last page drawn, not 40,000.
    expect(shownRange(first, 39_999, 40_000)).toEqual({ from: 39_900, to: 40_000 });
    expect(shownRange(first, 39_950, 40_000)).toEqual({ from: 39_900, to: 40_000 });
    expect(shownRange(first, 200, 40_000)).toEqual({ from: 190, to: 290 });
    expect(shownRange({ from: 30_000, to: 30_100 }, 5, 40_000)).toEqual({ from: 0, to: 100 });
  });

  it('starts from the top when the run is past the end of a shorter list', () => {
    expect(shownRange({ from: 39_900, to: 40_000 }, -1, 50)).toEqual(first);
    expect(shownRange({ from: 39_900, to: 40_000 }, 7, 50)).toEqual(first);
    expect(shownRange({ from: 39_900, to: 40_000 }, 40, 50)).toEqual(first);
  });

  it('draws a short list whole', () => {
    expect(shownRange(first, 30, 31)).toBe(first);
  });

  it('ignores a position past the group', () => {
    expect(shownRange(first, 40_000, 40_000)).toBe(first);
  });
});

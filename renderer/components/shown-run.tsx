/** Which items of a long list a panel draws: a page, grown as the selection steps on, moved to a far one. */
import { useState } from 'react';
import { formatCount } from '../format.js';

/** Items drawn per page ("Show 100 more"). */
export const PAGE = 100;
/** The most items that following the selection (F8) keeps drawn. */
const MAX_FOLLOWED = 1_000;
/** Items shown above a selection far from those shown. */
const BEFORE_SELECTED = 10;

/** The run of a list's items drawn: positions `from` to `to` (exclusive). */
export interface ShownRange {
  from: number;
  to: number;
}

const FIRST_PAGE: ShownRange = { from: 0, to: PAGE };

/**
 * The run to draw with the selection at `position` of a list of `count` (-1: not in this list). The
 * same run while the selection is in it; grown by the steps F8 takes just past either end (up to
 * `MAX_FOLLOWED`, the far end let go); a page from a little above a selection anywhere else, so that a
 * jump to the last of 40,000 draws a page, not 40,000 items.
 */
export function shownRange(range: ShownRange, position: number, count: number): ShownRange {
  if (position < 0 || position >= count || (position >= range.from && position < range.to)) return range;
  if (position >= range.to && position < range.to + PAGE) {
    const to = position + 1;
    return { from: Math.max(range.from, to - MAX_FOLLOWED), to };
  }
  if (position < range.from && position >= range.from - PAGE) return { from: position, to: Math.min(range.to, position + MAX_FOLLOWED) };
  const from = Math.max(0, position - BEFORE_SELECTED);
  return { from, to: Math.min(count, from + PAGE) };
}

/** What a panel draws of a list, and the pages it can add. */
export interface ShownRun {
  /** The items drawn, in order. */
  shown: number[];
  /** Items above the run, and below it. */
  earlier: number;
  later: number;
  showEarlier(): void;
  showMore(): void;
}

/**
 * The run of `items` (a group's indices) drawn by a panel, following `selected`. A closed group draws
 * only the selected item, when it has it. The run belongs to this `items` array: a new inspection's
 * starts from the top.
 */
export function useShownRun(items: readonly number[], selected: number | null, open = true): ShownRun {
  const [shownOf, setShownOf] = useState({ items, range: FIRST_PAGE });
  const position = selected === null ? -1 : items.indexOf(selected);
  const kept = shownOf.items === items ? shownOf.range : FIRST_PAGE;
  const range = open ? shownRange(kept, position, items.length) : kept;
  // Adjusted while rendering (React renders again at once): the run follows the selection in the same frame.
  if (shownOf.items !== items || shownOf.range !== range) setShownOf({ items, range });
  const show = (next: ShownRange) => setShownOf({ items, range: next });
  if (!open) return { shown: position >= 0 ? [items[position]] : [], earlier: 0, later: 0, showEarlier() {}, showMore() {} };
  const shown = items.slice(range.from, range.to);
  return {
    shown,
    earlier: range.from,
    later: items.length - range.from - shown.length,
    showEarlier: () => show({ from: Math.max(0, range.from - PAGE), to: range.to }),
    showMore: () => show({ from: range.from, to: Math.min(items.length, range.to + PAGE) }),
  };
}

/** "Show 100 earlier of N" above a run, "Show 100 more of N" below it. */
export function RunButton({ run, which }: { run: ShownRun; which: 'earlier' | 'later' }) {
  const left = which === 'earlier' ? run.earlier : run.later;
  if (left <= 0) return null;
  return (
    <button type="button" className="link more" onClick={which === 'earlier' ? run.showEarlier : run.showMore}>
      Show {formatCount(Math.min(PAGE, left))} {which === 'earlier' ? 'earlier' : 'more'} of {formatCount(left)}
    </button>
  );
}

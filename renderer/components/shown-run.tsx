/** Which items of a long list a panel draws: a page, grown as the selection steps on, moved to a far one. */
import { useEffect, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { formatCount } from '../format.js';

/** Items drawn per page ("Show 100 more"). */
const PAGE = 100;
/** The most items that following the selection (F8) draws, unless "Show more" drew more. */
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
 * same run while the selection is in it; grown by the steps F8 takes just past either end (past
 * `MAX_FOLLOWED` items, or as many as "Show more" drew, the far end slides along); a page around a
 * selection anywhere else, so that a jump to the last of 40,000 draws a page, not 40,000 items. A run
 * past the end of the list (a shorter one) starts from the top again.
 */
export function shownRange(range: ShownRange, position: number, count: number): ShownRange {
  if (range.from > 0 && range.from >= count) range = FIRST_PAGE;
  if (position < 0 || position >= count || (position >= range.from && position < range.to)) return range;
  const most = Math.max(MAX_FOLLOWED, range.to - range.from);
  if (position >= range.to && position < range.to + PAGE) return { from: Math.max(range.from, position + 1 - most), to: position + 1 };
  if (position < range.from && position >= range.from - PAGE) return { from: position, to: Math.min(range.to, position + most) };
  const from = Math.max(0, Math.min(position - BEFORE_SELECTED, count - PAGE));
  return { from, to: Math.min(count, from + PAGE) };
}

/** What a panel draws of a list, and the pages it can add. */
export interface ShownRun {
  /** The items drawn, in order. */
  shown: number[];
  /** How many items are above the run. */
  earlier: number;
  /** How many items are below it. */
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

/**
 * "Show 100 earlier of N" above a run (the list below it, its next sibling), "Show 100 more of N" below
 * it. The earlier page goes in above what the reader sees, which stays where it is.
 */
export function RunButton({ run, which }: { run: ShownRun; which: 'earlier' | 'later' }) {
  const button = useRef<HTMLButtonElement>(null);
  const left = which === 'earlier' ? run.earlier : run.later;
  if (left <= 0) return null;
  const onClick = () => {
    if (which === 'later') return run.showMore();
    const first = button.current?.nextElementSibling?.firstElementChild;
    const before = first?.getBoundingClientRect().top;
    flushSync(run.showEarlier);
    if (!first || before === undefined) return;
    const scroller = scrollingParent(first);
    if (scroller) scroller.scrollTop += first.getBoundingClientRect().top - before;
  };
  return (
    <button type="button" className="link more" ref={button} onClick={onClick}>
      Show {formatCount(Math.min(PAGE, left))} {which === 'earlier' ? 'earlier' : 'more'} of {formatCount(left)}
    </button>
  );
}

/** An item of a run that scrolls itself into view when it becomes the selected one (chosen elsewhere: F8, the verdict). */
export function useInViewWhenSelected(selected: boolean): RefObject<HTMLLIElement | null> {
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return ref;
}

/** The nearest ancestor that scrolls vertically. */
function scrollingParent(element: Element): HTMLElement | null {
  for (let at = element.parentElement; at; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && at.scrollHeight > at.clientHeight) return at;
  }
  return null;
}

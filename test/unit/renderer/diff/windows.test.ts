// Windows of turns: when a document is fetched whole, how big a window is, where it sits, stepping.
import { describe, expect, it } from 'vitest';
import {
  adjacentWindow,
  describeWindow,
  isWhole,
  MAX_WINDOW_TURNS,
  MIN_WINDOW_TURNS,
  planDocument,
  windowAround,
  windowHas,
  WHOLE_MAX_BYTES,
} from '../../../../renderer/diff/windows.js';

const MB = 1024 * 1024;

describe('planDocument', () => {
  it('keeps small documents whole, whatever their turn count', () => {
    expect(planDocument(5000, WHOLE_MAX_BYTES)).toEqual({ kind: 'whole' });
    expect(planDocument(35, 50_000)).toEqual({ kind: 'whole' });
  });

  it('keeps up to 200 turns whole unless they are huge', () => {
    expect(planDocument(200, 6 * MB)).toEqual({ kind: 'whole' });
    expect(planDocument(150, 40 * MB).kind).toBe('windowed');
    expect(planDocument(201, 3 * MB).kind).toBe('windowed');
  });

  it('sizes windows to about a megabyte, within bounds, even', () => {
    // The generated 100 MB session: 1646 turns, a 44 MiB payload: 28 KB per turn → 37, even → 36.
    expect(planDocument(1646, 44 * MB)).toEqual({ kind: 'windowed', size: 36 });
    expect(planDocument(4000, 3 * MB)).toEqual({ kind: 'windowed', size: MAX_WINDOW_TURNS });
    expect(planDocument(300, 300 * MB)).toEqual({ kind: 'windowed', size: MIN_WINDOW_TURNS });
    for (const turns of [250, 999, 1646, 7001])
      for (const mb of [3, 17, 230]) {
        const plan = planDocument(turns, mb * MB);
        if (plan.kind === 'windowed') expect(plan.size % 2).toBe(0);
      }
  });

  it('treats an unknown size as small', () => {
    expect(planDocument(3000, Number.NaN)).toEqual({ kind: 'whole' });
  });
});

describe('windowAround', () => {
  it('puts the turn in the middle half of a window on a half-window grid', () => {
    for (const turn of [0, 5, 19, 20, 39, 40, 41, 777, 1599]) {
      const w = windowAround(turn, 1600, 40);
      expect(w.to - w.from).toBe(40);
      expect(w.from % 20).toBe(0);
      expect(windowHas(w, turn)).toBe(true);
      if (w.from > 0) expect(turn - w.from).toBeGreaterThanOrEqual(10);
      if (w.to < 1600) expect(w.to - turn).toBeGreaterThan(10);
    }
  });

  it('shares a window between neighbours and stays inside the document', () => {
    expect(windowAround(130, 4000, 40)).toEqual(windowAround(140, 4000, 40));
    expect(windowAround(3999, 4000, 40)).toEqual({ from: 3960, to: 4000, totalTurns: 4000 });
    expect(windowAround(-3, 4000, 40)).toEqual({ from: 0, to: 40, totalTurns: 4000 });
    expect(windowAround(9, 12, 40)).toEqual({ from: 0, to: 12, totalTurns: 12 });
  });
});

describe('adjacentWindow', () => {
  it('steps by a window, keeping the size at the ends', () => {
    const w = { from: 40, to: 80, totalTurns: 100 };
    expect(adjacentWindow(w, 1, 40)).toEqual({ from: 60, to: 100, totalTurns: 100 });
    expect(adjacentWindow(w, -1, 40)).toEqual({ from: 0, to: 40, totalTurns: 100 });
    expect(adjacentWindow({ from: 20, to: 60, totalTurns: 100 }, -1, 40)).toEqual({ from: 0, to: 40, totalTurns: 100 });
    expect(adjacentWindow({ from: 60, to: 100, totalTurns: 100 }, 1, 40)).toBeNull();
    expect(adjacentWindow({ from: 0, to: 40, totalTurns: 100 }, -1, 40)).toBeNull();
  });
});

describe('describeWindow', () => {
  it('says which turns the diff covers', () => {
    expect(describeWindow({ from: 120, to: 160, totalTurns: 4000 })).toBe('turns 120–159 of 4\u202f000');
    expect(describeWindow({ from: 0, to: 35, totalTurns: 35 })).toBe('all 35 turns');
    expect(isWhole({ from: 0, to: 35, totalTurns: 35 })).toBe(true);
    expect(windowHas(null, 3)).toBe(false);
  });
});

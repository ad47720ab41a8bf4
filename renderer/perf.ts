/**
 * Performance marks of the phases between start-up and the first diff on screen, read by
 * `test/bench/first-screen.bench.ts` (and visible in the browser's performance panel).
 *
 * Each phase is a `ti:<phase>:start` / `ti:<phase>:end` pair; a few one-off events are single marks.
 * Only the first occurrence of a mark is kept: the bench measures the first screen, not later work.
 */

/** Names of the marks the renderer sets. */
export type PerfMark =
  | 'boot'
  | 'launch'
  | 'open:start'
  | 'open:end'
  | 'inspect:start'
  | 'inspect:end'
  | 'preview:end'
  | 'window:start'
  | 'window:end'
  | 'monaco:start'
  | 'monaco:end'
  | 'models-set'
  | 'first-diff'
  | 'editor-painted'
  | 'diff-computed';

const marked = new Set<PerfMark>();
const waiting = new Map<PerfMark, (() => void)[]>();

/**
 * Resolves once `name` is marked (at once if it was), or after `timeoutMs`: work that can wait, such
 * as reading the rest of a file, gives way to the first screen without ever waiting on it for long.
 * The value says which came first: `true` for the mark, `false` for the clock.
 */
export function whenMarked(name: PerfMark, timeoutMs: number): Promise<boolean> {
  if (marked.has(name)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    const list = waiting.get(name) ?? [];
    list.push(() => {
      clearTimeout(timer);
      resolve(true);
    });
    waiting.set(name, list);
  });
}

/** Set `ti:<name>` once; later calls are ignored. Never throws (tests run without a full Performance API). */
export function perfMark(name: PerfMark, detail?: Record<string, unknown>): void {
  if (marked.has(name)) return;
  marked.add(name);
  for (const wake of waiting.get(name) ?? []) wake();
  waiting.delete(name);
  try {
    if (typeof performance === 'undefined' || typeof performance.mark !== 'function') return;
    performance.mark(`ti:${name}`, detail ? { detail } : undefined);
  } catch {
    // Timing is a diagnostic: it must never break the app.
  }
}

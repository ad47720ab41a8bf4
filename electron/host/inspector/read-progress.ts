/** Turning a file read's per-chunk progress into a few events: at most one per interval, then a final one. */

/** Default milliseconds between two progress events: ten a second is smooth and costs nothing over IPC or SSE. */
const PROGRESS_INTERVAL_MS = 100;

/** A throttle in front of `send`: `update` after each chunk, `finish` once the read is done. */
export interface ProgressThrottle {
  update(done: number, total: number): void;
  /** Send the last update unless it was sent already, whatever the time since the previous event. */
  finish(): void;
}

/**
 * Throttle progress updates into events.
 *
 * The first event goes out one interval after the read began, not at once: a file read within one
 * interval sends only the final event.
 */
export function throttleProgress(
  send: (done: number, total: number) => void,
  intervalMs: number = PROGRESS_INTERVAL_MS,
  now: () => number = () => performance.now(),
): ProgressThrottle {
  let last = now();
  let done = 0;
  let total = 0;
  let unsent = false;
  return {
    update(nextDone, nextTotal) {
      done = nextDone;
      total = nextTotal;
      unsent = true;
      const t = now();
      if (t - last < intervalMs) return;
      last = t;
      unsent = false;
      send(done, total);
    },
    finish() {
      if (!unsent) return;
      unsent = false;
      send(done, total);
    },
  };
}

/**
 * Turns of the event loop given by a long read that would otherwise hold it. The host reads a stored
 * session on the thread that answers the page (and the desktop window): reading a 100 MB session's
 * rows out of the store's pages, then handing them to the parser, held it for 0.36 s and then for a
 * second, and whatever the page asked meanwhile waited. A loop asks `due` every few hundred items or
 * few megabytes of them (a clock read for each would cost more than the turns), and awaits `give()`
 * when it says so.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Longest run of work between two turns. Each turn costs more than its own time (the read resumes
 * from its await): at 8 ms, a stored preview of 100 MB took 40–60 ms longer; at 40 ms, no longer
 * than without turns, within the machine's spread.
 */
export const TURN_MS = 40;

export class EventLoopTurns {
  private last = performance.now();
  /** Items, and their bytes, counted by `before` since the clock was last looked at. */
  private items = 0;
  private bytes = 0;

  /**
   * Count the next item of a loop (`bytes` of it) before it is worked on: true when a turn should be
   * given first. The clock is looked at once TURN_CHECK_EVERY items or TURN_CHECK_BYTES have gone by.
   */
  before(bytes: number): boolean {
    let look = false;
    if (this.items >= TURN_CHECK_EVERY || this.bytes >= TURN_CHECK_BYTES) {
      this.items = 0;
      this.bytes = 0;
      look = true;
    }
    this.items += 1;
    this.bytes += bytes;
    return look && this.due;
  }

  /** Whether the work since the last turn has run long enough to give one now. */
  get due(): boolean {
    return performance.now() - this.last >= TURN_MS;
  }

  /** Let the event loop run what is waiting (timers, I/O), then go on. */
  async give(): Promise<void> {
    await nextTurn();
    this.last = performance.now();
  }
}

/** Items between two looks at the clock, or bytes of them, whichever comes first (events run to megabytes). */
export const TURN_CHECK_EVERY = 256;
export const TURN_CHECK_BYTES = 4 * 1024 * 1024;

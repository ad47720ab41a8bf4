/**
 * Messages let go while a file is read: a retry leaves the turns it replaced behind, and on a
 * session of many retries those turns weigh as much as the branch that is sent. With a reader that
 * can read lines again (`ParseLinesOptions.releaseOffBranch`), the parser keeps such an entry but
 * puts `RELEASED` in place of its message as soon as a later entry leaves it off the branch being
 * written; the message is then collected young instead of being carried through the read. The
 * active branch is decided as before, from the ids alone, and any entry of it whose message was let
 * go (a later entry hung off a turn left behind, which the parser cannot foresee) is parsed again
 * from its line before anything reads it (`restoreReleased`).
 */
import type { LocatedEntry, SessionEntry } from './types.js';

/** What stands for a message let go (never a real message: it has no role). */
export const RELEASED: Readonly<Record<string, never>> = Object.freeze({});

/** A reader's way back to lines it read: their JSON values again, and the error for a line that changed meanwhile. */
export interface LineRereader {
  /** The JSON value of each line (numbered from 1), in the order asked; undefined for one that no longer parses. */
  reread(lines: readonly number[]): unknown[];
  /** The error to throw when a line read again is not the entry it was. */
  changed(line: number): Error;
}

const rereaders = new WeakMap<readonly LocatedEntry[], LineRereader>();

/** Note that messages of `entries` were let go, and how to read them again. */
export function rememberReleased(entries: readonly LocatedEntry[], rereader: LineRereader): void {
  rereaders.set(entries, rereader);
}

/** Whether the entry's message was let go. */
export function isReleased(entry: SessionEntry): boolean {
  return entry.message === RELEASED;
}

/**
 * Give back their messages to the entries of `branch` (taken from `entries`) that were let go,
 * parsed again from their lines; throws the reader's error when a line is no longer the entry it
 * was (the file was rewritten meanwhile). Entries off the branch stay without theirs.
 */
export function restoreReleased(entries: readonly LocatedEntry[], branch: readonly LocatedEntry[]): void {
  const rereader = rereaders.get(entries);
  if (!rereader) return;
  const wanted = branch.filter((located) => isReleased(located.entry));
  if (wanted.length === 0) return;
  const values = rereader.reread(wanted.map((located) => located.line));
  for (let i = 0; i < wanted.length; i += 1) {
    const { line, entry } = wanted[i];
    const value = values[i] as SessionEntry | undefined;
    if (!value || typeof value !== 'object' || value.type !== entry.type || value.id !== entry.id || value.parentId !== entry.parentId)
      throw rereader.changed(line);
    entry.message = value.message;
  }
}

/**
 * Follows the branch being written as the parser keeps entries: an entry that hangs off the newest
 * one (or names no parent) extends it; one that hangs off an earlier entry of it leaves the entries
 * after that one behind, and their messages are let go; one that hangs off anything else (nothing,
 * an entry left behind, an id not seen) starts following again from itself, letting go of nothing.
 * A guess only: the active branch is decided later from the ids, and a message it needs is read again.
 */
export class BranchFollower {
  /** The followed entries, root first, by position in `entries`: positions only grow, so the list is sorted. */
  private readonly path: number[] = [];
  /** Some message was let go. */
  released = false;

  constructor(
    private readonly entries: readonly LocatedEntry[],
    /** The parser's map of each id to its latest entry's position (negative: that entry was not kept). */
    private readonly ids: ReadonlyMap<string, number>,
    /** The id of the entry at each position. */
    private readonly idAt: readonly (string | undefined)[],
  ) {}

  /** Follow the entry kept at `position` (one with an id). */
  follow(position: number, entry: SessionEntry): void {
    const { path } = this;
    const parent = entry.parentId;
    // Nearly every entry hangs off the one before it: its id is compared, not looked up.
    if (parent !== undefined && (path.length === 0 || parent !== this.idAt[path[path.length - 1]])) {
      const at = typeof parent === 'string' ? this.ids.get(parent) : undefined;
      const keep = at !== undefined && at >= 0 && at < position ? sortedIndexOf(path, at) : -1;
      // Not on the branch: the entries followed so far are left as they are.
      if (keep < 0) path.length = 0;
      while (path.length - 1 > keep) {
        const behind = this.entries[path.pop()!].entry;
        if (behind.type === 'message') {
          behind.message = RELEASED;
          this.released = true;
        }
      }
    }
    path.push(position);
  }
}

/** Where `value` is in the ascending list, or -1. */
function sortedIndexOf(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    if (list[mid] === value) return mid;
    if (list[mid] < value) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/** Watching opened session files and reporting 'changed' / 'deleted', debounced. */
import { stat, statSync } from 'node:fs';
import { fileVersionOf, type FileVersion } from '../read-input.js';

/** What changed on disk. */
export type FileChange = 'changed' | 'deleted';

/**
 * Polls one path (a stat of the path, so an atomic rename over it — a repair — is seen, where an
 * inode watch would go stale) and calls back once per burst of changes, compared with `since` (the
 * file as it was read) or else with the file as it was when the watcher was made. Watchers of the
 * same path share one poller (its interval is the first watcher's).
 */
export class FileWatcher {
  private timer: NodeJS.Timeout | null = null;
  private pending: FileChange | null = null;
  private readonly listener: StatListener;

  constructor(
    readonly file: string,
    onChange: (kind: FileChange) => void,
    options: { intervalMs?: number; debounceMs?: number; since?: FileVersion } = {},
  ) {
    const debounce = options.debounceMs ?? 150;
    this.listener = (curr) => {
      this.pending = curr === null ? 'deleted' : 'changed';
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        const kind = this.pending;
        this.pending = null;
        if (kind) onChange(kind);
      }, debounce);
    };
    subscribe(file, options.intervalMs ?? 500, this.listener);
    // A write between the read and now (the parse and the inspection of a large file take seconds)
    // is a change too: the session shown is the file as it was read.
    if (options.since) {
      const now = seenNow(file);
      if (!sameVersion(now, options.since)) this.listener(now);
    }
  }

  /** Stop watching. */
  close(): void {
    unsubscribe(this.file, this.listener);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

/** What a poll saw of the path: its identity and version, or null when nothing is there. */
type Seen = FileVersion | null;
type StatListener = (curr: Seen) => void;

/**
 * One poller per path, shared by every watcher of it: the same file opened many times (a web page
 * can open it again and again) adds a subscriber, not another timer and stat. Its first look is taken
 * at once, synchronously, when the first watcher is made: fs.watchFile takes its first stat later on
 * a worker thread, so a write that landed right after the open (on a busy machine, before that stat)
 * became its starting point and was never reported.
 */
const pollers = new Map<string, { listeners: Set<StatListener>; timer: NodeJS.Timeout }>();

function subscribe(file: string, intervalMs: number, listener: StatListener): void {
  let poller = pollers.get(file);
  if (!poller) {
    const listeners = new Set<StatListener>();
    let last = seenNow(file);
    let polling = false;
    const timer = setInterval(() => {
      if (polling) return;
      polling = true;
      stat(file, (error, stats) => {
        polling = false;
        const curr = error ? null : fileVersionOf(stats);
        if (sameVersion(curr, last)) return;
        last = curr;
        for (const each of [...listeners]) each(curr);
      });
    }, intervalMs);
    timer.unref();
    poller = { listeners, timer };
    pollers.set(file, poller);
  }
  poller.listeners.add(listener);
}

function unsubscribe(file: string, listener: StatListener): void {
  const poller = pollers.get(file);
  if (!poller) return;
  poller.listeners.delete(listener);
  if (poller.listeners.size > 0) return;
  clearInterval(poller.timer);
  pollers.delete(file);
}

function seenNow(file: string): Seen {
  try {
    return fileVersionOf(statSync(file));
  } catch {
    return null;
  }
}

/** An atomic rename over the path (a repair) shows as a new inode even when size and time match. */
function sameVersion(a: Seen, b: Seen): boolean {
  if (a === null || b === null) return a === b;
  return a.mtimeMs === b.mtimeMs && a.size === b.size && a.ino === b.ino;
}

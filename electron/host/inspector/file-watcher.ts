/** Watching opened session files and reporting 'changed' / 'deleted', debounced. */
import { unwatchFile, watchFile, type Stats } from 'node:fs';

/** What changed on disk. */
export type FileChange = 'changed' | 'deleted';

/**
 * Polls one path (fs.watchFile stats the path, so an atomic rename over it — a repair — is seen,
 * where an inode watch would go stale) and calls back once per burst of changes. Watchers of the
 * same path share one poller (its interval is the first watcher's).
 */
export class FileWatcher {
  private timer: NodeJS.Timeout | null = null;
  private pending: FileChange | null = null;
  private readonly listener: (curr: Stats, prev: Stats) => void;

  constructor(
    readonly file: string,
    onChange: (kind: FileChange) => void,
    options: { intervalMs?: number; debounceMs?: number } = {},
  ) {
    const debounce = options.debounceMs ?? 150;
    this.listener = (curr, prev) => {
      const deleted = curr.nlink === 0 && curr.mtimeMs === 0;
      const changed = curr.mtimeMs !== prev.mtimeMs || curr.size !== prev.size || curr.ino !== prev.ino;
      if (!deleted && !changed) return;
      this.pending = deleted ? 'deleted' : 'changed';
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => {
        this.timer = null;
        const kind = this.pending;
        this.pending = null;
        if (kind) onChange(kind);
      }, debounce);
    };
    subscribe(file, options.intervalMs ?? 500, this.listener);
  }

  /** Stop watching. */
  close(): void {
    unsubscribe(this.file, this.listener);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

type StatListener = (curr: Stats, prev: Stats) => void;

/**
 * One poller per path, shared by every watcher of it: the same file opened many times (a web page
 * can open it again and again) adds a subscriber, not a listener on Node's stat watcher, which
 * warns past ten (MaxListenersExceededWarning).
 */
const pollers = new Map<string, { listeners: Set<StatListener>; poll: StatListener }>();

function subscribe(file: string, intervalMs: number, listener: StatListener): void {
  let poller = pollers.get(file);
  if (!poller) {
    const listeners = new Set<StatListener>();
    const poll: StatListener = (curr, prev) => {
      for (const each of [...listeners]) each(curr, prev);
    };
    poller = { listeners, poll };
    pollers.set(file, poller);
    watchFile(file, { interval: intervalMs, persistent: false }, poll);
  }
  poller.listeners.add(listener);
}

function unsubscribe(file: string, listener: StatListener): void {
  const poller = pollers.get(file);
  if (!poller) return;
  poller.listeners.delete(listener);
  if (poller.listeners.size > 0) return;
  unwatchFile(file, poller.poll);
  pollers.delete(file);
}

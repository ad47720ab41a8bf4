/** Watching opened session files and reporting 'changed' / 'deleted', debounced. */
import { unwatchFile, watchFile, type Stats } from 'node:fs';

/** What changed on disk. */
export type FileChange = 'changed' | 'deleted';

/**
 * Polls one path (fs.watchFile stats the path, so an atomic rename over it — a repair — is seen,
 * where an inode watch would go stale) and calls back once per burst of changes.
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
    watchFile(file, { interval: options.intervalMs ?? 500, persistent: false }, this.listener);
  }

  /** Stop watching. */
  close(): void {
    unwatchFile(this.file, this.listener);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

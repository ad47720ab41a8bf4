/** The recently opened files, kept in a small JSON file (last 10 paths, newest first). */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** How many paths are kept. */
const RECENT_LIMIT = 10;

/** Where the list lives when nothing else is said: `~/.config/transcript-inspector/recent.json`. */
export function defaultRecentFile(): string {
  const base =
    process.env.XDG_CONFIG_HOME && path.isAbsolute(process.env.XDG_CONFIG_HOME)
      ? process.env.XDG_CONFIG_HOME
      : path.join(os.homedir(), '.config');
  return path.join(base, 'transcript-inspector', 'recent.json');
}

/** The recent-files list of one JSON file. Writes are serialised and atomic (temp file + rename). */
export class RecentFiles {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly file: string) {}

  /** The list; a missing or damaged file reads as empty. */
  async list(): Promise<string[]> {
    try {
      const parsed: unknown = JSON.parse(await readFile(this.file, 'utf8'));
      const paths = Array.isArray(parsed)
        ? parsed
        : parsed && typeof parsed === 'object' && Array.isArray((parsed as { paths?: unknown }).paths)
          ? (parsed as { paths: unknown[] }).paths
          : [];
      return paths.filter((p): p is string => typeof p === 'string' && p.length > 0).slice(0, RECENT_LIMIT);
    } catch {
      return [];
    }
  }

  /** Put a path first (once), keep the newest ten. Failing to save never fails an open. */
  add(filePath: string): Promise<void> {
    const next = this.queue.then(async () => {
      const paths = [filePath, ...(await this.list()).filter((p) => p !== filePath)].slice(0, RECENT_LIMIT);
      await mkdir(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      await writeFile(tmp, `${JSON.stringify({ paths }, null, 2)}\n`, 'utf8');
      await rename(tmp, this.file);
    });
    this.queue = next.catch(() => undefined);
    return next.catch(() => undefined);
  }
}

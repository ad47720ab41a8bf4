/**
 * Finding OpenClaw session stores under a directory, for a folder scan: an OpenClaw state directory
 * keeps one per agent at `agents/<agent>/agent/openclaw-agent.sqlite`. A scan lists each store's
 * sessions beside the JSONL files it finds (`scanStores`).
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isSqliteHeader, type StoreListing } from '../../../shared/store.js';
import { openRegularFile } from '../regular-file.js';

/** The file name OpenClaw gives an agent's store. */
export const STORE_FILE_NAME = 'openclaw-agent.sqlite';

/** Directories a scan never enters: they hold no sessions and can be huge. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/** Whether a regular file starts like a SQLite database (its first 16 bytes); a FIFO is not opened for a read that would block. */
export async function isStoreFile(file: string): Promise<boolean> {
  let handle;
  try {
    handle = await openRegularFile(file, (reason) => new Error(reason));
  } catch {
    return false;
  }
  try {
    const head = Buffer.alloc(16);
    const { bytesRead } = await handle.read(head, 0, 16, 0);
    return isSqliteHeader(head.subarray(0, bytesRead));
  } catch {
    return false;
  } finally {
    await handle.close();
  }
}

/**
 * Every `openclaw-agent.sqlite` below `dir` that is a SQLite file, sorted by path. Symbolic links are
 * not followed (a link loop must not hang a scan); unreadable directories are passed over.
 */
export async function findStores(dir: string, options: { signal?: AbortSignal; maxDepth?: number } = {}): Promise<string[]> {
  const found: string[] = [];
  const maxDepth = options.maxDepth ?? 8;
  const walk = async (at: string, depth: number): Promise<void> => {
    options.signal?.throwIfAborted();
    let entries;
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory() && depth < maxDepth && !SKIPPED_DIRS.has(entry.name)) await walk(full, depth + 1);
      else if (entry.isFile() && entry.name === STORE_FILE_NAME && (await isStoreFile(full))) found.push(full);
    }
  };
  await walk(path.resolve(dir), 0);
  return found.sort();
}

/** What a scan found in the stores below a directory. */
export interface StoreScan {
  stores: StoreListing[];
  /** Stores that could not be read, and why. */
  skipped: { file: string; reason: string }[];
}

/** List the sessions of every store below `dir` (a folder scanner shows them beside the JSONL files it finds). */
export async function scanStores(dir: string, options: { signal?: AbortSignal } = {}): Promise<StoreScan> {
  const scan: StoreScan = { stores: [], skipped: [] };
  // The store reader is loaded when a store is found: `isStoreFile` alone must stay light for the CLI's start.
  const { SessionStore } = await import('./session-store.js');
  for (const file of await findStores(dir, options)) {
    options.signal?.throwIfAborted();
    try {
      const store = await SessionStore.open({ file });
      try {
        scan.stores.push(await store.list());
      } finally {
        store.close();
      }
    } catch (error) {
      scan.skipped.push({ file, reason: (error as Error).message });
    }
  }
  return scan;
}

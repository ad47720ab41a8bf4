/**
 * What a folder of sessions holds: the session files (OpenClaw, older clawdbot/moltbot trees, pi, or
 * any directory of `.jsonl`), OpenClaw's SQLite stores, and the files that look like sessions but are
 * not (backups, temp files, trajectories, checkpoints), each with the reason it is passed over.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { STORE_FILE_NAME, isStoreFile } from '../store/discover.js';

/** What `sessions.json` says about one session file. */
export interface IndexEntry {
  sessionKey: string;
  label?: string;
  channel?: string;
}

/** A session file found in the folder. */
export interface FoundFile {
  file: string;
  /** The agent it belongs to: OpenClaw's agent directory, pi's working-directory folder, or the parent folder. */
  agent: string;
  index?: IndexEntry;
}

/** A file passed over, and why. */
export interface SkippedFile {
  file: string;
  reason: string;
}

/** Everything a folder scan will look at. */
export interface FolderContents {
  files: FoundFile[];
  stores: { file: string; agent: string }[];
  skipped: SkippedFile[];
}

/** Directories that hold no sessions and can be huge. */
const SKIPPED_DIRS = new Set(['node_modules', '.git']);

/**
 * Why a file that looks like part of a session is not one to scan; null for a session file, and
 * undefined for a file that has nothing to do with sessions (not reported).
 */
export function skipReason(name: string): string | null | undefined {
  if (/\.bak-\d+-\d+$/.test(name)) return 'backup left by a repair (this tool or OpenClaw)';
  if (/\.repair-\d+-\d+\.tmp$/.test(name)) return 'temporary file of a repair (this tool or OpenClaw)';
  if (/\.jsonl\.before-repair-/.test(name)) return 'original bytes kept by a repair of this tool (what its Undo puts back)';
  if (name.endsWith('.trajectory.jsonl')) return 'OpenClaw trajectory log (not a session transcript)';
  if (/\.checkpoint[.-]/.test(name) && name.includes('.jsonl')) return 'compaction checkpoint (not a session transcript)';
  if (/\.jsonl\.(reset|deleted)\./.test(name)) return 'session archived by OpenClaw (reset or deleted)';
  if (/\.jsonl\.bak$|\.jsonl\.tmp$|\.jsonl\.[^.]*\.tmp$/.test(name)) return 'backup or temporary copy of a session';
  if (name.endsWith('.jsonl')) return null;
  return undefined;
}

/**
 * The agent a session belongs to, from where it sits: `agents/<agent>/sessions/x.jsonl` (OpenClaw and
 * its older names), `sessions/<cwd>/x.jsonl` (pi), else the folder it is in relative to the root.
 */
export function agentOf(root: string, file: string): string {
  const parts = path.relative(root, file).split(path.sep);
  const full = path.resolve(file).split(path.sep);
  for (let i = full.length - 2; i >= 2; i -= 1) {
    if (full[i] === 'sessions' && full[i - 1] !== undefined && full[i - 2] === 'agents') return full[i - 1];
  }
  const sessions = full.lastIndexOf('sessions');
  if (sessions >= 0 && sessions === full.length - 3) return full[full.length - 2];
  if (parts.length > 1) return parts.slice(0, -1).join('/');
  return path.basename(path.dirname(path.resolve(file)));
}

/** The agent of a store: the folder after `agents/` in its path, else the folder it is in. */
export function storeAgent(file: string): string {
  const full = path.resolve(file).split(path.sep);
  const agents = full.lastIndexOf('agents');
  return agents >= 0 && agents < full.length - 2 ? full[agents + 1] : full[full.length - 2];
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * Read an OpenClaw `sessions.json`: session key → `{ sessionId, sessionFile?, label?, channel? }`.
 * Returns the entries by the session file they name (absolute path); a broken index names none.
 */
export async function readSessionIndex(indexFile: string): Promise<Map<string, IndexEntry>> {
  const out = new Map<string, IndexEntry>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(indexFile, 'utf8'));
  } catch {
    return out;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return out;
  const dir = path.dirname(indexFile);
  for (const [sessionKey, raw] of Object.entries(parsed as Record<string, unknown>)) {
    if (!raw || typeof raw !== 'object') continue;
    const entry = raw as Record<string, unknown>;
    const named = text(entry.sessionFile);
    const id = text(entry.sessionId);
    const file = named ? path.resolve(dir, named) : id ? path.join(dir, `${id}.jsonl`) : undefined;
    if (!file) continue;
    const origin = entry.origin && typeof entry.origin === 'object' ? (entry.origin as Record<string, unknown>) : {};
    const label = text(entry.label) ?? text(entry.displayName) ?? text(origin.label);
    const channel = text(entry.channel) ?? text(entry.lastChannel) ?? text(origin.provider);
    out.set(file, { sessionKey, ...(label ? { label } : {}), ...(channel ? { channel } : {}) });
  }
  return out;
}

/**
 * Walk a folder: session files (sorted by path), stores, and what was skipped. Symbolic links to
 * directories are not followed (no loops); unreadable directories are reported as skipped.
 */
export async function discoverFolder(dir: string, options: { signal?: AbortSignal } = {}): Promise<FolderContents> {
  const root = path.resolve(dir);
  const contents: FolderContents = { files: [], stores: [], skipped: [] };
  const walk = async (at: string, depth: number): Promise<void> => {
    options.signal?.throwIfAborted();
    let entries;
    try {
      entries = await readdir(at, { withFileTypes: true });
    } catch (error) {
      contents.skipped.push({ file: at, reason: `folder cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
      return;
    }
    const index = entries.some((e) => e.isFile() && e.name === 'sessions.json')
      ? await readSessionIndex(path.join(at, 'sessions.json'))
      : null;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const full = path.join(at, entry.name);
      if (entry.isDirectory()) {
        if (depth < 12 && !SKIPPED_DIRS.has(entry.name)) await walk(full, depth + 1);
        continue;
      }
      if (!entry.isFile() && !entry.isSymbolicLink()) continue;
      if (entry.name === STORE_FILE_NAME) {
        if (await isStoreFile(full)) contents.stores.push({ file: full, agent: storeAgent(full) });
        else contents.skipped.push({ file: full, reason: 'named like an OpenClaw store but not a SQLite file' });
        continue;
      }
      const reason = skipReason(entry.name);
      if (reason === undefined) continue;
      if (reason !== null) contents.skipped.push({ file: full, reason });
      else {
        const found: FoundFile = { file: full, agent: agentOf(root, full) };
        const listed = index?.get(full);
        if (listed) found.index = listed;
        contents.files.push(found);
      }
    }
  };
  await walk(root, 0);
  return contents;
}

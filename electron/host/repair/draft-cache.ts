/**
 * The last plans made in this process, with the bytes they were made on, so `repair` right after
 * `planRepair` (the CLI, the app) neither parses nor re-reads a large file.
 *
 * A cached plan is used only for the very file it was made on, unchanged since: same device, inode,
 * size, mtime and ctime. Every write to a file moves its ctime and no user tool can set it back, so
 * an unchanged stat proves the bytes hashed then are the bytes on disk now (OpenClaw's session repair
 * trusts the same snapshot). Entries expire after two minutes, and at most 512 MB of bytes are held.
 */
import type { BigIntStats } from 'node:fs';
import type { RepairDraft } from '../../../shared/repair/plan.js';

interface CachedDraft {
  file: string;
  digest: string;
  stat: BigIntStats;
  draft: RepairDraft;
  bytes: Buffer;
  expires: NodeJS.Timeout;
}

const MAX_ENTRIES = 2;
const MAX_BYTES = 512 * 1024 * 1024;
const TTL_MS = 2 * 60 * 1000;
const entries: CachedDraft[] = [];

function sameStat(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

function drop(index: number): void {
  const [gone] = entries.splice(index, 1);
  clearTimeout(gone.expires);
}

/** Remember a plan made on a file's bytes (only plans that need writing are worth it). */
export function rememberDraft(file: string, stat: BigIntStats, draft: RepairDraft, bytes: Buffer): void {
  forget(file);
  if (bytes.length > MAX_BYTES) return;
  const expires = setTimeout(() => forget(file), TTL_MS);
  expires.unref();
  entries.push({ file, digest: draft.plan.digest, stat, draft, bytes, expires });
  while (entries.length > MAX_ENTRIES || entries.reduce((n, e) => n + e.bytes.length, 0) > MAX_BYTES) drop(0);
}

/** The plan and bytes for exactly this unchanged file and digest, if any; it is used once. */
export function takeCachedDraft(file: string, digest: string, stat: BigIntStats): { draft: RepairDraft; bytes: Buffer } | undefined {
  const i = entries.findIndex((e) => e.file === file && e.digest === digest && sameStat(e.stat, stat));
  if (i < 0) return undefined;
  const hit = entries[i];
  drop(i);
  return { draft: hit.draft, bytes: hit.bytes };
}

/** Drop what is remembered about a file. */
export function forget(file: string): void {
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i].file === file) drop(i);
}

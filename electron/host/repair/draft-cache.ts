/**
 * The last plans made in this process, with the bytes they were made on, so `repair` right after
 * `planRepair` (the CLI, the app) neither parses nor re-reads a large file.
 *
 * A cached plan is used only for the very file it was made on, unchanged since: same device, inode,
 * size, mtime and ctime. Every write to a file moves its ctime and no user tool can set it back, so
 * an unchanged stat proves the bytes hashed then are the bytes on disk now (OpenClaw's session repair
 * trusts the same snapshot). Entries expire after two minutes, and at most 1 GiB of bytes is held (a
 * plan of a bigger file is made again by `repair`, which then reads, hashes and parses it as it writes).
 */
import type { BigIntStats } from 'node:fs';
import type { RepairDraft } from '../../../shared/repair/plan.js';

/** A plan ready to write: the plan, the bytes it was made on, and the sha-256 of its result. */
export interface PreparedRepair {
  draft: RepairDraft;
  bytes: Buffer;
  digestAfter: string;
}

interface CachedDraft extends PreparedRepair {
  file: string;
  digest: string;
  stat: BigIntStats;
  expires: NodeJS.Timeout;
}

const MAX_ENTRIES = 2;
const MAX_BYTES = 1024 * 1024 * 1024;
const TTL_MS = 2 * 60 * 1000;
const entries: CachedDraft[] = [];

function sameStat(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

function drop(index: number): void {
  const [gone] = entries.splice(index, 1);
  clearTimeout(gone.expires);
}

/** Whether a plan made on this many bytes can be remembered (a bigger one is made again by `repair`). */
export function fitsDraftCache(bytes: number): boolean {
  return bytes <= MAX_BYTES;
}

/** Remember a plan made on a file's bytes (only plans that need writing are worth it). */
export function rememberDraft(file: string, stat: BigIntStats, prepared: PreparedRepair): void {
  forget(file);
  if (!fitsDraftCache(prepared.bytes.length)) return;
  const expires = setTimeout(() => forget(file), TTL_MS);
  expires.unref();
  entries.push({ ...prepared, file, digest: prepared.draft.plan.digest, stat, expires });
  while (entries.length > MAX_ENTRIES || entries.reduce((n, e) => n + e.bytes.length, 0) > MAX_BYTES) drop(0);
}

/** The plan and bytes for exactly this unchanged file and digest, if any; it is used once. */
export function takeCachedDraft(file: string, digest: string, stat: BigIntStats): PreparedRepair | undefined {
  const i = entries.findIndex((e) => e.file === file && e.digest === digest && sameStat(e.stat, stat));
  if (i < 0) return undefined;
  const hit = entries[i];
  drop(i);
  return { draft: hit.draft, bytes: hit.bytes, digestAfter: hit.digestAfter };
}

/** Drop what is remembered about a file. */
export function forget(file: string): void {
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i].file === file) drop(i);
}

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
import { LRUCache } from 'lru-cache';
import type { RepairDraft } from '../../../shared/repair/plan.js';

/** A plan ready to write: the plan, the bytes it was made on, and the sha-256 of its result. */
export interface PreparedRepair {
  draft: RepairDraft;
  bytes: Buffer;
  digestAfter: string;
}

interface CachedDraft extends PreparedRepair {
  digest: string;
  stat: BigIntStats;
}

const MAX_BYTES = 1024 * 1024 * 1024;
/** Plans kept by file: two, up to MAX_BYTES of bytes between them, each for two minutes. */
const entries = new LRUCache<string, CachedDraft>({
  max: 2,
  maxSize: MAX_BYTES,
  sizeCalculation: (entry) => Math.max(1, entry.bytes.length),
  ttl: 2 * 60 * 1000,
  // Expired bytes (up to a gigabyte) are let go on time, not on the next look-up.
  ttlAutopurge: true,
});

function sameStat(a: BigIntStats, b: BigIntStats): boolean {
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeNs === b.mtimeNs && a.ctimeNs === b.ctimeNs;
}

/** Whether a plan made on this many bytes can be remembered (a bigger one is made again by `repair`). */
export function fitsDraftCache(bytes: number): boolean {
  return bytes <= MAX_BYTES;
}

/** Remember a plan made on a file's bytes (only plans that need writing are worth it). */
export function rememberDraft(file: string, stat: BigIntStats, prepared: PreparedRepair): void {
  forget(file);
  if (!fitsDraftCache(prepared.bytes.length)) return;
  entries.set(file, { ...prepared, digest: prepared.draft.plan.digest, stat });
}

/** The plan and bytes for exactly this unchanged file and digest, if any; it is used once. */
export function takeCachedDraft(file: string, digest: string, stat: BigIntStats): PreparedRepair | undefined {
  const hit = entries.get(file);
  if (!hit || hit.digest !== digest || !sameStat(hit.stat, stat)) return undefined;
  entries.delete(file);
  return { draft: hit.draft, bytes: hit.bytes, digestAfter: hit.digestAfter };
}

/** Drop what is remembered about a file. */
export function forget(file: string): void {
  entries.delete(file);
}

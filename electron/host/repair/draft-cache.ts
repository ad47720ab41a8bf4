/**
 * The last few plans made in this process, so `repair` right after `planRepair` (the CLI, the app)
 * does not parse a large file twice. A cached plan is only used for the very bytes it was made on:
 * same file, same stat stamps, and the digest the caller expects (verified again before the rename).
 */
import type { BigIntStats } from 'node:fs';
import type { RepairDraft } from '../../../shared/repair/plan.js';

interface CachedDraft {
  file: string;
  digest: string;
  stat: BigIntStats;
  draft: RepairDraft;
}

const MAX_ENTRIES = 4;
/** Rewritten lines can be large (a blank user turn next to a big image); past this, plan again. */
const MAX_EDIT_CHARS = 16 * 1024 * 1024;
const entries: CachedDraft[] = [];

/** Remember a plan made on a file's bytes. */
export function rememberDraft(file: string, stat: BigIntStats, draft: RepairDraft): void {
  const size = draft.edits.reduce((n, e) => n + e.text.length, 0);
  if (size > MAX_EDIT_CHARS) return;
  forget(file);
  entries.push({ file, digest: draft.plan.digest, stat, draft });
  if (entries.length > MAX_ENTRIES) entries.shift();
}

/** The plan made on exactly these bytes, if any; it is used once. */
export function takeCachedDraft(file: string, digest: string, stat: BigIntStats): RepairDraft | undefined {
  const i = entries.findIndex((e) => e.file === file && e.digest === digest && e.stat.dev === stat.dev && e.stat.ino === stat.ino && e.stat.size === stat.size && e.stat.mtimeNs === stat.mtimeNs);
  if (i < 0) return undefined;
  const [hit] = entries.splice(i, 1);
  return hit.draft;
}

/** Drop what is remembered about a file. */
export function forget(file: string): void {
  for (let i = entries.length - 1; i >= 0; i -= 1) if (entries[i].file === file) entries.splice(i, 1);
}

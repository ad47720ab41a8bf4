/**
 * File repair on disk (docs/rules.md#file-repair): plan a repair of a session file or text, and write it atomically.
 * `planRepairFile`/`repairFile` are what the Inspector service calls; `planRepair`/`repair` are the
 * programmatic API.
 */
import { realpathSync } from 'node:fs';
import type { RepairPlan } from '../../../shared/inspection.js';
import { emptyCounts, planRepairBytes, repairedChunks } from '../../../shared/repair/plan.js';
import { utf8Bytes } from '../../../shared/hash/sha256.js';
import type { RefusalKind } from '../../../shared/repair/refusal.js';
import { planStoredRepair, storeRepairRefusal, type StoreInput } from '../store/index.js';
import { optionalRewriteLines, SelectionError, withoutRewrites } from '../../../shared/repair/selection.js';
import { fitsDraftCache, forget, rememberDraft } from './draft-cache.js';
import { digestOf, digestOfChunks, readSessionFile } from './read-session.js';
import { repairSessionFile, type RepairFileOptions, type RepairOutcome } from './repair-file.js';

export type { RepairFileOptions, RepairOutcome } from './repair-file.js';
export { describeCounts } from './repair-file.js';

/** A file's repair plan, with the kind of refusal when it cannot be repaired at all. */
export interface FilePlan {
  plan: RepairPlan;
  refusalKind?: RefusalKind;
}

/** Rewrites to leave out of a plan: lines of the file, or every rewrite that can be left out. */
export type RewriteSelection = readonly number[] | 'no-rewrites';

/** A plan with rewrites left out: the plan as it will be written, what was left out, or why the selection does not fit. */
export interface SelectedPlan extends FilePlan {
  /** The whole plan (the same as `plan` when nothing is left out). */
  full: RepairPlan;
  /** The lines whose rewrites are left out. */
  skipped: number[];
  /** Why the selection does not fit the plan (a line that is not a rewrite it can leave out). */
  selectionError?: string;
}

/**
 * Plan the repair of a session file (reads it, hashes its bytes). Never throws: a file that cannot
 * be read gives a plan with `refusal` ("failed to read session file: …"), kind `unreadable`, and an
 * empty digest.
 */
export async function planSessionFile(file: string): Promise<FilePlan> {
  const { plan, refusalKind } = await planSelectedFile(file, []);
  return refusalKind === undefined ? { plan } : { plan, refusalKind };
}

/**
 * Plan the repair of a session file and leave rewrites out of it (`repair FILE --skip-line N`,
 * `--no-rewrites`); the digest stays that of the file's bytes, for `repairFile(…, { skipLines })`.
 */
export async function planSelectedFile(file: string, selection: RewriteSelection): Promise<SelectedPlan> {
  const snapshot = await readSessionFile(file);
  if ('reason' in snapshot) {
    const plan: RepairPlan = {
      needed: false,
      digest: '',
      actions: [],
      refusal: snapshot.reason,
      counts: emptyCounts(),
    };
    return { plan, full: plan, skipped: [], refusalKind: snapshot.kind };
  }
  const draft = planRepairBytes(snapshot.bytes, digestOf(snapshot.bytes));
  if (draft.plan.needed && fitsDraftCache(snapshot.bytes.length)) {
    // The result is fully determined by the plan: hash it now, so the write only has to write
    // (not for a file too big to keep: its hash would be thrown away).
    const digestAfter = digestOfChunks(repairedChunks(snapshot.bytes, draft.edits));
    rememberDraft(snapshot.realFile, snapshot.stat, { draft, bytes: snapshot.bytes, digestAfter });
  }
  const full = draft.plan;
  if (draft.refusalKind !== undefined) return { plan: full, full, skipped: [], refusalKind: draft.refusalKind };
  const skip = selection === 'no-rewrites' ? optionalRewriteLines(full) : [...new Set(selection)].sort((a, b) => a - b);
  try {
    return { plan: withoutRewrites(draft, snapshot.bytes, skip).plan, full, skipped: skip };
  } catch (error) {
    if (!(error instanceof SelectionError)) throw error;
    return { plan: full, full, skipped: [], selectionError: error.message };
  }
}

/** Plan the repair of a session file; see planSessionFile. */
export async function planRepairFile(file: string): Promise<RepairPlan> {
  return (await planSessionFile(file)).plan;
}

/** Repair a session file atomically, refusing when its bytes no longer match `expectedDigest`. */
export async function repairFile(file: string, expectedDigest: string, options?: RepairFileOptions): Promise<RepairOutcome> {
  return repairSessionFile(file, expectedDigest, options);
}

/**
 * Plan the repair of a session file (`{file}`) or of session text (`{text}`, planned on its UTF-8
 * bytes) — part of the programmatic API. Pure for text. For a session of an OpenClaw store (`{store, sessionId}`) the
 * plan is that of its JSONL export, and it carries the refusal: stores are never written.
 */
export async function planRepair(input: { file: string } | { text: string } | StoreInput): Promise<RepairPlan> {
  if (input === null || typeof input !== 'object') throw new TypeError('planRepair(): expected { file } or { text }');
  if ('file' in input && typeof input.file === 'string') return planRepairFile(input.file);
  // A stored session: the plan of its JSONL export, with the reason the store itself is not repaired.
  if ('store' in input && typeof input.store === 'string' && typeof input.sessionId === 'string') return planStoredRepair(input);
  if ('text' in input && typeof input.text === 'string') {
    // The engine's bytes of the text, hashed with node:crypto (its own sha-256 is the page's).
    const bytes = utf8Bytes(input.text);
    return planRepairBytes(bytes, digestOf(bytes)).plan;
  }
  throw new TypeError('planRepair(): expected { file: string } or { text: string }');
}

/**
 * Repair a session file on disk (programmatic API) with the digest of the plan it was shown:
 * `repair({ file }, { expectedDigest: plan.digest })`. Never throws for file problems; a refusal
 * says why and that nothing was written. `force: true` replaces a file another process has open for
 * writing (what it writes afterwards goes to the old file, kept as the backup).
 */
export async function repair(
  input: { file: string } | StoreInput,
  options: { expectedDigest: string; force?: boolean },
): Promise<RepairOutcome> {
  if (input !== null && typeof input === 'object' && 'store' in input && typeof input.store === 'string') {
    const reason = storeRepairRefusal(input.store, String(input.sessionId));
    return { status: 'refused', reason, message: `Refused: nothing was written. ${reason}` };
  }
  if (input === null || typeof input !== 'object' || !('file' in input) || typeof input.file !== 'string')
    throw new TypeError('repair(): expected { file: string }');
  if (options === null || typeof options !== 'object')
    throw new TypeError('repair(): expected { expectedDigest } (the digest of the plan)');
  return repairFile(input.file, options.expectedDigest, { force: options.force === true });
}

/** Drop the plan (and the bytes) kept for a file's repair step, e.g. when the app closes the file. */
export function forgetRepairPlan(file: string): void {
  forget(file);
  try {
    forget(realpathSync(file));
  } catch {
    // Gone or unreadable: nothing was kept under its real path that could still be used.
  }
}

export { findLastRepair, previewUndoLastRepair, undoLastRepair, type LastRepair, type UndoPreview } from './kept-backup.js';
export { DEFAULT_BACKUPS_KEPT } from './undo-records.js';

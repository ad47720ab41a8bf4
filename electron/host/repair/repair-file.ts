/**
 * The atomic repair writer (docs/rules.md#file-repair): refuse unless the bytes still match the plan and the file can
 * be replaced; otherwise back up, write a temp file while planning, fsync, rename over the original,
 * fsync the directory and drop the backup. A kill at any instant leaves the original or the repaired
 * file at the path, never a mix.
 */
import { createHash, type Hash } from 'node:crypto';
import { open, readFile, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { RepairPlan, RepairResult } from '../../../shared/inspection.js';
import { RepairChunkEmitter, totalLength } from '../../../shared/repair/chunks.js';
import { RepairPlanner, repairedChunks, type RepairDraft } from '../../../shared/repair/plan.js';
import {
  DEFAULT_RETRY,
  fsyncDirectory,
  makeBackup,
  removeQuietly,
  renameWithRetry,
  writeAll,
  writeProblem,
  type RetryPolicy,
} from './atomic-replace.js';
import { takeCachedDraft, type PreparedRepair } from './draft-cache.js';
import { carryAppendedTail } from './appended-tail.js';
import { keepForUndo } from './kept-backup.js';
import { DEFAULT_BACKUPS_KEPT } from './undo-records.js';
import { repairedSentence } from '../../../shared/repair/plan-view.js';
import { SelectionError } from '../../../shared/repair/selection.js';
import { selectedRepair } from './selected-repair.js';
import { digestOf, digestOfChunks, locateSessionFile, readSessionFile, sameFile, type SessionSnapshot } from './read-session.js';
import { describeWriters, findOpenWriters } from './open-writers.js';
import { copyExtendedAttributes, keepOwnerAndGroup } from './keep-attributes.js';
import { checkReplaceable } from './replace-guards.js';
import { backupPathFor, findLeftovers, removeStaleTempFiles, tempFilesInFlight, tempPathFor } from './stale-files.js';

/** What `repairFile` did, with the leftovers of earlier crashes it found. */
export interface RepairOutcome extends RepairResult {
  /** Backups of earlier, interrupted repairs next to the file. Never removed automatically. */
  staleBackups?: string[];
}

/** Knobs for tests and benchmarks. */
export interface RepairFileOptions {
  retry?: RetryPolicy;
  /**
   * Replace even when another process has the file open for writing (what it writes afterwards
   * goes to the old file, then kept as the backup) or the file has other names (hard links, which
   * keep the old bytes).
   */
  force?: boolean;
  /** Bytes planned (and then written and flushed) per step. */
  stepBytes?: number;
  /** Keep the original bytes next to the file (`<file>.before-repair-<time>`) instead of removing them. */
  keepBackup?: boolean;
  /** With keepBackup: how many kept backups of the file stay (the newest; default 3), older ones are removed. */
  backupsKept?: number;
  /** Rewrites of the plan left out (their lines are written back as they are); see shared/repair/selection.ts. */
  skipLines?: readonly number[];
  /** Seams for failures that cannot be provoked portably (a backup that cannot be removed…). */
  hooks?: {
    removeBackup?: (backup: string) => Promise<Error | null>;
    /** Runs after the temp file is complete, before the last "is the original unchanged?" check. */
    beforeRename?: (temp: string) => Promise<void>;
    /** Runs right after the rename, before anything appended to the old file is carried over. */
    afterRename?: () => Promise<void>;
    rename?: (from: string, to: string) => Promise<void>;
  };
}

const STEP_BYTES = 16 * 1024 * 1024;
const DIGEST = /^[0-9a-f]{64}$/i;

/** Files being repaired by this process: a second, concurrent repair of the same file is refused. */
const repairing = new Set<string>();

let lastStamp = 0;
/** A millisecond stamp unique within this process, so two repairs never pick the same names. */
function uniqueStamp(): number {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return lastStamp;
}

/** A one-line description of a plan's effect, worded like OpenClaw's own repair log line. */
export function describeCounts(counts: RepairPlan['counts']): string {
  const parts: string[] = [];
  if (counts.droppedLines) parts.push(`dropped ${counts.droppedLines} malformed line(s)`);
  if (counts.rewrittenAssistantMessages) parts.push(`rewrote ${counts.rewrittenAssistantMessages} assistant message(s)`);
  if (counts.rewrittenUserMessages) parts.push(`rewrote ${counts.rewrittenUserMessages} user message(s)`);
  if (counts.removedCorruptedImageBlocks) parts.push(`removed ${counts.removedCorruptedImageBlocks} corrupted image block(s)`);
  if (counts.insertedToolResults) parts.push(`inserted ${counts.insertedToolResults} missing tool result(s)`);
  if (counts.recoveredLines) parts.push(`recovered the entries of ${counts.recoveredLines} damaged line(s)`);
  return parts.length > 0 ? parts.join(', ') : 'no changes';
}

interface Extras {
  cleanedStaleTempFiles?: string[];
  staleBackups?: string[];
  notes: string[];
}

function finish(outcome: RepairOutcome, extras: Extras): RepairOutcome {
  const out: RepairOutcome = { ...outcome };
  if (extras.cleanedStaleTempFiles?.length) out.cleanedStaleTempFiles = extras.cleanedStaleTempFiles;
  if (extras.staleBackups?.length) {
    out.staleBackups = extras.staleBackups;
    extras.notes.push(
      `${extras.staleBackups.length} backup(s) of an earlier interrupted repair are next to the file and were kept (they may hold the only copy of older bytes): ${extras.staleBackups.join(', ')}`,
    );
  }
  if (extras.cleanedStaleTempFiles?.length)
    extras.notes.push(`removed ${extras.cleanedStaleTempFiles.length} stale temp file(s) of an earlier interrupted repair`);
  if (extras.notes.length > 0) out.message = `${out.message} Note: ${extras.notes.join('; ')}.`;
  return out;
}

function refuse(reason: string, message: string, plan?: RepairPlan): RepairOutcome {
  return plan === undefined ? { status: 'refused', reason, message } : { status: 'refused', reason, message, plan };
}

/**
 * Repair a session file atomically, refusing when its bytes no longer match `expectedDigest`.
 *
 * Never throws: every failure is a `refused` result that says why and that nothing was changed.
 */
export async function repairSessionFile(file: string, expectedDigest: string, options: RepairFileOptions = {}): Promise<RepairOutcome> {
  if (typeof expectedDigest !== 'string' || !DIGEST.test(expectedDigest)) {
    return refuse(
      'invalid expected digest',
      `refusing to repair ${file}: the expected digest must be the 64-hex-digit sha-256 of the planned bytes (from planRepair); nothing was written.`,
    );
  }
  const located = await locateSessionFile(file);
  if ('reason' in located) return refuse(located.reason, `refusing to repair: ${located.reason}; nothing was written.`);
  if (repairing.has(located.realFile))
    return refuse(
      'a repair of this file is already running',
      `refusing to repair ${located.file}: another repair of it is still running in this process; nothing was written.`,
    );
  repairing.add(located.realFile);
  try {
    const leftovers = await findLeftovers(located.realFile);
    const cleaned = await removeStaleTempFiles(leftovers.staleTempFiles);
    const extras: Extras = { cleanedStaleTempFiles: cleaned.removed, staleBackups: leftovers.backups, notes: [] };
    if (cleaned.failed.length) extras.notes.push(`could not remove stale temp file(s): ${cleaned.failed.join(', ')}`);
    const expected = expectedDigest.toLowerCase();
    // A plan this process made on this very file, unchanged since, comes with its bytes and digest.
    const hit = takeCachedDraft(located.realFile, expected, located.stat);
    const snapshot = hit ? { ...located, bytes: hit.bytes } : await readSessionFile(file);
    if ('reason' in snapshot)
      return finish(refuse(snapshot.reason, `refusing to repair: ${snapshot.reason}; nothing was written.`), extras);
    const chosen = options.skipLines?.length ? selectedRepair(snapshot.bytes, expected, hit, options.skipLines) : hit;
    if (chosen instanceof SelectionError)
      return finish(refuse('invalid selection', `refusing to repair ${snapshot.file}: ${chosen.message}; nothing was written.`), extras);
    if (chosen === null)
      return finish(refuse('file changed since it was planned', changedMessage(snapshot.file, digestOf(snapshot.bytes), expected)), extras);
    return finish(await repairSnapshot(snapshot, expected, chosen, { ...options, staleBackups: leftovers.backups }), extras);
  } finally {
    repairing.delete(located.realFile);
  }
}

function changedMessage(file: string, digest: string, expected: string): string {
  return `refusing to repair ${file}: it changed since the repair was planned (sha-256 now ${digest.slice(0, 12)}…, planned on ${expected.slice(0, 12)}…); nothing was written — plan again.`;
}

async function repairSnapshot(
  snapshot: SessionSnapshot,
  expected: string,
  prepared: PreparedRepair | undefined,
  options: RepairFileOptions & { staleBackups: readonly string[] },
): Promise<RepairOutcome> {
  const cached = prepared?.draft;
  const { bytes, realFile } = snapshot;
  const shown = snapshot.file;
  const mode = Number(snapshot.stat.mode) & 0o7777;
  // Without a plan from this process, hash first: a changed file is refused before anything is written.
  if (cached === undefined) {
    const digest = digestOf(bytes);
    if (digest !== expected) return refuse('file changed since it was planned', changedMessage(shown, digest, expected));
  }
  const planner = cached === undefined ? new RepairPlanner(bytes) : null;
  if (planner !== null) {
    while (!planner.started) planner.advance(1);
    const refusal = planner.refusal;
    if (refusal !== null) {
      const reason = refusal.kind === 'empty' ? 'empty session file' : 'invalid session header';
      return refuse(reason, `refusing to repair ${shown}: ${refusal.text}.`);
    }
  }
  const problem = await writeProblem(realFile, mode);
  if (problem !== null) {
    const draft = cached ?? planner!.finish(expected);
    if (!draft.plan.needed) return notNeeded(shown, draft.plan);
    return refuse('not writable', `refusing to repair ${shown}: ${problem}; nothing was written.`, draft.plan);
  }
  if (cached !== undefined && !cached.plan.needed) return notNeeded(shown, cached.plan);
  const replaceable = await checkReplaceable(realFile, snapshot.stat, options.force === true, options.staleBackups);
  if (replaceable.refused) {
    const draft = cached ?? planner!.finish(expected);
    if (!draft.plan.needed) return notNeeded(shown, draft.plan);
    return refuse(replaceable.reason, `refusing to repair ${shown}: ${replaceable.text}; nothing was written.`, draft.plan);
  }

  const stamp = uniqueStamp();
  const backup = backupPathFor(realFile, stamp);
  const temp = tempPathFor(realFile, stamp);
  let backupKind: 'link' | 'copy' | null = null;
  let tempCreated = false;
  let handle: FileHandle | undefined;
  // The old file, held open across the rename: what is appended to it after it was read is carried over.
  let original: FileHandle | undefined;
  let renamed = false;
  // Extended attributes are copied by a child process while the content is written.
  let xattrCopy: Promise<string | null> | undefined;
  // The backup and the temp file are made when the first edit is known: a file that turns out to
  // need nothing is never copied, and a kill before that point leaves nothing behind.
  const openTemp = async (): Promise<FileHandle> => {
    try {
      backupKind = await makeBackup(realFile, backup, mode);
    } catch (error) {
      throw new BackupError(`the backup ${backup} could not be created (${(error as Error).message})`);
    }
    tempFilesInFlight.add(temp);
    handle = await open(temp, 'wx', mode);
    tempCreated = true;
    xattrCopy = copyExtendedAttributes(realFile, handle);
    return handle;
  };
  try {
    const written = await writeRepaired(openTemp, bytes, planner ?? prepared!, expected, options.stepBytes ?? STEP_BYTES);
    if (handle === undefined || !written.draft.plan.needed) return notNeeded(shown, written.draft.plan);
    // Owner and group first: a chown may clear set-id bits the chmod then restores.
    const xattrNote = await xattrCopy;
    const kept = await keepOwnerAndGroup(handle, snapshot.stat);
    await handle.chmod(mode);
    if (xattrNote) kept.push(xattrNote);
    // The fsync waits on the disk; hashing what was written meanwhile costs no extra time.
    const synced = handle.sync();
    const digestAfter = written.digestAfter();
    await synced;
    await handle.close();
    handle = undefined;
    await options.hooks?.beforeRename?.(temp);
    const now = await stat(realFile, { bigint: true });
    if (!sameFile(snapshot.stat, now)) {
      return refuse(
        'file changed while it was being repaired',
        `refusing to repair ${shown}: it was modified while the repair was being written (is an agent still appending to it?); nothing was changed — plan again.`,
        written.draft.plan,
      );
    }
    original = await open(realFile, 'r');
    await renameWithRetry(temp, realFile, options.retry ?? DEFAULT_RETRY, options.hooks?.rename);
    renamed = true;
    await options.hooks?.afterRename?.();
    const notes: string[] = [...replaceable.notes, ...kept];
    const carried = await carryAppendedTail(original, bytes.length, realFile);
    if (carried > 0) notes.push(`${carried} byte(s) appended to the file while it was being repaired were carried over to its end`);
    const dirSynced = fsyncDirectory(path.dirname(realFile));
    // A writer still holding the old file (now only the backup's name) writes into it: it is kept, or those lines are lost.
    const holders = backupKind === 'link' ? (await findOpenWriters(backup, [realFile])).writers : [];
    const dirNote = await dirSynced;
    if (dirNote !== null) notes.push(dirNote);
    if (holders.length > 0 && replaceable.writers.length === 0)
      notes.push(
        `another process opened the file for writing during the repair (${describeWriters(holders)}): what it writes from now on goes to the old file`,
      );
    const keep = holders.length > 0 || replaceable.writers.length > 0;
    // A kept backup is never removed; the writers' notes above say why it matters.
    let backupError: Error | null = null;
    if (options.keepBackup) backupError = null;
    else if (keep) backupError = KEPT_FOR_WRITERS;
    else backupError = await (options.hooks?.removeBackup ?? removeQuietly)(backup);
    const plan = written.draft.plan;
    const result: RepairOutcome = {
      status: 'repaired',
      plan,
      digestAfter: carried > 0 ? digestOf(await readFile(realFile)) : digestAfter,
      message: `repaired ${shown}: ${describeCounts(plan.counts)}.`,
    };
    if (options.keepBackup) {
      const kept = await keepForUndo(backup, realFile, {
        // Bytes appended during the repair went into the old file too: then the backup holds more than was planned.
        digestBefore: carried > 0 ? null : expected,
        digestAfter: result.digestAfter!,
        summary: repairedSentence(path.basename(shown), plan.counts),
        keep: options.backupsKept ?? DEFAULT_BACKUPS_KEPT,
      });
      Object.assign(result, { backupPath: kept.backupPath }, kept.pruned.length > 0 ? { prunedBackups: kept.pruned } : {});
      notes.push(...kept.notes);
    } else if (backupError === KEPT_FOR_WRITERS) {
      result.backupPath = backup;
      notes.push(`the old file is kept at ${backup}`);
    } else if (backupError !== null) {
      result.backupPath = backup;
      notes.push(`the backup of the original bytes could not be removed (${backupError.message}) and is kept at ${backup}`);
    } else if (backupKind === 'copy') {
      notes.push('the backup was a full copy (this file system has no hard links) and has been removed');
    }
    if (notes.length) result.message = `${result.message} ${notes.map((n) => `${n[0].toUpperCase()}${n.slice(1)}.`).join(' ')}`;
    return result;
  } catch (error) {
    if (error instanceof BackupError) return refuse('repair failed', `refusing to repair ${shown}: ${error.message}; nothing was written.`);
    return refuse('repair failed', `repair of ${shown} failed: ${(error as Error).message}; the original file is unchanged.`);
  } finally {
    await (handle as FileHandle | undefined)?.close().catch(() => undefined);
    await original?.close().catch(() => undefined);
    // The attribute copy never rejects; it is waited for so no child outlives the repair.
    await xattrCopy;
    // Only what this repair created is removed; the original was never written to.
    if (!renamed && tempCreated) await removeQuietly(temp);
    if (!renamed && backupKind !== null) await removeQuietly(backup);
    tempFilesInFlight.delete(temp);
  }
}

/** Not an error: the backup stays because a writer still has the old file open. */
const KEPT_FOR_WRITERS = new Error('kept for the writers');

/** The backup could not be made: nothing was written yet. */
class BackupError extends Error {}

function notNeeded(file: string, plan: RepairPlan): RepairOutcome {
  return { status: 'not-needed', reason: 'nothing to repair', plan, message: `${file} needs no repair; it was left byte-identical.` };
}

interface Written {
  draft: RepairDraft;
  /** Hash of what was written (computed while the bytes are in flight, or on demand). */
  digestAfter: () => string;
}

/**
 * Write the repaired bytes into the temp file.
 *
 * With a fresh plan, each step plans a few megabytes of lines, then writes and flushes them on the
 * I/O threads while the next step is planned, so the disk works while the CPU parses. Inserted tool
 * results are only known at the end (a call's result may be anywhere after it); when there are
 * some, the temp file is rewritten from the start — rare, one more write.
 *
 * With a plan made moments ago (which also hashed its result), the bytes go out in large writes.
 */
async function writeRepaired(
  openTemp: () => Promise<FileHandle>,
  bytes: Buffer,
  source: RepairPlanner | PreparedRepair,
  digest: string,
  step: number,
): Promise<Written> {
  if (!(source instanceof RepairPlanner)) {
    await writeAll(await openTemp(), repairedChunks(bytes, source.draft.edits), 0);
    return { draft: source.draft, digestAfter: () => source.digestAfter };
  }
  const planner = source;
  const emitter = new RepairChunkEmitter(bytes, planner.edits);
  const outHash: Hash = createHash('sha256');
  let handle: FileHandle | null = null;
  let out = 0;
  let inflight: Promise<unknown> = Promise.resolve();
  for (;;) {
    const final = !planner.advance(step);
    // Untouched lines before the first edit need no writing yet: they go out with the first edit.
    if (handle === null && planner.edits.length === 0) {
      if (final) break;
      continue;
    }
    handle ??= await openTemp();
    const target = handle;
    const chunks = emitter.emit(planner.plannedTo, final);
    await inflight;
    inflight = writeAll(target, chunks, out).then(() => target.datasync());
    for (const chunk of chunks) outHash.update(chunk);
    out += totalLength(chunks);
    if (final) break;
  }
  await inflight;
  const used = planner.edits.length;
  const draft = planner.finish(digest);
  if (draft.edits.length === used) {
    const sum = outHash.digest('hex');
    return { draft, digestAfter: () => sum };
  }
  // Inserted results: rewrite from the start (the file may not even have been opened yet).
  handle ??= await openTemp();
  await handle.truncate(0);
  const chunks = repairedChunks(bytes, draft.edits);
  await writeAll(handle, chunks, 0);
  return { draft, digestAfter: () => digestOfChunks(chunks) };
}

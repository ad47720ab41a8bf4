/**
 * The folder view's status of a session `inspect --all` has inspected, so the command line's summary
 * shows the same statuses as the app's table (whether a file is in use is decided by the caller).
 */
import type { Inspection } from '../../../shared/inspection.js';
import type { FolderStatus } from '../../../shared/folder.js';
import { planSessionFile } from '../repair/index.js';
import { countsAtRest } from './scan-job.js';

/** What `inspect --all` adds to a file's summary. */
export interface InspectStatus {
  folderStatus: Exclude<FolderStatus, 'in-use'>;
  repairLines: number;
  mtimeMs: number;
}

/**
 * The status of an inspected file: unreadable, needs repair, would be rejected (as stored) or clean.
 * Without an inspection (no target to check it for) only the file repair decides. Never throws.
 */
export async function inspectStatus(file: string, inspection: Inspection | null): Promise<InspectStatus> {
  const { plan, refusalKind } = await planSessionFile(file);
  const { stat } = await import('node:fs/promises');
  const mtimeMs = await stat(file).then(
    (s) => s.mtimeMs,
    () => 0,
  );
  const findings = (inspection?.preflight?.original ?? []).filter(countsAtRest).length;
  const folderStatus =
    refusalKind !== undefined ? 'unreadable' : plan.needed ? 'needs-repair' : findings > 0 ? 'would-be-rejected' : 'clean';
  return { folderStatus, repairLines: plan.actions.length, mtimeMs };
}

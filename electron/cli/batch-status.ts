/** The folder view's statuses in `inspect --all`: which files are in use, and how many files have each status. */
import type { InspectSummary } from '../host/repair/batch-jobs.js';
import { filesHeldOpen, inUseReason } from '../host/folder/in-use.js';
import { FOLDER_STATUSES, type FolderStatus } from '../../shared/folder.js';

/** Files per folder-view status. */
export function statusCounts(results: readonly InspectSummary[]): Record<FolderStatus, number> {
  const counts = Object.fromEntries(FOLDER_STATUSES.map((st) => [st, 0])) as Record<FolderStatus, number>;
  for (const r of results) if (r.folderStatus) counts[r.folderStatus] += 1;
  return counts;
}

/** Mark the files another program is working on (held open, or written in the last minute) as in use. */
export async function withInUse(results: InspectSummary[]): Promise<InspectSummary[]> {
  const held = await filesHeldOpen();
  const now = Date.now();
  return results.map((r) => (inUseReason(r.mtimeMs ?? 0, now, held.get(r.file)) ? { ...r, folderStatus: 'in-use' } : r));
}

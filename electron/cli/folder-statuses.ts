/** `inspect --all` counted by the folder view's statuses: in use, unreadable, needs repair, would be rejected, clean. */
import { FOLDER_STATUSES, STATUS_LABELS, type FolderStatus } from '../../shared/folder.js';
import { filesHeldOpen, inUseReason } from '../host/folder/in-use.js';
import type { InspectSummary } from '../host/repair/batch-jobs.js';

/** Files per folder-view status. */
export function statusCounts(results: readonly InspectSummary[]): Record<FolderStatus, number> {
  const counts = Object.fromEntries(FOLDER_STATUSES.map((st) => [st, 0])) as Record<FolderStatus, number>;
  for (const r of results) if (r.folderStatus) counts[r.folderStatus] += 1;
  return counts;
}

/** The statuses as two table rows (labels, counts), the most urgent of each file's. */
export function statusTable(results: readonly InspectSummary[]): (string | number)[][] {
  const counts = statusCounts(results);
  return [FOLDER_STATUSES.map((st) => STATUS_LABELS[st]), FOLDER_STATUSES.map((st) => counts[st])];
}

/** Mark the files another program is working on (held open, or written in the last minute) as in use. */
export async function withInUse(results: InspectSummary[]): Promise<InspectSummary[]> {
  const held = await filesHeldOpen();
  const now = Date.now();
  return results.map((r) => (inUseReason(r.mtimeMs ?? 0, now, held.get(r.file)) ? { ...r, folderStatus: 'in-use' } : r));
}

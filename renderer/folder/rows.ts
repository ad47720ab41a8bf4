/** The folder table's rows as shown: filtered by status, agent, model and text, then sorted. */
import { FOLDER_STATUSES, type FolderSession } from '../../shared/folder.js';
import type { FolderFilter, SortKey } from './folder-store.js';

const URGENCY = new Map(FOLDER_STATUSES.map((s, i) => [s, i]));

function compare(a: FolderSession, b: FolderSession, key: SortKey): number {
  switch (key) {
    case 'size':
    case 'turns':
    case 'mtimeMs':
      return a[key] - b[key];
    case 'status':
      // Most urgent first; among clean ones, those that recorded failed requests first.
      return (URGENCY.get(a.status) ?? 9) - (URGENCY.get(b.status) ?? 9) || b.recordedErrors - a.recordedErrors;
    default:
      return (a[key] ?? '').localeCompare(b[key] ?? '');
  }
}

/** Whether a row passes the filters (text matches file, session key, label, channel, agent or model). */
export function matches(row: FolderSession, filter: FolderFilter): boolean {
  if (filter.status === 'recorded-errors' ? row.recordedErrors === 0 : filter.status !== '' && row.status !== filter.status) return false;
  if (filter.agent !== '' && row.agent !== filter.agent) return false;
  if (filter.model !== '' && (row.lastModel ?? '') !== filter.model) return false;
  const text = filter.text.trim().toLowerCase();
  if (text === '') return true;
  return [row.file, row.sessionKey, row.label, row.channel, row.agent, row.lastModel, row.reason].some((v) =>
    v?.toLowerCase().includes(text),
  );
}

/** The rows to show, in order: filtered, then sorted (ties by path, so the order is stable). */
export function visibleRows(
  rows: readonly FolderSession[],
  filter: FolderFilter,
  sort: { key: SortKey; direction: 1 | -1 },
): FolderSession[] {
  return rows.filter((r) => matches(r, filter)).sort((a, b) => sort.direction * compare(a, b, sort.key) || a.file.localeCompare(b.file));
}

/** The distinct values of a column, sorted, for a filter's choices. */
export function distinct(rows: readonly FolderSession[], pick: (row: FolderSession) => string | null): string[] {
  const seen = new Set<string>();
  for (const r of rows) {
    const v = pick(r);
    if (v) seen.add(v);
  }
  return [...seen].sort();
}

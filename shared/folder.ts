/**
 * A folder of sessions as the host describes it to the app, the CLI and the API: one row per session
 * with its status, what was skipped and why, and the table as CSV or Markdown for a support ticket.
 */

/** A session's status, most urgent first: `in-use` wins over all, then `unreadable`, `needs-repair`, `would-be-rejected`. */
export type FolderStatus = 'in-use' | 'unreadable' | 'needs-repair' | 'would-be-rejected' | 'clean';

/** The statuses in order of urgency. */
export const FOLDER_STATUSES: readonly FolderStatus[] = ['in-use', 'unreadable', 'needs-repair', 'would-be-rejected', 'clean'];

/** Words for a status in the table and the exports. */
export const STATUS_LABELS: Record<FolderStatus, string> = {
  'in-use': 'in use',
  unreadable: 'unreadable',
  'needs-repair': 'needs repair',
  'would-be-rejected': 'would be rejected',
  clean: 'clean',
};

/** One session of a folder. */
export interface FolderSession {
  /** Absolute path of the file, or `<store path>#<session id>` for a session of an OpenClaw store. */
  file: string;
  size: number;
  /** Messages on the active branch. */
  turns: number;
  /** `provider/model` the session last records. */
  lastModel: string | null;
  status: FolderStatus;
  /** Lines a file repair would drop, rewrite or insert after. */
  repairLines: number;
  /** Preflight findings on the transcript as stored, for its own last model. */
  findings: number;
  /** Assistant turns that recorded a failed request. */
  recordedErrors: number;
  /** The session key `sessions.json` (or the store) gives it. */
  sessionKey?: string;
  label?: string;
  channel?: string;
  /** OpenClaw's agent, pi's working-directory folder, or the folder the file is in. */
  agent: string;
  /** Last modified (ms since the epoch). */
  mtimeMs: number;
  replayFindings: number;
  lines: { dropped: number; rewritten: number; inserted: number };
  /** sha-256 of the bytes scanned (the batch repair is refused when the file changed since). */
  digest?: string;
  /** Why it is unreadable or in use, or why it could not be checked against a provider. */
  reason?: string;
  /** For a session of an OpenClaw store: the store and the session's id (never repaired in place). */
  store?: { path: string; sessionId: string };
}

/** A file passed over, and why. */
export interface FolderSkip {
  file: string;
  reason: string;
}

/** What `scanFolder` resolves to. */
export interface FolderScan {
  sessions: FolderSession[];
  skipped: FolderSkip[];
}

/** Progress of a scan: `done` of `total` sessions, with the row just finished. */
export interface FolderScanProgress {
  done: number;
  total: number;
  session?: FolderSession;
}

/** A folder scan the host started (`scanFolder`): its id, and the folder resolved. */
export interface FolderScanStart {
  scanId: string;
  dir: string;
}

/** Where a folder scan is: its rows from the one asked for on, and whether it is over. */
export interface FolderScanState {
  scanId: string;
  dir: string;
  /** Sessions to scan (0 until the folder has been walked). */
  total: number;
  /** Sessions scanned so far (rows are numbered in the order they were scanned). */
  done: number;
  /** Rows from the index asked for to the last one scanned. */
  rows: FolderSession[];
  finished: boolean;
  cancelled: boolean;
  /** Files passed over and why (complete once the scan is finished). */
  skipped: FolderSkip[];
  /** Why the scan failed, when it did. */
  error?: string;
}

/** What a batch repair did to one file. */
export interface FolderRepairResult {
  file: string;
  /** `skipped`: in use and not confirmed; `refused`: the repair said no (changed since the scan, a store…). */
  status: 'repaired' | 'refused' | 'skipped' | 'not-needed';
  reason?: string;
  lines?: { dropped: number; rewritten: number; inserted: number };
  /** Where the original bytes are kept (next to the file, `<file>.before-repair-<time>`). */
  backupPath?: string;
  /** True when `undoFolderRepair` can put the original bytes back (while the file is unchanged since). */
  undoable?: boolean;
}

/** A batch repair's outcome: one result per file asked for, and the repaired files' rows scanned again. */
export interface FolderRepairSummary {
  results: FolderRepairResult[];
  rows: FolderSession[];
}

/** What undoing one file's batch repair did: `refused` says why, and nothing was changed. */
export interface FolderUndoResult {
  file: string;
  status: 'restored' | 'refused';
  reason?: string;
  /** One sentence for the user. */
  message: string;
}

/** An undo's outcome: one result per file asked for, and the restored files' rows scanned again. */
export interface FolderUndoSummary {
  results: FolderUndoResult[];
  rows: FolderSession[];
}

/** The more urgent of a status and `in-use` (which wins over all). */
export function urgentStatus(scanned: Exclude<FolderStatus, 'in-use'>, inUse: boolean): FolderStatus {
  return inUse ? 'in-use' : scanned;
}

/** The status as the table words it: a clean session that recorded failed requests says how many. */
export function statusText(row: Pick<FolderSession, 'status' | 'recordedErrors'>): string {
  if (row.status === 'clean' && row.recordedErrors > 0) return `recorded errors (${row.recordedErrors})`;
  return STATUS_LABELS[row.status];
}

/** The path of a row relative to the folder (stored sessions keep their `#id`). */
export function relativeTo(dir: string, file: string): string {
  const base = dir.replace(/[\\/]+$/, '');
  if (file.startsWith(`${base}/`) || file.startsWith(`${base}\\`)) return file.slice(base.length + 1);
  return file;
}

const COLUMNS = [
  'file',
  'agent',
  'session key',
  'label',
  'channel',
  'size',
  'turns',
  'last model',
  'modified',
  'status',
  'repair lines',
  'findings',
  'recorded errors',
  'note',
];

function cells(dir: string, r: FolderSession): string[] {
  return [
    relativeTo(dir, r.file),
    r.agent,
    r.sessionKey ?? '',
    r.label ?? '',
    r.channel ?? '',
    String(r.size),
    String(r.turns),
    r.lastModel ?? '',
    r.mtimeMs > 0 ? new Date(r.mtimeMs).toISOString() : '',
    statusText(r),
    String(r.repairLines),
    String(r.findings),
    String(r.recordedErrors),
    r.reason ?? '',
  ];
}

function csvCell(value: string): string {
  // A leading = + - @ would be a formula in a spreadsheet: quoted with a leading apostrophe, it stays text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) || safe !== value ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The table as CSV (RFC 4180, CRLF line ends), every row given, in order. */
export function folderCsv(dir: string, rows: readonly FolderSession[]): string {
  return [COLUMNS, ...rows.map((r) => cells(dir, r))].map((line) => line.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

function mdCell(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[\r\n]+/g, ' ');
}

/** The table as a Markdown report: counts per status, the rows, and what was skipped. */
export function folderMarkdown(dir: string, rows: readonly FolderSession[], skipped: readonly FolderSkip[]): string {
  const out = [`# Sessions in ${mdCell(dir)}`, ''];
  const counts = FOLDER_STATUSES.map((s) => `${STATUS_LABELS[s]}: ${rows.filter((r) => r.status === s).length}`);
  out.push(`${rows.length} session(s) — ${counts.join(', ')}; ${skipped.length} file(s) skipped.`, '');
  out.push(`| ${COLUMNS.join(' | ')} |`, `| ${COLUMNS.map(() => '---').join(' | ')} |`);
  for (const r of rows) out.push(`| ${cells(dir, r).map(mdCell).join(' | ')} |`);
  if (skipped.length > 0) {
    out.push('', '## Skipped', '');
    for (const s of skipped) out.push(`- ${mdCell(relativeTo(dir, s.file))} — ${mdCell(s.reason)}`);
  }
  return `${out.join('\n')}\n`;
}

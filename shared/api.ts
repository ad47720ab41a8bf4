/**
 * The one contract between the renderer and the host (Electron preload bridge or web-mode HTTP).
 *
 * The renderer never receives a parsed session: it gets summaries, windows of turns and the text of
 * one document at a time. Every method returns a Promise; every argument is validated by the host.
 */
import type { Annotation, Behaviour, Diagnostic, InspectOptions, Policy, RuleId, Target } from './types.js';
import type {
  ErrorExplanation,
  PreflightFinding,
  RecordedError,
  RepairOptions,
  RepairPlan,
  RepairResult,
  UndoResult,
} from './inspection.js';
import type { StoreListing } from './store.js';
import type { Side, DocumentView, TurnWindow, DocumentWindow, DocumentText } from './api-documents.js';
import type { FolderRepairSummary, FolderScanStart, FolderScanState, FolderUndoSummary } from './folder.js';
import type { RunComparison, TrajectoryListing } from './trajectory/types.js';

export type {
  FolderRepairResult,
  FolderRepairSummary,
  FolderScanStart,
  FolderScanState,
  FolderUndoResult,
  FolderUndoSummary,
} from './folder.js';

export type { StoreListing, StoreSessionSummary } from './store.js';
export type { Side, DocumentView, TurnRow, TurnWindow, TurnRange, Elision, DocumentWindow, DocumentText } from './api-documents.js';
export { SHELL_CHANNELS, SHELL_COMMANDS, type PickedFile, type ShellApi, type ShellCommand } from './shell-api.js';
export type { RepairOptions, UndoResult } from './inspection.js';
export type { RunComparison, TrajectoryListing, TrajectoryRunSummary } from './trajectory/types.js';

/** How a session is opened; `store` and `store-bytes`: one session, by id, of an OpenClaw SQLite store, from its path or bytes. */
export type OpenRequest =
  | { kind: 'path'; path: string }
  | { kind: 'bytes'; name: string; bytes: Uint8Array }
  | { kind: 'text'; name: string; text: string }
  | { kind: 'sample' }
  | { kind: 'store'; path: string; storeSessionId: string }
  | { kind: 'store-bytes'; name: string; bytes: Uint8Array; storeSessionId: string };

/** A request that can name an OpenClaw store: its path, or its bytes. */
export type StoreRequest = Extract<OpenRequest, { kind: 'path' } | { kind: 'bytes' }>;

/** The file on disk a request reads, if any (what the shells check was opened by the user). */
export function requestPath(request: OpenRequest): string | null {
  return request.kind === 'path' || request.kind === 'store' ? request.path : null;
}

/** An opened session, as the renderer knows it. */
export interface SessionInfo {
  sessionId: string;
  /** File name (or the name given with bytes/text). */
  name: string;
  /** Absolute path when opened from disk (repair and watching need it). */
  path: string | null;
  sizeBytes: number;
  /** sha-256 of the bytes opened. */
  digest: string;
  format: 'jsonl' | 'messages-json' | 'unknown';
  lineCount: number;
  /** Messages on the active branch. */
  turnCount: number;
  diagnostics: Diagnostic[];
  /** The session's last provider/model, when it records one. */
  defaultTarget: Target | null;
  /** True when the file is watched for changes. */
  watched: boolean;
  /** Why this session cannot be repaired on disk (the sample, a dropped or pasted session), in a sentence. */
  repairRefusal?: string;
  /**
   * Set for a session read from an OpenClaw SQLite store: the store (its path, null when sent as
   * bytes) and the session's id in it. Such a session is never repaired in place (`path` is null).
   */
  store?: { path: string | null; name: string; sessionId: string };
  /**
   * The last repair of the file, when it kept a backup and the file still holds exactly what it
   * wrote: `undoRepair` can put the bytes from before it back (also after a restart, or for a repair
   * made by the command line).
   */
  lastRepair?: { backupPath: string; repairedAt: string; summary: string };
}

/** One model of the catalogue. */
export interface CatalogModel {
  id: string;
  name: string;
  api: string;
  reasoning: boolean;
  /** True when the model reads images. */
  images?: boolean;
  /** Tokens of context the model takes. */
  contextWindow?: number;
  /** USD per million input and output tokens. */
  cost?: { input: number; output: number };
}

/** pi-ai's catalogue, for the target picker. */
export interface TargetCatalog {
  /** Each provider's models, and its flagship (shared/targets/model-choice.ts `flagshipOf`). */
  providers: { id: string; models: CatalogModel[]; flagship?: string }[];
  /** Every API id the engine knows (for custom targets). */
  apis: string[];
}

/** Per-rule totals of an inspection, in pipeline order. */
export interface RuleCount {
  rule: RuleId;
  title: string;
  explanation: string;
  count: number;
}

/** Summary of one side (original or replay). */
export interface SideSummary {
  turnCount: number;
  /** Bytes of the pretty-printed payload, when built. */
  payloadBytes: number | null;
  /** The key of the payload's conversation list, as the provider names it: `messages`, `contents` or `input`. */
  payloadKey?: string;
  /** Why the payload could not be built, when it could not. */
  payloadError?: string;
}

/**
 * A preflight finding as the app shows it: `messageIndex` is a position in the payload's list (the provider's `messages[N]`),
 * and these say which transcript turn that entry was built from.
 */
export interface SummaryFinding extends PreflightFinding {
  /** The message on this side the entry was built from (null: the payload builder made it, or no entry). */
  sideIndex?: number | null;
  /** The original transcript turn it comes from (null: hygiene or the payload builder made it). */
  turn?: number | null;
}

/** Where a payload entry comes from (`payloadEntry`). */
export interface PayloadEntryPlace {
  /** The message on its side it was built from (null: the payload builder made it). */
  index: number | null;
  /** The original transcript turn it comes from (null: hygiene or the payload builder made it). */
  turn: number | null;
  /** The original turn whose window of the diff shows it: its own, or the nearest one before it. */
  windowTurn: number | null;
  /** How many entries the payload's list has. */
  total: number;
}

/** What the renderer receives from `inspect`: everything but the big documents. */
export interface InspectionSummary {
  inspectionId: string;
  sessionId: string;
  target: Target;
  /** The hygiene reproduced: `spec` (the default) or `openclaw-2026.9.6` (the release exactly). */
  behaviour: Behaviour;
  policy: Policy;
  annotations: Annotation[];
  rules: RuleCount[];
  diagnostics: Diagnostic[];
  original: SideSummary;
  replay: SideSummary;
  preflight: { original: SummaryFinding[]; replay: SummaryFinding[] };
  notes: string[];
  /** The failed turns the session recorded, explained and grouped (absent when there are none). */
  recordedErrors?: RecordedError[];
  /** Milliseconds the inspection took in the host. */
  elapsedMs: number;
  /** Set on a preview (`preview()`): only the first turns of the branch were read and inspected. */
  preview?: PreviewInfo;
}

/** What a preview inspection covers: the first `turns` of the branch's `totalTurns`. */
export interface PreviewInfo {
  turns: number;
  totalTurns: number;
  /** Bytes of the file lines the branch's turns come from (sizes the diff's windows like the payload would). */
  estimatedBytes: number;
  /** The payload documents of its first window (shared/document-windows.ts `previewWindow`): the first screen needs no other request. */
  first?: { view: DocumentView; original: DocumentText; replay: DocumentText };
}

/**
 * What `exportText` exports: the replay payload, a curl command, a report, or the session itself as
 * JSONL — every line (`session-jsonl`), the header and the active branch (`branch-jsonl`), with the
 * file repair applied (`repaired-jsonl`), or redacted for a bug report (`session-redacted`: every
 * text, tool input and output, thinking and image replaced by a placeholder of the same shape; ids,
 * roles, models, usage and structure kept). The JSONL exports are what a session read from an
 * OpenClaw store offers instead of repair on disk.
 */
export type ExportKind =
  'payload-json' | 'curl' | 'report-markdown' | 'report-json' | 'session-jsonl' | 'branch-jsonl' | 'repaired-jsonl' | 'session-redacted';

/** One export: the file name it suggests, its text, and what the user should know about it. */
export interface ExportedText {
  fileName: string;
  text: string;
  /** Sentences for the user (a redacted session says whether it reproduces this inspection). */
  notes?: string[];
}

/** A file-change notification. */
export interface FileChangedEvent {
  sessionId: string;
  path: string;
  kind: 'changed' | 'deleted';
}

/**
 * How far the host is in reading a session file, while `open` or `reload` reads one from disk (a path
 * or the sample; bytes and text are not read from disk and send none).
 *
 * At most one event per ~100 ms while the file is read, plus a final one with `done === total` once
 * it is read (parsing the last lines and building the session follow). A small file read in less
 * than 100 ms sends only the final event. No file contents travel with it.
 */
export interface ProgressEvent {
  operation: 'open' | 'reload';
  /** File name (the base name of `path`). */
  name: string;
  /** Absolute path of the file being read (only files on disk send progress). */
  path: string;
  /** Bytes read so far. */
  done: number;
  /** The file's size when reading began (the bytes actually read, in the final event). */
  total: number;
}

/** The host API the renderer uses. Every method returns a Promise. */
export interface InspectorApi {
  /** pi-ai's providers and models, plus known APIs. */
  listTargets(): Promise<TargetCatalog>;
  /** Open a session; diagnostics never make it fail, only an unreadable source does. */
  open(request: OpenRequest): Promise<SessionInfo>;
  /** The sessions of an OpenClaw SQLite store (a path or bytes), to choose one to open; null: not a SQLite file (open it as a session). */
  listStore(request: StoreRequest): Promise<StoreListing | null>;
  /** Re-read a session's file from disk (after a change or a repair). */
  reload(sessionId: string): Promise<SessionInfo>;
  close(sessionId: string): Promise<void>;
  /** Run hygiene for a target; returns the summary, documents are fetched separately. */
  inspect(sessionId: string, target: Target, options?: InspectOptions): Promise<InspectionSummary>;
  /**
   * A quick inspection of the first turns of a large session file, or of a large session of a store on disk, for the first
   * screen while `open` still reads the whole session (null: neither, too small to need one, or no turns to show). Its ids serve getTurns, getDocument, reveal and
   * thumbnail like any inspection's; a newer preview drops it. Target null: the session's recorded model, as `open` would pick it.
   * Options as `inspect`'s (the behaviour in particular).
   */
  preview(request: OpenRequest, target: Target | null, options?: InspectOptions): Promise<InspectionSummary | null>;
  getTurns(inspectionId: string, side: Side, start: number, count: number): Promise<TurnWindow>;
  /** Where entry `index` of a side's payload list comes from (null: no payload was built, or it has no such entry). */
  payloadEntry(inspectionId: string, side: Side, index: number): Promise<PayloadEntryPlace | null>;
  /** A document, or one window of it (original turn indices). Whole documents of large sessions are slow: use windows. */
  getDocument(inspectionId: string, side: Side, view: DocumentView, window?: DocumentWindow): Promise<DocumentText>;
  /** The full text an elided string stands for (base64, a very long text): the "show anyway" of an elision. */
  reveal(inspectionId: string, ref: string): Promise<string | null>;
  /** A small PNG (base64) of an image block, for hover previews. Never SVG. */
  thumbnail(inspectionId: string, imageRef: string): Promise<{ mimeType: 'image/png'; base64: string } | null>;
  explainError(inspectionId: string | null, errorText: string): Promise<ErrorExplanation[]>;
  exportText(inspectionId: string, kind: ExportKind): Promise<ExportedText>;
  planRepair(sessionId: string): Promise<RepairPlan>;
  /**
   * Repair the session's file with the digest of the plan shown; `options.skipLines` names rewrites
   * of the plan the user left out. The app keeps the backup next to the file for `undoRepair`.
   * Refused while another process has the file open for writing (or it has other hard links) unless
   * `options.force` — the explicit confirmation that what the writer writes afterwards goes to the old
   * file (then kept as the backup).
   */
  repair(sessionId: string, expectedDigest: string, options?: RepairOptions): Promise<RepairResult>;
  /** Put back the bytes of the session's last repair, if its file is unchanged since (then reloads it). */
  undoRepair(sessionId: string): Promise<UndoResult>;
  recentFiles(): Promise<string[]>;
  /** Ask the user for a file (Electron dialog). The web mode returns null: the renderer uses a file input. */
  pickFile(): Promise<OpenRequest | null>;
  /** Save text where the user chooses (Electron dialog). The web mode returns `{saved:false}`: the renderer downloads. */
  saveText(suggestedName: string, text: string): Promise<{ saved: boolean; path?: string }>;
  /** Ask the user for a folder (Electron dialog). The web mode returns null (it opens the folder given to `serve DIR`). */
  pickFolder(): Promise<string | null>;
  /** Start scanning a folder the user opened; its rows are read with `folderScan` while it runs. */
  scanFolder(dir: string): Promise<FolderScanStart>;
  /** A scan's progress and its rows from index `from` on. */
  folderScan(scanId: string, from: number): Promise<FolderScanState>;
  cancelFolderScan(scanId: string): Promise<void>;
  /**
   * Repair files of a scan on disk, each refused if it changed since it was scanned (its digest);
   * files in use are skipped unless `includeInUse`.
   */
  repairFolder(scanId: string, files: string[], options: { includeInUse: boolean }): Promise<FolderRepairSummary>;
  /**
   * Put back the original bytes of files this scan's batch repair wrote (their kept backups), each
   * by an atomic rename and only while the file still holds what the repair wrote; a file changed
   * since is refused with the reason, and the others go on.
   */
  undoFolderRepair(scanId: string, files: string[]): Promise<FolderUndoSummary>;
  /**
   * The trajectory OpenClaw recorded for an opened session and its runs: with no request, the
   * `.trajectory.jsonl` beside its file or its store's rows (null when there is none); or a trajectory
   * file the user picked (its path, or its bytes).
   */
  openTrajectory(sessionId: string, request: StoreRequest | null): Promise<TrajectoryListing | null>;
  /** One recorded run against the replay of the same branch, for the run's model, under a behaviour. */
  compareTrajectoryRun(trajectoryId: string, runId: string, behaviour: Behaviour): Promise<RunComparison>;
  /** Subscribe to file changes; returns the unsubscribe function. */
  onFileChanged(listener: (event: FileChangedEvent) => void): () => void;
  /** Subscribe to the progress of files being read by `open` and `reload`; returns the unsubscribe function. */
  onProgress(listener: (event: ProgressEvent) => void): () => void;
}

/** The folder view's methods: the shells serve them from a folder service beside the Inspector. */
export type FolderMethod = 'pickFolder' | 'scanFolder' | 'folderScan' | 'cancelFolderScan' | 'repairFolder' | 'undoFolderRepair';

/** The request/response methods of the API (everything but the event subscriptions). */
export type InspectorMethod = Exclude<keyof InspectorApi, 'onFileChanged' | 'onProgress'>;

/** Channel names for IPC and HTTP, derived from the contract. */
export const INSPECTOR_METHODS = [
  'listTargets',
  'open',
  'listStore',
  'reload',
  'close',
  'inspect',
  'preview',
  'getTurns',
  'payloadEntry',
  'getDocument',
  'reveal',
  'thumbnail',
  'explainError',
  'exportText',
  'planRepair',
  'repair',
  'undoRepair',
  'recentFiles',
  'pickFile',
  'saveText',
  'pickFolder',
  'scanFolder',
  'folderScan',
  'cancelFolderScan',
  'repairFolder',
  'undoFolderRepair',
  'openTrajectory',
  'compareTrajectoryRun',
] as const satisfies readonly InspectorMethod[];

/** The IPC channel of a method. */
export const channelOf = (method: InspectorMethod): string => `inspector:${method}`;

/** The IPC channel on which the host pushes file-change events. */
export const FILE_CHANGED_CHANNEL = 'inspector:file-changed';

/** The IPC channel on which the host pushes progress events. */
export const PROGRESS_CHANNEL = 'inspector:progress';

/** The renderer's state: one slice per domain, each with its data, loading flag and error. */
import type {
  DocumentText,
  DocumentView,
  Elision,
  ExportKind,
  ExportedText,
  FileChangedEvent,
  InspectionSummary,
  InspectorApi,
  OpenRequest,
  ProgressEvent,
  SessionInfo,
  ShellApi,
  Side,
  StoreListing,
  StoreRequest,
  TargetCatalog,
  RunComparison,
  TrajectoryListing,
} from '../../shared/api.js';
import type { ErrorExplanation, RepairPlan, RepairResult, UndoResult } from '../../shared/inspection.js';
import type { Behaviour, Target } from '../../shared/types.js';
import type { ShownWindow } from '../diff/windows.js';

/** The opened session. */
export interface SessionSlice {
  session: {
    info: SessionInfo | null;
    loading: boolean;
    /** What is being opened, for the progress line. */
    opening: string | null;
    /** How much of the file being opened (or reloaded) the host has read; null until it says. */
    progress: Pick<ProgressEvent, 'done' | 'total'> | null;
    error: string | null;
    recent: string[];
    /** A change on disk the user has not acted on yet. */
    changed: FileChangedEvent | null;
    /** An OpenClaw store that was opened: its sessions, for the user to choose one (the store picker). */
    store: { request: StoreRequest; listing: StoreListing } | null;
  };
  /** Open a session; an OpenClaw store opens the store picker instead. */
  openSession(request: OpenRequest, label?: string): Promise<void>;
  /** Open one session of the store the picker shows. */
  openStoredSession(storeSessionId: string): Promise<void>;
  closeStorePicker(): void;
  openSample(): Promise<void>;
  reloadSession(): Promise<void>;
  loadRecent(): Promise<void>;
  fileChanged(event: FileChangedEvent): void;
  dismissFileChanged(): void;
}

/** The provider/model the session is replayed to. */
export interface TargetSlice {
  target: {
    catalog: TargetCatalog | null;
    current: Target | null;
    /** The hygiene reproduced: `spec` (default) or `openclaw-2026.9.6` (the release exactly). */
    behaviour: Behaviour;
    loading: boolean;
    error: string | null;
    /** Targets the user picked, newest first (kept between runs). */
    recent: Target[];
    /** What the last choice of provider did to the model, in one sentence (null once the target changes again). */
    notice: string | null;
  };
  loadCatalog(): Promise<void>;
  /** Set the target and re-inspect at once. */
  setTarget(target: Target): Promise<void>;
  /** A target the user picked: remembered as recent, then set. */
  chooseTarget(target: Target): Promise<void>;
  /** The user picked a provider: keep the model when it serves it, else take its flagship, and say which. */
  chooseProvider(provider: string): Promise<void>;
  /** Turn reasoning (thinking) on or off for the current target, and re-inspect. */
  setReasoning(on: boolean): Promise<void>;
  /** Switch between the spec's hygiene and the release's, and re-inspect at once. */
  setBehaviour(behaviour: Behaviour): Promise<void>;
}

/** The current inspection's summary (the documents stay outside React state). */
export interface InspectionSlice {
  inspection: {
    summary: InspectionSummary | null;
    loading: boolean;
    error: string | null;
  };
  runInspection(): Promise<void>;
}

/** The documents the diff shows, named by `diff.key` (kept outside React state). */
export interface ShownDocuments {
  key: string;
  original: DocumentText | null;
  replay: DocumentText | null;
}

/**
 * Which turns the diff shows. Small documents are fetched whole; large ones one window of original
 * turns at a time, around what the user selects (see renderer/diff/windows.ts).
 */
export interface DiffSlice {
  diff: {
    /** The window of original turns shown (all of them for a whole document); null before any. */
    window: ShownWindow | null;
    /** Names the documents shown: `inspectionId:view:from-to`; '' when none. */
    key: string;
    /** Original turns per window for this inspection and view; 0 when documents come whole. */
    size: number;
    loading: boolean;
    /** The window being fetched, for the progress note. */
    pending: ShownWindow | null;
    /** True while a selection is mapped to the window that shows it (the reveal waits for it). */
    locating: boolean;
    /** The original turn the selection belongs to (null without a selection or when unknown). */
    focusTurn: number | null;
    error: string | null;
  };
  /** The documents named by `diff.key`. */
  shownDocuments(): ShownDocuments;
  /** Fetch the documents of the current inspection and view, keeping the turns in view when it can. */
  loadDocuments(): Promise<void>;
  /** Show the next (+1) or previous (-1) window. */
  stepWindow(direction: 1 | -1): Promise<void>;
  /** Bring the selection (`ui.focus`) into the diff's window; runs on every selection. */
  followFocus(): Promise<void>;
}

/** An elided string the user asked to see ("show anyway"). */
export interface ElisionRequest {
  side: Side;
  elision: Elision;
}

/** Something the diff should reveal and highlight; the diff pane maps it to lines. */
export type Focus =
  | { kind: 'annotation'; index: number }
  | { kind: 'turn'; side: Side; index: number }
  | { kind: 'preflight'; side: Side; index: number }
  | {
      kind: 'entry';
      side: Side;
      /** The position in the side's payload list (`messages[entry]`). */
      entry: number;
      /** Its JSON path in the payload, and the message on its side it came from. */
      path: string;
      sideIndex: number | null;
      /** The original turn whose window shows it. */
      windowTurn: number | null;
    };

/** A transient message at the bottom of the window. */
export interface Toast {
  id: number;
  kind: 'info' | 'success' | 'error';
  text: string;
  /** Detail shown under the text (paths, reasons). */
  detail?: string;
  /** Stays until dismissed, like an error (what it says must be read). */
  persist?: boolean;
}

/** What the user sees and selects. */
export interface UiSlice {
  ui: {
    view: DocumentView;
    focus: Focus | null;
    /** Bumped on every focus request so selecting the same thing twice reveals it again. */
    focusSeq: number;
    turnSide: Side;
    toasts: Toast[];
    errorText: string;
    explanations: ErrorExplanation[];
    explaining: boolean;
    /** Monotonic counter for focusing the target picker from a shortcut. */
    targetFocusSeq: number;
    /** Monotonic counter for focusing the diff's search box (Ctrl/Cmd+F). */
    searchFocusSeq: number;
    /** The elided string shown in the viewer, if any. */
    elision: ElisionRequest | null;
  };
  setView(view: DocumentView): void;
  toggleView(): void;
  selectAnnotation(index: number): void;
  /** Step to the next (+1) or previous (-1) annotation in panel order. */
  stepAnnotation(direction: 1 | -1): void;
  selectTurn(side: Side, index: number): void;
  focusPreflight(side: Side, index: number): void;
  /**
   * Go to a turn (`turn #12`) or a payload position (`messages[12]`, on `side` unless the text names
   * one): reveals it in the diff (switching to the payload view for a position). Resolves to why it
   * could not (null when it went there).
   */
  goTo(text: string, side: Side): Promise<string | null>;
  setTurnSide(side: Side): void;
  focusTargetPicker(): void;
  /** Put the keyboard in the diff's search box. */
  focusSearch(): void;
  /** Open the viewer of an elided string (the "show anyway" of a placeholder). */
  openElision(request: ElisionRequest): void;
  closeElision(): void;
  pushToast(toast: Omit<Toast, 'id'>): number;
  dismissToast(id: number): void;
  explainError(text: string): Promise<void>;
  exportText(kind: ExportKind): Promise<ExportedText | null>;
}

/** The repair-on-disk flow: plan, confirm, write, report. */
export interface RepairSlice {
  repair: {
    phase: 'idle' | 'planning' | 'review' | 'writing' | 'done';
    plan: RepairPlan | null;
    result: RepairResult | null;
    error: string | null;
    /** File-change events before this time (ms) are the repair's own write. */
    quietUntil: number;
    /** Lines of the plan's rewrites the user unticked. */
    skipped: number[];
    /** The last repair made in this window, undoable while the session's digest is still `digestAfter`. */
    undo: { sessionId: string; digestAfter: string; backupPath: string } | null;
    /** What the last Undo did. */
    undone: UndoResult | null;
  };
  startRepair(): Promise<void>;
  /** Tick (`keep`) or untick rewrites of the plan, by line. */
  chooseRewrites(lines: readonly number[], keep: boolean): void;
  /** Write the plan; `force` replaces a file another process has open for writing (after a refusal saying so). */
  confirmRepair(force?: boolean): Promise<void>;
  undoRepair(): Promise<void>;
  /** Undo the last repair of the file as opened (`SessionInfo.lastRepair`: a kept backup, the file unchanged since). */
  undoLastRepair(): Promise<void>;
  closeRepair(): void;
}

/** The whole store. */
/** The trajectory OpenClaw recorded for the session: its runs, the chosen one compared with the replay. */
export interface TrajectorySlice {
  trajectory: {
    listing: TrajectoryListing | null;
    loading: boolean;
    error: string | null;
    /** The chosen run and its comparison (null until compared). */
    runId: string | null;
    comparison: RunComparison | null;
    comparing: boolean;
    /** The Recorded view replaces the diff. */
    shown: boolean;
  };
  /** Open the session's trajectory: found beside it (null request) or picked by the user. */
  loadTrajectory(request: StoreRequest | null): Promise<void>;
  /** Choose a run: the target becomes its model, then it is compared and the Recorded view shown. */
  chooseRun(runId: string): Promise<void>;
  /** Compare the chosen run again (the behaviour changed). */
  compareChosenRun(): Promise<void>;
  showRecorded(shown: boolean): void;
}

export type AppState = SessionSlice & TargetSlice & InspectionSlice & DiffSlice & UiSlice & RepairSlice & TrajectorySlice;

/** What the slices reach outside the store. */
export interface StoreDeps {
  api: InspectorApi;
  shell: ShellApi;
}

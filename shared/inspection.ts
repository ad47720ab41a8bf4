/** What one inspection produces, and the result types of preflight, error matching and file repair. */
import type { Annotation, Behaviour, Diagnostic, InspectOptions, JsonValue, Message, Policy, RuleId, Target } from './types.js';

/** One predicted provider rejection found in a payload. */
export interface PreflightFinding {
  /** Stable id of the check: `anthropic-alternation`, `mistral-tool-call-id`… */
  check: string;
  /** The provider family whose documented constraint is violated. */
  provider: string;
  /** Index in the payload's message (or contents/input) array, null when not message-specific. */
  messageIndex: number | null;
  /** JSON path inside the payload: `messages[3].content[1].id`. */
  path: string;
  explanation: string;
  /** The hygiene rule that fixes it. */
  rule: RuleId;
  /** The error text the provider returns for it. */
  typicalError: string;
}

/** What kind of failure a provider error is; only `transcript` errors are fixed by hygiene. */
export type ErrorCategory =
  'transcript' | 'context-length' | 'auth' | 'billing' | 'rate-limit' | 'model-capability' | 'server' | 'request' | 'unknown';

/** One fact an answer rests on, and whether the session confirms it (true), contradicts it (false) or it was only read from the error (null). */
export interface ErrorEvidence {
  fact: string;
  confirmed: boolean | null;
}

/** One candidate explanation of a provider error. */
export interface ErrorExplanation {
  category: ErrorCategory;
  /** The preflight check the error corresponds to (transcript answers only). */
  check?: string;
  /** The hygiene rule that prevents it (transcript answers only). */
  rule?: RuleId;
  /** 0–1. */
  confidence: number;
  /** What the error means, in plain words. */
  explanation: string;
  /** What to do about it: the hygiene rule, or what can fix it when hygiene cannot. */
  action: string;
  /** Transcript turns (original indices) the error points at, when an inspection was given. */
  turns: number[];
  /** What was read from the error and checked against the session. */
  evidence: ErrorEvidence[];
  /** The error is worded by another provider family than the target's: a target of that family. */
  switchTarget?: Target;
}

/** A failed turn the session recorded (`stopReason: "error"`), with what explains it. */
export interface RecordedError {
  /** The assistant turn (original index). */
  turn: number;
  /** 1-based line of the turn in the session file, when known. */
  line: number | null;
  /** The recorded `errorMessage`. */
  message: string;
  /** Who the failed request went to, as the turn records it. */
  provider?: string;
  api?: string;
  model?: string;
  /** The best answers, most likely first (at most three). */
  answers: ErrorExplanation[];
  /** Errors with the same top answer share a group key (category, check). */
  group: string;
}

/** The side of a comparison: the stored transcript or what hygiene replays. */
export interface InspectionSide {
  messages: Message[];
  /**
   * For each message, the original turn it comes from: on the original side the file line (null for
   * JSON input), on the replay side the index in `original.messages` (null for a turn hygiene created).
   */
  origins?: (number | null)[];
  /** The provider wire request body (pi-ai), once the host built it. */
  payload?: JsonValue;
}

/**
 * The result of `inspect()` (part of the stable API: the CLI's `--json` prints it).
 *
 * `original.messages` is the active branch before hygiene; `replay.messages` is exactly what the
 * provider adapter receives after every hygiene step, turn validation and stream-time guard.
 */
export interface Inspection {
  target: Target;
  /** The hygiene reproduced: `spec` (the default) or `openclaw-2026.9.6` (the release exactly). */
  behaviour: Behaviour;
  policy: Policy;
  original: InspectionSide;
  replay: InspectionSide;
  annotations: Annotation[];
  diagnostics: Diagnostic[];
  preflight?: { original: PreflightFinding[]; replay: PreflightFinding[] };
  /** Custom entries OpenClaw would append to the session (model snapshot, Google bootstrap marker). */
  sessionAppends?: { customType: string; data: JsonValue }[];
  /** Notes about how the payload was built (e.g. google-gemini-cli built with google-generative-ai). */
  notes?: string[];
  /** The failed turns the session recorded, grouped by answer (most frequent group first). */
  recordedErrors?: RecordedError[];
}

/**
 * Input of `inspect()`: a file path, the text of a JSONL session / JSON message array, or one session
 * of an OpenClaw SQLite store (`openclaw-agent.sqlite`) by its session id.
 */
export type InspectInput = { file: string } | { text: string; name?: string } | { store: string; sessionId: string };

export type { InspectOptions };

/** One line-level edit of a repair plan. `line` is 1-based in the original file. */
export interface RepairAction {
  /** `recover`: a damaged line whose complete entries are kept (split onto lines of their own, padding removed). */
  kind: 'drop' | 'rewrite' | 'insert' | 'recover';
  /** The line dropped/rewritten/recovered, or the line after which an entry is inserted. */
  line: number;
  /** Why, in words a support person understands. */
  reason: string;
  /**
   * Stable code of the repair: `unparseable-line`, `invalid-message`, `empty-error-turn`, `blank-user`,
   * `corrupted-image`, `missing-tool-result`, and for `recover`: `glued-entries`, `padding-tail`, `cut-off-entry`.
   */
  code: string;
  before?: string;
  after?: string;
}

/** What `planRepair` found. `needed:false` means the file is left byte-identical. */
export interface RepairPlan {
  needed: boolean;
  /** sha-256 (hex) of the bytes the plan was made on. */
  digest: string;
  actions: RepairAction[];
  /** Why nothing can be repaired (e.g. no valid session header), when that is the case. */
  refusal?: string;
  counts: {
    droppedLines: number;
    rewrittenAssistantMessages: number;
    rewrittenUserMessages: number;
    removedCorruptedImageBlocks: number;
    insertedToolResults: number;
    /** Damaged lines whose complete entries were recovered. */
    recoveredLines: number;
  };
}

/** What the user chose in a repair plan. */
export interface RepairOptions {
  /** Lines of the plan's rewrites to leave as they are (each must be a rewrite the plan lets go). */
  skipLines?: number[];
  /** Replace the file even when another process has it open for writing, or it has other hard links. */
  force?: boolean;
}

/** What `undoRepair` did. */
export interface UndoResult {
  status: 'restored' | 'refused';
  /** Why it refused, when it did. */
  reason?: string;
  /** One sentence for the user. */
  message: string;
}

/** What `repair()` did on disk. */
export interface RepairResult {
  status: 'repaired' | 'refused' | 'not-needed';
  /** Why it refused, when it did. */
  reason?: string;
  plan?: RepairPlan;
  /** Where the original bytes are kept: when asked to keep them, when the backup could not be removed, or when another process still writes to the old file. */
  backupPath?: string;
  /** sha-256 of the file after the write. */
  digestAfter?: string;
  /** Older kept backups of the file removed after this one was kept (the newest few stay). */
  prunedBackups?: string[];
  /** Stale `.tmp` files from an earlier crash that were found and removed. */
  cleanedStaleTempFiles?: string[];
  message: string;
}

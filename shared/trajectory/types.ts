/** The data model of an OpenClaw trajectory: its events, the runs they group into, and a run compared with the replay. */
import type { Behaviour, JsonValue } from '../types.js';

/** Where an event was read: a line of a `.trajectory.jsonl` file or a row of a store's table. */
export type TrajectoryUnit = 'line' | 'row';

/** One recorded event: the envelope's fields as read (null when absent or of the wrong type), and its data. */
export interface TrajectoryEvent {
  /** The line (file) or the row's `seq` (store) it was read from. */
  at: number;
  type: string;
  traceSchema: string;
  schemaVersion: number | null;
  traceId: string | null;
  runId: string | null;
  seq: number | null;
  sessionId: string | null;
  sessionKey: string | null;
  provider: string | null;
  modelId: string | null;
  modelApi: string | null;
  ts: string | null;
  data: JsonValue | undefined;
}

/** A line or row that could not be read as an event, and why. */
export interface TrajectoryProblem {
  at: number;
  message: string;
}

/** A trajectory as read: its events in recorded order and what could not be read. */
export interface Trajectory {
  unit: TrajectoryUnit;
  events: TrajectoryEvent[];
  problems: TrajectoryProblem[];
}

/** A model fallback the run recorded: the model that failed, the one tried next, and why. */
export interface FallbackStep {
  at: number;
  from: string | null;
  to: string | null;
  reason: string | null;
  detail: string | null;
  outcome: string | null;
}

/** The history one attempt of a run handed to its model (`context.compiled`). */
export interface CompiledContext {
  at: number;
  ts: string | null;
  /** The recorded messages; undefined when the recorder dropped them (the event was too large). */
  messages: JsonValue | undefined;
  transcriptLeafId: string | null;
  prompt: string | null;
  /** The recorder's note when it cut the whole event's content (`trajectory-event-size-limit`). */
  droppedBy: string | null;
}

/** One attempt of a run on one model: a run that fell back has several. */
export interface TrajectoryAttempt {
  provider: string | null;
  modelApi: string | null;
  modelId: string | null;
  startedAt: string | null;
  compiled: CompiledContext | null;
  status: string | null;
  stopReason: string | null;
  error: string | null;
  usage: JsonValue | null;
}

/** What a run came to: the last attempt's status ('success', 'error', 'interrupted'…) or 'unknown'. */
export type RunOutcome = string;

/** One run (one user turn): when, on which model, how it ended, its fallbacks and usage. */
export interface TrajectoryRun {
  runId: string;
  /** Where its first event was read. */
  at: number;
  sessionId: string | null;
  sessionKey: string | null;
  startedAt: string | null;
  endedAt: string | null;
  /** The model of the attempt that ran last. */
  provider: string | null;
  modelApi: string | null;
  modelId: string | null;
  outcome: RunOutcome;
  error: string | null;
  fallbackSteps: FallbackStep[];
  usage: JsonValue | null;
  attempts: TrajectoryAttempt[];
  events: number;
}

/** Where the recorder cut or hid a value, found while comparing. */
export interface RecorderMark {
  /** Message index in the compiled history, and the JSON path inside it. */
  turn: number;
  path: string;
  kind: 'truncated' | 'redacted';
  /** The recorder's reason (`trajectory-field-size-limit`, `[Truncated]`, `image`, `secret`…), in words. */
  detail: string;
}

/** A difference between the recorded history and the replay. */
export interface TrajectoryDifference {
  turn: number;
  path: string;
  recorded: JsonValue | undefined;
  replay: JsonValue | undefined;
  explanation: string;
}

/** One attempt compared: identical, different at a turn, or cut by the recorder before a difference could show. */
export type AttemptVerdict = 'identical' | 'differs' | 'truncated' | 'no-context';

export interface AttemptComparison {
  provider: string | null;
  modelApi: string | null;
  modelId: string | null;
  transcriptLeafId: string | null;
  verdict: AttemptVerdict;
  /** The first differing turn (verdict 'differs'). */
  turn: number | null;
  summary: string;
  recordedCount: number | null;
  replayCount: number;
  differences: TrajectoryDifference[];
  marks: RecorderMark[];
  /** The recorded messages and this tool's replay of the same branch, as compared (for side-by-side views). */
  recorded: JsonValue | undefined;
  replay: JsonValue[];
}

/** A run compared with the replay under a behaviour. */
export interface RunComparison {
  runId: string;
  behaviour: Behaviour;
  verdict: AttemptVerdict;
  summary: string;
  attempts: AttemptComparison[];
}

/** A run as the app lists it (without its recorded messages). */
export type TrajectoryRunSummary = Omit<TrajectoryRun, 'attempts'> & { attempts: number };

/** A trajectory the host opened for a session: its runs, and the lines or rows it could not read. */
export interface TrajectoryListing {
  trajectoryId: string;
  sessionId: string;
  /** The file, or `store#session`. */
  source: string;
  runs: TrajectoryRunSummary[];
  problems: string[];
}

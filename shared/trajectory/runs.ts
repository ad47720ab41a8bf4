/**
 * A trajectory's events grouped into runs (one per user turn, by `runId`, in the order they start) and
 * each run into attempts (a `session.started` opens one; a run that fell back to another model has several).
 */
import type { JsonValue } from '../types.js';
import type { CompiledContext, FallbackStep, Trajectory, TrajectoryAttempt, TrajectoryEvent, TrajectoryRun } from './types.js';

type Data = { [key: string]: JsonValue };
const dataOf = (event: TrajectoryEvent): Data =>
  typeof event.data === 'object' && event.data !== null && !Array.isArray(event.data) ? event.data : {};
const str = (v: JsonValue | undefined): string | null => (typeof v === 'string' ? v : null);

/** Whether the recorder replaced the whole event's content because it was over its size limit. */
function droppedBy(data: Data): string | null {
  if (data.truncated !== true) return null;
  const reason = str(data.reason) ?? 'unknown reason';
  const dropped = Array.isArray(data.droppedFields) ? data.droppedFields.filter((f) => typeof f === 'string').join(', ') : '';
  const bytes = typeof data.originalBytes === 'number' ? ` (${data.originalBytes} bytes)` : '';
  return `${reason}${bytes}${dropped ? `; dropped: ${dropped}` : ''}`;
}

function compiledOf(event: TrajectoryEvent): CompiledContext {
  const data = dataOf(event);
  return {
    at: event.at,
    ts: event.ts,
    messages: data.messages,
    transcriptLeafId: str(data.transcriptLeafId),
    prompt: str(data.prompt),
    droppedBy: droppedBy(data),
  };
}

function newAttempt(event: TrajectoryEvent): TrajectoryAttempt {
  return {
    provider: event.provider,
    modelApi: event.modelApi,
    modelId: event.modelId,
    startedAt: event.ts,
    compiled: null,
    status: null,
    stopReason: null,
    error: null,
    usage: null,
  };
}

/** Apply one event to its run. */
function apply(run: TrajectoryRun, event: TrajectoryEvent): void {
  const data = dataOf(event);
  run.events += 1;
  if (event.ts && (!run.startedAt || event.ts < run.startedAt)) run.startedAt = event.ts;
  if (event.ts && (!run.endedAt || event.ts > run.endedAt)) run.endedAt = event.ts;
  run.sessionId ??= event.sessionId;
  run.sessionKey ??= event.sessionKey;
  if (event.type === 'model.fallback_step') {
    const step: FallbackStep = {
      at: event.at,
      from: str(data.fallbackStepFromModel) ?? (event.provider && event.modelId ? `${event.provider}/${event.modelId}` : null),
      to: str(data.fallbackStepToModel),
      reason: str(data.fallbackStepFromFailureReason),
      detail: str(data.fallbackStepFromFailureDetail),
      outcome: str(data.fallbackStepFinalOutcome),
    };
    run.fallbackSteps.push(step);
    return;
  }
  let attempt = run.attempts.at(-1);
  if (event.type === 'session.started' || !attempt) {
    attempt = newAttempt(event);
    run.attempts.push(attempt);
  }
  attempt.provider ??= event.provider;
  attempt.modelApi ??= event.modelApi;
  attempt.modelId ??= event.modelId;
  if (event.type === 'context.compiled') attempt.compiled = compiledOf(event);
  if (event.type === 'model.completed' || event.type === 'session.ended' || event.type === 'trace.artifacts') {
    attempt.stopReason = str(data.stopReason) ?? attempt.stopReason;
    attempt.error = str(data.promptError) ?? str(data.terminalError) ?? attempt.error;
    if (data.usage !== undefined && data.usage !== null) attempt.usage = data.usage;
    if (typeof data.status === 'string') attempt.status = data.status;
  }
}

/** The outcome of a run: its last attempt's status, else what its stop reason and error say. */
function finish(run: TrajectoryRun): void {
  const last = run.attempts.at(-1);
  if (!last) return;
  run.provider = last.provider;
  run.modelApi = last.modelApi;
  run.modelId = last.modelId;
  run.error = last.error;
  run.usage = last.usage;
  run.outcome =
    last.status ??
    (last.error || last.stopReason === 'error'
      ? 'error'
      : last.stopReason === 'aborted'
        ? 'interrupted'
        : last.stopReason
          ? 'success'
          : 'unknown');
}

/** Group a trajectory's events into runs. Events without a `runId` form a run of their own named `(no run id)`. */
export function trajectoryRuns(trajectory: Trajectory): TrajectoryRun[] {
  const runs = new Map<string, TrajectoryRun>();
  for (const event of trajectory.events) {
    const id = event.runId ?? '(no run id)';
    let run = runs.get(id);
    if (!run) {
      run = {
        runId: id,
        at: event.at,
        sessionId: null,
        sessionKey: null,
        startedAt: null,
        endedAt: null,
        provider: null,
        modelApi: null,
        modelId: null,
        outcome: 'unknown',
        error: null,
        fallbackSteps: [],
        usage: null,
        attempts: [],
        events: 0,
      };
      runs.set(id, run);
    }
    apply(run, event);
  }
  const list = [...runs.values()];
  list.forEach(finish);
  return list;
}

/** Find a run by its id, a unique prefix of it, or its 1-based number in the list. */
export function findRun(runs: readonly TrajectoryRun[], key: string): TrajectoryRun | null {
  const exact = runs.find((r) => r.runId === key);
  if (exact) return exact;
  if (/^\d+$/.test(key)) return runs[Number(key) - 1] ?? null;
  const prefixed = runs.filter((r) => r.runId.startsWith(key));
  return prefixed.length === 1 ? prefixed[0] : null;
}

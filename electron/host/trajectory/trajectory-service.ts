/**
 * The Inspector's trajectories: the one opened for each session (found beside its file or in its store,
 * or picked by the user), its runs listed, a run compared with the replay on request. Only summaries
 * and the compared messages (long strings cut) cross to the page.
 */
import { randomUUID } from 'node:crypto';
import type { InspectorApi, StoreRequest } from '../../../shared/api.js';
import { compareRun, formatTrajectoryProblem, parseTrajectory, trajectoryRuns } from '../../../shared/trajectory/index.js';
import type { RunComparison, TrajectoryListing, TrajectoryRun } from '../../../shared/trajectory/types.js';
import type { Behaviour, JsonValue } from '../../../shared/types.js';
import { defaultImageCodec } from '../image-codec.js';
import { UnknownIdError, type SessionRegistry } from '../inspector/session-registry.js';
import { InputError } from '../read-input.js';
import { findTrajectory, MAX_TRAJECTORY_BYTES, readTrajectory, type TrajectoryReading } from './read-trajectory.js';

/** Strings longer than this reach the page cut, with their length (a base64 image, a long tool output). */
export const SHOWN_STRING_CHARS = 2000;

/** A value with its long strings cut, as the Recorded view shows it. */
export function shownValue(value: JsonValue | undefined): JsonValue | undefined {
  if (typeof value === 'string')
    return value.length > SHOWN_STRING_CHARS ? `${value.slice(0, 120)}… ‹${value.length.toLocaleString('en-US')} characters›` : value;
  if (Array.isArray(value)) return value.map((v) => shownValue(v) ?? null);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shownValue(v) ?? null]));
  return value;
}

interface Opened {
  sessionId: string;
  reading: TrajectoryReading;
}

/** Read the bytes of a trajectory the user picked. */
function readBytes(name: string, bytes: Uint8Array): TrajectoryReading {
  if (bytes.byteLength > MAX_TRAJECTORY_BYTES)
    throw new InputError(`${name}: ${bytes.byteLength} bytes is over the limit for a trajectory`);
  const trajectory = parseTrajectory(new TextDecoder('utf-8').decode(bytes));
  const problems = trajectory.problems.map((p) => formatTrajectoryProblem(p, 'line', name));
  return { source: name, trajectory, runs: trajectoryRuns(trajectory), problems };
}

const summaryOf = ({ attempts, ...run }: TrajectoryRun) => ({ ...run, attempts: attempts.length });

export class TrajectoryService {
  private readonly opened = new Map<string, Opened>();

  constructor(private readonly sessions: SessionRegistry) {}

  /** Open the trajectory of a session: the one beside it or in its store, or the one the request names. */
  async open(sessionId: string, request: StoreRequest | null): Promise<TrajectoryListing | null> {
    const { info } = this.sessions.get(sessionId);
    let reading: TrajectoryReading;
    if (request?.kind === 'bytes') reading = readBytes(request.name, request.bytes);
    else if (request?.kind === 'path') reading = await readTrajectory({ file: request.path });
    else if (info.store?.path) reading = await readTrajectory({ store: info.store.path, sessionId: info.store.sessionId });
    else {
      const beside = info.path ? await findTrajectory(info.path) : null;
      if (!beside) return null;
      reading = await readTrajectory({ file: beside });
    }
    if (request === null && reading.runs.length === 0 && reading.problems.length === 0) return null;
    this.forget(sessionId);
    const trajectoryId = randomUUID();
    this.opened.set(trajectoryId, { sessionId, reading });
    return { trajectoryId, sessionId, source: reading.source, runs: reading.runs.map(summaryOf), problems: reading.problems };
  }

  /** Compare one run with the replay of the session as it is now (reloaded, if it was). */
  async compare(trajectoryId: string, runId: string, behaviour: Behaviour): Promise<RunComparison> {
    const opened = this.opened.get(trajectoryId);
    if (!opened)
      throw new UnknownIdError(`unknown trajectory ${trajectoryId}: its session was closed, or another trajectory was opened for it`);
    const run = opened.reading.runs.find((r) => r.runId === runId);
    if (!run) throw new InputError(`${opened.reading.source}: no run ${runId}`);
    const { parsed } = this.sessions.get(opened.sessionId);
    const comparison = await compareRun(parsed, run, { behaviour, codec: await defaultImageCodec() });
    return {
      ...comparison,
      attempts: comparison.attempts.map((a) => ({
        ...a,
        recorded: shownValue(a.recorded),
        replay: a.replay.map((m) => shownValue(m) ?? null),
        differences: a.differences.map((d) => ({ ...d, recorded: shownValue(d.recorded), replay: shownValue(d.replay) })),
      })),
    };
  }

  /** The InspectorApi methods this service answers. */
  methods(): Pick<InspectorApi, 'openTrajectory' | 'compareTrajectoryRun'> {
    return {
      openTrajectory: (sessionId, request) => this.open(sessionId, request),
      compareTrajectoryRun: (trajectoryId, runId, behaviour) => this.compare(trajectoryId, runId, behaviour),
    };
  }

  /** Drop the trajectory of a session (closed, or another opened for it). */
  forget(sessionId: string): void {
    for (const [id, opened] of this.opened) if (opened.sessionId === sessionId) this.opened.delete(id);
  }

  clear(): void {
    this.opened.clear();
  }
}

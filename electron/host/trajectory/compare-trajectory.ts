/**
 * The package's `compareTrajectory()`: a session and its recorded trajectory, every run (or one) compared
 * with this tool's replay of the branch the run saw, under a behaviour ('openclaw-2026.9.6' by default).
 */
import { compareRun, findRun, TRAJECTORY_BEHAVIOUR } from '../../../shared/trajectory/index.js';
import type { RunComparison, TrajectoryRun } from '../../../shared/trajectory/types.js';
import type { InspectInput } from '../../../shared/inspection.js';
import type { ParsedSession } from '../../../shared/session/types.js';
import type { Behaviour } from '../../../shared/types.js';
import type { ImageCodec } from '../../../shared/images/codec.js';
import { defaultImageCodec } from '../image-codec.js';
import { InputError } from '../read-input.js';
import { openStoredSession } from '../store/index.js';
import { readInputSession } from '../stream-session.js';
import { findTrajectory, readTrajectory, type TrajectorySource } from './read-trajectory.js';

export interface CompareTrajectoryOptions {
  /** The trajectory: by default the file beside a session file, or the stored session's own rows. */
  trajectory?: TrajectorySource;
  /** One run: its id, a unique prefix of it, or its number (1 = the first recorded). */
  run?: string;
  behaviour?: Behaviour;
  /** The image codec (null: none; default: sharp), as for `inspect()`. */
  codec?: ImageCodec | null;
}

/** The runs of a trajectory, each with its comparison. */
export interface TrajectoryReport {
  /** Where the trajectory was read. */
  source: string;
  behaviour: Behaviour;
  runs: { run: TrajectoryRun; comparison: RunComparison }[];
  /** Lines or rows that could not be read, as `place: message`. */
  problems: string[];
}

async function sessionOf(session: InspectInput): Promise<ParsedSession> {
  if (session && typeof session === 'object' && 'store' in session)
    return (await openStoredSession({ file: session.store }, session.sessionId)).parsed;
  return readInputSession(session);
}

/** Where the trajectory of a session is when the caller does not say. */
async function defaultSource(session: InspectInput): Promise<TrajectorySource> {
  if (session && typeof session === 'object' && 'store' in session) return { store: session.store, sessionId: session.sessionId };
  if (session && typeof session === 'object' && 'file' in session && typeof session.file === 'string') {
    const found = await findTrajectory(session.file);
    if (found) return { file: found };
    throw new InputError(
      `${session.file}: no trajectory beside it (expected ${session.file.replace(/\.jsonl$/, '')}.trajectory.jsonl); name one`,
    );
  }
  throw new InputError('compareTrajectory(): a session given as text needs { trajectory }');
}

/** Compare a session's recorded runs with the replay. Throws an InputError for a run that is not there. */
export async function compareTrajectory(session: InspectInput, options: CompareTrajectoryOptions = {}): Promise<TrajectoryReport> {
  const reading = await readTrajectory(options.trajectory ?? (await defaultSource(session)));
  const parsed = await sessionOf(session);
  let runs = reading.runs;
  if (options.run !== undefined) {
    const run = findRun(runs, options.run);
    if (!run)
      throw new InputError(
        `${reading.source}: no run "${options.run}" (it has ${runs.length}: give an id, a unique prefix or a number from 1)`,
      );
    runs = [run];
  }
  const codec = options.codec === null ? undefined : (options.codec ?? (await defaultImageCodec()));
  const behaviour = options.behaviour ?? TRAJECTORY_BEHAVIOUR;
  const out: TrajectoryReport['runs'] = [];
  for (const run of runs) out.push({ run, comparison: await compareRun(parsed, run, { behaviour, codec }) });
  return { source: reading.source, behaviour, runs: out, problems: reading.problems };
}

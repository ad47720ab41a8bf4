/**
 * Finding and reading OpenClaw's trajectories: the `<session>.trajectory.jsonl` file next to a session
 * file, or the `trajectory_runtime_events` rows of a session in a store (read-only, like every store read).
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { formatTrajectoryProblem, parseTrajectory, readTrajectoryTexts, trajectoryRuns } from '../../../shared/trajectory/index.js';
import type { Trajectory, TrajectoryRun } from '../../../shared/trajectory/types.js';
import { InputError } from '../read-input.js';
import { SessionStore } from '../store/index.js';

/** OpenClaw keeps 10 MiB of a session's runtime trajectory; a file far larger is not one of its trajectories. */
export const MAX_TRAJECTORY_BYTES = 256 * 1024 * 1024;

/** Where to read a trajectory: a file, or a stored session's rows. */
export type TrajectorySource = { file: string } | { store: string; sessionId: string };

/** A trajectory as read, its runs, and its problems as `place: message`. */
export interface TrajectoryReading {
  /** The file, or `store#session`. */
  source: string;
  trajectory: Trajectory;
  runs: TrajectoryRun[];
  problems: string[];
}

/** The trajectory file OpenClaw writes beside a session file (`x.jsonl` → `x.trajectory.jsonl`). */
export function trajectoryPathFor(sessionFile: string): string | null {
  if (!sessionFile.endsWith('.jsonl') || sessionFile.endsWith('.trajectory.jsonl')) return null;
  return `${sessionFile.slice(0, -'.jsonl'.length)}.trajectory.jsonl`;
}

/** The trajectory beside a session file, when there is one. */
export async function findTrajectory(sessionFile: string): Promise<string | null> {
  const candidate = trajectoryPathFor(sessionFile);
  if (!candidate) return null;
  try {
    return (await stat(candidate)).isFile() ? candidate : null;
  } catch {
    return null;
  }
}

async function readTrajectoryFile(file: string): Promise<TrajectoryReading> {
  let size: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) throw new InputError(`${file}: not a file`);
    size = info.size;
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${file}: cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  if (size > MAX_TRAJECTORY_BYTES)
    throw new InputError(`${file}: ${size} bytes is over the ${MAX_TRAJECTORY_BYTES}-byte limit for a trajectory`);
  const text = new TextDecoder('utf-8').decode(await readFile(file));
  const trajectory = parseTrajectory(text);
  return described(file, path.basename(file), trajectory);
}

async function readStoredTrajectory(storeFile: string, sessionId: string): Promise<TrajectoryReading> {
  const store = await SessionStore.open({ file: storeFile }, { queries: true });
  try {
    const rows = await store.trajectoryRows(sessionId);
    if (rows === null)
      throw new InputError(
        `${storeFile}: this store has no trajectory_runtime_events table (OpenClaw before 2026.9 kept trajectories in files)`,
      );
    const trajectory = readTrajectoryTexts(rows, 'row');
    return described(`${storeFile}#${sessionId}`, path.basename(storeFile), trajectory);
  } finally {
    store.close();
  }
}

function described(source: string, name: string, trajectory: Trajectory): TrajectoryReading {
  const problems = trajectory.problems.map((p) => formatTrajectoryProblem(p, trajectory.unit, trajectory.unit === 'line' ? source : name));
  return { source, trajectory, runs: trajectoryRuns(trajectory), problems };
}

/** Read a trajectory file, or a stored session's trajectory. Throws an InputError when it cannot be read at all. */
export async function readTrajectory(source: TrajectorySource): Promise<TrajectoryReading> {
  if (!source || typeof source !== 'object') throw new InputError('readTrajectory(): expected { file } or { store, sessionId }');
  if ('store' in source) {
    if (typeof source.store !== 'string' || typeof source.sessionId !== 'string' || source.sessionId === '')
      throw new InputError('readTrajectory(): expected { store: path, sessionId }');
    return readStoredTrajectory(source.store, source.sessionId);
  }
  if (typeof source.file !== 'string' || source.file === '') throw new InputError('readTrajectory(): expected { file: path }');
  return readTrajectoryFile(source.file);
}

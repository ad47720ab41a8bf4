/**
 * Reading an OpenClaw trajectory (`<session>.trajectory.jsonl`, or the `event_json` rows of a store's
 * `trajectory_runtime_events`): each line or row one event. Anything that is not an event is reported
 * at its line or row and the rest is read.
 */
import { describeCharAt, locateJsonError } from '../session/json-error.js';
import type { JsonValue } from '../types.js';
import type { Trajectory, TrajectoryEvent, TrajectoryProblem, TrajectoryUnit } from './types.js';

/** The schema name every event of OpenClaw's runtime recorder carries. */
export const TRAJECTORY_SCHEMA = 'openclaw-trajectory';
/** The recorder caps an event at 256 KiB; a line far beyond that is not one of its events. */
export const MAX_EVENT_CHARS = 16 * 1024 * 1024;

const isRecord = (v: unknown): v is { [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Why a line is not JSON, in the words the session parser uses. */
function jsonProblem(text: string): string {
  const where = locateJsonError(text);
  if (!where) return 'not valid JSON';
  return `not valid JSON: expected ${where.expected} at column ${where.offset + 1}, found ${describeCharAt(text, where.offset)}`;
}

const STRING_FIELDS = ['traceId', 'runId', 'sessionId', 'sessionKey', 'provider', 'modelId', 'modelApi', 'ts'] as const;

/** One line or row's text as an event, or the problem with it. */
export function readTrajectoryEvent(text: string, at: number): { event?: TrajectoryEvent; problems: TrajectoryProblem[] } {
  if (text.length > MAX_EVENT_CHARS)
    return { problems: [{ at, message: `event of ${text.length} characters is over the ${MAX_EVENT_CHARS} limit; skipped` }] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { problems: [{ at, message: jsonProblem(text) }] };
  }
  if (!isRecord(value))
    return { problems: [{ at, message: `expected an event object, found ${Array.isArray(value) ? 'an array' : typeof value}` }] };
  if (value.traceSchema !== TRAJECTORY_SCHEMA) {
    const found = typeof value.traceSchema === 'string' ? `"${value.traceSchema.slice(0, 60)}"` : 'none';
    return { problems: [{ at, message: `not an OpenClaw trajectory event (traceSchema ${found})` }] };
  }
  if (typeof value.type !== 'string' || value.type === '') return { problems: [{ at, message: 'event has no "type"' }] };
  const problems: TrajectoryProblem[] = [];
  const text_ = (key: (typeof STRING_FIELDS)[number]): string | null => {
    const v = value[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'string') return v;
    problems.push({ at, message: `"${key}" should be a string, found ${typeof v}; ignored` });
    return null;
  };
  const num = (key: 'seq' | 'schemaVersion'): number | null => {
    const v = value[key];
    if (v === undefined || v === null) return null;
    if (typeof v === 'number' && Number.isFinite(v)) return v;
    problems.push({ at, message: `"${key}" should be a number, found ${typeof v}; ignored` });
    return null;
  };
  const strings = Object.fromEntries(STRING_FIELDS.map((k) => [k, text_(k)])) as Record<(typeof STRING_FIELDS)[number], string | null>;
  const event: TrajectoryEvent = {
    at,
    type: value.type,
    traceSchema: TRAJECTORY_SCHEMA,
    schemaVersion: num('schemaVersion'),
    seq: num('seq'),
    ...strings,
    data: value.data,
  };
  if (event.data !== undefined && !isRecord(event.data))
    problems.push({ at, message: `"data" should be an object, found ${Array.isArray(event.data) ? 'an array' : typeof event.data}` });
  return { event, problems };
}

/** Read events from texts with their places (lines of a file, `seq` of store rows); blank lines are skipped. */
export function readTrajectoryTexts(items: Iterable<{ at: number; text: string }>, unit: TrajectoryUnit): Trajectory {
  const events: TrajectoryEvent[] = [];
  const problems: TrajectoryProblem[] = [];
  for (const { at, text } of items) {
    if (text.trim() === '') continue;
    const read = readTrajectoryEvent(text.replace(/\r$/, ''), at);
    if (read.event) events.push(read.event);
    problems.push(...read.problems);
  }
  return { unit, events, problems };
}

/** Read a `.trajectory.jsonl` file's text. */
export function parseTrajectory(text: string): Trajectory {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return readTrajectoryTexts(
    lines.map((line, i) => ({ at: i + 1, text: line })),
    'line',
  );
}

/** A problem as `place: message` (`file:12: …`, or `store row 12: …`). */
export function formatTrajectoryProblem(problem: TrajectoryProblem, unit: TrajectoryUnit, file: string): string {
  return unit === 'line' ? `${file}:${problem.at}: ${problem.message}` : `${file} row ${problem.at}: ${problem.message}`;
}

/** OpenClaw trajectories: reading them, their runs, and a run compared with the replay. */
export { formatTrajectoryProblem, parseTrajectory, readTrajectoryTexts, TRAJECTORY_SCHEMA } from './parse.js';
export { findRun, trajectoryRuns } from './runs.js';
export { compareRun, TRAJECTORY_BEHAVIOUR, type CompareOptions } from './compare.js';
export type * from './types.js';

/** Trajectory slice: OpenClaw's recorded runs of the session, and the chosen run against the replay. */
import type { Target } from '../../shared/types.js';
import { errorMessage } from '../format.js';
import { patch, type SliceCreator } from './slice.js';
import type { TrajectorySlice } from './types.js';

const EMPTY = { listing: null, loading: false, error: null, runId: null, comparison: null, comparing: false, shown: false };

/** Creates the trajectory slice. */
export const createTrajectorySlice: SliceCreator<TrajectorySlice> = (set, get, { api }) => {
  let seq = 0;
  const compare = async (): Promise<void> => {
    const { listing, runId } = get().trajectory;
    if (!listing || !runId) return;
    const mine = ++seq;
    patch(set, 'trajectory', { comparing: true, error: null });
    try {
      const comparison = await api.compareTrajectoryRun(listing.trajectoryId, runId, get().target.behaviour);
      if (mine === seq) patch(set, 'trajectory', { comparison, comparing: false });
    } catch (error) {
      if (mine === seq) patch(set, 'trajectory', { comparing: false, error: `Could not compare the run: ${errorMessage(error)}` });
    }
  };
  return {
    trajectory: { ...EMPTY },

    async loadTrajectory(request) {
      const info = get().session.info;
      const mine = ++seq;
      patch(set, 'trajectory', { ...EMPTY, loading: true });
      if (!info) return patch(set, 'trajectory', { loading: false });
      try {
        const listing = await api.openTrajectory(info.sessionId, request);
        if (mine !== seq) return;
        patch(set, 'trajectory', { listing, loading: false });
        if (request && !listing) get().pushToast({ kind: 'info', text: 'That file holds no trajectory runs.' });
      } catch (error) {
        if (mine !== seq) return;
        const text = `Could not read the trajectory: ${errorMessage(error)}`;
        patch(set, 'trajectory', { loading: false, error: text });
        if (request) get().pushToast({ kind: 'error', text });
      }
    },

    async chooseRun(runId) {
      const run = get().trajectory.listing?.runs.find((r) => r.runId === runId);
      if (!run) return;
      patch(set, 'trajectory', { runId, comparison: null, shown: true });
      // The run's own model is the target: the diff and the verdict then speak of what it sent.
      if (run.provider && run.modelApi && run.modelId) {
        const target: Target = { provider: run.provider, api: run.modelApi, modelId: run.modelId };
        void get().setTarget(target);
      }
      await compare();
    },

    compareChosenRun: compare,

    showRecorded(shown) {
      if (shown && !get().trajectory.runId) return;
      patch(set, 'trajectory', { shown });
    },
  };
};

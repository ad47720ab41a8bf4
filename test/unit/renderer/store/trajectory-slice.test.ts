// The trajectory slice against a stub host: the trajectory is looked for when a session opens; a run
// sets the target to its model and is compared under the chosen hygiene; Payload/Transcript leave the Recorded view.
import { describe, expect, it } from 'vitest';
import type { RunComparison, TrajectoryListing } from '../../../../shared/api.js';
import { createAppStore } from '../../../../renderer/store/store.js';
import { stubApi } from '../stub-api.js';

const listing: TrajectoryListing = {
  trajectoryId: 'T1',
  sessionId: 'S1',
  source: '/tmp/s.trajectory.jsonl',
  problems: [],
  runs: [
    {
      runId: 'run-a',
      at: 1,
      sessionId: 'S1',
      sessionKey: 'agent:main:main',
      startedAt: '2026-03-02T08:00:00.000Z',
      endedAt: '2026-03-02T08:00:01.000Z',
      provider: 'amazon-bedrock',
      modelApi: 'bedrock-converse-stream',
      modelId: 'us.anthropic.claude-opus-4-6-v1',
      outcome: 'error',
      error: 'terminated',
      fallbackSteps: [],
      usage: { input: 10, output: 2 },
      attempts: 1,
      events: 7,
    },
  ],
};
const comparison = (behaviour: 'spec' | 'openclaw-2026.9.6'): RunComparison => ({
  runId: 'run-a',
  behaviour,
  verdict: behaviour === 'spec' ? 'differs' : 'identical',
  summary: behaviour === 'spec' ? 'differs at turn 1: x' : 'identical: 1 messages',
  attempts: [],
});

function setup(found: TrajectoryListing | null = listing) {
  const stub = stubApi({
    openTrajectory: async () => found,
    compareTrajectoryRun: async (_id, _run, behaviour) => comparison(behaviour),
  });
  return { ...stub, store: createAppStore({ api: stub.api, shell: stub.shell }) };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('trajectory slice', () => {
  it('looks for the trajectory of every session opened', async () => {
    const { store, calls } = setup();
    await store.getState().openSession({ kind: 'path', path: '/tmp/s.jsonl' });
    await settle();
    expect(calls.filter((c) => c.method === 'openTrajectory').map((c) => c.args.slice(1))).toEqual([[null]]);
    expect(store.getState().trajectory.listing?.runs.map((r) => r.runId)).toEqual(['run-a']);
  });

  it('a run sets the target to its model, is compared under the chosen hygiene, and shows the Recorded view', async () => {
    const { store, calls } = setup();
    await store.getState().openSession({ kind: 'path', path: '/tmp/s.jsonl' });
    await settle();
    await store.getState().chooseRun('run-a');
    const state = store.getState();
    expect(state.target.current).toMatchObject({
      provider: 'amazon-bedrock',
      api: 'bedrock-converse-stream',
      modelId: 'us.anthropic.claude-opus-4-6-v1',
    });
    expect(state.trajectory).toMatchObject({ runId: 'run-a', shown: true, comparing: false });
    expect(state.trajectory.comparison?.verdict).toBe('differs');
    await store.getState().setBehaviour('openclaw-2026.9.6');
    await settle();
    expect(store.getState().trajectory.comparison?.verdict).toBe('identical');
    expect(calls.filter((c) => c.method === 'compareTrajectoryRun').map((c) => c.args)).toEqual([
      ['T1', 'run-a', 'spec'],
      ['T1', 'run-a', 'openclaw-2026.9.6'],
    ]);
    store.getState().setView('transcript');
    expect(store.getState().trajectory.shown).toBe(false);
    store.getState().showRecorded(true);
    expect(store.getState().trajectory.shown).toBe(true);
  });

  it('the Recorded view needs a chosen run; a session without a trajectory has none', async () => {
    const { store } = setup(null);
    await store.getState().openSession({ kind: 'path', path: '/tmp/s.jsonl' });
    await settle();
    store.getState().showRecorded(true);
    expect(store.getState().trajectory).toMatchObject({ listing: null, shown: false, error: null });
    await store.getState().chooseRun('run-a');
    expect(store.getState().trajectory.runId).toBeNull();
  });
});

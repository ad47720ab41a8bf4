/** Reading trajectories: envelope fields, runs and attempts, and a located problem for every line that is not an event. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findRun, formatTrajectoryProblem, parseTrajectory, trajectoryRuns } from '../../../../shared/trajectory/index.js';

const FIXTURES = new URL('../../../fixtures/trajectories/', import.meta.url).pathname;
const read = (name: string) => parseTrajectory(readFileSync(`${FIXTURES}${name}.trajectory.jsonl`, 'utf8'));

const event = (fields: Record<string, unknown>) =>
  JSON.stringify({
    traceSchema: 'openclaw-trajectory',
    schemaVersion: 1,
    type: 'session.started',
    runId: 'r1',
    seq: 1,
    ts: '2026-01-01T00:00:00.000Z',
    ...fields,
  });

describe('parseTrajectory', () => {
  it('reads the envelope of each event', () => {
    const t = parseTrajectory(
      `${event({ sessionId: 's', sessionKey: 'agent:main:main', provider: 'anthropic', modelId: 'm', modelApi: 'anthropic-messages', traceId: 's', data: { a: 1 } })}\n`,
    );
    expect(t.problems).toEqual([]);
    expect(t.events).toEqual([
      {
        at: 1,
        type: 'session.started',
        traceSchema: 'openclaw-trajectory',
        schemaVersion: 1,
        traceId: 's',
        runId: 'r1',
        seq: 1,
        sessionId: 's',
        sessionKey: 'agent:main:main',
        provider: 'anthropic',
        modelId: 'm',
        modelApi: 'anthropic-messages',
        ts: '2026-01-01T00:00:00.000Z',
        data: { a: 1 },
      },
    ]);
  });

  it('reports each bad line at its number and reads the rest', () => {
    const text = [
      event({}),
      '{"traceSchema":"openclaw-trajectory","type":"x",',
      '[1,2]',
      '{"type":"message","id":"a"}',
      event({ type: '' }),
      '',
      event({ seq: 'three', provider: 7 }),
      '\u0000\u0001binary',
    ].join('\n');
    const t = parseTrajectory(`\ufeff${text}\r\n`);
    expect(t.events.map((e) => e.at)).toEqual([1, 7]);
    expect(t.events[1]).toMatchObject({ seq: null, provider: null });
    expect(t.problems.map((p) => formatTrajectoryProblem(p, t.unit, 'x.trajectory.jsonl'))).toEqual([
      'x.trajectory.jsonl:2: not valid JSON: expected "}" at column 49, found the end of the line',
      'x.trajectory.jsonl:3: expected an event object, found an array',
      'x.trajectory.jsonl:4: not an OpenClaw trajectory event (traceSchema none)',
      'x.trajectory.jsonl:5: event has no "type"',
      'x.trajectory.jsonl:7: "provider" should be a string, found number; ignored',
      'x.trajectory.jsonl:7: "seq" should be a number, found string; ignored',
      'x.trajectory.jsonl:8: not valid JSON: expected a value at column 1, found a NUL byte',
    ]);
  });

  it('names a store row instead of a line', () => {
    expect(formatTrajectoryProblem({ at: 12, message: 'bad' }, 'row', 'openclaw-agent.sqlite')).toBe('openclaw-agent.sqlite row 12: bad');
  });
});

describe('trajectoryRuns', () => {
  it('groups the recorded runs: time, model, outcome, usage', () => {
    const runs = trajectoryRuns(read('errors-bedrock'));
    expect(runs.map((r) => [r.runId, r.provider, r.modelApi, r.modelId, r.outcome, r.attempts.length, r.events])).toEqual([
      ['run-5a6a9a5aaa7a', 'amazon-bedrock', 'bedrock-converse-stream', 'us.anthropic.claude-opus-4-6-v1', 'interrupted', 1, 7],
      ['run-d979e7cad546', 'amazon-bedrock', 'bedrock-converse-stream', 'us.anthropic.claude-opus-4-6-v1', 'error', 1, 7],
    ]);
    expect(runs[1].error).toMatch(/\S/);
    expect(runs[0].startedAt! < runs[0].endedAt!).toBe(true);
    expect(runs[0].attempts[0].compiled?.transcriptLeafId).toMatch(/^[0-9a-f]{8}$/);
  });

  it('keeps the attempts of a run that fell back, and its fallback step', () => {
    const runs = trajectoryRuns(read('aborted-errors'));
    const fell = runs.find((r) => r.fallbackSteps.length > 0)!;
    expect(fell.attempts.map((a) => `${a.provider}/${a.modelId}:${a.status}`)).toEqual([
      'openai/gpt-5:error',
      'anthropic/claude-sonnet-4-5:success',
    ]);
    expect(fell.fallbackSteps).toEqual([
      {
        at: expect.any(Number),
        from: 'openai/gpt-5',
        to: 'anthropic/claude-sonnet-4-5',
        reason: 'rate_limit',
        detail: 'This request would exceed your rate limit.',
        outcome: 'next_fallback',
      },
    ]);
    expect([fell.provider, fell.modelId, fell.outcome]).toEqual(['anthropic', 'claude-sonnet-4-5', 'success']);
    expect(fell.usage).toMatchObject({ input: expect.any(Number), output: expect.any(Number) });
  });

  it('finds a run by id, unique prefix or number', () => {
    const runs = trajectoryRuns(read('compactions'));
    expect(findRun(runs, runs[2].runId)).toBe(runs[2]);
    expect(findRun(runs, '3')).toBe(runs[2]);
    expect(findRun(runs, runs[4].runId.slice(0, 9))).toBe(runs[4]);
    expect(findRun(runs, 'run-')).toBeNull();
    expect(findRun(runs, '99')).toBeNull();
  });
});

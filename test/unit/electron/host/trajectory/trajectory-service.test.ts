/** The Inspector's trajectory methods: found beside a session or in its store, picked by hand (only a file the user opened), compared, dropped on close. */
import { mkdtempSync, readFileSync, copyFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { PathGrants } from '../../../../../electron/host/path-grants.js';
import { shownValue } from '../../../../../electron/host/trajectory/trajectory-service.js';

const DIR = new URL('../../../../fixtures/trajectories/', import.meta.url).pathname;
const STORE = path.join(DIR, 'store/agents/main/agent/openclaw-agent.sqlite');

function inspector() {
  const recentFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'ti-traj-svc-')), 'recent.json');
  return createInspector({ recentFile });
}

describe('trajectory service', () => {
  it('finds the trajectory beside a session, lists its runs without their messages, compares one', async () => {
    const host = inspector();
    const info = await host.open({ kind: 'path', path: path.join(DIR, 'compactions.jsonl') });
    const listing = await host.openTrajectory(info.sessionId, null);
    expect(listing?.source).toBe(path.join(DIR, 'compactions.trajectory.jsonl'));
    expect(listing?.runs).toHaveLength(6);
    expect(listing?.runs[0].attempts).toBe(1);
    const comparison = await host.compareTrajectoryRun(listing!.trajectoryId, listing!.runs[3].runId, 'openclaw-2026.9.6');
    expect([comparison.verdict, comparison.attempts[0].replayCount]).toEqual(['identical', 9]);
    await host.close(info.sessionId);
    await expect(host.compareTrajectoryRun(listing!.trajectoryId, listing!.runs[3].runId, 'spec')).rejects.toThrow(/unknown trajectory/);
    await host.dispose();
  });

  it('reads a stored session’s trajectory from its store; none beside a session is null', async () => {
    const host = inspector();
    const stored = await host.open({ kind: 'store', path: STORE, storeSessionId: '0195c08dd56682e4a5d1372f193e0642' });
    expect((await host.openTrajectory(stored.sessionId, null))?.runs).toHaveLength(6);
    const plain = await host.open({
      kind: 'path',
      path: new URL('../../../../fixtures/pi-sessions/f-branching.jsonl', import.meta.url).pathname,
    });
    expect(await host.openTrajectory(plain.sessionId, null)).toBeNull();
    await host.dispose();
  });

  it('a trajectory picked by hand: bytes always, a path only when the user opened it', async () => {
    const host = inspector();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-traj-svc-'));
    const session = path.join(dir, 's.jsonl');
    copyFileSync(path.join(DIR, 'long-output.jsonl'), session);
    const info = await host.open({ kind: 'path', path: session });
    const bytes = readFileSync(path.join(DIR, 'long-output.trajectory.jsonl'));
    const byBytes = await host.openTrajectory(info.sessionId, { kind: 'bytes', name: 'picked.trajectory.jsonl', bytes });
    expect([byBytes?.source, byBytes?.runs.length]).toEqual(['picked.trajectory.jsonl', 2]);
    const c = await host.compareTrajectoryRun(byBytes!.trajectoryId, byBytes!.runs[0].runId, 'openclaw-2026.9.6');
    // Long strings reach the page cut, with their length.
    expect(JSON.stringify(c.attempts[0].replay)).toMatch(/‹54,685 characters›/);
    const grants = new PathGrants(async () => [], 'open it first');
    const other = path.join(DIR, 'long-output.trajectory.jsonl');
    await expect(grants.openTrajectory(host, info.sessionId, { kind: 'path', path: other })).rejects.toThrow(/was not opened by the user/);
    grants.grant(other);
    expect((await grants.openTrajectory(host, info.sessionId, { kind: 'path', path: other }))?.runs).toHaveLength(2);
    await host.dispose();
  });

  it('cuts long strings for the page, everywhere in a value', () => {
    expect(shownValue({ a: ['x'.repeat(2001), 'short'], n: 1 })).toEqual({ a: [`${'x'.repeat(120)}… ‹2,001 characters›`, 'short'], n: 1 });
  });
});

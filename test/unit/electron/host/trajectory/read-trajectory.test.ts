/** Finding and reading trajectories: beside a session file, or a stored session's rows — the store left byte for byte as it was. */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareTrajectory, findTrajectory, readTrajectory } from '../../../../../electron/host/index.js';
import { trajectoryPathFor } from '../../../../../electron/host/trajectory/read-trajectory.js';

const DIR = new URL('../../../../fixtures/trajectories/', import.meta.url).pathname;
const STORE = path.join(DIR, 'store/agents/main/agent/openclaw-agent.sqlite');
const manifest = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')) as {
  sessions: { name: string; sessionId: string; events: number; runs: unknown[] }[];
  store: { rows: Record<string, number> };
};
const folderHash = () =>
  readdirSync(path.dirname(STORE)).map((name) => [
    name,
    createHash('sha256')
      .update(readFileSync(path.join(path.dirname(STORE), name)))
      .digest('hex'),
  ]);

describe('readTrajectory', () => {
  it('finds the trajectory OpenClaw writes beside a session file', async () => {
    expect(trajectoryPathFor('/a/b.jsonl')).toBe('/a/b.trajectory.jsonl');
    expect(trajectoryPathFor('/a/b.trajectory.jsonl')).toBeNull();
    expect(trajectoryPathFor('/a/b.json')).toBeNull();
    expect(await findTrajectory(path.join(DIR, 'images.jsonl'))).toBe(path.join(DIR, 'images.trajectory.jsonl'));
    expect(await findTrajectory(path.join(DIR, 'nothing.jsonl'))).toBeNull();
  });

  it('reads the same events from the file and from the store’s rows, and leaves the store untouched', async () => {
    const before = folderHash();
    for (const s of manifest.sessions) {
      const file = await readTrajectory({ file: path.join(DIR, `${s.name}.trajectory.jsonl`) });
      const stored = await readTrajectory({ store: STORE, sessionId: s.sessionId });
      expect(stored.problems).toEqual([]);
      expect(stored.trajectory.events.length).toBe(manifest.store.rows[s.sessionId]);
      expect(stored.trajectory.events.map(({ at: _at, ...e }) => e)).toEqual(file.trajectory.events.map(({ at: _at, ...e }) => e));
      expect(stored.runs.map((r) => r.runId)).toEqual(file.runs.map((r) => r.runId));
      expect(file.runs).toHaveLength(s.runs.length);
    }
    expect(folderHash()).toEqual(before);
  });

  it('says why it cannot read: a missing file, a store that is not one; an empty table is no runs', async () => {
    await expect(readTrajectory({ file: path.join(DIR, 'missing.trajectory.jsonl') })).rejects.toThrow(
      /missing\.trajectory\.jsonl: cannot be read \(ENOENT\)/,
    );
    // A store made by a migration alone has the table and no rows: an empty trajectory, not an error.
    const migrated = new URL('../../../../fixtures/stores/openclaw/agents/main/agent/openclaw-agent.sqlite', import.meta.url).pathname;
    expect((await readTrajectory({ store: migrated, sessionId: 'x' })).runs).toEqual([]);
    const notStore = path.join(mkdtempSync(path.join(os.tmpdir(), 'ti-traj-')), 'x.sqlite');
    writeFileSync(notStore, 'not a database');
    await expect(readTrajectory({ store: notStore, sessionId: 'x' })).rejects.toThrow(/x\.sqlite/);
    // @ts-expect-error -- a caller's wrong argument
    await expect(readTrajectory({ file: 7 })).rejects.toThrow('readTrajectory(): expected { file: path }');
  });

  it('compareTrajectory takes a session given as text with a trajectory named', async () => {
    const text = readFileSync(path.join(DIR, 'compaction-kept-user.jsonl'), 'utf8');
    const report = await compareTrajectory(
      { text },
      { trajectory: { file: path.join(DIR, 'compaction-kept-user.trajectory.jsonl') }, codec: null },
    );
    expect(report.runs.map((r) => r.comparison.verdict)).toEqual(['identical', 'identical']);
    await expect(compareTrajectory({ text })).rejects.toThrow('compareTrajectory(): a session given as text needs { trajectory }');
  });
});

/**
 * The replay against what OpenClaw 2026.9.6 really compiled: trajectories its own recorder wrote for the
 * project's fixture sessions (test/fixtures/trajectories/, made by test/oracle/generate-trajectories.mjs).
 * Under 'openclaw-2026.9.6' every untruncated run is identical and no run differs; a recording changed by
 * hand differs at the changed turn; 'spec' differs where a named decision applies, and says why.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultImageCodec } from '../../../../electron/host/image-codec.js';
import { parseSession } from '../../../../shared/session/parse.js';
import { compareRun, parseTrajectory, trajectoryRuns, type TrajectoryRun } from '../../../../shared/trajectory/index.js';

const DIR = new URL('../../../fixtures/trajectories/', import.meta.url).pathname;
const NAMES = readdirSync(DIR)
  .filter((f) => f.endsWith('.trajectory.jsonl'))
  .map((f) => f.replace('.trajectory.jsonl', ''));
const load = (name: string) => ({
  parsed: parseSession(readFileSync(`${DIR}${name}.jsonl`, 'utf8')),
  runs: trajectoryRuns(parseTrajectory(readFileSync(`${DIR}${name}.trajectory.jsonl`, 'utf8'))),
});

describe('recorded by OpenClaw 2026.9.6, replayed by openclaw-2026.9.6', () => {
  it('every run agrees: identical when the recorder kept everything, never a difference', { timeout: 120_000 }, async () => {
    const codec = await defaultImageCodec();
    const verdicts: Record<string, number> = {};
    const problems: string[] = [];
    for (const name of NAMES) {
      const { parsed, runs } = load(name);
      for (const run of runs) {
        const c = await compareRun(parsed, run, { codec });
        verdicts[c.verdict] = (verdicts[c.verdict] ?? 0) + 1;
        for (const a of c.attempts) {
          const cut = a.marks.some((m) => m.kind === 'truncated');
          if (a.verdict !== (cut ? 'truncated' : 'identical')) problems.push(`${name} ${run.runId} ${a.modelId}: ${a.summary}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(NAMES.length).toBeGreaterThanOrEqual(9);
    expect(verdicts.identical).toBe(10);
    expect(verdicts.truncated).toBe(16);
    expect(verdicts.differs).toBeUndefined();
  });

  it('runs with compaction are compared whole: the summary and the kept branch', async () => {
    const { parsed, runs } = load('compactions');
    const c = await compareRun(parsed, runs[3]);
    expect(c.verdict).toBe('identical');
    expect(c.attempts[0].replay.map((m) => (m as { role: string }).role).slice(0, 3)).toEqual(['compactionSummary', 'user', 'assistant']);
    expect(c.attempts[0].recordedCount).toBe(c.attempts[0].replayCount);
  });

  it('a redacted secret and an over-long tool output are marks, not differences', async () => {
    const { parsed, runs } = load('long-output');
    const c = await compareRun(parsed, runs[0]);
    expect(c.verdict).toBe('truncated');
    expect(c.attempts[0].marks.map((m) => [m.turn, m.path, m.kind])).toEqual([
      [0, 'messages[0].content[0].text', 'redacted'],
      [2, 'messages[2].content[0].text', 'truncated'],
    ]);
  });

  it('a small image is checked by its digest', async () => {
    const { parsed, runs } = load('small-images');
    const c = await compareRun(parsed, runs[0], { codec: await defaultImageCodec() });
    expect(c.attempts[0].marks.find((m) => m.path === 'messages[0].content[1].data')?.detail).toBe(
      'media bytes replaced by their digest (the digest matches the replay)',
    );
  });

  it('a recording changed by hand differs at the changed turn, with the change explained', async () => {
    const { parsed, runs } = load('compactions');
    const run: TrajectoryRun = structuredClone(runs[3]);
    const messages = run.attempts[0].compiled!.messages as { content?: { text?: string }[] }[];
    const turn = messages.findIndex((m) => Array.isArray(m.content) && typeof m.content[0]?.text === 'string');
    messages[turn].content![0].text += ' (edited)';
    const c = await compareRun(parsed, run);
    expect(c.verdict).toBe('differs');
    expect(c.attempts[0].turn).toBe(turn);
    expect(c.summary).toMatch(new RegExp(`^differs at turn ${turn}: the texts differ from character \\d+`));
    expect(c.attempts[0].differences[0].explanation).toMatch(/another OpenClaw release than 2026\.9\.6/);
  });

  it('a leaf the session does not have is named, not compared', async () => {
    const { parsed, runs } = load('compactions');
    const run: TrajectoryRun = structuredClone(runs[0]);
    run.attempts[0].compiled!.transcriptLeafId = 'ffffffff';
    const c = await compareRun(parsed, run);
    expect([c.verdict, c.summary]).toEqual(['no-context', 'the session has no entry ffffffff: the run was recorded on another copy of it']);
  });

  it("'spec' differs where a named decision departs from the release, and names the rule", async () => {
    const { parsed, runs } = load('errors-bedrock');
    const c = await compareRun(parsed, runs[0], { behaviour: 'spec' });
    expect(c.verdict).toBe('differs');
    expect(c.attempts[0].differences[0].explanation).toMatch(/empty-error-turn/);
    expect((await compareRun(parsed, runs[0])).verdict).toBe('identical');
  });
});

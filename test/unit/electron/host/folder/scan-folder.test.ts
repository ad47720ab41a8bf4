// scanFolder on a generated tree: statuses, sessions.json, agents, skipped files, in use, stores, progress, cancel.
import { cpSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanFolder } from '../../../../../electron/host/folder/scan-folder.js';
import type { FolderScanProgress } from '../../../../../shared/folder.js';
import { EXPECTED, SKIPPED, makeFolderTree } from '../../../../fixtures/folder/make-tree.js';

const NOW = Date.UTC(2026, 0, 1);
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ti-scan-folder-'));
  makeFolderTree(root, NOW);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const rel = (file: string) => path.relative(root, file);

describe('scanFolder', () => {
  it('gives each session of the tree its status, agent and sessions.json entry, and skips backups, trajectories and archives', async () => {
    const progress: FolderScanProgress[] = [];
    const scan = await scanFolder({ dir: root }, { jobs: 1, now: NOW, heldOpen: new Map(), onProgress: (p) => progress.push(p) });
    const byFile = Object.fromEntries(scan.sessions.map((s) => [rel(s.file), s]));
    expect(Object.keys(byFile).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const [file, want] of Object.entries(EXPECTED)) expect(byFile[file], file).toMatchObject(want);
    expect(scan.skipped.map((s) => rel(s.file)).sort()).toEqual([...SKIPPED].sort());
    expect(scan.skipped.find((s) => s.file.endsWith('.trajectory.jsonl'))?.reason).toMatch(/trajectory/);
    expect(scan.skipped.find((s) => /\.bak-\d+-\d+$/.test(s.file))?.reason).toMatch(/backup/);

    const damaged = byFile['.openclaw/agents/main/sessions/damaged-1.jsonl'];
    // One unparseable line dropped, one blank user turn rewritten.
    expect(damaged.lines).toEqual({ dropped: 1, rewritten: 1, inserted: 0 });
    expect(damaged.repairLines).toBe(2);
    expect(damaged.digest).toMatch(/^[0-9a-f]{64}$/);
    const rejected = byFile['.openclaw/agents/work/sessions/rejected-1.jsonl'];
    expect(rejected.findings).toBe(2);
    expect(rejected.lastModel).toBe('anthropic/claude-sonnet-4-5');
    expect(rejected.turns).toBe(4);
    const errored = byFile['.openclaw/agents/work/sessions/errored-1.jsonl'];
    expect(errored.recordedErrors).toBe(1);
    const unreadable = byFile['.openclaw/agents/work/sessions/unreadable-1.jsonl'];
    expect(unreadable.reason).toMatch(/session header/);
    expect(byFile['.openclaw/agents/main/sessions/clean-1.jsonl'].size).toBe(
      readFileSync(path.join(root, '.openclaw/agents/main/sessions/clean-1.jsonl')).length,
    );

    expect(progress[0]).toEqual({ done: 0, total: 6 });
    expect(progress.map((p) => p.done)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(progress.at(-1)?.session).toBeDefined();
  });

  it('marks a file held open by another process, or modified in the last minute, as in use (over every other status)', async () => {
    const damaged = path.join(root, '.openclaw/agents/main/sessions/damaged-1.jsonl');
    const clean = path.join(root, '.openclaw/agents/main/sessions/clean-1.jsonl');
    const recent = new Date(NOW - 10_000);
    utimesSync(clean, recent, recent);
    try {
      const scan = await scanFolder({ dir: root }, { jobs: 2, now: NOW, heldOpen: new Map([[damaged, 4242]]) });
      const byFile = Object.fromEntries(scan.sessions.map((s) => [s.file, s]));
      expect(byFile[damaged]).toMatchObject({ status: 'in-use', repairLines: 2, reason: 'held open by another process (pid 4242)' });
      expect(byFile[clean].status).toBe('in-use');
      expect(byFile[clean].reason).toMatch(/^modified 10 s ago/);
    } finally {
      const old = new Date(NOW - 3_600_000);
      utimesSync(clean, old, old);
    }
  });

  it("lists an OpenClaw store's sessions beside the JSONL files, with the same statuses", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ti-scan-stores-'));
    try {
      cpSync(path.resolve('test/fixtures/stores/openclaw'), dir, { recursive: true });
      makeFolderTree(dir, NOW);
      const old = new Date(NOW - 3_600_000);
      for (const agent of ['main', 'work'])
        for (const suffix of ['', '-wal']) {
          try {
            utimesSync(path.join(dir, 'agents', agent, 'agent', `openclaw-agent.sqlite${suffix}`), old, old);
          } catch {
            // main has no -wal
          }
        }
      const scan = await scanFolder({ dir }, { jobs: 2, now: NOW, heldOpen: new Map() });
      const stored = scan.sessions.filter((s) => s.store);
      expect(stored.length).toBeGreaterThan(2);
      for (const s of stored) {
        expect(s.file).toBe(`${s.store!.path}#${s.store!.sessionId}`);
        expect(['clean', 'needs-repair', 'would-be-rejected', 'unreadable']).toContain(s.status);
        expect(s.turns).toBeGreaterThan(0);
        expect(['main', 'work']).toContain(s.agent);
      }
      expect(stored.some((s) => s.sessionKey?.startsWith('agent:'))).toBe(true);
      expect(scan.sessions.filter((s) => !s.store)).toHaveLength(6);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops when cancelled, and refuses what is not a folder', async () => {
    const controller = new AbortController();
    const seen: number[] = [];
    const scan = scanFolder(
      { dir: root },
      {
        jobs: 1,
        signal: controller.signal,
        now: NOW,
        heldOpen: new Map(),
        onProgress: (p) => {
          seen.push(p.done);
          if (p.done === 2) controller.abort(new Error('cancelled by the test'));
        },
      },
    );
    await expect(scan).rejects.toThrow('cancelled by the test');
    expect(seen).toEqual([0, 1, 2]);
    await expect(scanFolder({ dir: path.join(root, 'nope') })).rejects.toThrow(/no such folder/);
    await expect(scanFolder({ dir: path.join(root, '.openclaw/agents/main/sessions/clean-1.jsonl') })).rejects.toThrow(/not a folder/);
  });
});

// The folder view's host service and its dispatch: scans polled while they run, folders the user did
// not open refused, batch repair digest-guarded with in-use files held back unless confirmed.
import { appendFileSync, linkSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateArguments } from '../../../../../shared/api-guards.js';
import type { FolderScanState } from '../../../../../shared/api.js';
import { callFolderMethod } from '../../../../../electron/host/folder/dispatch.js';
import { createFolderService, type FolderService } from '../../../../../electron/host/folder/folder-service.js';
import { PathGrants } from '../../../../../electron/host/path-grants.js';
import { applyRepair, planRepairBytes } from '../../../../../shared/repair/plan.js';
import { makeFolderTree } from '../../../../fixtures/folder/make-tree.js';

let root: string;
let service: FolderService;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'ti-folder-service-'));
  makeFolderTree(root);
  service = createFolderService({ jobs: 1 });
});
afterAll(() => {
  service.dispose();
  rmSync(root, { recursive: true, force: true });
});

async function finished(scanId: string): Promise<FolderScanState> {
  for (;;) {
    const state = service.state(scanId, 0);
    if (state.finished) return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const file = (rel: string) => path.join(root, rel);

describe('the folder service', () => {
  it('refuses a folder the user did not open, and scans one they did', async () => {
    const grants = new PathGrants(async () => [], 'open it');
    await expect(callFolderMethod(service, grants, 'scanFolder', [root])).rejects.toThrow(/was not opened by the user/);
    expect(await callFolderMethod(service, grants, 'pickFolder', [], async () => root)).toBe(root);
    const started = (await callFolderMethod(service, grants, 'scanFolder', [root])) as { scanId: string };
    const state = await finished(started.scanId);
    expect(state.rows).toHaveLength(6);
    expect(state.skipped).toHaveLength(3);
    expect(service.state(started.scanId, 4).rows).toHaveLength(2);
    // The sessions below the folder may now be opened by path; files outside it may not.
    expect(await grants.allows(file('.openclaw/agents/main/sessions/clean-1.jsonl'))).toBe(true);
    expect(await grants.allows(path.join(path.dirname(root), 'elsewhere.jsonl'))).toBe(false);
  });

  it('validates the folder methods’ arguments', () => {
    expect(() => validateArguments('scanFolder', [42])).toThrow('scanFolder(dir): expected a string, got number 42');
    expect(() => validateArguments('folderScan', ['id', -1])).toThrow(/folderScan\(from\)/);
    expect(() => validateArguments('repairFolder', ['id', 'a.jsonl', { includeInUse: false }])).toThrow(/repairFolder\(files\)/);
    expect(() => validateArguments('repairFolder', ['id', ['a.jsonl'], {}])).toThrow(/includeInUse/);
    expect(() => validateArguments('repairFolder', ['id', ['a.jsonl'], { includeInUse: true }])).not.toThrow();
    expect(() => validateArguments('pickFolder', ['x'])).toThrow(/expected 0 argument/);
  });

  it('repairs the files asked for, refuses one changed since the scan, skips one in use unless confirmed', async () => {
    const damaged = file('.openclaw/agents/main/sessions/damaged-1.jsonl');
    const pi = file('.pi/agent/sessions/--home-u-project--/2025-11-12_damaged.jsonl');
    const clean = file('.openclaw/agents/main/sessions/clean-1.jsonl');
    const { scanId } = await service.start(root);
    await finished(scanId);
    const damagedBefore = readFileSync(damaged);
    // Changed after the scan (an agent appended a line): the repair must refuse it.
    appendFileSync(pi, '{"type":"custom","id":"late"}\n');
    const old = new Date(Date.now() - 3_600_000);
    utimesSync(pi, old, old);
    const piBefore = readFileSync(pi);
    const summary = await service.repair(scanId, [damaged, pi, clean], { includeInUse: false });
    expect(summary.results.map((r) => [path.basename(r.file), r.status])).toEqual([
      ['damaged-1.jsonl', 'repaired'],
      ['2025-11-12_damaged.jsonl', 'refused'],
      ['clean-1.jsonl', 'not-needed'],
    ]);
    expect(summary.results[1].reason).toMatch(/changed/);
    expect(readFileSync(damaged).equals(Buffer.from(applyRepair(damagedBefore, planRepairBytes(damagedBefore).edits)))).toBe(true);
    expect(readFileSync(pi).equals(piBefore)).toBe(true);
    expect(summary.rows.map((r) => [path.basename(r.file), r.status])).toEqual([['damaged-1.jsonl', 'clean']]);
    expect(service.state(scanId, 0).rows.find((r) => r.file === damaged)?.status).toBe('clean');
  });

  it('holds back a file in use until the repair is confirmed for it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ti-folder-in-use-'));
    try {
      makeFolderTree(dir, Date.now() + 3_600_000 - 20_000); // modified 20 s ago: in use
      const damaged = path.join(dir, '.openclaw/agents/main/sessions/damaged-1.jsonl');
      const { scanId } = await service.start(dir);
      const state = await finished(scanId);
      expect(state.rows.find((r) => r.file === damaged)).toMatchObject({ status: 'in-use', repairLines: 2 });
      const bytes = readFileSync(damaged);
      const held = await service.repair(scanId, [damaged], { includeInUse: false });
      expect(held.results[0]).toMatchObject({ status: 'skipped' });
      expect(held.results[0].reason).toMatch(/^in use \(modified \d+ s ago/);
      expect(readFileSync(damaged).equals(bytes)).toBe(true);
      const confirmed = await service.repair(scanId, [damaged], { includeInUse: true });
      expect(confirmed.results[0].status).toBe('repaired');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('goes through the same guards as a single repair: a file with another hard link is refused, with its reason', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ti-folder-links-'));
    try {
      makeFolderTree(dir);
      const damaged = path.join(dir, '.openclaw/agents/main/sessions/damaged-1.jsonl');
      // The other name is outside the scanned folder: only the guard, not the scan, knows of it.
      const outside = mkdtempSync(path.join(tmpdir(), 'ti-folder-links-other-'));
      linkSync(damaged, path.join(outside, 'other-name'));
      try {
        const { scanId } = await service.start(dir);
        await finished(scanId);
        const bytes = readFileSync(damaged);
        const summary = await service.repair(scanId, [damaged], { includeInUse: true });
        expect(summary.results[0].status).toBe('refused');
        expect(summary.results[0].reason).toContain('1 other name(s) (hard links)');
        expect(readFileSync(damaged).equals(bytes)).toBe(true);
        expect(summary.rows).toEqual([]);
      } finally {
        rmSync(outside, { recursive: true, force: true });
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Undo after a batch repair, per file: the kept backup goes back only while the file holds exactly
// what the repair wrote; a file changed since is refused with its reason and the others go on.
import { appendFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeAll, afterAll, beforeEach, describe, expect, it } from 'vitest';
import { validateArguments } from '../../../../../shared/api-guards.js';
import { applyRepair, planRepairBytes } from '../../../../../shared/repair/plan.js';
import { callFolderMethod } from '../../../../../electron/host/folder/dispatch.js';
import { createFolderService, type FolderService } from '../../../../../electron/host/folder/folder-service.js';
import { PathGrants } from '../../../../../electron/host/path-grants.js';
import { makeFolderTree } from '../../../../fixtures/folder/make-tree.js';

let service: FolderService;
let dir: string;
beforeAll(() => {
  service = createFolderService({ jobs: 1 });
});
afterAll(() => service.dispose());
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ti-folder-undo-'));
  makeFolderTree(dir);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const damaged = () => path.join(dir, '.openclaw/agents/main/sessions/damaged-1.jsonl');
const piDamaged = () => path.join(dir, '.pi/agent/sessions/--home-u-project--/2025-11-12_damaged.jsonl');
const clean = () => path.join(dir, '.openclaw/agents/main/sessions/clean-1.jsonl');
const repaired = (bytes: Buffer) => Buffer.from(applyRepair(bytes, planRepairBytes(bytes).edits));
const backupsOf = (file: string) =>
  readdirSync(path.dirname(file)).filter((name) => name.startsWith(`${path.basename(file)}.before-repair-`));

/** Scan the folder, wait for the scan, and batch-repair both damaged files. */
async function scanAndRepair(): Promise<string> {
  const { scanId } = await service.start(dir);
  while (!service.state(scanId, 0).finished) await new Promise((resolve) => setTimeout(resolve, 50));
  const summary = await service.repair(scanId, [damaged(), piDamaged(), clean()], { includeInUse: false });
  expect(summary.results.map((r) => [path.basename(r.file), r.status, r.undoable ?? false])).toEqual([
    ['damaged-1.jsonl', 'repaired', true],
    ['2025-11-12_damaged.jsonl', 'repaired', true],
    ['clean-1.jsonl', 'not-needed', false],
  ]);
  return scanId;
}

describe('undo after a batch repair', () => {
  it('keeps each repaired file’s original bytes, and puts back only the file asked for', async () => {
    const original = readFileSync(damaged());
    const piOriginal = readFileSync(piDamaged());
    const scanId = await scanAndRepair();
    // The backup holds the original bytes, byte for byte, next to the file.
    expect(backupsOf(damaged())).toHaveLength(1);
    expect(readFileSync(path.join(path.dirname(damaged()), backupsOf(damaged())[0])).equals(original)).toBe(true);
    expect(service.state(scanId, 0).rows.find((r) => r.file === damaged())?.status).toBe('clean');
    // A later scan does not take the backups for sessions: it lists them as skipped, saying what they are.
    const { scanId: later } = await service.start(dir);
    while (!service.state(later, 0).finished) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(service.state(later, 0).rows).toHaveLength(6);
    const kept = service.state(later, 0).skipped.filter((s) => s.file.includes('.before-repair-'));
    expect(kept.map((s) => [path.basename(path.dirname(s.file)), s.reason]).sort()).toEqual([
      ['--home-u-project--', 'original bytes kept by a repair of this tool (what its Undo puts back)'],
      ['sessions', 'original bytes kept by a repair of this tool (what its Undo puts back)'],
    ]);

    const undone = await service.undo(scanId, [damaged()]);
    expect(undone.results).toEqual([{ file: damaged(), status: 'restored', message: expect.stringMatching(/original bytes again/) }]);
    expect(readFileSync(damaged()).equals(original)).toBe(true);
    expect(backupsOf(damaged())).toEqual([]);
    // The other file stays repaired; the restored row is scanned again and needs repair once more.
    expect(readFileSync(piDamaged()).equals(repaired(piOriginal))).toBe(true);
    expect(undone.rows.map((r) => [r.file, r.status, r.repairLines])).toEqual([[damaged(), 'needs-repair', 2]]);
    expect(service.state(scanId, 0).rows.find((r) => r.file === damaged())?.status).toBe('needs-repair');
    expect(service.state(scanId, 0).rows.find((r) => r.file === piDamaged())?.status).toBe('clean');

    // Once undone, there is nothing left to undo for it; a file never repaired has nothing either.
    const again = await service.undo(scanId, [damaged(), clean()]);
    expect(again.results.map((r) => [path.basename(r.file), r.status, r.reason])).toEqual([
      ['damaged-1.jsonl', 'refused', 'nothing to undo'],
      ['clean-1.jsonl', 'refused', 'nothing to undo'],
    ]);
    expect(again.rows).toEqual([]);
    expect(readFileSync(damaged()).equals(original)).toBe(true);
  });

  it('refuses a file changed since the repair, with the reason, and undoes the others', async () => {
    const original = readFileSync(damaged());
    const piOriginal = readFileSync(piDamaged());
    const scanId = await scanAndRepair();
    // An agent appended a line after the repair: putting the old bytes back would lose it.
    appendFileSync(piDamaged(), '{"type":"custom","id":"after-repair"}\n');
    const piNow = readFileSync(piDamaged());
    const summary = await service.undo(scanId, [piDamaged(), damaged()]);
    expect(summary.results.map((r) => [path.basename(r.file), r.status, r.reason])).toEqual([
      ['2025-11-12_damaged.jsonl', 'refused', 'file changed since the repair'],
      ['damaged-1.jsonl', 'restored', undefined],
    ]);
    expect(summary.results[0].message).toMatch(
      /changed since the repair .*nothing was changed and the backup is still at .*before-repair-/,
    );
    expect(readFileSync(piDamaged()).equals(piNow)).toBe(true);
    expect(piNow.equals(repaired(piOriginal))).toBe(false);
    expect(backupsOf(piDamaged())).toHaveLength(1);
    expect(readFileSync(damaged()).equals(original)).toBe(true);
    expect(summary.rows.map((r) => r.file)).toEqual([damaged()]);
  });

  it('refuses a backup that no longer holds the replaced bytes, and a scan it does not know', async () => {
    const scanId = await scanAndRepair();
    const backup = path.join(path.dirname(damaged()), backupsOf(damaged())[0]);
    appendFileSync(backup, 'x');
    const before = readFileSync(damaged());
    const summary = await service.undo(scanId, [damaged()]);
    expect(summary.results[0]).toMatchObject({ status: 'refused', reason: 'backup changed' });
    expect(readFileSync(damaged()).equals(before)).toBe(true);
    expect(existsSync(backup)).toBe(true);
    await expect(service.undo('no-such-scan', [damaged()])).rejects.toThrow(/no folder scan no-such-scan/);
  });

  it('goes through the API guards and the folder dispatch', async () => {
    expect(() => validateArguments('undoFolderRepair', ['id', []])).toThrow('undoFolderRepair(files): expected an array of 1 to');
    expect(() => validateArguments('undoFolderRepair', ['id', 'a.jsonl'])).toThrow(/undoFolderRepair\(files\)/);
    expect(() => validateArguments('undoFolderRepair', ['id', [42]])).toThrow(
      'undoFolderRepair(files[0]): expected a string, got number 42',
    );
    expect(() => validateArguments('undoFolderRepair', ['', ['a.jsonl']])).toThrow(/undoFolderRepair\(scanId\)/);
    expect(() => validateArguments('undoFolderRepair', ['id', ['a.jsonl'], {}])).toThrow(/expected 2 argument/);
    expect(() => validateArguments('undoFolderRepair', ['id', ['a.jsonl']])).not.toThrow();

    const original = readFileSync(damaged());
    const scanId = await scanAndRepair();
    const grants = new PathGrants(async () => [], 'open it');
    const summary = (await callFolderMethod(service, grants, 'undoFolderRepair', [scanId, [damaged()]])) as {
      results: { status: string }[];
    };
    expect(summary.results.map((r) => r.status)).toEqual(['restored']);
    expect(readFileSync(damaged()).equals(original)).toBe(true);
  });
});

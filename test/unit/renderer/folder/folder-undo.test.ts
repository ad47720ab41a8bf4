// The folder store's undo after a batch repair: one file or all, the restored rows replace the old
// ones, a refusal is kept with its message, and a failed call is said for every file asked for.
import { describe, expect, it } from 'vitest';
import type { InspectorApi } from '../../../../shared/api.js';
import type { FolderRepairResult, FolderSession } from '../../../../shared/folder.js';
import { createFolderStore } from '../../../../renderer/folder/folder-store.js';
import { stubApi } from '../stub-api.js';

const row = (file: string, status: FolderSession['status']): FolderSession => ({
  file,
  size: 1,
  turns: 1,
  lastModel: null,
  status,
  repairLines: status === 'needs-repair' ? 2 : 0,
  findings: 0,
  recordedErrors: 0,
  agent: 'a',
  mtimeMs: 0,
  replayFindings: 0,
  lines: { dropped: status === 'needs-repair' ? 2 : 0, rewritten: 0, inserted: 0 },
  digest: 'd',
});

const repaired = (file: string): FolderRepairResult => ({
  file,
  status: 'repaired',
  backupPath: `${file}.before-repair-x`,
  undoable: true,
});

/** A store whose scan found two damaged files and whose batch repair repaired both. */
async function repairedStore(undo: InspectorApi['undoFolderRepair']) {
  const stub = stubApi({
    folderScan: async (scanId) => ({
      scanId,
      dir: '/d',
      total: 2,
      done: 2,
      rows: [row('/d/a.jsonl', 'needs-repair'), row('/d/b.jsonl', 'needs-repair')],
      finished: true,
      cancelled: false,
      skipped: [],
    }),
    repairFolder: async (_scanId, files) => ({ results: files.map(repaired), rows: files.map((f) => row(f, 'clean')) }),
    undoFolderRepair: undo,
  });
  const folders = createFolderStore(stub.api, () => undefined);
  await folders.getState().openFolder('/d');
  await expect.poll(() => folders.getState().finished).toBe(true);
  folders.getState().selectNeedingRepair();
  folders.getState().planRepair();
  await folders.getState().runRepair();
  expect(folders.getState().rows.map((r) => r.status)).toEqual(['clean', 'clean']);
  return { folders, stub };
}

describe('undo in the folder store', () => {
  it('undoes one file: its row is scanned again, the other stays repaired, a refusal keeps its message', async () => {
    const { folders, stub } = await repairedStore(async (_scanId, files) => ({
      results: files.map((file) =>
        file === '/d/a.jsonl'
          ? { file, status: 'restored' as const, message: 'Undid the repair: a.jsonl has its original bytes again.' }
          : {
              file,
              status: 'refused' as const,
              reason: 'file changed since the repair',
              message: 'Not undone: b.jsonl changed since the repair',
            },
      ),
      rows: files.filter((f) => f === '/d/a.jsonl').map((f) => row(f, 'needs-repair')),
    }));
    await folders.getState().undoRepair(['/d/a.jsonl']);
    expect(stub.calls.filter((c) => c.method === 'undoFolderRepair').map((c) => c.args)).toEqual([['S1', ['/d/a.jsonl']]]);
    expect(folders.getState().rows.map((r) => [r.file, r.status])).toEqual([
      ['/d/a.jsonl', 'needs-repair'],
      ['/d/b.jsonl', 'clean'],
    ]);
    expect(folders.getState().repair?.undone['/d/a.jsonl']?.status).toBe('restored');
    expect(folders.getState().repair?.undoing).toEqual([]);

    await folders.getState().undoRepair(['/d/b.jsonl']);
    expect(folders.getState().repair?.undone['/d/b.jsonl']).toMatchObject({ status: 'refused', reason: 'file changed since the repair' });
    expect(folders.getState().repair?.undone['/d/a.jsonl']?.status).toBe('restored');
    expect(folders.getState().rows.find((r) => r.file === '/d/b.jsonl')?.status).toBe('clean');
  });

  it('says for every file asked for that a failed undo did nothing, and the dialog stays open while one runs', async () => {
    let release!: () => void;
    const { folders } = await repairedStore(
      () =>
        new Promise((_resolve, reject) => {
          release = () => reject(new Error('no folder scan S1 (it was replaced by a newer one): open the folder again'));
        }),
    );
    const running = folders.getState().undoRepair(['/d/a.jsonl', '/d/b.jsonl']);
    expect(folders.getState().repair?.undoing).toEqual(['/d/a.jsonl', '/d/b.jsonl']);
    folders.getState().closeRepair();
    expect(folders.getState().repair).not.toBeNull();
    release();
    await running;
    const undone = folders.getState().repair!.undone;
    expect(Object.keys(undone).sort()).toEqual(['/d/a.jsonl', '/d/b.jsonl']);
    expect(undone['/d/a.jsonl']).toMatchObject({ status: 'refused', message: expect.stringMatching(/^Not undone: no folder scan S1/) });
    expect(folders.getState().rows.map((r) => r.status)).toEqual(['clean', 'clean']);
    folders.getState().closeRepair();
    expect(folders.getState().repair).toBeNull();
  });
});

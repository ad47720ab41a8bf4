// The folder view's store: rows appended as the host's scan reports them, selection of what needs
// repair, and a batch repair whose rescanned rows replace the old ones.
import { describe, expect, it } from 'vitest';
import type { FolderScanState } from '../../../../shared/api.js';
import type { FolderSession } from '../../../../shared/folder.js';
import { createFolderStore } from '../../../../renderer/folder/folder-store.js';
import { stubApi } from '../stub-api.js';

const row = (file: string, patch: Partial<FolderSession> = {}): FolderSession => ({
  file,
  size: 1,
  turns: 1,
  lastModel: null,
  status: 'clean',
  repairLines: 0,
  findings: 0,
  recordedErrors: 0,
  agent: 'a',
  mtimeMs: 0,
  replayFindings: 0,
  lines: { dropped: 0, rewritten: 0, inserted: 0 },
  ...patch,
});

describe('the folder store', () => {
  it('appends the rows each poll brings until the scan is finished, then repairs the selection', async () => {
    const all = [
      row('/d/a.jsonl'),
      row('/d/b.jsonl', { status: 'needs-repair', repairLines: 2, digest: 'x' }),
      row('/d/c.jsonl', { status: 'in-use', repairLines: 1 }),
      row('/d/s.sqlite#1', { status: 'needs-repair', repairLines: 1, store: { path: '/d/s.sqlite', sessionId: '1' } }),
    ];
    const froms: number[] = [];
    let polls = 0;
    const stub = stubApi({
      folderScan: async (scanId, from): Promise<FolderScanState> => {
        froms.push(from);
        polls += 1;
        const upTo = Math.min(all.length, polls * 2);
        return {
          scanId,
          dir: '/d',
          total: all.length,
          done: upTo,
          rows: all.slice(from, upTo),
          finished: upTo === all.length,
          cancelled: false,
          skipped: [],
        };
      },
      repairFolder: async (_scanId, files) => ({
        results: files.map((file) => ({ file, status: 'repaired' as const })),
        rows: files.map((file) => row(file, { status: 'clean' })),
      }),
    });
    const errors: string[] = [];
    const folders = createFolderStore(stub.api, (text) => errors.push(text));
    await folders.getState().openFolder('/d');
    expect(folders.getState()).toMatchObject({ visible: true, dir: '/d', scanId: 'S1' });
    await expect.poll(() => folders.getState().finished).toBe(true);
    expect(froms).toEqual([0, 2]);
    expect(folders.getState().rows.map((r) => r.file)).toEqual(all.map((r) => r.file));

    // "All needing repair": files a repair would change, in use included (the dialog holds them back), stores never.
    folders.getState().selectNeedingRepair();
    expect([...folders.getState().selected].sort()).toEqual(['/d/b.jsonl', '/d/c.jsonl']);
    folders.getState().planRepair();
    expect(folders.getState().repair).toMatchObject({ phase: 'plan', includeInUse: false });
    await folders.getState().runRepair();
    expect(stub.calls.find((c) => c.method === 'repairFolder')?.args).toEqual([
      'S1',
      ['/d/b.jsonl', '/d/c.jsonl'],
      { includeInUse: false },
    ]);
    expect(folders.getState().repair?.phase).toBe('done');
    expect(folders.getState().rows.map((r) => r.status)).toEqual(['clean', 'clean', 'clean', 'needs-repair']);
    expect(folders.getState().selected.size).toBe(0);
    expect(errors).toEqual([]);
  });

  it('says why a folder cannot be opened', async () => {
    const stub = stubApi({
      scanFolder: async () => {
        throw new Error('/x was not opened by the user');
      },
    });
    const errors: string[] = [];
    const folders = createFolderStore(stub.api, (text) => errors.push(text));
    await folders.getState().openFolder('/x');
    expect(errors).toEqual(['Could not open the folder: /x was not opened by the user']);
    expect(folders.getState().visible).toBe(false);
  });
});

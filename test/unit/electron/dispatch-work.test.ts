// Which calls are work the user waits for: the hosts' warm-up gives way to them, and to nothing else.
import { describe, expect, it } from 'vitest';
import { startsWork } from '../../../electron/host/dispatch-granted.js';
import { INSPECTOR_METHODS, type InspectorMethod } from '../../../shared/api.js';

describe('startsWork', () => {
  it('names the calls that read, inspect or write sessions, and none that only show what is there', () => {
    const work = INSPECTOR_METHODS.filter((method) => startsWork(method));
    expect(work).toEqual([
      'open',
      'listStore',
      'reload',
      'inspect',
      'preview',
      'planRepair',
      'repair',
      'undoRepair',
      'scanFolder',
      'repairFolder',
      'undoFolderRepair',
      'openTrajectory',
      'compareTrajectoryRun',
    ] satisfies InspectorMethod[]);
    // The page's first calls, the views' windows and the dialogs: the training goes on through them.
    for (const method of [
      'listTargets',
      'recentFiles',
      'close',
      'getTurns',
      'getDocument',
      'payloadEntry',
      'thumbnail',
      'pickFile',
      'pickFolder',
      'folderScan',
      'cancelFolderScan',
    ] as const)
      expect(startsWork(method), method).toBe(false);
  });
});

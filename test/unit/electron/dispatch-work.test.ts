// Which calls are work the user waits for: the hosts' warm-up gives way to them, and to nothing else.
import { describe, expect, it } from 'vitest';
import { startsWork } from '../../../electron/host/dispatch-granted.js';
import { INSPECTOR_METHODS, type InspectorMethod } from '../../../shared/api.js';

describe('startsWork', () => {
  it('is true for the calls that read, inspect or write sessions, false for the page loading, the views and the dialogs', () => {
    const verdicts = Object.fromEntries(INSPECTOR_METHODS.map((method) => [method, startsWork(method)]));
    expect(verdicts).toEqual({
      // The page's first calls: the training goes on through them.
      listTargets: false,
      recentFiles: false,
      // Work the user waits for.
      open: true,
      listStore: true,
      reload: true,
      preview: true,
      inspect: true,
      planRepair: true,
      repair: true,
      undoRepair: true,
      scanFolder: true,
      repairFolder: true,
      undoFolderRepair: true,
      openTrajectory: true,
      compareTrajectoryRun: true,
      // Windows of what is there, and the dialogs.
      close: false,
      getTurns: false,
      payloadEntry: false,
      getDocument: false,
      reveal: false,
      thumbnail: false,
      explainError: false,
      exportText: false,
      pickFile: false,
      saveText: false,
      pickFolder: false,
      folderScan: false,
      cancelFolderScan: false,
    } satisfies Record<InspectorMethod, boolean>);
  });
});

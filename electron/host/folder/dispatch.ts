/**
 * The folder view's InspectorApi methods, for both shells: only folders the user opened are scanned,
 * and only files of a scan are repaired (and their repairs undone). `pickFolder` is the shell's own (a dialog, or none).
 */
import type { FolderMethod } from '../../../shared/api.js';
import type { PathGrants } from '../path-grants.js';
import type { FolderService } from './folder-service.js';

/** Whether a method is one of the folder view's. */
export function isFolderMethod(method: string): method is FolderMethod {
  return (
    method === 'pickFolder' ||
    method === 'scanFolder' ||
    method === 'folderScan' ||
    method === 'cancelFolderScan' ||
    method === 'repairFolder' ||
    method === 'undoFolderRepair'
  );
}

/** Run a folder method whose arguments were validated; `pickFolder` asks the shell (null: it cannot). */
export async function callFolderMethod(
  folders: FolderService,
  grants: PathGrants,
  method: FolderMethod,
  args: unknown[],
  pickFolder: () => Promise<string | null> = async () => null,
): Promise<unknown> {
  switch (method) {
    case 'pickFolder': {
      const dir = await pickFolder();
      return dir === null ? null : grants.grantFolder(dir);
    }
    case 'scanFolder':
      grants.checkFolder(args[0] as string);
      return folders.start(args[0] as string);
    case 'folderScan':
      return folders.state(args[0] as string, args[1] as number);
    case 'cancelFolderScan':
      folders.cancel(args[0] as string);
      return undefined;
    case 'repairFolder':
      return folders.repair(args[0] as string, args[1] as string[], args[2] as { includeInUse: boolean });
    case 'undoFolderRepair':
      return folders.undo(args[0] as string, args[1] as string[]);
  }
}

/**
 * One InspectorApi call from a renderer, for both shells: requests that read a file by path only for
 * files the user opened, the folder methods through the folder service, the dialogs the shell's own.
 * The caller has checked the sender and the arguments.
 */
import type { FolderMethod, InspectorApi, InspectorMethod, OpenRequest, StoreRequest } from '../../shared/api.js';
import type { InspectOptions, Target } from '../../shared/types.js';
import { callFolderMethod, isFolderMethod } from './folder/dispatch.js';
import type { FolderService } from './folder/folder-service.js';
import type { PathGrants } from './path-grants.js';

/** The host service behind a shell: everything but the dialogs and the folder view. */
export type GrantedInspector = Omit<InspectorApi, 'pickFile' | 'saveText' | FolderMethod>;

/** What only a shell can do: native dialogs (a browser has none) and what follows an open. */
export interface ShellHooks {
  pickFile(): Promise<OpenRequest | null>;
  saveText(suggestedName: string, text: string): Promise<{ saved: boolean; path?: string }>;
  pickFolder(): Promise<string | null>;
  /** Called after each successful open (the desktop shell refreshes its recent-files menu). */
  opened?(): void;
}

/** What a shell dispatches to. */
export interface GrantedServices {
  inspector: GrantedInspector;
  grants: PathGrants;
  folders: FolderService;
  shell: ShellHooks;
}

/**
 * The methods that read, inspect or write sessions: the work a user is waiting for. A host's warm-up
 * gives way once one is asked for (its training runs only while the user has asked for nothing).
 */
const WORK_METHODS: ReadonlySet<InspectorMethod> = new Set<InspectorMethod>([
  'open',
  'reload',
  'preview',
  'listStore',
  'inspect',
  'planRepair',
  'repair',
  'undoRepair',
  'scanFolder',
  'repairFolder',
  'undoFolderRepair',
  'openTrajectory',
  'compareTrajectoryRun',
]);

/** Whether a call of `method` starts work the user waits for (see WORK_METHODS). */
export const startsWork = (method: InspectorMethod): boolean => WORK_METHODS.has(method);

/** Run one method whose arguments were validated. */
export async function dispatchGranted(services: GrantedServices, method: InspectorMethod, args: unknown[]): Promise<unknown> {
  const { inspector, grants, folders, shell } = services;
  if (isFolderMethod(method)) return callFolderMethod(folders, grants, method, args, () => shell.pickFolder());
  switch (method) {
    case 'pickFile':
      return shell.pickFile();
    case 'saveText':
      return shell.saveText(args[0] as string, args[1] as string);
    case 'open': {
      const info = await grants.open(inspector, args[0] as OpenRequest);
      shell.opened?.();
      return info;
    }
    case 'preview':
      return grants.preview(inspector, args[0] as OpenRequest, args[1] as Target | null, args[2] as InspectOptions | undefined);
    case 'listStore':
      return grants.listStore(inspector, args[0] as StoreRequest);
    case 'openTrajectory':
      return grants.openTrajectory(inspector, args[0] as string, args[1] as StoreRequest | null);
    default: {
      const fn = inspector[method] as (...a: unknown[]) => Promise<unknown>;
      return fn.apply(inspector, args);
    }
  }
}

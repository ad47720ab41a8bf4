/**
 * One folder store per host bridge (main.tsx opens the launch folder, the app shows it), the Open
 * Folder command, and a folder dropped on the window.
 */
import type { HostBridge } from '../api.js';
import { errorMessage } from '../format.js';
import { createFolderStore, type FolderStore } from './folder-store.js';

const stores = new WeakMap<HostBridge, FolderStore>();

/** The folder store of a host bridge; `onError` shows a message to the user. */
export function folderStoreFor(host: HostBridge, onError: (text: string) => void): FolderStore {
  let store = stores.get(host);
  if (!store) {
    store = createFolderStore(host.api, onError);
    stores.set(host, store);
  }
  return store;
}

/**
 * Open Folder (button, Ctrl/Cmd+Shift+O, menu): the shell's folder dialog. A browser has none, so the
 * web mode shows the folder it was started on again, or says how to start it on one.
 */
export async function openFolder(host: HostBridge, folders: FolderStore, say: (text: string) => void): Promise<void> {
  const dir = await host.api.pickFolder();
  if (dir) return folders.getState().openFolder(dir);
  if (host.mode === 'web') {
    if (folders.getState().dir) folders.getState().show(true);
    else say('A browser cannot hand a folder to the app: start it on one with `transcript-inspector serve DIR` (or `npm start -- DIR`).');
  }
}

/** What was dropped on the window: its first file or folder (a folder is a File too, with its name). */
export interface DroppedItem {
  kind: 'file' | 'folder';
  file: File;
}

/**
 * The first item of a drop, and whether it is a folder. Only the entries API tells, and only during
 * the drop event itself: call it in the handler, not after an await.
 */
export function droppedItem(data: Pick<DataTransfer, 'files' | 'items'> | null): DroppedItem | null {
  const file = data?.files[0];
  if (!file) return null;
  const item = Array.from(data.items ?? []).find((i) => i.kind === 'file');
  const entry = item?.webkitGetAsEntry?.();
  return { kind: entry?.isDirectory ? 'folder' : 'file', file };
}

/** Why the web mode does not open a folder dropped on it, and what does. */
export function webFolderDropMessage(name: string): string {
  return (
    `“${name}” is a folder: a browser does not tell the page where a dropped folder is, so the web mode cannot scan or repair it. ` +
    'Start the web mode on it (`transcript-inspector serve DIR`), or drop it on the desktop app. A single session file can be dropped here.'
  );
}

/** A folder dropped on the window: the folder view on it, or a message that says why not. */
export async function openDroppedFolder(host: HostBridge, folders: FolderStore, file: File, say: (text: string) => void): Promise<void> {
  let dir: string | null;
  try {
    dir = (await host.shell.folderForFile?.(file)) ?? null;
  } catch (error) {
    say(`Could not open the dropped folder ${file.name}: ${errorMessage(error)}`);
    return;
  }
  if (dir) return folders.getState().openFolder(dir);
  if (host.mode === 'web') say(webFolderDropMessage(file.name));
  else say(`Could not tell where the dropped folder ${file.name} is: open it with Open Folder (Ctrl/Cmd+Shift+O).`);
}

/** One folder store per host bridge (main.tsx opens the launch folder, the app shows it), and the Open Folder command. */
import type { HostBridge } from '../api.js';
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

// A folder dropped on the window: told apart from a file by the entries API, opened in the folder
// view when the shell knows its path (the desktop app), and explained when it does not (a browser).
import { describe, expect, it } from 'vitest';
import type { HostBridge } from '../../../../renderer/api.js';
import { createFolderStore } from '../../../../renderer/folder/folder-store.js';
import { droppedItem, openDroppedFolder, webFolderDropMessage } from '../../../../renderer/folder/open-folder.js';
import { stubApi } from '../stub-api.js';

/** A drop's data as Chromium gives it: the files, and items whose entry says file or folder. */
function drop(name: string, entry: { isDirectory: boolean } | null, extra: { kind: string }[] = []) {
  const file = new File([], name);
  const items = [...extra, { kind: 'file', webkitGetAsEntry: () => entry }];
  return { files: Object.assign([file], { item: () => file }), items } as unknown as DataTransfer;
}

describe('a dropped folder', () => {
  it('tells a folder from a file by its entry (a string item before it does not count), and nothing from an empty drop', () => {
    expect(droppedItem(drop('sessions', { isDirectory: true }, [{ kind: 'string' }]))).toMatchObject({ kind: 'folder' });
    expect(droppedItem(drop('a.jsonl', { isDirectory: false }))).toMatchObject({ kind: 'file' });
    // A drop made by script has no entry: a file, as before.
    expect(droppedItem(drop('a.jsonl', null))?.kind).toBe('file');
    expect(droppedItem(drop('a.jsonl', null))?.file.name).toBe('a.jsonl');
    expect(droppedItem({ files: [], items: [] } as unknown as DataTransfer)).toBeNull();
    expect(droppedItem(null)).toBeNull();
  });

  it('opens the folder view on the path the desktop shell vouches for', async () => {
    const stub = stubApi();
    const host: HostBridge = { api: stub.api, shell: { ...stub.shell, folderForFile: async () => '/home/u/.openclaw' }, mode: 'desktop' };
    const folders = createFolderStore(stub.api, () => undefined);
    const said: string[] = [];
    await openDroppedFolder(host, folders, new File([], '.openclaw'), (t) => said.push(t));
    expect(stub.calls.find((c) => c.method === 'scanFolder')?.args).toEqual(['/home/u/.openclaw']);
    expect(folders.getState().visible).toBe(true);
    expect(said).toEqual([]);
  });

  it('says why the web mode does not open it, and what does; says why when the shell refuses', async () => {
    const stub = stubApi();
    const folders = createFolderStore(stub.api, () => undefined);
    const said: string[] = [];
    const web: HostBridge = { api: stub.api, shell: { ...stub.shell, folderForFile: async () => null }, mode: 'web' };
    await openDroppedFolder(web, folders, new File([], 'support-ticket'), (t) => said.push(t));
    expect(said).toEqual([webFolderDropMessage('support-ticket')]);
    expect(said[0]).toContain('a browser does not tell the page where a dropped folder is');
    expect(said[0]).toContain('transcript-inspector serve DIR');
    const refusing: HostBridge = {
      api: stub.api,
      shell: {
        ...stub.shell,
        folderForFile: async () => {
          throw new Error('/x is not a folder');
        },
      },
      mode: 'desktop',
    };
    await openDroppedFolder(refusing, folders, new File([], 'x'), (t) => said.push(t));
    expect(said[1]).toBe('Could not open the dropped folder x: /x is not a folder');
    expect(stub.calls.some((c) => c.method === 'scanFolder')).toBe(false);
    expect(folders.getState().visible).toBe(false);
  });
});

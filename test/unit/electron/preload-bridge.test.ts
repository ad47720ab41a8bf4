// electron/preload.ts with a stand-in `electron` module: every InspectorApi method bound to its own
// channel, and a dropped item's path taken only from a real File, granted by the main process.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { INSPECTOR_METHODS, SHELL_CHANNELS, channelOf, type InspectorApi, type ShellApi } from '../../../shared/api.js';

const fake = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const invoked: [string, unknown[]][] = [];
  const paths = new Map<unknown, string>();
  return {
    exposed,
    invoked,
    paths,
    electron: {
      contextBridge: { exposeInMainWorld: (name: string, value: unknown) => exposed.set(name, value) },
      ipcRenderer: {
        invoke: async (channel: string, ...args: unknown[]) => {
          invoked.push([channel, args]);
          return channel === 'shell:grant-dropped-folder' ? `${String(args[0])}` : undefined;
        },
        on: vi.fn(),
        removeListener: vi.fn(),
      },
      // Electron gives the path of a File that came from the disk, and '' for one made by script.
      webUtils: { getPathForFile: (file: unknown) => paths.get(file) ?? '' },
    },
  };
});
vi.mock('electron', () => fake.electron);

let api: InspectorApi;
let shell: ShellApi;
beforeAll(async () => {
  await import('../../../electron/preload.js');
  api = fake.exposed.get('inspector') as InspectorApi;
  shell = fake.exposed.get('inspectorShell') as ShellApi;
});

describe('the preload bridge', () => {
  it('binds every method of the contract to its own channel, undoFolderRepair included', async () => {
    for (const method of INSPECTOR_METHODS) expect(typeof api[method], method).toBe('function');
    await api.undoFolderRepair('scan-1', ['/d/a.jsonl']);
    expect(fake.invoked.at(-1)).toEqual([channelOf('undoFolderRepair'), ['scan-1', ['/d/a.jsonl']]]);
  });

  it('asks the main process to grant a dropped folder by the path of the real File, and gives null without one', async () => {
    const dropped = new File([], 'sessions');
    fake.paths.set(dropped, '/home/u/.openclaw/agents/main/sessions');
    fake.invoked.length = 0;
    expect(await shell.folderForFile!(dropped)).toBe('/home/u/.openclaw/agents/main/sessions');
    expect(fake.invoked).toEqual([[SHELL_CHANNELS.grantDroppedFolder, ['/home/u/.openclaw/agents/main/sessions']]]);
    // A File made by script has no path; an object that only looks like a File is never asked about.
    expect(await shell.folderForFile!(new File([], 'made-up'))).toBeNull();
    expect(await shell.folderForFile!({ name: 'x', size: 0, arrayBuffer: async () => new ArrayBuffer(0) })).toBeNull();
    expect(fake.invoked).toHaveLength(1);
  });
});

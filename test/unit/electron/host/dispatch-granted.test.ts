// The one dispatcher both shells send renderer calls through: path requests only for files the user
// opened, folder methods behind the folder grants, dialogs from the shell, the rest to the inspector.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  dispatchGranted,
  type GrantedInspector,
  type GrantedServices,
  type ShellHooks,
} from '../../../../electron/host/dispatch-granted.js';
import type { FolderService } from '../../../../electron/host/folder/folder-service.js';
import { PathGrants, PathNotGrantedError } from '../../../../electron/host/path-grants.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Every call the services received, in order, as `[who.method, args]`. */
function setUp(shellOverrides: Partial<ShellHooks> = {}) {
  const calls: [string, unknown[]][] = [];
  const record =
    (who: string, result: unknown) =>
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push([`${who}.${name}`, args]);
      return typeof result === 'function' ? (result as (n: string) => unknown)(name) : result;
    };
  const inspector = new Proxy(
    {},
    {
      get: (_t, name: string) =>
        record('inspector', (method: string) => (method === 'open' ? { sessionId: 'S1', path: '/data/real/s.jsonl' } : `${method} done`))(
          name,
        ),
    },
  ) as GrantedInspector;
  const folderCall = record('folders', 'folder done');
  const folders: FolderService = {
    start: folderCall('start') as FolderService['start'],
    state: folderCall('state') as unknown as FolderService['state'],
    cancel: folderCall('cancel') as unknown as FolderService['cancel'],
    repair: folderCall('repair') as FolderService['repair'],
    undo: folderCall('undo') as FolderService['undo'],
    dispose: () => undefined,
  };
  const shellCall = record('shell', (name: string) => (name === 'saveText' ? { saved: true, path: '/out.txt' } : null));
  const shell: ShellHooks = {
    pickFile: shellCall('pickFile') as ShellHooks['pickFile'],
    saveText: shellCall('saveText') as ShellHooks['saveText'],
    pickFolder: shellCall('pickFolder') as ShellHooks['pickFolder'],
    opened: () => void calls.push(['shell.opened', []]),
    ...shellOverrides,
  };
  const grants = new PathGrants(async () => ['/data/recent.jsonl'], 'use Open…');
  const services: GrantedServices = { inspector, grants, folders, shell };
  return { calls, services, grants };
}

describe('dispatchGranted', () => {
  it('refuses to open, preview or list a path the user never opened, and calls nothing', async () => {
    const { calls, services } = setUp();
    const request = { kind: 'path', path: '/etc/passwd' };
    await expect(dispatchGranted(services, 'open', [request])).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(dispatchGranted(services, 'preview', [request, null])).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(dispatchGranted(services, 'listStore', [request])).rejects.toThrow('/etc/passwd was not opened by the user: use Open…');
    expect(calls).toEqual([]);
  });

  it('opens a granted path, grants the file the host resolved it to, and tells the shell', async () => {
    const { calls, services, grants } = setUp();
    grants.grant('/data/s.jsonl');
    await expect(dispatchGranted(services, 'open', [{ kind: 'path', path: '/data/s.jsonl' }])).resolves.toEqual({
      sessionId: 'S1',
      path: '/data/real/s.jsonl',
    });
    expect(calls).toEqual([
      ['inspector.open', [{ kind: 'path', path: '/data/s.jsonl' }]],
      ['shell.opened', []],
    ]);
    expect(await grants.allows('/data/real/s.jsonl')).toBe(true);
  });

  it('passes preview options through only when given, and lists a store on the recent list', async () => {
    const { calls, services } = setUp();
    const request = { kind: 'path', path: '/data/recent.jsonl' };
    await dispatchGranted(services, 'preview', [request, null]);
    await dispatchGranted(services, 'preview', [request, null, { behaviour: 'openclaw' }]);
    await expect(dispatchGranted(services, 'listStore', [request])).resolves.toBe('listStore done');
    expect(calls).toEqual([
      ['inspector.preview', [request, null]],
      ['inspector.preview', [request, null, { behaviour: 'openclaw' }]],
      ['inspector.listStore', [request]],
    ]);
  });

  it('asks the shell for its dialogs, with the arguments given', async () => {
    const { calls, services } = setUp();
    await expect(dispatchGranted(services, 'pickFile', [])).resolves.toBeNull();
    await expect(dispatchGranted(services, 'saveText', ['a.txt', 'text'])).resolves.toEqual({ saved: true, path: '/out.txt' });
    expect(calls).toEqual([
      ['shell.pickFile', []],
      ['shell.saveText', ['a.txt', 'text']],
    ]);
  });

  it('grants the folder the shell picked, and scans only granted folders', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-dispatch-'));
    dirs.push(dir);
    const { calls, services, grants } = setUp({ pickFolder: async () => path.join(dir, '.') });
    await expect(dispatchGranted(services, 'scanFolder', [dir])).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(dispatchGranted(services, 'pickFolder', [])).resolves.toBe(dir);
    expect(grants.allowsFolder(path.join(dir, 'sub'))).toBe(true);
    await expect(dispatchGranted(services, 'scanFolder', [dir])).resolves.toBe('folder done');
    await dispatchGranted(services, 'folderScan', ['scan-1', 5]);
    expect(calls).toEqual([
      ['folders.start', [dir]],
      ['folders.state', ['scan-1', 5]],
    ]);
  });

  it('sends every other method to the inspector unchanged', async () => {
    const { calls, services } = setUp();
    await expect(dispatchGranted(services, 'getDocument', ['I1', 'original', 'payload', { from: 0, to: 4 }])).resolves.toBe(
      'getDocument done',
    );
    await dispatchGranted(services, 'recentFiles', []);
    expect(calls).toEqual([
      ['inspector.getDocument', ['I1', 'original', 'payload', { from: 0, to: 4 }]],
      ['inspector.recentFiles', []],
    ]);
  });
});

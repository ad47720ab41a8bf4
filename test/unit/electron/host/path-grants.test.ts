// Files the user opened: granted in this run or on the recent list; anything else is refused by path.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PathGrants, PathNotGrantedError } from '../../../../electron/host/path-grants.js';

describe('PathGrants', () => {
  it('allows granted files (by their resolved path) and files on the recent list, nothing else', async () => {
    const grants = new PathGrants(async () => ['/data/recent.jsonl'], 'use Open…');
    expect(grants.grant('relative/s.jsonl')).toBe(path.resolve('relative/s.jsonl'));
    expect(await grants.allows(path.resolve('relative/s.jsonl'))).toBe(true);
    expect(await grants.allows('relative/./s.jsonl')).toBe(true);
    expect(await grants.allows('/data/../data/recent.jsonl')).toBe(true);
    expect(await grants.allows('/etc/passwd')).toBe(false);
  });

  it('refuses a path request the user did not open, saying how to open it; requests with their own bytes pass', async () => {
    const grants = new PathGrants(async () => {
      throw new Error('recent list unreadable');
    }, 'use Open…, drag and drop, or the command line');
    const refused = grants.check({ kind: 'path', path: '/etc/passwd' });
    await expect(refused).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(refused).rejects.toThrow('/etc/passwd was not opened by the user: use Open…, drag and drop, or the command line');
    await expect(grants.check({ kind: 'text', name: 'a.jsonl', text: '' })).resolves.toBeUndefined();
    await expect(grants.check({ kind: 'sample' })).resolves.toBeUndefined();
    grants.grant('/etc/passwd');
    await expect(grants.check({ kind: 'path', path: '/etc/passwd' })).resolves.toBeUndefined();
  });

  it('opens only what it may and then grants the file the host resolved; previews behind the same check', async () => {
    const grants = new PathGrants(async () => [], 'use Open…');
    const opened: unknown[] = [];
    const inspector = {
      open: async (request: unknown) => {
        opened.push(request);
        return { path: '/data/real/s.jsonl' } as never;
      },
      preview: async () => null,
    };
    await expect(grants.open(inspector, { kind: 'path', path: '/data/s.jsonl' })).rejects.toBeInstanceOf(PathNotGrantedError);
    await expect(grants.preview(inspector, { kind: 'path', path: '/data/s.jsonl' }, null)).rejects.toBeInstanceOf(PathNotGrantedError);
    expect(opened).toEqual([]);
    await grants.open(inspector, { kind: 'text', name: 's.jsonl', text: '' });
    expect(await grants.allows('/data/real/s.jsonl')).toBe(true);
  });

  it('grants a dropped folder (an absolute path to a folder) and what is below it; refuses anything else', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ti-dropped-folder-'));
    try {
      writeFileSync(path.join(dir, 'a.jsonl'), '');
      const grants = new PathGrants(async () => [], 'use Open Folder…');
      expect(() => grants.grantDroppedFolder('relative/dir')).toThrow('grantDroppedFolder(dir): expected an absolute path');
      expect(() => grants.grantDroppedFolder(42)).toThrow('grantDroppedFolder(dir): expected an absolute path');
      expect(() => grants.grantDroppedFolder(path.join(dir, 'a.jsonl'))).toThrow(`${path.join(dir, 'a.jsonl')} is not a folder`);
      expect(() => grants.grantDroppedFolder(path.join(dir, 'gone'))).toThrow('is not a folder');
      expect(grants.allowsFolder(dir)).toBe(false);
      expect(grants.grantDroppedFolder(`${dir}/./`)).toBe(dir);
      expect(grants.allowsFolder(dir)).toBe(true);
      expect(await grants.allows(path.join(dir, 'a.jsonl'))).toBe(true);
      expect(grants.allowsFolder(path.dirname(dir))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

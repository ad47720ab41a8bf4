// Finding the stores of an OpenClaw state directory, for a folder scan.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findStores, isStoreFile, scanStores } from '../../../../../electron/host/store/discover.js';
import { STORES_DIR, storePath } from './support.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('findStores', () => {
  it("finds each agent's store under an OpenClaw directory", async () => {
    expect(await findStores(join(STORES_DIR, 'openclaw'))).toEqual([storePath('main'), storePath('work')]);
    expect(await isStoreFile(storePath('main'))).toBe(true);
    expect(await isStoreFile(`${storePath('work')}-wal`)).toBe(false);
    expect(await isStoreFile(join(STORES_DIR, 'manifest.json'))).toBe(false);
  });

  it('skips a file with the name that is not SQLite, and does not follow links', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'find-stores-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'agents', 'x', 'agent'), { recursive: true });
    writeFileSync(join(dir, 'agents', 'x', 'agent', 'openclaw-agent.sqlite'), '{"type":"session"}\n');
    symlinkSync(dir, join(dir, 'agents', 'loop'));
    symlinkSync(join(STORES_DIR, 'openclaw'), join(dir, 'linked'));
    expect(await findStores(dir)).toEqual([]);
  });

  it('stops when asked to', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(findStores(STORES_DIR, { signal: controller.signal })).rejects.toThrow();
  });
});

describe('scanStores', () => {
  it("lists every store's sessions and names the stores it cannot read", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scan-stores-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'agents', 'broken', 'agent'), { recursive: true });
    // SQLite's header, then nothing a database needs.
    writeFileSync(
      join(dir, 'agents', 'broken', 'agent', 'openclaw-agent.sqlite'),
      Buffer.from('SQLite format 3\u0000'.padEnd(200, '\u0000')),
    );
    const scan = await scanStores(join(STORES_DIR, 'openclaw'));
    expect(scan.stores.map((s) => [s.agentId, s.sessions.length])).toEqual([
      ['main', 7],
      ['work', 3],
    ]);
    const broken = await scanStores(dir);
    expect(broken.stores).toEqual([]);
    expect(broken.skipped).toEqual([
      { file: join(dir, 'agents', 'broken', 'agent', 'openclaw-agent.sqlite'), reason: expect.stringMatching(/page size|damaged|SQLite/) },
    ]);
  });
});

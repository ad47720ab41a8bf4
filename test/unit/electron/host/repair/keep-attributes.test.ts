// What a repaired file inherits besides its bytes: owner and group (a shared group keeps access),
// extended attributes; and a file with other names (hard links) is not split without consent.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  linkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planRepairFile, repairFile } from '../../../../../electron/host/repair/index.js';
import { copyExtendedAttributes } from '../../../../../electron/host/repair/keep-attributes.js';
import { entry, HEADER, user } from '../../../../fixtures/repair/sessions.js';
import { cliArgs } from '../../../helpers/cli.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-attrs-'));
// Other users (the group tests) must reach the files.
chmodSync(dir, 0o777);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GOOD = `${JSON.stringify(HEADER)}\n${JSON.stringify(entry('a', null, user('hi')))}\n`;
const REPAIRED = GOOD;
/** A session with a cut-off last line (the repair drops it). */
function session(name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${GOOD}{"type":"message","id":"cut`);
  return file;
}

async function repairWith(file: string, force = false) {
  const plan = await planRepairFile(file);
  return repairFile(file, plan.digest, { force });
}

describe('a file with other names (hard links)', () => {
  it('is refused, saying how many, and nothing is written', async () => {
    const file = session('linked.jsonl');
    const other = path.join(dir, 'linked-other.jsonl');
    linkSync(file, other);
    const before = readFileSync(file);
    const result = await repairWith(file);
    expect(result).toMatchObject({ status: 'refused', reason: 'has other links' });
    expect(result.message).toContain('it has 1 other name(s) (hard links)');
    expect(result.message).toContain('nothing was written');
    expect(readFileSync(file)).toEqual(before);
    expect(statSync(file).ino).toBe(statSync(other).ino);
    expect(readdirSync(dir).filter((n) => n.startsWith('linked.jsonl.'))).toEqual([]);
  });

  it('forced: this name is repaired, the other keeps the old bytes, and the result says so', async () => {
    const file = session('forced-link.jsonl');
    const other = path.join(dir, 'forced-link-other.jsonl');
    linkSync(file, other);
    const before = readFileSync(file);
    const result = await repairWith(file, true);
    expect(result.status).toBe('repaired');
    expect(readFileSync(file, 'utf8')).toBe(REPAIRED);
    expect(readFileSync(other)).toEqual(before);
    expect(result.message).toContain('The repair was forced on a file with 1 other name(s) (hard links): they still hold the old bytes.');
  });

  it('a backup left by an interrupted repair is a link to the file, not another name: the repair goes ahead', async () => {
    const file = session('stale.jsonl');
    const stale = `${file}.bak-999999-1`;
    linkSync(file, stale);
    const result = await repairWith(file);
    expect(result.status).toBe('repaired');
    expect(result.staleBackups).toEqual([stale]);
    expect(readFileSync(file, 'utf8')).toBe(REPAIRED);
  });
});

function setXattr(file: string, name: string, value: string) {
  const script = 'import os, sys; os.setxattr(sys.argv[1], sys.argv[2], sys.argv[3].encode())';
  return spawnSync('python3', ['-c', script, file, name, value], { encoding: 'utf8' });
}
const probe = path.join(dir, 'probe');
writeFileSync(probe, '');
const probed = process.platform === 'linux' ? setXattr(probe, 'user.ti.probe', '1') : null;
const xattrSkip =
  probed === null
    ? 'extended attributes are copied on Linux only'
    : probed.error
      ? 'python3 (used to set and read extended attributes) is not available'
      : probed.status !== 0
        ? `this file system does not take user extended attributes (${probed.stderr.trim().split('\n').at(-1)})`
        : null;
if (xattrSkip) console.log(`skipped: extended attributes — ${xattrSkip}`);

function xattrs(file: string): Record<string, string> {
  const script = 'import os, sys, json; f = sys.argv[1]; print(json.dumps({k: os.getxattr(f, k).decode() for k in os.listxattr(f)}))';
  const out = spawnSync('python3', ['-c', script, file], { encoding: 'utf8' });
  return JSON.parse(out.stdout) as Record<string, string>;
}

describe.skipIf(xattrSkip !== null)('extended attributes', () => {
  it('are copied to the repaired file', async () => {
    const file = session('xattr.jsonl');
    expect(setXattr(file, 'user.ti.label', 'support-ticket-42').status).toBe(0);
    const result = await repairWith(file);
    expect(result.status).toBe('repaired');
    expect(readFileSync(file, 'utf8')).toBe(REPAIRED);
    expect(xattrs(file)).toEqual({ 'user.ti.label': 'support-ticket-42' });
  });

  it('reach the temp file through its descriptor: a temp file removed meanwhile is never made again by name', async () => {
    // A repair killed while cp starts leaves its temp file; the next repair removes it; cp must not recreate it.
    const original = session('xattr-fd.jsonl');
    expect(setXattr(original, 'user.ti.label', 'kept').status).toBe(0);
    const temp = path.join(dir, 'xattr-fd.jsonl.repair-1-1.tmp');
    const handle = await open(temp, 'wx', 0o600);
    try {
      unlinkSync(temp);
      expect(await copyExtendedAttributes(original, handle)).toBeNull();
      expect(readdirSync(dir)).not.toContain(path.basename(temp));
      expect(xattrs(`/proc/${process.pid}/fd/${handle.fd}`)).toEqual({ 'user.ti.label': 'kept' });
    } finally {
      await handle.close();
    }
  });
});

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const setpriv = spawnSync('setpriv', ['--version']);
const groupSkip = !isRoot
  ? 'needs root, to make files of other users and run the CLI as another user'
  : setpriv.status !== 0
    ? 'setpriv (util-linux) is not available'
    : null;
if (groupSkip) console.log(`skipped: owner and group as another user — ${groupSkip}`);

/** Run `repair FILE --yes` as user `uid` whose groups are `groups`. */
function repairAs(uid: number, groups: number[], file: string) {
  return spawnSync(
    'setpriv',
    [
      `--reuid=${uid}`,
      `--regid=${uid}`,
      `--groups=${groups.join(',')}`,
      'env',
      `HOME=${dir}`,
      process.execPath,
      ...cliArgs(),
      'repair',
      file,
      '--yes',
    ],
    { cwd: root, encoding: 'utf8', timeout: 60_000 },
  );
}

describe.skipIf(groupSkip !== null)('owner and group', () => {
  it('root keeps both', async () => {
    const file = session('root.jsonl');
    chownSync(file, 4103, 4102);
    const result = await repairWith(file);
    expect(result.status).toBe('repaired');
    expect(statSync(file)).toMatchObject({ uid: 4103, gid: 4102 });
  });

  it('a member of the shared group keeps the group, and is told the file is now theirs', () => {
    const file = session('shared.jsonl');
    chownSync(file, 4003, 4002);
    chmodSync(file, 0o664);
    const r = repairAs(4001, [4002], file);
    expect(r.status, r.stderr).toBe(1);
    expect(statSync(file)).toMatchObject({ uid: 4001, gid: 4002 });
    expect(statSync(file).mode & 0o777).toBe(0o664);
    expect(r.stdout).toContain(
      "It now belongs to you (user 4001), not to user 4003 as before: only root can keep another user's ownership.",
    );
    expect(readFileSync(file, 'utf8')).toBe(REPAIRED);
  });

  it('a user outside the group is told the group could not be kept', () => {
    const file = session('foreign-group.jsonl');
    chownSync(file, 4001, 4002);
    chmodSync(file, 0o666);
    const r = repairAs(4001, [4001], file);
    expect(r.status, r.stderr).toBe(1);
    expect(statSync(file).gid).toBe(4001);
    expect(r.stdout).toContain('Its group could not be kept: it was group 4002 and is now group 4001');
  });
});

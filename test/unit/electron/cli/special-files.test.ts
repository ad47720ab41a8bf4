// The command line refuses a FIFO, a device or a link to one with one clear line, instead of waiting forever.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliArgs } from '../../helpers/cli.js';

const root = path.resolve(new URL('../../../../', import.meta.url).pathname);
// A command that hangs is killed after 45 s and fails the test (status null): a FIFO read blocks
// for ever, while the CLI itself answers within seconds even on a busy machine.
const cli = (args: string[]) =>
  spawnSync(process.execPath, [...cliArgs(), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 45_000,
    input: '',
  });
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-cli-special-'));
const fifo = path.join(dir, 'pipe.jsonl');
execFileSync('mkfifo', [fifo]);
const zeroLink = path.join(dir, 'zero.jsonl');
symlinkSync('/dev/zero', zeroLink);
const target = ['--provider', 'anthropic', '--api', 'anthropic-messages', '--model', 'claude-sonnet-4-5'];

describe('non-regular files on the command line', () => {
  it.each([
    [['inspect', fifo], `${fifo}: is a FIFO (named pipe), not a regular file`],
    [['inspect', fifo, ...target], `${fifo}: is a FIFO (named pipe), not a regular file`],
    [['inspect', '/dev/zero', ...target], '/dev/zero: is a character device, not a regular file'],
    [['inspect', zeroLink], `${zeroLink}: is a character device, not a regular file`],
    [['repair', fifo, '--dry-run'], 'it is a FIFO (named pipe), not a regular file'],
    // Named as a session of an OpenClaw store: the store reader refuses it too.
    [['inspect', `${fifo}#s1`], `${fifo}: is a FIFO (named pipe), not a regular file`],
    [['repair', fifo, '--session', 's1', '--dry-run'], `${fifo}: is a FIFO (named pipe), not a regular file`],
    [['serve', zeroLink, '--port', '0'], `${zeroLink}: is a character device, not a regular file`],
  ])('%j exits 2 at once, saying what the file is', (args, message) => {
    const r = cli(args);
    expect(r.status, r.stderr).toBe(2);
    expect(`${r.stdout}${r.stderr}`).toContain(message);
  });
});

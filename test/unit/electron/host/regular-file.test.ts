// Session input must be a regular file: a FIFO, a device or a link to one is refused at once, never read.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../electron/host/inspector.js';
import { inspect } from '../../../../electron/host/inspect.js';
import { InputError, openSessionFile } from '../../../../electron/host/read-input.js';
import { planRepairFile } from '../../../../electron/host/repair/index.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-special-'));
const fifo = path.join(dir, 'pipe.jsonl');
execFileSync('mkfifo', [fifo]);
const zeroLink = path.join(dir, 'zero.jsonl');
symlinkSync('/dev/zero', zeroLink);
const fifoLink = path.join(dir, 'pipe-link.jsonl');
symlinkSync(fifo, fifoLink);
const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
const target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };

afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('non-regular session files', () => {
  it.each([
    [fifo, 'is a FIFO (named pipe), not a regular file'],
    [fifoLink, 'is a FIFO (named pipe), not a regular file'],
    ['/dev/zero', 'is a character device, not a regular file'],
    [zeroLink, 'is a character device, not a regular file'],
  ])('%s is refused by open, preview and inspect()', async (file, why) => {
    await expect(inspector.open({ kind: 'path', path: file })).rejects.toThrow(InputError);
    await expect(inspector.open({ kind: 'path', path: file })).rejects.toThrow(`${file}: ${why}`);
    await expect(inspector.preview({ kind: 'path', path: file }, target)).rejects.toThrow(why);
    await expect(inspect({ file }, target)).rejects.toThrow(why);
  });

  it('is refused on the open descriptor too (a file swapped for a FIFO after the stat), without blocking', async () => {
    await expect(openSessionFile(fifo)).rejects.toThrow(`${fifo}: is a FIFO (named pipe), not a regular file`);
  });

  it('is refused by the repair planner with what it is', async () => {
    expect((await planRepairFile(fifoLink)).refusal).toBe(
      `failed to read session file: ${fifoLink}: it is a FIFO (named pipe), not a regular file`,
    );
    expect((await planRepairFile('/dev/zero')).refusal).toBe(
      'failed to read session file: /dev/zero: it is a character device, not a regular file',
    );
  });
});

// A session another process keeps open for writing (an agent appending to it): refused with that
// process's pid and name unless forced; forced, every appended line still ends up somewhere.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { findOpenWriters, parseLsof, writesWith } from '../../../../../electron/host/repair/open-writers.js';
import { planRepairFile, repairFile } from '../../../../../electron/host/repair/index.js';
import { entry, HEADER, user } from '../../../../fixtures/repair/sessions.js';
import { cliArgs } from '../../../helpers/cli.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-writers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const line = (i: number) =>
  JSON.stringify({ type: 'custom', id: `n${i}`, parentId: null, timestamp: 't', customType: 'note', data: { i } });
/** A session with a cut-off line to repair. */
function session(name: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, `${JSON.stringify(HEADER)}\n${JSON.stringify(entry('a', null, user('hi')))}\n{"type":"message","id":"cut`);
  return file;
}

/** A process that opens `file` with O_APPEND (as an agent keeps its session open) and appends lines when told. */
class Appender {
  readonly child: ChildProcessWithoutNullStreams;
  private readonly acks: (() => void)[] = [];
  constructor(file: string, mode: 'a' | 'r' = 'a') {
    const script = `const fs = require('fs'); const fd = fs.openSync(process.argv[1], '${mode}');
require('readline').createInterface({ input: process.stdin }).on('line', (l) => { for (const t of JSON.parse(l)) fs.writeSync(fd, t + '\\n'); process.stdout.write('ok\\n'); });
process.stdout.write('ok\\n');`;
    this.child = spawn(process.execPath, ['-e', script, file]);
    createInterface({ input: this.child.stdout }).on('line', () => this.acks.shift()?.());
  }
  private ack(): Promise<void> {
    return new Promise((resolve) => this.acks.push(resolve));
  }
  ready = (): Promise<void> => this.ack();
  async append(lines: string[]): Promise<void> {
    const done = this.ack();
    this.child.stdin.write(`${JSON.stringify(lines)}\n`);
    await done;
  }
  stop(): void {
    this.child.kill();
  }
}

let appender: Appender | null = null;
afterEach(() => {
  appender?.stop();
  appender = null;
});

describe('who has a file open for writing', () => {
  it('reads the access mode of an fd from its fdinfo flags (octal)', () => {
    expect(writesWith('pos:\t0\nflags:\t02102001\nmnt_id:\t31\n')).toBe(true); // O_APPEND | O_WRONLY
    expect(writesWith('pos:\t0\nflags:\t0100002\n')).toBe(true); // O_RDWR
    expect(writesWith('pos:\t0\nflags:\t0100000\n')).toBe(false); // O_RDONLY
    expect(writesWith('')).toBe(false);
  });

  it('reads writers from lsof -F pcfa output', () => {
    expect(parseLsof('p101\ncnode\nf3\nar\np202\ncpython3\nf4\naw\nf5\nau\np303\ncvim\nf6\nau\n')).toEqual([
      { pid: 202, name: 'python3' },
      { pid: 303, name: 'vim' },
    ]);
  });

  it.skipIf(process.platform !== 'linux')('finds a process appending to the file, not one only reading it', async () => {
    const file = session('find.jsonl');
    const reader = new Appender(file, 'r');
    await reader.ready();
    try {
      expect((await findOpenWriters(file)).writers).toEqual([]);
      appender = new Appender(file);
      await appender.ready();
      expect((await findOpenWriters(file)).writers).toEqual([{ pid: appender.child.pid, name: 'node' }]);
    } finally {
      reader.stop();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('repairing a file an agent keeps open', () => {
  it('is refused, naming the process, and nothing is written', async () => {
    const file = session('refused.jsonl');
    appender = new Appender(file);
    await appender.ready();
    await appender.append([line(0)]);
    const before = readFileSync(file);
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest);
    expect(result).toMatchObject({ status: 'refused', reason: 'open for writing' });
    expect(result.message).toContain(`it is open for writing by pid ${appender.child.pid} (node)`);
    expect(result.message).toContain('nothing was written');
    expect(readFileSync(file)).toEqual(before);
    expect(readdirSync(dir).filter((n) => n.startsWith('refused.jsonl.'))).toEqual([]);
  });

  it('forced: lines appended to the old file after the rename are carried over, and the old file is kept', async () => {
    const file = session('forced.jsonl');
    appender = new Appender(file);
    await appender.ready();
    const first = Array.from({ length: 10 }, (_, i) => line(i));
    const later = Array.from({ length: 30 }, (_, i) => line(10 + i));
    await appender.append(first);
    const plan = await planRepairFile(file);
    const writer = appender;
    const result = await repairFile(file, plan.digest, { force: true, hooks: { afterRename: () => writer.append(later) } });
    expect(result.status).toBe('repaired');
    const lines = readFileSync(file, 'utf8').split('\n');
    // The cut-off line is gone; all 40 appended lines are there, once, in order.
    expect(lines.filter((l) => l.startsWith('{"type":"custom"'))).toEqual([...first, ...later]);
    expect(lines.some((l) => l.includes('"cut'))).toBe(false);
    expect(result.message).toContain(
      `The repair was forced while another process had the file open for writing (pid ${writer.child.pid} (node))`,
    );
    expect(result.message).toMatch(/\d+ byte\(s\) appended to the file while it was being repaired were carried over/);
    expect(result.backupPath).toMatch(/forced\.jsonl\.bak-\d+-\d+$/);
    // The writer still holds the old file: what it writes next lands in the kept backup.
    await writer.append([line(99)]);
    expect(readFileSync(result.backupPath!, 'utf8')).toContain(line(99));
  });

  it('an append in the instant before the rename is carried over, and then the backup goes', async () => {
    const file = session('race.jsonl');
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, {
      hooks: {
        rename: async (from, to) => {
          appendFileSync(to, `${line(7)}\n`);
          const { rename } = await import('node:fs/promises');
          await rename(from, to);
        },
      },
    });
    expect(result.status).toBe('repaired');
    expect(readFileSync(file, 'utf8').endsWith(`${line(7)}\n`)).toBe(true);
    expect(result.backupPath).toBeUndefined();
    expect(readdirSync(dir).filter((n) => n.startsWith('race.jsonl.'))).toEqual([]);
  });

  it('a writer that opens the file during the repair keeps its old file as the backup', async () => {
    const file = session('late.jsonl');
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, {
      hooks: {
        beforeRename: async () => {
          appender = new Appender(file);
          await appender.ready();
        },
      },
    });
    expect(result.status).toBe('repaired');
    expect(result.message).toContain(`Another process opened the file for writing during the repair (pid ${appender!.child.pid} (node))`);
    await appender!.append([line(5)]);
    expect(readFileSync(result.backupPath!, 'utf8')).toContain(line(5));
    expect(readFileSync(file, 'utf8')).not.toContain(line(5));
  });

  it('the CLI refuses with exit 2 and the pid, and --force repairs', async () => {
    const file = session('cli.jsonl');
    appender = new Appender(file);
    await appender.ready();
    const cli = (...args: string[]) =>
      spawnSync(process.execPath, [...cliArgs(), 'repair', file, '--yes', ...args], {
        cwd: root,
        encoding: 'utf8',
      });
    const refused = cli();
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`open for writing by pid ${appender.child.pid} (node)`);
    expect(refused.stderr).toContain('or force the repair');
    const forced = cli('--force');
    expect(forced.status).toBe(1);
    expect(forced.stdout).toContain('repaired');
    expect(readFileSync(file, 'utf8')).not.toContain('"cut');
  });
});

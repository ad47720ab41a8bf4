// Repair on disk of damaged lines that still hold whole entries: the file written keeps every entry,
// and the command line shows them as recovered.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { planRepairFile, repairFile } from '../../../../../electron/host/repair/index.js';
import { entry, HEADER, user } from '../../../../fixtures/repair/sessions.js';
import { cliArgs } from '../../../helpers/cli.js';

const root = path.resolve(new URL('../../../../../', import.meta.url).pathname);
const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-recover-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const H = JSON.stringify(HEADER);
const A = JSON.stringify(entry('a', null, user('first')));
const B = JSON.stringify(entry('b', 'a', user('second', 2)));
const C = JSON.stringify(entry('c', 'b', user('third', 3)));
// A lost line break between a and b; a crash left 512 NUL bytes after c; then d was appended.
const D = JSON.stringify(entry('d', 'c', user('fourth', 4)));
const damaged = `${H}\n${A}${B}\n${C}${'\u0000'.repeat(512)}\n${D}\n`;

describe('repairing damaged lines on disk', () => {
  it('writes every entry back on its own line, and nothing else changes', async () => {
    const file = path.join(dir, 'session.jsonl');
    writeFileSync(file, damaged);
    const plan = await planRepairFile(file);
    expect(plan.actions.map((a) => [a.line, a.kind, a.code])).toEqual([
      [2, 'recover', 'glued-entries'],
      [3, 'recover', 'padding-tail'],
    ]);
    const result = await repairFile(file, plan.digest);
    expect(result.status).toBe('repaired');
    expect(result.message).toContain('recovered the entries of 2 damaged line(s)');
    expect(readFileSync(file, 'utf8')).toBe(`${H}\n${A}\n${B}\n${C}\n${D}\n`);
    expect(readdirSync(dir)).toEqual(['session.jsonl']);
  });

  it('repair --dry-run shows the lines as recovered, not dropped', () => {
    const file = path.join(dir, 'cli.jsonl');
    writeFileSync(file, damaged);
    const r = spawnSync(process.execPath, [...cliArgs(), 'repair', file, '--dry-run'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stdout).toContain(`${file}: 2 repair(s) planned — recovered the entries of 2 damaged line(s)`);
    expect(r.stdout).toContain(`${file}:line 2: recover (glued-entries) — recovered: 2 entries were written on one line`);
    expect(r.stdout).toContain(`${file}:line 3: recover (padding-tail) — recovered: the line holds one complete entry`);
    expect(r.stdout).not.toContain('drop');
    expect(readFileSync(file, 'utf8')).toBe(damaged);
  });
});

/** Undo beyond the session: the record a kept backup carries, undoLastRepair and each of its refusals, and pruning. */
import { appendFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findLastRepair, planRepairFile, repairFile, undoLastRepair } from '../../../../../electron/host/repair/index.js';
import { keptBackups, recordPathFor } from '../../../../../electron/host/repair/undo-records.js';
import { digestOf } from '../../../../../electron/host/repair/read-session.js';
import { assistant, entry, HEADER, jsonl, user } from '../../../../fixtures/repair/sessions.js';

const failed = assistant([], { stopReason: 'error', errorMessage: 'overloaded' });
// Line 2 blank user, 3 failed assistant, 4 blank user, 5 fine, 6 cut off.
const TEXT = `${jsonl([HEADER, entry('a', null, user('  ')), entry('b', 'a', failed), entry('c', 'b', user('\t')), entry('d', 'c', user('hi'))])}{"type":"mess`;

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-undo-last-'));
  file = path.join(dir, 's.jsonl');
  writeFileSync(file, TEXT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const siblings = () =>
  readdirSync(dir)
    .filter((n) => n !== 's.jsonl')
    .sort();

async function repairKeeping(options: { skipLines?: number[]; backupsKept?: number } = {}) {
  const plan = await planRepairFile(file);
  const result = await repairFile(file, plan.digest, { keepBackup: true, ...options });
  expect(result.status).toBe('repaired');
  return { plan, result };
}

describe('recordPathFor', () => {
  it('names the record after the backup’s time; other names have none', () => {
    expect(recordPathFor('/d/s.jsonl.before-repair-2026-12-02T01-05-03.123Z')).toBe('/d/s.jsonl.undo-2026-12-02T01-05-03.123Z.json');
    expect(recordPathFor('/d/s.jsonl.bak-12-34')).toBeNull();
    expect(recordPathFor('/d/s.jsonl.before-repair-yesterday')).toBeNull();
  });
});

describe('undoLastRepair', () => {
  it('puts the newest kept backup back and removes it with its record; twice undoes two repairs in turn', async () => {
    const first = await repairKeeping({ skipLines: [2] });
    const afterFirst = readFileSync(file);
    const second = await repairKeeping();
    expect(second.plan.digest).toBe(first.result.digestAfter);
    expect(siblings()).toHaveLength(4);
    const last = await findLastRepair(file);
    expect(last).toMatchObject({ ok: true, backupPath: second.result.backupPath });
    if (last.ok) expect(last.record.summary).toBe('Repaired s.jsonl: rewrote 1 blank user turn as "(continue)".');

    expect(await undoLastRepair(file)).toEqual({ status: 'restored', message: 'Undid the repair: s.jsonl has its original bytes again.' });
    expect(readFileSync(file).equals(afterFirst)).toBe(true);
    expect(siblings()).toHaveLength(2);
    expect(await undoLastRepair(file)).toMatchObject({ status: 'restored' });
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
    expect(siblings()).toEqual([]);
  });

  it('refuses when no backup was kept: nothing to undo', async () => {
    const plan = await planRepairFile(file);
    await repairFile(file, plan.digest);
    const before = readFileSync(file);
    expect(await undoLastRepair(file)).toEqual({
      status: 'refused',
      reason: 'nothing to undo',
      message:
        'Not undone: there is no kept backup of s.jsonl next to it (a repair keeps one with --keep-backup, the app always), so there is nothing to put back.',
    });
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a backup without its record (it cannot tell whether the file changed since)', async () => {
    const { result } = await repairKeeping();
    rmSync(recordPathFor(result.backupPath!)!);
    const undone = await undoLastRepair(file);
    expect(undone).toMatchObject({ status: 'refused', reason: 'no undo record' });
    expect(undone.message).toBe(
      `Not undone: the newest backup ${result.backupPath} has no record of what its repair wrote, so it cannot be checked that s.jsonl is unchanged since; nothing was changed (copy it back by hand if you are sure).`,
    );
    expect(digestOf(readFileSync(file))).toBe(result.digestAfter);
    expect(readFileSync(result.backupPath!, 'utf8')).toBe(TEXT);
  });

  it('refuses a damaged record, and one that names another backup', async () => {
    const { result } = await repairKeeping();
    const record = recordPathFor(result.backupPath!)!;
    const good = readFileSync(record, 'utf8');
    writeFileSync(record, '{"version":1,');
    expect(await undoLastRepair(file)).toMatchObject({ status: 'refused', reason: 'undo record damaged' });
    expect((await undoLastRepair(file)).message).toContain('(not valid JSON)');
    writeFileSync(record, good.replace(/"backup": "[^"]+"/, '"backup": "other.jsonl.before-repair-2020-01-01T00-00-00.000Z"'));
    expect(await undoLastRepair(file)).toMatchObject({ status: 'refused', reason: 'undo record damaged' });
    expect(digestOf(readFileSync(file))).toBe(result.digestAfter);
  });

  it('refuses when the file changed since the repair, in one sentence, keeping both', async () => {
    const { result } = await repairKeeping();
    appendFileSync(file, '{"type":"label","id":"l1","parentId":"d","timestamp":"2026-03-01T10:00:09.000Z","targetId":"d","label":"x"}\n');
    const changed = readFileSync(file);
    const undone = await undoLastRepair(file);
    expect(undone).toMatchObject({ status: 'refused', reason: 'file changed since the repair' });
    expect(undone.message.match(/\. /g)).toBeNull();
    expect(readFileSync(file).equals(changed)).toBe(true);
    expect(readFileSync(result.backupPath!, 'utf8')).toBe(TEXT);
  });

  it('refuses when the backup no longer holds the replaced bytes', async () => {
    const { result } = await repairKeeping();
    writeFileSync(result.backupPath!, 'tampered');
    expect(await undoLastRepair(file)).toMatchObject({ status: 'refused', reason: 'backup changed' });
    expect(digestOf(readFileSync(file))).toBe(result.digestAfter);
  });

  it('refuses a file that is not there', async () => {
    await repairKeeping();
    rmSync(file);
    const undone = await undoLastRepair(file);
    expect(undone.status).toBe('refused');
    expect(undone.message).toBe(`Not undone: failed to read session file: ${file}: no such file; nothing was changed.`);
  });
});

describe('pruning kept backups', () => {
  it('keeps the newest N backups of the file (3 by default) and says which it removed', async () => {
    const kept: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      writeFileSync(file, `${TEXT}${'x'.repeat(i)}`);
      const { result } = await repairKeeping();
      kept.push(result.backupPath!);
      if (i < 3) expect(result.prunedBackups).toBeUndefined();
      else {
        expect(result.prunedBackups).toEqual([kept[0]]);
        expect(result.message).toContain(`Kept the 3 newest backup(s) of this file and removed 1 older one(s): ${kept[0]}.`);
      }
    }
    expect((await keptBackups(file)).map((b) => b.backupPath)).toEqual([kept[3], kept[2], kept[1]]);
    // Each remaining backup keeps its record; the pruned one's is gone with it.
    expect(siblings().filter((n) => n.includes('.undo-'))).toHaveLength(3);
    // A smaller limit prunes more at the next repair.
    writeFileSync(file, TEXT);
    const { result } = await repairKeeping({ backupsKept: 1 });
    expect(result.prunedBackups).toEqual([kept[3], kept[2], kept[1]]);
    expect(siblings()).toHaveLength(2);
  });
});

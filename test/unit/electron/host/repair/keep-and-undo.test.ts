/** Repair with a selection, a kept backup, and Undo: the bytes on disk at every step, and the refusals. */
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync, mkdtempSync } from 'node:fs';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { planRepairFile, repairFile } from '../../../../../electron/host/repair/index.js';
import { keptBackupPath, undoRepairFile } from '../../../../../electron/host/repair/kept-backup.js';
import { digestOf } from '../../../../../electron/host/repair/read-session.js';
import { assistant, entry, HEADER, jsonl, user } from '../../../../fixtures/repair/sessions.js';

const failed = assistant([], { stopReason: 'error', errorMessage: 'overloaded' });
// Line 2 blank user, 3 failed assistant (empty), 4 blank user, 5 fine, 6 cut off.
const TEXT = `${jsonl([HEADER, entry('a', null, user('  ')), entry('b', 'a', failed), entry('c', 'b', user('\t')), entry('d', 'c', user('hi'))])}{"type":"mess`;
const original = TEXT.split('\n');

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'ti-keep-undo-'));
  file = path.join(dir, 's.jsonl');
  writeFileSync(file, TEXT);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const siblings = () => readdirSync(dir).filter((n) => n !== 's.jsonl');

describe('keptBackupPath', () => {
  it('names the backup after the file and the time, without colons', () => {
    expect(keptBackupPath('/d/s.jsonl', new Date('2026-12-02T01:05:03.123Z'))).toBe('/d/s.jsonl.before-repair-2026-12-02T01-05-03.123Z');
  });
});

describe('repairFile with skipLines', () => {
  for (const cached of [true, false]) {
    it(`writes only the chosen rewrites (${cached ? 'plan kept from planRepair' : 'planned again by the writer'})`, async () => {
      const plan = await planRepairFile(file);
      if (!cached) writeFileSync(file, TEXT); // a new ctime: the kept plan no longer applies
      const result = await repairFile(file, plan.digest, { skipLines: [2, 3] });
      expect(result.status).toBe('repaired');
      expect(result.plan!.actions.map((a) => `${a.kind} ${a.line}`)).toEqual(['rewrite 4', 'drop 6']);
      expect(result.plan!.counts).toMatchObject({ rewrittenUserMessages: 1, rewrittenAssistantMessages: 0, droppedLines: 1 });
      const lines = readFileSync(file, 'utf8').split('\n');
      expect(lines.slice(0, 3)).toEqual(original.slice(0, 3));
      expect(JSON.parse(lines[3]).message.content).toBe('(continue)');
      expect(lines.slice(4)).toEqual([original[4], '']);
      expect(result.digestAfter).toBe(digestOf(readFileSync(file)));
      expect(siblings()).toEqual([]);
    });
  }

  it('refuses a line that is not a rewrite it can leave out, writing nothing', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { skipLines: [6] });
    expect(result).toMatchObject({ status: 'refused', reason: 'invalid selection' });
    expect(result.message).toContain('line 6 is not a rewrite of this plan that can be left out; nothing was written.');
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
    expect(siblings()).toEqual([]);
  });

  it('refuses a file changed since the plan, even with a selection', async () => {
    const plan = await planRepairFile(file);
    appendFileSync(file, '\n');
    const result = await repairFile(file, plan.digest, { skipLines: [2] });
    expect(result).toMatchObject({ status: 'refused', reason: 'file changed since it was planned' });
    expect(readFileSync(file, 'utf8')).toBe(`${TEXT}\n`);
  });

  it('leaves the file byte-identical when every change is left out', async () => {
    const only = jsonl([HEADER, entry('a', null, user(' '))]);
    writeFileSync(file, only);
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { skipLines: [2], keepBackup: true });
    expect(result.status).toBe('not-needed');
    expect(readFileSync(file, 'utf8')).toBe(only);
    expect(siblings()).toEqual([]);
  });
});

describe('keepBackup and undoRepairFile', () => {
  it('keeps the original bytes next to the file, and Undo puts them back atomically', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { keepBackup: true });
    expect(result.status).toBe('repaired');
    expect(result.backupPath).toMatch(/s\.jsonl\.before-repair-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/);
    // The backup, and the record a later undo checks (both digests).
    const stamp = result.backupPath!.split('.before-repair-')[1];
    expect(siblings().sort()).toEqual([path.basename(result.backupPath!), `s.jsonl.undo-${stamp}.json`]);
    expect(JSON.parse(readFileSync(path.join(dir, `s.jsonl.undo-${stamp}.json`), 'utf8'))).toMatchObject({
      version: 1,
      file: 's.jsonl',
      backup: path.basename(result.backupPath!),
      digestBefore: plan.digest,
      digestAfter: result.digestAfter,
    });
    expect(readFileSync(result.backupPath!, 'utf8')).toBe(TEXT);
    expect(result.message).toContain(`The original bytes are kept at ${result.backupPath}.`);
    const ticket = { file, backupPath: result.backupPath!, digestBefore: plan.digest, digestAfter: result.digestAfter! };
    expect(await undoRepairFile(ticket)).toEqual({
      status: 'restored',
      message: 'Undid the repair: s.jsonl has its original bytes again.',
    });
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
    expect(siblings()).toEqual([]);
    // Once undone there is nothing left to put back.
    expect(await undoRepairFile(ticket)).toMatchObject({ status: 'refused', reason: 'backup unreadable' });
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
  });

  it('refuses to undo while another process has the file open for writing, changing nothing', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { keepBackup: true });
    const ticket = { file, backupPath: result.backupPath!, digestBefore: plan.digest, digestAfter: result.digestAfter! };
    const repaired = readFileSync(file);
    // An agent that reopened its session (O_APPEND) and holds it: its next lines would go to the replaced bytes.
    const holder = spawn(process.execPath, [
      '-e',
      "require('fs').openSync(process.argv[1], 'a'); console.log('open'); setInterval(() => {}, 1000)",
      file,
    ]);
    try {
      await once(holder.stdout, 'data');
      const undone = await undoRepairFile(ticket);
      expect(undone).toMatchObject({ status: 'refused', reason: 'open for writing' });
      expect(undone.message).toContain(`pid ${holder.pid} (node)`);
      expect(readFileSync(file).equals(repaired)).toBe(true);
      expect(readFileSync(ticket.backupPath, 'utf8')).toBe(TEXT);
    } finally {
      holder.kill();
    }
    await once(holder, 'exit');
    expect(await undoRepairFile(ticket)).toMatchObject({ status: 'restored' });
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
  });

  it('refuses to undo from a backup that was replaced by a FIFO, without waiting on it', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { keepBackup: true });
    rmSync(result.backupPath!);
    expect(spawnSync('mkfifo', [result.backupPath!]).status).toBe(0);
    const ticket = { file, backupPath: result.backupPath!, digestBefore: plan.digest, digestAfter: result.digestAfter! };
    const undone = await undoRepairFile(ticket);
    expect(undone).toMatchObject({ status: 'refused', reason: 'backup unreadable' });
    expect(undone.message).toContain('not a regular file');
    expect(digestOf(readFileSync(file))).toBe(result.digestAfter);
  });

  it('refuses to undo when the file changed since the repair, keeping both', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { keepBackup: true });
    appendFileSync(file, '{"type":"label","id":"l1","parentId":"d","timestamp":"2026-03-01T10:00:09.000Z","targetId":"d","label":"x"}\n');
    const changed = readFileSync(file);
    const undo = await undoRepairFile({
      file,
      backupPath: result.backupPath!,
      digestBefore: plan.digest,
      digestAfter: result.digestAfter!,
    });
    expect(undo.status).toBe('refused');
    expect(undo.reason).toBe('file changed since the repair');
    expect(undo.message).toBe(
      `Not undone: s.jsonl changed since the repair (an agent may have written to it), so putting the old bytes back would lose that; nothing was changed and the backup is still at ${result.backupPath}.`,
    );
    expect(readFileSync(file).equals(changed)).toBe(true);
    expect(readFileSync(result.backupPath!, 'utf8')).toBe(TEXT);
  });

  it('refuses to undo from a backup that no longer holds the replaced bytes', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest, { keepBackup: true });
    writeFileSync(result.backupPath!, 'tampered');
    const repaired = readFileSync(file);
    const undo = await undoRepairFile({
      file,
      backupPath: result.backupPath!,
      digestBefore: plan.digest,
      digestAfter: result.digestAfter!,
    });
    expect(undo).toMatchObject({ status: 'refused', reason: 'backup changed' });
    expect(readFileSync(file).equals(repaired)).toBe(true);
  });

  it('without keepBackup, no backup is left', async () => {
    const plan = await planRepairFile(file);
    const result = await repairFile(file, plan.digest);
    expect(result.status).toBe('repaired');
    expect(result.backupPath).toBeUndefined();
    expect(siblings()).toEqual([]);
  });
});

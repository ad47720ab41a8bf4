// Repair through the Inspector service: the sample and pasted sessions are refused with the reason, the backup is kept, Undo restores.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { validateArguments } from '../../../../../shared/api-guards.js';
import { assistant, entry, HEADER, jsonl, user } from '../../../../fixtures/repair/sessions.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-inspector-undo-'));
const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const SAMPLE_REFUSAL = 'The sample ships with the app and is never repaired: open a session file (Open…) to repair it.';
const PASTED_REFUSAL =
  'This session was dropped or pasted, so there is no file on disk to rewrite: open the file itself (Open…) to repair it.';
const TEXT = jsonl([
  HEADER,
  entry('a', null, user(' ')),
  entry('b', 'a', assistant([], { stopReason: 'error' })),
  entry('c', 'b', user('\t')),
]);

describe('Inspector repair refusals', () => {
  it('the sample says why it cannot be repaired, and neither plan nor repair touch it', async () => {
    const info = await inspector.open({ kind: 'sample' });
    expect(info.repairRefusal).toBe(SAMPLE_REFUSAL);
    await expect(inspector.planRepair(info.sessionId)).rejects.toThrow(SAMPLE_REFUSAL);
    expect(await inspector.repair(info.sessionId, 'a'.repeat(64))).toEqual({
      status: 'refused',
      reason: 'not a file on disk',
      message: SAMPLE_REFUSAL,
    });
  });

  it('pasted text and dropped bytes say so too; a file on disk has no refusal', async () => {
    expect((await inspector.open({ kind: 'text', name: 'p.jsonl', text: TEXT })).repairRefusal).toBe(PASTED_REFUSAL);
    expect((await inspector.open({ kind: 'bytes', name: 'd.jsonl', bytes: Buffer.from(TEXT) })).repairRefusal).toBe(PASTED_REFUSAL);
    const file = path.join(dir, 'on-disk.jsonl');
    writeFileSync(file, TEXT);
    expect((await inspector.open({ kind: 'path', path: file })).repairRefusal).toBeUndefined();
  });
});

describe('Inspector repair with a selection, the kept backup and undoRepair', () => {
  it('repairs the chosen lines, keeps the backup, and Undo restores the bytes and reloads', async () => {
    const work = mkdtempSync(path.join(dir, 'w-'));
    const file = path.join(work, 's.jsonl');
    writeFileSync(file, TEXT);
    const info = await inspector.open({ kind: 'path', path: file });
    expect(info.lastRepair).toBeUndefined();
    expect(await inspector.undoRepair(info.sessionId)).toEqual({
      status: 'refused',
      reason: 'nothing to undo',
      message:
        'Not undone: there is no kept backup of s.jsonl next to it (a repair keeps one with --keep-backup, the app always), so there is nothing to put back.',
    });
    const plan = await inspector.planRepair(info.sessionId);
    const result = await inspector.repair(info.sessionId, plan.digest, { skipLines: [2] });
    expect(result.status).toBe('repaired');
    expect(result.plan!.actions.map((a) => `${a.kind} ${a.line}`)).toEqual(['rewrite 3', 'rewrite 4']);
    const repaired = readFileSync(file, 'utf8').split('\n');
    expect(repaired[1]).toBe(TEXT.split('\n')[1]);
    const stamp = result.backupPath!.split('.before-repair-')[1];
    expect(readdirSync(work).sort()).toEqual(['s.jsonl', path.basename(result.backupPath!), `s.jsonl.undo-${stamp}.json`]);
    expect(readFileSync(result.backupPath!, 'utf8')).toBe(TEXT);

    const undo = await inspector.undoRepair(info.sessionId);
    expect(undo).toEqual({ status: 'restored', message: 'Undid the repair: s.jsonl has its original bytes again.' });
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
    expect(readdirSync(work)).toEqual(['s.jsonl']);
    // The session was read again: its digest is the original's, and the plan is the same as before.
    expect((await inspector.planRepair(info.sessionId)).digest).toBe(plan.digest);
    expect((await inspector.undoRepair(info.sessionId)).reason).toBe('nothing to undo');
  });

  it('a file opened later (another window, a restart, a repair by the CLI) offers its last repair, and Undo puts it back', async () => {
    const work = mkdtempSync(path.join(dir, 'w-'));
    const file = path.join(work, 's.jsonl');
    writeFileSync(file, TEXT);
    const first = await inspector.open({ kind: 'path', path: file });
    const plan = await inspector.planRepair(first.sessionId);
    const result = await inspector.repair(first.sessionId, plan.digest);
    await inspector.close(first.sessionId);

    const other = createInspector({ recentFile: path.join(dir, 'recent-2.json') });
    try {
      const info = await other.open({ kind: 'path', path: file });
      expect(info.lastRepair).toMatchObject({ backupPath: result.backupPath, summary: expect.stringMatching(/^Repaired s\.jsonl: /) });
      expect(await other.undoRepair(info.sessionId)).toEqual({
        status: 'restored',
        message: 'Undid the repair: s.jsonl has its original bytes again.',
      });
      expect(readFileSync(file, 'utf8')).toBe(TEXT);
      expect(readdirSync(work)).toEqual(['s.jsonl']);
      // Read again after the undo: nothing left to offer.
      expect((await other.reload(info.sessionId)).lastRepair).toBeUndefined();
    } finally {
      await other.dispose();
    }
  });

  it('a file changed since its last repair offers no undo, and an undo asked anyway is refused', async () => {
    const work = mkdtempSync(path.join(dir, 'w-'));
    const file = path.join(work, 's.jsonl');
    writeFileSync(file, TEXT);
    const first = await inspector.open({ kind: 'path', path: file });
    await inspector.repair(first.sessionId, (await inspector.planRepair(first.sessionId)).digest);
    await inspector.close(first.sessionId);
    writeFileSync(file, `${readFileSync(file, 'utf8')}${JSON.stringify(entry('d', 'c', user('more')))}\n`);
    const info = await inspector.open({ kind: 'path', path: file });
    expect(info.lastRepair).toBeUndefined();
    expect(await inspector.undoRepair(info.sessionId)).toMatchObject({ status: 'refused', reason: 'file changed since the repair' });
  });

  it('the IPC and HTTP checks accept the options and undoRepair, and nothing else', () => {
    const digest = 'a'.repeat(64);
    expect(() => validateArguments('repair', ['s', digest])).not.toThrow();
    expect(() => validateArguments('repair', ['s', digest, { skipLines: [2, 4] }])).not.toThrow();
    expect(() => validateArguments('undoRepair', ['s'])).not.toThrow();
    expect(() => validateArguments('repair', ['s', digest, { skipLines: [0] }])).toThrow(
      'repair(options).skipLines: expected line numbers (integers from 1), got number 0',
    );
    expect(() => validateArguments('repair', ['s', digest, { skipLines: '2' }])).toThrow('repair(options).skipLines: expected an array');
    expect(() => validateArguments('repair', ['s', digest, { keep: true }])).toThrow('repair(options): unknown option keep');
    expect(() => validateArguments('undoRepair', [])).toThrow('undoRepair: expected 1 argument(s), got 0');
  });
});

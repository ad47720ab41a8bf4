// The bundled sample is the app's own file: it can be inspected, never repaired on disk.
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createInspector } from '../../../../../electron/host/inspector.js';
import { sampleSessionPath } from '../../../../../electron/host/inspector/sample-path.js';
import { InputError } from '../../../../../electron/host/read-input.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ti-sample-'));
const inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('repairing the bundled sample', () => {
  it('is refused by planRepair and repair, and the sample stays byte-identical', async () => {
    const before = createHash('sha256').update(readFileSync(sampleSessionPath())).digest('hex');
    const info = await inspector.open({ kind: 'sample' });
    expect(info.path).toBe(sampleSessionPath());
    await expect(inspector.planRepair(info.sessionId)).rejects.toThrow(InputError);
    await expect(inspector.planRepair(info.sessionId)).rejects.toThrow(
      'The sample ships with the app and is never repaired: open a session file (Open…) to repair it.',
    );
    // Forcing changes nothing: the sample is never a file to write.
    expect(await inspector.repair(info.sessionId, info.digest, { force: true })).toMatchObject({
      status: 'refused',
      message: 'The sample ships with the app and is never repaired: open a session file (Open…) to repair it.',
    });
    expect(createHash('sha256').update(readFileSync(sampleSessionPath())).digest('hex')).toBe(before);
  });

  it('is still refused for bytes and text', async () => {
    const info = await inspector.open({ kind: 'text', name: 't.jsonl', text: '{"type":"session","version":3,"id":"s"}\n' });
    await expect(inspector.planRepair(info.sessionId)).rejects.toThrow(
      'This session was dropped or pasted, so there is no file on disk to rewrite',
    );
    expect(await inspector.repair(info.sessionId, info.digest)).toMatchObject({ status: 'refused' });
  });
});

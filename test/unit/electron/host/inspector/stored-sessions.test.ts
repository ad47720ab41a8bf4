// The Inspector service on OpenClaw stores: list a store's sessions (path or bytes), open one as a
// session, reload it, export it as JSONL, and refuse to repair it — the store's files untouched.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInspector, type HostInspector } from '../../../../../electron/host/inspector.js';
import { storePath, twinPath } from '../store/support.js';

let dir: string;
let inspector: HostInspector;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'stored-sessions-'));
  inspector = createInspector({ recentFile: path.join(dir, 'recent.json') });
});
afterAll(async () => {
  await inspector.dispose();
  rmSync(dir, { recursive: true, force: true });
});

const SESSION = '0199b8d6-ee48-767d-96fe-f2ec837ff55c';
const hashes = (folder: string) =>
  readdirSync(folder).map((name) => [
    name,
    createHash('sha256')
      .update(readFileSync(path.join(folder, name)))
      .digest('hex'),
  ]);

describe('stores in the Inspector', () => {
  it('lists a store from its path or its bytes, and answers null for a session file', async () => {
    const listing = await inspector.listStore({ kind: 'path', path: storePath('main') });
    expect(listing?.sessions).toHaveLength(7);
    expect(listing?.path).toBe(storePath('main'));
    const fromBytes = await inspector.listStore({ kind: 'bytes', name: 'openclaw-agent.sqlite', bytes: readFileSync(storePath('main')) });
    expect(fromBytes?.sessions.map((s) => s.sessionId)).toEqual(listing?.sessions.map((s) => s.sessionId));
    expect(fromBytes?.path).toBeNull();
    expect(await inspector.listStore({ kind: 'path', path: twinPath('main', SESSION) })).toBeNull();
    expect(await inspector.listStore({ kind: 'bytes', name: 'x.jsonl', bytes: readFileSync(twinPath('main', SESSION)) })).toBeNull();
  });

  it('opens a stored session as its twin file opens, and inspects it the same', async () => {
    const before = hashes(path.dirname(storePath('main')));
    const info = await inspector.open({ kind: 'store', path: storePath('main'), storeSessionId: SESSION });
    const twin = await inspector.open({ kind: 'path', path: twinPath('main', SESSION) });
    expect(info).toMatchObject({
      name: `openclaw-agent.sqlite#${SESSION}`,
      path: null,
      watched: false,
      store: { path: storePath('main'), name: 'openclaw-agent.sqlite', sessionId: SESSION },
      digest: twin.digest,
      sizeBytes: twin.sizeBytes,
      lineCount: twin.lineCount,
      turnCount: twin.turnCount,
      defaultTarget: twin.defaultTarget,
    });
    expect(info.diagnostics.map((d) => [d.line, d.code])).toEqual(twin.diagnostics.map((d) => [d.line, d.code]));
    const target = info.defaultTarget!;
    const a = await inspector.inspect(info.sessionId, target, { now: 1 });
    const b = await inspector.inspect(twin.sessionId, target, { now: 1 });
    expect(a.annotations).toEqual(b.annotations);
    expect(a.preflight).toEqual(b.preflight);
    expect(await inspector.getDocument(a.inspectionId, 'replay', 'payload')).toEqual(
      await inspector.getDocument(b.inspectionId, 'replay', 'payload'),
    );
    expect(await inspector.recentFiles()).toContain(storePath('main'));

    // Exports: the whole session is its twin's bytes; the repaired one is what repairing the twin writes.
    const whole = await inspector.exportText(a.inspectionId, 'session-jsonl');
    expect(whole).toEqual({ fileName: `${SESSION}.jsonl`, text: readFileSync(twinPath('main', SESSION), 'utf8') });
    const repaired = await inspector.exportText(a.inspectionId, 'repaired-jsonl');
    expect(repaired.fileName).toBe(`${SESSION}.repaired.jsonl`);
    expect(repaired.text).toBe((await inspector.exportText(b.inspectionId, 'repaired-jsonl')).text);
    expect((await inspector.exportText(a.inspectionId, 'branch-jsonl')).fileName).toBe(`${SESSION}.branch.jsonl`);

    // Repair: the plan of the export, refused for the store; nothing is written.
    const plan = await inspector.planRepair(info.sessionId);
    expect(plan.digest).toBe(info.digest);
    expect(plan.needed).toBe(true);
    expect(plan.refusal).toMatch(/never writes/);
    const result = await inspector.repair(info.sessionId, plan.digest);
    expect(result).toMatchObject({ status: 'refused', reason: plan.refusal });
    expect((await inspector.reload(info.sessionId)).digest).toBe(info.digest);
    expect(hashes(path.dirname(storePath('main')))).toEqual(before);
  });

  it('inspects a stored session in either behaviour: the Bedrock decisions apply in spec only', async () => {
    const info = await inspector.open({ kind: 'store', path: storePath('main'), storeSessionId: SESSION });
    const bedrock = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' };
    const spec = await inspector.inspect(info.sessionId, bedrock, { now: 1 });
    const release = await inspector.inspect(info.sessionId, bedrock, { now: 1, behaviour: 'openclaw-2026.9.6' });
    expect([spec.behaviour, release.behaviour]).toEqual(['spec', 'openclaw-2026.9.6']);
    expect(spec.annotations.filter((a) => a.decision === 'bedrock-empty-error-turn').length).toBeGreaterThan(0);
    expect(release.annotations.filter((a) => a.decision !== undefined)).toEqual([]);
    expect(release.policy.replayEmptyErrorTurnsWithPlaceholder.value).toBe(false);
  });

  it('opens a stored session from the store’s bytes, and says why a session is missing', async () => {
    const info = await inspector.open({
      kind: 'store-bytes',
      name: 'openclaw-agent.sqlite',
      bytes: readFileSync(storePath('main')),
      storeSessionId: SESSION,
    });
    expect(info.store).toEqual({ path: null, name: 'openclaw-agent.sqlite', sessionId: SESSION });
    await expect(inspector.reload(info.sessionId)).rejects.toThrow(/not opened from a file/);
    await expect(inspector.open({ kind: 'store', path: storePath('main'), storeSessionId: 'missing' })).rejects.toThrow(
      /no session missing in this store/,
    );
  });
});

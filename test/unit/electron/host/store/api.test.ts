// The programmatic API on stored sessions: `inspect({ store, sessionId })` gives exactly what the same
// session written as JSONL gives (rules, preflight, payloads); the JSONL exports load back the same;
// `planRepair` plans the export and refuses the store, `repair` refuses and writes nothing.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Inspection } from '../../../../../shared/inspection.js';
import { relabelLines } from '../../../../../shared/store.js';
import { inspect } from '../../../../../electron/host/inspect.js';
import { planRepair, repair } from '../../../../../electron/host/repair/index.js';
import { exportStoredSession } from '../../../../../electron/host/store/index.js';
import { completeTarget } from '../../../../../electron/host/targets.js';
import { manifest, storePath, twinPath } from './support.js';

const NOW = 1767225600000;

/** What must be equal between two inspections of the same session (line numbers aside). */
function essence(inspection: Inspection) {
  return {
    target: inspection.target,
    policy: inspection.policy,
    original: inspection.original.messages,
    replay: inspection.replay.messages,
    annotations: inspection.annotations,
    preflight: inspection.preflight,
    originalPayload: inspection.original.payload,
    replayPayload: inspection.replay.payload,
    notes: inspection.notes,
    sessionAppends: inspection.sessionAppends,
  };
}

describe('inspect({ store, sessionId })', () => {
  for (const store of manifest.stores)
    for (const session of store.sessions)
      it(`${store.agent} ${session.key} ${session.sessionId} inspects as its JSONL twin`, async () => {
        const input = { store: storePath(store.agent), sessionId: session.sessionId };
        const twin = { file: twinPath(store.agent, session.sessionId) };
        const target = await completeTarget({}, input);
        expect(target).toEqual(await completeTarget({}, twin));
        const fromStore = await inspect(input, target, { now: NOW });
        const fromFile = await inspect(twin, target, { now: NOW });
        expect(essence(fromStore)).toEqual(essence(fromFile));
        expect(fromStore.original.origins).toEqual(fromFile.original.origins);
        expect(fromStore.diagnostics).toEqual(fromFile.diagnostics.map((d) => ({ ...d, message: relabelLines(d.message) })));
        expect(fromStore.replay.payload).toBeDefined();
      }, 60_000);

  it('reports what the migration rewrote: the Codex session replays as openai / openai-chatgpt-responses', async () => {
    const input = { store: storePath('main'), sessionId: '019a73dc-c888-7d84-8999-209e22064374' };
    const target = await completeTarget({}, input);
    expect(target).toMatchObject({ provider: 'openai', api: 'openai-chatgpt-responses', modelId: 'gpt-5-codex' });
    // The file it was migrated from recorded openai-codex.
    expect(await completeTarget({}, { file: 'test/oracle/corpus/codex-responses.jsonl' })).toMatchObject({ provider: 'openai-codex' });
  });

  it('follows the behaviour option as its JSONL twin does: a spec decision applies in spec only', async () => {
    // g-aborted-errors has an empty error turn: on Bedrock Converse the spec keeps it with a placeholder,
    // OpenClaw 2026.9.6 drops it.
    const sessionId = '0199b8d6-ee48-767d-96fe-f2ec837ff55c';
    const input = { store: storePath('main'), sessionId };
    const twin = { file: twinPath('main', sessionId) };
    const target = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0' };
    const placeholder = (r: Inspection) =>
      r.replay.messages.filter((m) => JSON.stringify(m.content).includes('[assistant turn failed before producing content]')).length;
    const byBehaviour: Record<string, Inspection> = {};
    for (const behaviour of ['spec', 'openclaw-2026.9.6'] as const) {
      const fromStore = await inspect(input, target, { now: NOW, behaviour });
      const fromFile = await inspect(twin, target, { now: NOW, behaviour });
      expect(fromStore.behaviour).toBe(behaviour);
      expect(essence(fromStore)).toEqual(essence(fromFile));
      byBehaviour[behaviour] = fromStore;
    }
    const spec = byBehaviour.spec;
    const release = byBehaviour['openclaw-2026.9.6'];
    expect(spec.policy.replayEmptyErrorTurnsWithPlaceholder).toMatchObject({ value: true, decision: 'bedrock-empty-error-turn' });
    expect(release.policy.replayEmptyErrorTurnsWithPlaceholder.value).toBe(false);
    expect(placeholder(spec)).toBeGreaterThan(0);
    expect(placeholder(release)).toBe(0);
    expect(spec.annotations.some((a) => a.decision === 'bedrock-empty-error-turn')).toBe(true);
    expect(release.annotations.filter((a) => a.decision !== undefined)).toEqual([]);
  }, 60_000);

  it('refuses a session the store does not have, and a store that is not one', async () => {
    const target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
    await expect(inspect({ store: storePath('main'), sessionId: 'nope' }, target)).rejects.toThrow(/no session nope in this store/);
    await expect(inspect({ store: twinPath('main', manifest.stores[0].sessions[0].sessionId), sessionId: 'x' }, target)).rejects.toThrow(
      /not a SQLite database/,
    );
  });
});

describe('JSONL exports of a stored session', () => {
  const id = '0199b8ce-e568-75b3-a7e8-9a134ebd045d';
  const source = { file: storePath('main') };

  it('the active branch loads back with the same rules, preflight and payloads', async () => {
    const branch = await exportStoredSession(source, id, 'branch');
    expect(branch.fileName).toBe(`${id}.branch.jsonl`);
    const whole = await exportStoredSession(source, id, 'session');
    const lines = (b: Buffer) => b.toString('utf8').trimEnd().split('\n');
    // f-branching has three branches: the export keeps the header and the active one only.
    expect(lines(branch.bytes).length).toBeLessThan(lines(whole.bytes).length);
    expect(lines(branch.bytes)[0]).toBe(lines(whole.bytes)[0]);
    for (const line of lines(branch.bytes)) expect(lines(whole.bytes)).toContain(line);
    const target = await completeTarget({}, { store: source.file, sessionId: id });
    const fromStore = await inspect({ store: source.file, sessionId: id }, target, { now: NOW });
    const fromBranch = await inspect({ text: branch.bytes.toString('utf8') }, target, { now: NOW });
    expect(essence(fromBranch)).toEqual(essence(fromStore));
  });

  it('the repaired export is what repair writes, and needs no repair itself', async () => {
    // g-aborted-errors needs repairs: an empty error turn and a tool call without a result.
    const broken = '0199b8d6-ee48-767d-96fe-f2ec837ff55c';
    const repaired = await exportStoredSession(source, broken, 'repaired');
    expect(repaired.plan!.needed).toBe(true);
    expect(repaired.plan!.actions.length).toBeGreaterThan(0);
    const twinPlan = await planRepair({ file: twinPath('main', broken) });
    expect(repaired.plan).toEqual(twinPlan);
    expect((await planRepair({ text: repaired.bytes.toString('utf8') })).needed).toBe(false);
  });
});

describe('planRepair / repair of a stored session', () => {
  it('plans the JSONL export, refuses the store with the reason, and writes nothing', async () => {
    const file = storePath('work');
    const dir = dirname(file);
    const before = readdirSync(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]);
    const sessionId = '0199b8a4-4f40-757d-bdfc-0da82e7aa754';
    const plan = await planRepair({ store: file, sessionId });
    const twin = readFileSync(twinPath('work', sessionId));
    expect(plan.digest).toBe(createHash('sha256').update(twin).digest('hex'));
    expect(plan.refusal).toMatch(/lives in an OpenClaw SQLite store, which this tool never writes: editing its rows directly would break/);
    expect(plan.refusal).toMatch(/Export repaired JSONL/);
    expect(plan.refusal).toMatch(/openclaw doctor --session-sqlite validate/);
    const result = await repair({ store: file, sessionId }, { expectedDigest: plan.digest });
    expect(result).toMatchObject({ status: 'refused', reason: plan.refusal });
    expect(result.message).toMatch(/^Refused: nothing was written\./);
    const after = readdirSync(dir).map((name) => [
      name,
      createHash('sha256')
        .update(readFileSync(join(dir, name)))
        .digest('hex'),
    ]);
    expect(after).toEqual(before);
  });
});

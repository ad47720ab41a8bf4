// Mistral's and OpenAI Responses' entries for a replay unit whose tool-call ids hygiene rewrote, made
// from the original unit's: always what pi-ai's own build of the replay's unit gives.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { entriesWithIds, mistralSendsIdsAsRecorded } from '../../../../../electron/host/payloads/renamed-items.js';
import { buildPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import { buildReplayPayload, reusedEntryIndexes } from '../../../../../electron/host/payloads/replay-payload.js';
import { PART_SIZES } from '../../../../../electron/host/payloads/payload-parts.js';
import type { BuildModel } from '../../../../../electron/host/payloads/replay-units.js';
import type { JsonValue, Message, Target } from '../../../../../shared/types.js';
import { A, text, tc, TR, U } from '../../../helpers/messages.js';
import { newId, unitCaseWith, unitEntries, unitsOfCase } from '../../../helpers/renamed-units.js';
import { entriesOf, renamedItemCount } from '../../../helpers/payload-entries.js';
import { replayOf, rng, transcript } from '../../../helpers/transcripts.js';

const MISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' };
// Reasoning, and no image input (pi-ai puts a placeholder in each image's place).
const MAGISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'magistral-medium-latest', reasoning: true };
const GPT5: Target = { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true };
// The units' foreign turns are gpt-5's: for gpt-5-mini, another model's of the same API (its item ids are left out).
const GPT5_MINI: Target = { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5-mini', reasoning: true };
const AZURE: Target = { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5', reasoning: true };
const CODEX: Target = { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5', reasoning: true };

/** The API whose conversion the target's builder runs (Azure's and Codex's are OpenAI's Responses conversion). */
const apiOf = (target: Target): 'mistral-conversations' | 'openai-responses' =>
  target.api === 'mistral-conversations' ? 'mistral-conversations' : 'openai-responses';

/**
 * Renamed ids as hygiene writes them for each API, and some pi-ai would change (a digit is added to
 * each): Mistral's nine letters and digits; kept for Responses (`call_…`); a dot, which pi-ai makes
 * `_` for Responses; and the forms of renamed-units.ts (with `|`, past 64).
 */
const renamedAs = fc.oneof(
  fc.nat(9).map((n) => `Mz${n}abcde`),
  fc.nat(9).map((n) => `call_${n}_f5b7`),
  fc.nat(9).map((n) => `fn.${n}`),
  newId,
);

describe('entriesWithIds', () => {
  it.each([MISTRAL, MAGISTRAL, GPT5, GPT5_MINI, AZURE, CODEX])(
    "gives pi-ai's own entries for the replay's unit wherever it gives any ($provider, $modelId)",
    async (target) => {
      let derived = 0;
      let changed = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(unitCaseWith(renamedAs), async (c) => {
          const { original, replay } = unitsOfCase(c, target, { keepThinking: true });
          const { entries, model } = await unitEntries(original, target);
          // Mistral's entries are made only for a replay whose every id pi-ai sends as recorded.
          if (target.api === 'mistral-conversations' && !mistralSendsIdsAsRecorded(replay, model)) return;
          const made = entriesWithIds(replay, original, entries, apiOf(target), model);
          if (made === null) {
            refused += 1;
            return;
          }
          derived += 1;
          const expected = (await unitEntries(replay, target)).entries;
          expect(JSON.stringify(made)).toBe(JSON.stringify(expected));
          if (made.some((entry, k) => entry !== entries[k])) changed += 1;
        }),
        { numRuns: 5000, seed: 23 },
      );
      console.log('COUNTS', target.provider, target.modelId, derived, changed, refused);
      expect(changed).toBeGreaterThan(150);
      expect(refused).toBeGreaterThan(1000);
    },
    120_000,
  );

  const model = (target: Target): BuildModel => ({ id: target.modelId, provider: target.provider, api: target.api, baseUrl: '' });
  const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
  const was: Message[] = [A([text('go'), tc('toolu_01', 'read'), tc('toolu_02', 'bash')], route), TR('toolu_01', 'out')];
  const blocks = was[0].content as Record<string, unknown>[];
  const unit = (ids: [string, string], result = ids[0]): Message[] => [
    A([blocks[0], { ...blocks[1], id: ids[0] }, { ...blocks[2], id: ids[1] }], route),
    { ...was[1], toolCallId: result },
  ];
  const entries = async (messages: Message[], target: Target) => (await unitEntries(messages, target)).entries;

  it("gives the original's entries with the new ids, the made-up result's too, and keeps what did not change", async () => {
    const replay = unit(['Ab1cD2eF3', 'Gh4iJ5kL6']);
    const original = await entries(was, MISTRAL);
    const made = entriesWithIds(replay, was, original, 'mistral-conversations', model(MISTRAL))!;
    expect(JSON.stringify(made)).toBe(JSON.stringify(await entries(replay, MISTRAL)));
    expect((made[2] as Record<string, JsonValue>).toolCallId).toBe('Gh4iJ5kL6');
    // The calls' functions (their arguments' JSON) and the results' contents are the original's.
    expect((made[0] as { toolCalls: { function: unknown }[] }).toolCalls[0].function).toBe(
      (original[0] as { toolCalls: { function: unknown }[] }).toolCalls[0].function,
    );
    expect((made[1] as { content: unknown }).content).toBe((original[1] as { content: unknown }).content);

    const items = await entries(was, GPT5);
    const responses = entriesWithIds(unit(['call_1_a', 'call_2_b']), was, items, 'openai-responses', model(GPT5))!;
    // The same values, not only the same JSON: the call's item has no item id at all, as the payload's own.
    expect(responses).toStrictEqual(await entries(unit(['call_1_a', 'call_2_b']), GPT5));
    // The text's item did not change: the original's own.
    expect(responses[0]).toBe(items[0]);
  });

  it("refuses ids pi-ai would change, a unit changed otherwise, and entries that are not the unit's", async () => {
    const items = await entries(was, GPT5);
    for (const ids of [
      ['call.1', 'call_2'],
      ['call_1_', 'call_2'],
      ['call_1|fc_1', 'call_2'],
      ['c'.repeat(65), 'call_2'],
    ] as [string, string][])
      expect(entriesWithIds(unit(ids), was, items, 'openai-responses', model(GPT5)), ids[0]).toBeNull();
    // An own turn's id is sent as it is, but one with `|` goes with an item id.
    const own = { api: 'openai-responses', provider: 'openai', model: 'gpt-5' };
    const ownWas: Message[] = [{ ...was[0], ...own }, was[1]];
    const ownItems = await entries(ownWas, GPT5);
    const ownUnit = (ids: [string, string]): Message[] => [{ ...unit(ids)[0], ...own }, unit(ids)[1]];
    expect(entriesWithIds(ownUnit(['x.1', 'y.2']), ownWas, ownItems, 'openai-responses', model(GPT5))).not.toBeNull();
    expect(entriesWithIds(ownUnit(['x|fc_1', 'y.2']), ownWas, ownItems, 'openai-responses', model(GPT5))).toBeNull();

    const mistral = await entries(was, MISTRAL);
    const ok = unit(['Ab1cD2eF3', 'Gh4iJ5kL6']);
    // A result that answers another call, a text changed, a failed turn, a block Mistral would list as a call.
    expect(entriesWithIds(unit(['Ab1cD2eF3', 'Gh4iJ5kL6'], 'Gh4iJ5kL6'), was, mistral, 'mistral-conversations', model(MISTRAL))).toBeNull();
    expect(
      entriesWithIds(
        [A([text('changed'), ...(ok[0].content as unknown[]).slice(1)], route), ok[1]],
        was,
        mistral,
        'mistral-conversations',
        model(MISTRAL),
      ),
    ).toBeNull();
    const failed = (m: Message): Message => ({ ...m, stopReason: 'error' });
    expect(entriesWithIds([failed(ok[0]), ok[1]], [failed(was[0]), was[1]], mistral, 'mistral-conversations', model(MISTRAL))).toBeNull();
    const image = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
    const withImage = (m: Message): Message => ({ ...m, content: [...(m.content as unknown[]), image] });
    expect(
      entriesWithIds([withImage(ok[0]), ok[1]], [withImage(was[0]), was[1]], mistral, 'mistral-conversations', model(MISTRAL)),
    ).toBeNull();
    // Entries one short, or of another kind.
    expect(entriesWithIds(ok, was, mistral.slice(0, 2), 'mistral-conversations', model(MISTRAL))).toBeNull();
    expect(entriesWithIds(ok, was, [mistral[0], mistral[0], mistral[2]], 'mistral-conversations', model(MISTRAL))).toBeNull();
  });
});

describe('mistralSendsIdsAsRecorded', () => {
  const m = { id: 'mistral-large-latest', provider: 'mistral', api: 'mistral-conversations', baseUrl: '' };
  const foreign = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
  const own = { api: 'mistral-conversations', provider: 'mistral', model: 'mistral-large-latest' };
  it("holds when every call of another model's turn has nine letters and digits, the model's own turns aside", () => {
    expect(mistralSendsIdsAsRecorded([U('q'), A([tc('Ab1cD2eF3')], foreign), TR('Ab1cD2eF3', 'x')], m)).toBe(true);
    expect(mistralSendsIdsAsRecorded([A([tc('toolu_01')], own)], m)).toBe(true);
    expect(mistralSendsIdsAsRecorded([A([tc('toolu_01')], foreign)], m)).toBe(false);
    expect(mistralSendsIdsAsRecorded([A([tc('Ab1cD2eF')], foreign)], m)).toBe(false);
    expect(mistralSendsIdsAsRecorded([A([tc('Ab1cD2eF3')], { ...foreign, stopReason: 'error' }), A([tc('Ab1-D2eF3')], foreign)], m)).toBe(
      false,
    );
  });
});

describe('buildReplayPayload for Mistral and OpenAI Responses on a replay whose ids hygiene rewrote', () => {
  it("gives what a whole build gives, with the renamed units made from the original's entries", async () => {
    const random = rng(61);
    const made = new Map<string, number>();
    for (let round = 0; round < 120; round += 1) {
      const original = transcript(random, 10 + Math.floor(random() * 70), {
        oneUnitIds: true,
        wellFormed: random() < 0.8,
        noFailedCalls: true,
      });
      // Every id renamed in Mistral's form in most rounds (so its ids are all sent as recorded), half of them in Responses' in the others.
      const mistralForm = random() < 0.7;
      const replay = replayOf(random, original, {
        renamed: mistralForm ? 1 : 0.5,
        renamedAs: (n) => (mistralForm ? `R${String(n).padStart(8, '0')}` : `call_${n}_r${n % 3 === 0 ? '.' : ''}`),
      });
      for (const target of [MISTRAL, MAGISTRAL, GPT5, GPT5_MINI]) {
        const originalBuild = await buildPayload(original, target);
        if (originalBuild.error) continue;
        const before = JSON.stringify(originalBuild);
        const sizes = { ...PART_SIZES, reuseShare: 0 };
        const actual = await buildReplayPayload(
          replay.messages,
          replay.origins,
          { messages: original, build: originalBuild },
          target,
          {},
          sizes,
        );
        const whole = await buildPayload(replay.messages, target);
        expect(JSON.stringify(actual), `round ${round}, ${target.modelId}`).toBe(JSON.stringify(whole));
        expect(JSON.stringify(originalBuild), `round ${round}, original`).toBe(before);
        const count = renamedItemCount(actual.payload, originalBuild.payload);
        made.set(target.modelId, (made.get(target.modelId) ?? 0) + count);
        // Mistral's renamed entries only where every id is sent as recorded.
        if (target.api === 'mistral-conversations' && !mistralForm) expect(count).toBe(0);
      }
    }
    console.log('COUNTS', [...made]);
    for (const target of [MISTRAL, MAGISTRAL, GPT5, GPT5_MINI]) expect(made.get(target.modelId)).toBeGreaterThan(40);
  }, 180_000);
});

describe('buildReplayPayload on a session whose every call hygiene renamed', () => {
  // A user's request, then three calls, each answered: only the request is left as it was.
  const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
  // Each request answered by a turn of three calls and their results: only two messages of five
  // (the request, the turn) are the original's or a copy but for ids, under Mistral's half.
  const original: Message[] = Array.from({ length: 30 }, (_, u) => {
    const ids = [0, 1, 2].map((c) => `toolu_${u}x${c}`);
    const results = ids.map((id, c) => {
      // A screenshot beside the text: Responses then sends the result's output as a list, the original's in a renamed copy.
      const result = TR(id, `out ${u} ${c}`);
      result.content = [...(result.content as unknown[]), { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }];
      return result;
    });
    const calls = ids.map((id, c) => tc(id, 'bash', { u, c }));
    return [U(`task ${u}`), A([text('steps'), ...calls], { ...route, stopReason: 'toolUse' }), ...results];
  }).flat();
  /** The session as hygiene's id rewrite leaves it: each call and result a copy with the new id, the rest the original's. */
  const renamedSession = (rename: (id: string) => string): Message[] =>
    original.map((m) => {
      if (m.role === 'toolResult') return { ...m, toolCallId: rename(m.toolCallId as string) };
      if (m.role !== 'assistant') return m;
      const content = m.content as Record<string, unknown>[];
      return { ...m, content: content.map((b) => (b.type === 'toolCall' ? { ...b, id: rename(b.id as string) } : b)) };
    });

  it.each([
    [MISTRAL, (id: string) => `R${id.slice(6).padStart(8, '0')}`],
    [GPT5, (id: string) => `call_${id}_h`],
  ] as const)(
    "reuses it at the sessions' share, the renamed entries not taken for the original's by preflight ($modelId)",
    async (target, rename) => {
      const replay = renamedSession(rename);
      const origins = replay.map((_, i) => i);
      const originalBuild = await buildPayload(original, target);
      const actual = await buildReplayPayload(replay, origins, { messages: original, build: originalBuild }, target);
      expect(JSON.stringify(actual)).toBe(JSON.stringify(await buildPayload(replay, target)));
      const originalEntries = entriesOf(originalBuild.payload);
      const at = reusedEntryIndexes(actual)!;
      expect(at).toBeDefined();
      // Every unit but the last from the original's entries: the users' and the texts' as they are,
      // the calls' and the results' with the new ids, which preflight checks again.
      let renamed = 0;
      entriesOf(actual.payload).forEach((entry, i) => {
        const k = originalEntries.indexOf(entry);
        expect(at[i], `entry ${i}`).toBe(k);
        if (k < 0) renamed += 1;
      });
      expect(renamed).toBeGreaterThan(29 * 4 - 1);
      expect(renamedItemCount(actual.payload, originalBuild.payload)).toBeGreaterThan(29 * 3 - 1);
    },
  );
});

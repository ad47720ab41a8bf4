// The replay's OpenAI Responses, Mistral and Chat Completions payloads built from the original's entries
// for the units hygiene left whole: always what one whole pi-ai build of the replay gives, the
// original's untouched.
import { describe, expect, it } from 'vitest';
import { buildLlmPayload, buildPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import { toLlmMessages } from '../../../../../electron/host/payloads/llm-messages.js';
import { resolvePayloadModel } from '../../../../../electron/host/payloads/model.js';
import { knownPerMessageUnits, MIN_PARTS_MESSAGES, PART_SIZES } from '../../../../../electron/host/payloads/payload-parts.js';
import { buildReplayPayload } from '../../../../../electron/host/payloads/replay-payload.js';
import { perMessageUnits } from '../../../../../electron/host/payloads/per-message-parts.js';
import { unitItems } from '../../../../../electron/host/payloads/responses-reuse.js';
import { mistralSendsIdsAsRecorded } from '../../../../../electron/host/payloads/renamed-items.js';
import { completionsReadable, completionsUnitEntries, hasToolHistory } from '../../../../../electron/host/payloads/completions-entries.js';
import type { JsonValue, Message, Target } from '../../../../../shared/types.js';
import { A, text, tc, TR, U } from '../../../helpers/messages.js';
import { checkedReplay } from '../../../helpers/replay-check.js';
import { recordedBy, replayOf, rng, transcript } from '../../../helpers/transcripts.js';

const GPT5: Target = { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true };
const GPT5_PLAIN: Target = { ...GPT5, reasoning: false };
// The transcripts' OpenAI turns are gpt-5's: for gpt-5-mini they are another model's of the same API.
const GPT5_MINI: Target = { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5-mini', reasoning: true };

const MISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' };
// Reasoning, and no image input (pi-ai puts a placeholder in each image's place).
const MAGISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'magistral-medium-latest', reasoning: true };
const CODESTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'codestral-latest' };
const mistralRoute = { api: 'mistral-conversations', provider: 'mistral', model: 'mistral-large-latest' };

const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
const openaiRoute = { api: 'openai-responses', provider: 'openai', model: 'gpt-5' };

type Item = Record<string, JsonValue>;
const itemsOf = (payload: JsonValue | undefined): Item[] => (payload as { input: Item[] }).input;
const entriesOf = (payload: JsonValue | undefined): Item[] => (payload as { messages: Item[] }).messages;
const whole = (messages: readonly Message[], target: Target) => buildLlmPayload(toLlmMessages(messages), target, {}, { standIns: false });

/** Azure's and Codex's builders run the same Responses conversion as OpenAI's: their payloads are read as OpenAI's. */
const AZURE: Target = { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5', reasoning: true };
const CODEX: Target = { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5', reasoning: true };

describe("buildReplayPayload for OpenAI Responses: the original's items for unchanged units", () => {
  it('gives what a whole build of the replay gives, on random transcripts, replays and part sizes', async () => {
    const random = rng(41);
    let reusedRounds = 0;
    let movedRounds = 0;
    const sameConversionReused = new Map<string, number>();
    for (let round = 0; round < 150; round += 1) {
      const original = transcript(random, 6 + Math.floor(random() * 80), {
        oneUnitIds: random() < 0.8,
        wellFormed: random() < 0.8,
        responses: true,
      });
      const replay = replayOf(random, original, { rewritten: random() < 0.3 ? 0.5 : 0 });
      const size = 2 + Math.floor(random() * 10);
      for (const target of [GPT5, GPT5_PLAIN, GPT5_MINI]) {
        // The original's payload is not touched by the replay's (its moved ids are copies).
        const { originalBuild, actual } = await checkedReplay(
          original,
          replay,
          target,
          { part: size, min: 2 * size },
          `round ${round}, ${target.modelId}`,
        );
        if (originalBuild.error) continue;
        const originalItems = itemsOf(originalBuild.payload);
        const shared = new Set(originalItems);
        const byContent = new Map(originalItems.map((item) => [item.content, item]));
        const items = itemsOf(actual.payload);
        if (items.some((item) => shared.has(item))) reusedRounds += 1;
        // An original text item copied with its generated id moved (its content the same object).
        if (items.some((item) => item.type === 'message' && !shared.has(item) && byContent.has(item.content))) movedRounds += 1;
      }
      for (const target of [AZURE, CODEX]) {
        // The transcripts' OpenAI turns (gpt-5's) as the target's own.
        const own = recordedBy(target, 'openai-responses');
        const on = { original: original.map(own), replay: { ...replay, messages: replay.messages.map(own) } };
        const sizes = { part: size, min: 2 * size };
        const { originalBuild, actual } = await checkedReplay(on.original, on.replay, target, sizes, `round ${round}, ${target.api}`);
        const shared = new Set(itemsOf(originalBuild.payload));
        if (!originalBuild.error && itemsOf(actual.payload).some((item) => shared.has(item)))
          sameConversionReused.set(target.api, (sameConversionReused.get(target.api) ?? 0) + 1);
      }
    }
    expect(reusedRounds).toBeGreaterThan(300);
    expect(movedRounds).toBeGreaterThan(200);
    expect(sameConversionReused.get(AZURE.api)).toBeGreaterThan(100);
    expect(sameConversionReused.get(CODEX.api)).toBeGreaterThan(100);
  }, 120_000);
});

describe('buildReplayPayload for OpenAI Responses on a replay hygiene rewrote', () => {
  const q1 = U('first', { timestamp: 1 });
  const broken: Message = A([text('half')], { ...route, stopReason: 'error', timestamp: 2 });
  const calls = A([text('reading'), tc('toolu_1', 'read', { path: 'a' }), tc('toolu_2', 'read', { path: 'b' })], {
    ...route,
    stopReason: 'toolUse',
    timestamp: 3,
  });
  // toolu_2 has no result: the builder adds one.
  const r1 = TR('toolu_1', 'A', { timestamp: 4 });
  const a1 = A([text('done')], { ...route, timestamp: 5 });
  const q2 = U('second', { timestamp: 6 });
  const a2 = A([{ type: 'thinking', thinking: 'plan' }, text('two')], { ...route, timestamp: 7 });
  const original = [q1, broken, calls, r1, a1, q2, a2];

  it('moves the generated ids of the units it reuses to where they are in the replay', async () => {
    // Hygiene inserted a message before the reused units: every later generated id moves by one.
    const inserted = U('inserted', { timestamp: 1 });
    const replay = [q1, inserted, calls, r1, a1, q2, a2];
    const build = await buildPayload(original, GPT5);
    const before = JSON.stringify(build);
    const actual = await buildReplayPayload(replay, [0, null, 2, 3, 4, 5, 6], { messages: original, build }, GPT5);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(await whole(replay, GPT5)));
    expect(JSON.stringify(build)).toBe(before);
    const originalItems = itemsOf(build.payload);
    const items = itemsOf(actual.payload);
    // Original: q1 0, calls 1 (its text msg_1), r1 2, synthetic 3, a1 4 (msg_4), q2 5, a2 6 (msg_6, msg_6).
    expect(originalItems.filter((item) => item.type === 'message').map((item) => item.id)).toEqual(['msg_1', 'msg_4', 'msg_6', 'msg_6']);
    expect(items.filter((item) => item.type === 'message').map((item) => item.id)).toEqual(['msg_2', 'msg_5', 'msg_7', 'msg_7']);
    // The calls and results are the original's items; the texts are copies with their ids moved; the last unit is built.
    const reused = items.map((item) => originalItems.indexOf(item));
    expect(reused).toEqual([0, -1, -1, 2, 3, 4, 5, -1, 7, -1, -1]);
    expect(items[2].content).toBe(originalItems[1].content);
  });

  it('keeps every reused item as it is when nothing before it moved', async () => {
    const replay = [q1, broken, calls, r1, a1, q2, A([text('two')], { ...route, timestamp: 7 })];
    const build = await buildPayload(original, GPT5);
    const actual = await buildReplayPayload(replay, [0, 1, 2, 3, 4, 5, 6], { messages: original, build }, GPT5);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(await whole(replay, GPT5)));
    const originalItems = itemsOf(build.payload);
    expect(itemsOf(actual.payload).map((item) => originalItems.indexOf(item))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, -1]);
  });

  it("builds the whole replay when a text's own id reads as a generated one", async () => {
    const signed = A([text('own', { textSignature: 'msg_3' })], { ...openaiRoute, timestamp: 5 });
    const withOwn = [q1, calls, r1, signed, q2, a2];
    const build = await buildPayload(withOwn, GPT5);
    const actual = await buildReplayPayload(withOwn, [0, 1, 2, 3, 4, 5], { messages: withOwn, build }, GPT5);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(await whole(withOwn, GPT5)));
    const shared = new Set(itemsOf(build.payload));
    expect(itemsOf(actual.payload).some((item) => shared.has(item))).toBe(false);
  });
});

describe('buildReplayPayload given an original built for another model', () => {
  it("builds the whole replay: the other model's entries are not the target's", async () => {
    const own = A(
      [
        { type: 'thinking', thinking: 'plan', thinkingSignature: JSON.stringify({ type: 'reasoning', id: 'rs_1', summary: [] }) },
        text('a', { textSignature: 'msg_own1' }),
      ],
      {
        ...openaiRoute,
        timestamp: 2,
      },
    );
    const messages = [U('q', { timestamp: 1 }), own, U('q2', { timestamp: 3 }), A([text('b')], { ...route, timestamp: 4 })];
    for (const [builtFor, target] of [
      [GPT5, GPT5_MINI],
      [
        { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
        { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-opus-4-5' },
      ],
    ] as const) {
      const build = await buildPayload(messages, builtFor);
      const actual = await buildReplayPayload(messages, [0, 1, 2, 3], { messages, build }, target);
      expect(JSON.stringify(actual), target.modelId).toBe(JSON.stringify(await whole(messages, target)));
    }
  });

  it('builds the whole replay for the same model told to reason, or not, otherwise than the original', async () => {
    // DeepSeek's reasoning model gets an empty reasoning_content on every assistant entry, only when it reasons.
    const deepseek = { provider: 'deepseek', api: 'openai-completions', modelId: 'deepseek-v4-pro' } as const;
    const messages = [U('q', { timestamp: 1 }), A([text('a')], { ...route, timestamp: 2 }), U('q2', { timestamp: 3 })];
    for (const [reasoning, replayReasoning] of [
      [false, true],
      [true, false],
    ]) {
      const build = await buildPayload(messages, { ...deepseek, reasoning });
      const target = { ...deepseek, reasoning: replayReasoning };
      const actual = await buildReplayPayload(messages, [0, 1, 2], { messages, build }, target, {}, { ...PART_SIZES, reuseShare: 0 });
      const expected = await whole(messages, target);
      expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
      expect(JSON.stringify(entriesOf(expected.payload))).not.toBe(JSON.stringify(entriesOf(build.payload)));
    }
  });
});

describe('unitItems', () => {
  const model = resolvePayloadModel(GPT5).model;
  const messages = [
    U('q', { timestamp: 1 }),
    A([text('a'), tc('toolu_1', 'read', {})], { ...route, stopReason: 'toolUse', timestamp: 2 }),
    TR('toolu_1', 'r', { timestamp: 3 }),
    U('q2', { timestamp: 4 }),
  ];

  it("finds each unit's items and the builder's count at each unit", async () => {
    const build = await whole(messages, GPT5);
    const units = perMessageUnits(messages, 'openai-responses')!;
    const found = unitItems(messages, units, itemsOf(build.payload), model)!;
    expect([...found.bounds]).toEqual([0, 1, 4, 5]);
    expect([...found.counts]).toEqual([0, 1, 3, 4]);
    expect([...found.generated]).toEqual([0, 1, 0, 0, 0]);
  });

  it("never takes a text's own id for a generated one, even one that reads as the count there", async () => {
    // The text's own id, escaped in its JSON signature, reads msg_1: the count at that message.
    const own = [
      U('q', { timestamp: 1 }),
      A([text('own', { textSignature: '{"v":1,"id":"msg\\u005f1"}' })], { ...openaiRoute, timestamp: 2 }),
    ];
    const items = itemsOf((await whole(own, GPT5)).payload);
    expect(items[1].id).toBe('msg_1');
    const found = unitItems(
      own,
      perMessageUnits(own, 'openai-responses') ?? { bounds: Int32Array.of(0, 1, 2), firstLeads: true, leads: Uint8Array.of(1, 1) },
      items,
      model,
    )!;
    expect([...found.generated]).toEqual([0, 0]);
  });

  it('refuses items that are not what the builder makes of the messages', async () => {
    const items = itemsOf((await whole(messages, GPT5)).payload);
    const units = perMessageUnits(messages, 'openai-responses')!;
    for (const changed of [
      items.slice(0, -1),
      [...items, items[0]],
      items.map((item) => (item.type === 'message' ? { ...item, id: 'msg_7' } : item)),
      items.map((item) => (item.type === 'function_call_output' ? { ...item, type: 'function_call' } : item)),
    ])
      expect(unitItems(messages, units, changed, model)).toBeNull();
  });
});

describe('buildReplayPayload for OpenAI Responses after a build in parts', () => {
  it("reads the original's units from its build in parts, and gives a whole build's payload", async () => {
    const messages: Message[] = [];
    for (let i = 0; messages.length < MIN_PARTS_MESSAGES + 4; i += 1)
      messages.push(
        U(`question ${i}`, { timestamp: 1 }),
        A([tc(`toolu_${i}`, 'read', { path: 'a' })], { ...route, stopReason: 'toolUse', timestamp: 2 }),
        TR(`toolu_${i}`, 'A', { timestamp: 3 }),
        A([text(`answer ${i}`)], { ...route, timestamp: 4 }),
      );
    const build = await buildPayload(messages, GPT5);
    expect(knownPerMessageUnits(build)).toEqual(perMessageUnits(toLlmMessages(messages).messages, 'openai-responses'));
    // One answer dropped early on: every later generated id moves.
    const replay = messages.filter((_, i) => i !== 3);
    const origins = messages.map((_, i) => i).filter((i) => i !== 3);
    const actual = await buildReplayPayload(replay, origins, { messages, build }, GPT5);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(await whole(replay, GPT5)));
    const shared = new Set(itemsOf(build.payload));
    expect(itemsOf(actual.payload).filter((item) => shared.has(item)).length).toBeGreaterThan(messages.length / 2);
  }, 60_000);
});

describe("buildReplayPayload for Mistral: the original's entries for unchanged units, with calls only when every id is sent as recorded", () => {
  it('gives what a whole build of the replay gives, on random transcripts, replays and part sizes', async () => {
    const random = rng(43);
    let reusedRounds = 0;
    let asRecordedRounds = 0;
    for (let round = 0; round < 300; round += 1) {
      const original = transcript(random, 6 + Math.floor(random() * 80), {
        oneUnitIds: random() < 0.8,
        wellFormed: random() < 0.8,
        // Mistral's own turns (its thinking and calls replayed as they are) in half the rounds.
        ...(random() < 0.5 ? { own: mistralRoute } : {}),
        noFailedCalls: random() < 0.8,
      });
      const replay = replayOf(random, original, { rewritten: random() < 0.3 ? 0.5 : 0 });
      const size = 2 + Math.floor(random() * 10);
      for (const target of [MISTRAL, MAGISTRAL, CODESTRAL]) {
        const sizes = { part: size, min: 2 * size, reuseShare: 0 };
        const { originalBuild, actual } = await checkedReplay(original, replay, target, sizes, `round ${round}, ${target.modelId}`);
        if (originalBuild.error) continue;
        const shared = new Set(entriesOf(originalBuild.payload));
        const reused = entriesOf(actual.payload).filter((entry) => shared.has(entry));
        if (reused.length > 0) reusedRounds += 1;
        // Never an entry with a call or a result, those built again so that each id is given out as in
        // a whole build; unless pi-ai sends every id as recorded (renamed-items.ts).
        const asRecorded = mistralSendsIdsAsRecorded(toLlmMessages(replay.messages).messages, originalBuild.model!);
        if (reused.some((entry) => entry.role === 'tool' || entry.toolCalls !== undefined)) {
          expect(asRecorded).toBe(true);
          asRecordedRounds += 1;
        }
      }
    }
    // Given any share (the sessions' threshold is half the messages); a failed turn with a call is built whole.
    expect(reusedRounds).toBeGreaterThan(250);
    // Mistral's own turns alone, or no call of another model's.
    expect(asRecordedRounds).toBeGreaterThan(4);
  }, 120_000);

  it('builds every turn with a call, so that an id hashed again in the original is not in the replay', async () => {
    // Another model's ids: toolu_abcd and tool_uabcd both hash to tooluabcd, so the original gives the
    // second call another id. Hygiene dropped the first call: the replay's whole build gives the
    // second tooluabcd.
    const turn = (i: number, id: string): Message[] => [
      U(`q${i}`, { timestamp: 1 }),
      A([tc(id, 'read', {})], { ...route, stopReason: 'toolUse', timestamp: 2 }),
      TR(id, 'A', { timestamp: 3 }),
      A([text(`a${i}`)], { ...route, timestamp: 4 }),
    ];
    const original = [...turn(0, 'toolu_abcd'), ...turn(1, 'toolu_x'), ...turn(2, 'tool_uabcd'), ...turn(3, 'toolu_y')];
    const keep = original.map((_, i) => i).filter((i) => i !== 1 && i !== 2);
    const replay = keep.map((i) => original[i]);
    const build = await buildPayload(original, MISTRAL);
    const actual = await buildReplayPayload(replay, keep, { messages: original, build }, MISTRAL, {}, { ...PART_SIZES, reuseShare: 0 });
    const expected = await whole(replay, MISTRAL);
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    const callIds = (entries: Item[]) => entries.flatMap((entry) => ((entry.toolCalls as Item[] | undefined) ?? []).map((call) => call.id));
    // tool_uabcd: hashed again in the original, not in the replay.
    expect(callIds(entriesOf(actual.payload))[1]).toBe('tooluabcd');
    expect(callIds(entriesOf(build.payload))[2]).not.toBe('tooluabcd');
    // The users' and the answers' entries are the original's; the calls, their results and the last turn are built.
    const originalEntries = entriesOf(build.payload);
    const at = entriesOf(actual.payload).map((entry) => originalEntries.indexOf(entry));
    expect(at).toEqual([0, 3, 4, -1, -1, 7, 8, -1, -1, 11, 12, -1, -1, -1]);
  });
});

// Chat Completions: gpt-4o on OpenRouter takes images; DeepSeek's reasoning model gets an empty
// reasoning_content on every assistant entry; Grok is a server of fewer features; OpenRouter's Claude
// models get Anthropic's cache marks, which this reuse refuses.
const OPENROUTER: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'openai/gpt-4o' };
const DEEPSEEK: Target = { provider: 'deepseek', api: 'openai-completions', modelId: 'deepseek-v4-pro', reasoning: true };
const GROK: Target = { provider: 'xai', api: 'openai-completions', modelId: 'grok-4' };
const OPENROUTER_CLAUDE: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5' };
const completionsRoute = { api: 'openai-completions', provider: 'openrouter', model: 'openai/gpt-4o' };

/** The transcript with every call id's `|` made a `_` (pi-ai cuts another model's such ids at the `|`: the ids then differ less). */
function withoutPipes(messages: Message[]): Message[] {
  const plain = (id: unknown) => (typeof id === 'string' ? id.replaceAll('|', '_') : id);
  return messages.map((m): Message => {
    if (m.role === 'toolResult') return { ...m, toolCallId: plain(m.toolCallId) as string };
    if (m.role !== 'assistant' || !Array.isArray(m.content)) return m;
    return {
      ...m,
      content: m.content.map((b) => ((b as Item).type === 'toolCall' ? { ...(b as Item), id: plain((b as Item).id) as string } : b)),
    };
  });
}

describe("buildReplayPayload for Chat Completions: the original's entries for unchanged units", () => {
  it('gives what a whole build of the replay gives, on random transcripts, replays and part sizes', async () => {
    const random = rng(47);
    let reusedRounds = 0;
    let groupsReused = 0;
    for (let round = 0; round < 200; round += 1) {
      const generated = transcript(random, 6 + Math.floor(random() * 80), {
        oneUnitIds: random() < 0.8,
        wellFormed: random() < 0.8,
        ...(random() < 0.4 ? { own: completionsRoute } : {}),
      });
      const original = random() < 0.5 ? withoutPipes(generated) : generated;
      const replay = replayOf(random, original, { rewritten: random() < 0.3 ? 0.5 : 0 });
      const size = 2 + Math.floor(random() * 10);
      for (const target of [OPENROUTER, DEEPSEEK, GROK, OPENROUTER_CLAUDE]) {
        const sizes = { part: size, min: 2 * size, reuseShare: 0 };
        const { originalBuild, actual } = await checkedReplay(original, replay, target, sizes, `round ${round}, ${target.modelId}`);
        if (originalBuild.error) continue;
        const shared = new Set(entriesOf(originalBuild.payload));
        const reused = entriesOf(actual.payload).filter((entry) => shared.has(entry));
        if (target === OPENROUTER_CLAUDE) {
          expect(reused, `round ${round}: a request with cache marks is built whole`).toEqual([]);
          continue;
        }
        if (reused.length > 0) reusedRounds += 1;
        // A tool result's images, added after its group, came with the unit.
        if (
          reused.some(
            (entry) =>
              Array.isArray(entry.content) && (entry.content[0] as Item | undefined)?.text === 'Attached image(s) from tool result:',
          )
        )
          groupsReused += 1;
      }
    }
    expect(reusedRounds).toBeGreaterThan(300);
    expect(groupsReused).toBeGreaterThan(20);
  }, 180_000);

  const call = (id: string, at: number) => A([tc(id, 'read', {})], { ...route, stopReason: 'toolUse', timestamp: at });
  const failed = (id: string, at: number) => A([tc(id, 'read', {})], { ...route, stopReason: 'aborted', timestamp: at });
  const image = (id: string, at: number): Message => ({
    role: 'toolResult',
    toolCallId: id,
    toolName: 'read',
    content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
    isError: false,
    timestamp: at,
  });

  it("reads a group of results across a failed turn, its images' entry, missing results, and a turn with no entry", async () => {
    const calls = (ids: string[], at: number) =>
      A(
        ids.map((id) => tc(id, 'read', {})),
        { ...route, stopReason: 'toolUse', timestamp: at },
      );
    const original: Message[] = [
      U('q', { timestamp: 1 }),
      // a2's result is missing: pi-ai adds it at the failed turn, in the group, before b's result; the
      // group's images come after all three.
      calls(['a', 'a2'], 2),
      image('a', 3),
      failed('b', 4),
      TR('b', 'r', { timestamp: 5 }),
      U('go on', { timestamp: 6 }),
      // c's result is missing: pi-ai adds it before the next assistant turn, the model's own thinking
      // alone, which makes no entry.
      call('c', 7),
      A([{ type: 'thinking', thinking: 'hmm' }], { ...completionsRoute, timestamp: 8 }),
      U('and?', { timestamp: 9 }),
      A([text('done')], { ...route, timestamp: 10 }),
      // e's result is missing at the end: before the images of d's.
      calls(['d', 'e'], 11),
      image('d', 12),
    ];
    const model = resolvePayloadModel(OPENROUTER).model;
    const entries = entriesOf((await whole(original, OPENROUTER)).payload);
    expect(entries.map((entry) => entry.role)).toEqual(
      ['user', 'assistant', 'tool', 'tool', 'tool', 'user', 'user', 'assistant', 'tool', 'user', 'assistant'].concat([
        'assistant',
        'tool',
        'tool',
        'user',
      ]),
    );
    const units = perMessageUnits(original, 'openai-completions')!;
    expect([...units.bounds]).toEqual([0, 1, 6, 10, 12]);
    const found = completionsUnitEntries(original, units, entries, model)!;
    expect([...found.bounds]).toEqual([0, 1, 7, 11, 15]);
    // Every count off by one entry, or a role changed, is refused.
    for (const changed of [
      entries.slice(0, -1),
      [...entries, entries[0]],
      entries.map((entry, i) => (i === 4 ? { ...entry, role: 'user' } : entry)),
    ])
      expect(completionsUnitEntries(original, units, changed, model)).toBeNull();
    // The replay drops the first question: the next two units are the original's (the last one is always built).
    const keep = original.map((_, i) => i).filter((i) => i !== 0);
    const replay = keep.map((i) => original[i]);
    const build = await buildPayload(original, OPENROUTER);
    const actual = await buildReplayPayload(replay, keep, { messages: original, build }, OPENROUTER, {}, { ...PART_SIZES, reuseShare: 0 });
    expect(JSON.stringify(actual)).toBe(JSON.stringify(await whole(replay, OPENROUTER)));
    const originalEntries = entriesOf(build.payload);
    expect(entriesOf(actual.payload).map((entry) => originalEntries.indexOf(entry))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, -1, -1, -1, -1,
    ]);
  });

  it("reads another model's calls by the ids pi-ai sends: two that become one id share a result", async () => {
    // Anthropic's turn, for an OpenRouter model: c|x and c|y are both sent as c, so c|x's result answers
    // both and pi-ai adds none; the model's own call keeps its id, so own|1's result answers it alone.
    const messages = [
      U('q', { timestamp: 1 }),
      A([tc('c|x', 'read', {}), tc('c|y', 'read', {})], { ...route, stopReason: 'toolUse', timestamp: 2 }),
      TR('c|x', 'r', { timestamp: 3 }),
      A([tc('own|1', 'read', {}), tc('own|2', 'read', {})], { ...completionsRoute, stopReason: 'toolUse', timestamp: 4 }),
      TR('own|1', 'r', { timestamp: 5 }),
    ];
    const model = resolvePayloadModel(OPENROUTER).model;
    const entries = entriesOf((await whole(messages, OPENROUTER)).payload);
    expect(entries.map((entry) => [entry.role, entry.tool_call_id])).toEqual([
      ['user', undefined],
      ['assistant', undefined],
      ['tool', 'c'],
      ['assistant', undefined],
      ['tool', 'own|1'],
      ['tool', 'own|2'],
    ]);
    const units = perMessageUnits(messages, 'openai-completions')!;
    expect([...completionsUnitEntries(messages, units, entries, model)!.bounds]).toEqual([0, 1, 3, 6]);
  });

  it("reads another model's long call ids as pi-ai cuts them for OpenAI's servers: 40 characters", async () => {
    const openai: Target = { provider: 'openai', api: 'openai-completions', modelId: 'gpt-4o' };
    const long = 'toolu_'.padEnd(44, 'x');
    const messages = [
      U('q', { timestamp: 1 }),
      A([tc(`${long}a`, 'read', {}), tc(`${long}b`, 'read', {})], { ...route, stopReason: 'toolUse', timestamp: 2 }),
      TR(`${long}a`, 'r', { timestamp: 3 }),
    ];
    const model = resolvePayloadModel(openai).model;
    const entries = entriesOf((await whole(messages, openai)).payload);
    // Both calls are sent as the same 40 characters, which the one result answers.
    expect(entries.map((entry) => entry.role)).toEqual(['user', 'assistant', 'tool']);
    expect(entries[2].tool_call_id).toBe(long.slice(0, 40));
    const units = perMessageUnits(messages, 'openai-completions')!;
    expect([...completionsUnitEntries(messages, units, entries, model)!.bounds]).toEqual([0, 1, 3]);
  });

  it("refuses an assistant turn whose entry it cannot tell: lone surrogates, the model's own thinking under a signature it writes to", async () => {
    const model = resolvePayloadModel(OPENROUTER).model;
    const turn = (blocks: unknown[], routeOf: object) => [
      U('q', { timestamp: 1 }),
      call('a', 2),
      TR('a', 'ok', { timestamp: 3 }),
      A(blocks, { ...routeOf, timestamp: 4 }),
      call('b', 5),
      TR('b', 'ok', { timestamp: 6 }),
    ];
    const cases = [
      // pi-ai takes the lone surrogate out: nothing is left to say, and it writes no entry.
      turn([text('\ud800')], route),
      turn([{ type: 'thinking', thinking: '\udc00' }], route),
      // pi-ai writes the thinking as the entry's content: it writes an entry.
      turn([{ type: 'thinking', thinking: 'hmm', thinkingSignature: 'content' }], completionsRoute),
      // Both in one unit: one entry, which a reading that got both wrong would give to the wrong turn
      // (each misreading alone is refused by the count of entries, so only both together test the two checks).
      [
        ...turn([{ type: 'thinking', thinking: 'hmm', thinkingSignature: 'content' }], completionsRoute).slice(0, 4),
        A([text('\ud800')], { ...route, timestamp: 5 }),
      ],
    ];
    for (const [i, messages] of cases.entries()) {
      const units = perMessageUnits(messages, 'openai-completions')!;
      const entries = entriesOf((await whole(messages, OPENROUTER)).payload);
      expect(completionsUnitEntries(messages, units, entries, model), `case ${i}`).toBeNull();
    }
    // A signature that names another member is read: the thinking adds no entry.
    const other = turn([{ type: 'thinking', thinking: 'hmm', thinkingSignature: 'reasoning_content' }], completionsRoute);
    const entries = entriesOf((await whole(other, OPENROUTER)).payload);
    expect(entries).toHaveLength(5);
    expect(completionsUnitEntries(other, perMessageUnits(other, 'openai-completions')!, entries, model)).not.toBeNull();
  });

  it('refuses servers whose requests depend on more than each unit', () => {
    const model = resolvePayloadModel(OPENROUTER).model;
    expect(completionsReadable(model)).toBe(true);
    expect(completionsReadable(resolvePayloadModel(OPENROUTER_CLAUDE).model)).toBe(false);
    for (const compat of [
      { requiresAssistantAfterToolResult: true },
      { requiresThinkingAsText: true },
      { cacheControlFormat: 'anthropic' },
    ])
      expect(completionsReadable({ ...model, compat } as typeof model)).toBe(false);
  });

  it('knows a tool history as pi-ai does: any result, or any call', () => {
    expect(hasToolHistory([U('q'), A([text('a')], route)])).toBe(false);
    expect(hasToolHistory([U('q'), call('a', 2)])).toBe(true);
    expect(hasToolHistory([TR('a', 'orphan')])).toBe(true);
  });
});

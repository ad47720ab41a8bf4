// The replay's payload built from the original's for unchanged turns, and long texts given to pi-ai as
// stand-ins: always what a whole pi-ai build of the texts as they are gives.
import { describe, expect, it } from 'vitest';
import { buildLlmPayload, buildPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import { toLlmMessages } from '../../../../../electron/host/payloads/llm-messages.js';
import { buildReplayPayload } from '../../../../../electron/host/payloads/replay-payload.js';
import type { Message, Target } from '../../../../../shared/types.js';
import { derivedEntryCount, entriesOf, renamedResultCount } from '../../../helpers/payload-entries.js';
import { recordedBy, replayOf, rng, transcript } from '../../../helpers/transcripts.js';

const TARGETS: Target[] = [
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'google-vertex', api: 'google-vertex', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' },
  { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5' },
  { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1' },
];

/** Canonical base64 of an image's size, and the same wrapped as some writers keep it. */
const LONG_IMAGE = Buffer.alloc(600, 7).toString('base64');
const WRAPPED_IMAGE = `${LONG_IMAGE.slice(0, 400)}\n${LONG_IMAGE.slice(400)}`;

/**
 * The generator's images made long enough to go to Bedrock's builder as stand-ins, canonical or
 * wrapped by turns (see image-stand-ins.ts). The same objects otherwise, so the rest is as generated.
 */
function withLongImages(messages: Message[]): { messages: Message[]; images: number } {
  let images = 0;
  const out = messages.map((m) => {
    if (!Array.isArray(m.content) || !m.content.some((b: { type?: string }) => b?.type === 'image')) return m;
    const content = (m.content as Record<string, unknown>[]).map((b) =>
      b.type === 'image' ? { ...b, data: (images += 1) % 2 === 0 ? WRAPPED_IMAGE : LONG_IMAGE } : b,
    );
    return { ...m, content } as Message;
  });
  return { messages: out, images };
}

describe('buildReplayPayload', () => {
  it('gives what a whole build of the replay gives, on random transcripts and replays', async () => {
    const random = rng(13);
    const reusedRounds = new Map<string, number>();
    let roundsWithImages = 0;
    let derivedEntries = 0;
    for (let round = 0; round < 200; round += 1) {
      const generated = withLongImages(transcript(random, 4 + Math.floor(random() * 30)));
      const original = generated.messages;
      if (generated.images > 1) roundsWithImages += 1;
      const replay = replayOf(random, original);
      for (const target of TARGETS) {
        const originalBuild = await buildPayload(original, target);
        const expected = await buildLlmPayload(toLlmMessages(replay.messages), target, {}, { standIns: false });
        const originalPlain = await buildLlmPayload(toLlmMessages(original), target, {}, { standIns: false });
        expect(JSON.stringify(originalBuild), `round ${round}, ${target.api}, original`).toBe(JSON.stringify(originalPlain));
        const actual = await buildReplayPayload(replay.messages, replay.origins, { messages: original, build: originalBuild }, target);
        expect(JSON.stringify(actual), `round ${round}, ${target.api}`).toBe(JSON.stringify(expected));
        const originalEntries = new Set(entriesOf(originalBuild.payload));
        if (entriesOf(actual.payload).some((entry) => originalEntries.has(entry)))
          reusedRounds.set(target.api, (reusedRounds.get(target.api) ?? 0) + 1);
        derivedEntries += derivedEntryCount(actual.payload, originalBuild.payload);
      }
    }
    // The reuse is exercised on each API, not only the fallback to a whole build, and Bedrock's image stand-ins with both forms.
    expect(roundsWithImages).toBeGreaterThan(20);
    expect(reusedRounds.get('anthropic-messages')).toBeGreaterThan(40);
    // Assistant entries derived from the original's, without the blocks of the thinking hygiene dropped (12 here).
    expect(derivedEntries).toBeGreaterThan(8);
    expect(reusedRounds.get('bedrock-converse-stream')).toBeGreaterThan(20);
    expect(reusedRounds.get('google-generative-ai')).toBeGreaterThan(20);
    expect(reusedRounds.get('google-vertex')).toBeGreaterThan(20);
    expect(reusedRounds.get('openai-responses')).toBeGreaterThan(20);
    expect(reusedRounds.get('azure-openai-responses')).toBeGreaterThan(20);
    expect(reusedRounds.get('openai-codex-responses')).toBeGreaterThan(20);
  }, 60_000);
});

describe('buildReplayPayload on replays whose tool-call ids were rewritten', () => {
  const IMAGE = { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' };
  it('gives what a whole build of the replay gives, with the renamed units derived for Anthropic and Bedrock and reused for Gemini', async () => {
    const random = rng(29);
    const renamed = new Map<string, number>();
    const reusedEntries = new Map<string, number>();
    for (let round = 0; round < 150; round += 1) {
      // Each id in one unit, as the reuse needs (a transcript that repeats one is built whole, as the test above has).
      // Images in half the results, so that Anthropic's result blocks hold a list too (see `renamedResultCount`).
      const original = withLongImages(
        transcript(random, 4 + Math.floor(random() * 30), { oneUnitIds: true }).map((m) =>
          m.role === 'toolResult' && random() < 0.5 ? { ...m, content: [...(m.content as object[]), IMAGE] } : m,
        ),
      ).messages;
      const replay = replayOf(random, original, { renamed: 0.5 });
      for (const target of TARGETS.slice(0, 4)) {
        const originalBuild = await buildPayload(original, target);
        const expected = await buildLlmPayload(toLlmMessages(replay.messages), target, {}, { standIns: false });
        const actual = await buildReplayPayload(replay.messages, replay.origins, { messages: original, build: originalBuild }, target);
        expect(JSON.stringify(actual), `round ${round}, ${target.api}`).toBe(JSON.stringify(expected));
        renamed.set(target.api, (renamed.get(target.api) ?? 0) + renamedResultCount(actual.payload, originalBuild.payload));
        const originalEntries = new Set(entriesOf(originalBuild.payload));
        const shared = entriesOf(actual.payload).filter((entry) => originalEntries.has(entry)).length;
        reusedEntries.set(target.api, (reusedEntries.get(target.api) ?? 0) + shared);
      }
    }
    // Results sent under their new ids from the original's blocks (12 and 35 here; Anthropic's results of
    // text alone, strings, are not counted); none for Gemini, whose builder sends no id.
    expect(renamed.get('anthropic-messages')).toBeGreaterThan(8);
    expect(renamed.get('bedrock-converse-stream')).toBeGreaterThan(25);
    expect(renamed.get('google-generative-ai')).toBe(0);
    // Gemini's builder sends a Gemini model no id: a unit whose ids alone changed is reused whole
    // (renamed-units.ts). 1,408 entries of the original's here, 1,202 without that.
    expect(reusedEntries.get('google-generative-ai')).toBeGreaterThan(1300);
  }, 60_000);
});

describe('buildReplayPayload on a replay hygiene rewrote', () => {
  const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
  const call = { type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a.txt' } };
  const u1: Message = { role: 'user', content: 'read a.txt', timestamp: 1 };
  const a1: Message = {
    role: 'assistant',
    content: [{ type: 'thinking', thinking: 'plan', thinkingSignature: 'EqQB' }, call],
    ...route,
    stopReason: 'toolUse',
    timestamp: 2,
  };
  const r1: Message = {
    role: 'toolResult',
    toolCallId: 'toolu_1',
    toolName: 'read',
    content: [{ type: 'text', text: 'A' }],
    isError: false,
    details: { exitCode: 0 },
    timestamp: 3,
  };
  const a2: Message = { role: 'assistant', content: [{ type: 'text', text: 'It says A.' }], ...route, stopReason: 'stop', timestamp: 4 };
  const u2: Message = { role: 'user', content: 'thanks', timestamp: 5 };
  const a3: Message = { role: 'assistant', content: [{ type: 'text', text: 'Welcome.' }], ...route, stopReason: 'stop', timestamp: 6 };
  const original = [u1, a1, r1, a2, u2, a3];
  // Thinking dropped from the first call (its tool call the same block), the result's details dropped.
  const a1Replay: Message = { ...a1, content: [call] };
  const r1Replay: Message = { ...r1 };
  delete r1Replay.details;
  const replay = [u1, a1Replay, r1Replay, a2, u2, a3];

  it("takes the original's entries for the unchanged units and the rewritten call's result, and builds the rest", async () => {
    const target = TARGETS[0];
    const originalBuild = await buildPayload(original, target);
    const actual = await buildReplayPayload(replay, [0, 1, 2, 3, 4, 5], { messages: original, build: originalBuild }, target);
    const expected = await buildLlmPayload(toLlmMessages(replay), target, {}, { standIns: false });
    expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
    const originalEntries = (originalBuild.payload as { messages: { content: unknown[] }[] }).messages;
    const entries = (actual.payload as { messages: { content: unknown[] }[] }).messages;
    // The last entry is built again (it holds `cache_control`); the call's own entry is the original's
    // without its thinking block (derived-entry.ts): a new entry of the original's blocks.
    expect(entries.map((entry, k) => entry === originalEntries[k])).toEqual([true, false, true, true, true, false]);
    expect(entries[1].content).toHaveLength(1);
    expect(entries[1].content[0]).toBe(originalEntries[1].content[1]);
  });
});

/** The targets whose builders take stand-ins, besides the Anthropic ones above. */
const STAND_IN_TARGETS: Target[] = [
  { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true },
  { provider: 'vllm', api: 'openai-completions', modelId: 'qwen3-32b' },
  { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5', reasoning: true },
  { provider: 'openrouter', api: 'openai-completions', modelId: 'mistralai/devstral-small' },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' },
  { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5', reasoning: true },
  { provider: 'google-vertex', api: 'google-vertex', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1-codex-max', reasoning: true },
  // Claude on Bedrock replays signed thinking as reasoning; other Bedrock models without its signature.
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'amazon.nova-pro-v1:0' },
];

describe('stand-ins', () => {
  it('give what a build of the texts as they are gives, on random transcripts, for every builder that takes them', async () => {
    const random = rng(31);
    const replaced = new Map<string, number>();
    let ownReasoning = 0;
    for (let round = 0; round < 150; round += 1) {
      const messages = transcript(random, 4 + Math.floor(random() * 30));
      // Thinking signed the Chat Completions way (a member name) and the Responses way (an item).
      for (const message of messages)
        if (message.role === 'assistant' && Array.isArray(message.content))
          for (const block of message.content as Record<string, unknown>[])
            if (block.type === 'thinking' && block.thinkingSignature === 'sig' && random() < 0.5)
              block.thinkingSignature =
                random() < 0.5 ? 'reasoning_content' : JSON.stringify({ type: 'reasoning', id: 'rs_1', summary: [] });
      const llm = toLlmMessages(messages);
      for (const target of STAND_IN_TARGETS) {
        // Bedrock's own turns (their thinking replayed as reasoning): the generator's Claude turns, recorded on Bedrock.
        const own =
          target.api === 'bedrock-converse-stream' && random() < 0.5
            ? toLlmMessages(messages.map(recordedBy(target, 'anthropic-messages')))
            : llm;
        const withTokens = await buildLlmPayload(own, target);
        const plain = await buildLlmPayload(own, target, {}, { standIns: false });
        expect(JSON.stringify(withTokens), `round ${round}, ${target.provider}/${target.api}`).toBe(JSON.stringify(plain));
        if (own !== llm && JSON.stringify(plain.payload).includes('"reasoningText":{"text":"yyy')) ownReasoning += 1;
        if (!plain.error && llm.messages.some((m) => JSON.stringify(m).includes('y'.repeat(600))))
          replaced.set(target.api, (replaced.get(target.api) ?? 0) + 1);
      }
    }
    expect(ownReasoning).toBeGreaterThan(10);
    // Builds that succeeded with long texts in them, for each api: the stand-ins were put back.
    for (const api of [
      'openai-responses',
      'openai-completions',
      'google-generative-ai',
      'azure-openai-responses',
      'google-vertex',
      'openai-codex-responses',
      'bedrock-converse-stream',
    ])
      expect(replaced.get(api) ?? 0).toBeGreaterThan(20);
  }, 60_000);
});

// A long Anthropic, Bedrock or Gemini payload built in parts of whole units: always what one whole pi-ai build gives.
import { describe, expect, it, vi } from 'vitest';
import { buildLlmPayload, buildPayload, type PayloadBuild } from '../../../../../electron/host/payloads/payload-builder.js';
import { toLlmMessages, type LlmMessages } from '../../../../../electron/host/payloads/llm-messages.js';
import {
  buildInParts,
  knownPerMessageUnits,
  knownSplit,
  MIN_PARTS_MESSAGES,
  PART_MESSAGES,
  partCuts,
} from '../../../../../electron/host/payloads/payload-parts.js';
import { buildReplayPayload } from '../../../../../electron/host/payloads/replay-payload.js';
import { entryBounds, unitApiOf, unitsOf, unitsOfPart, type Units } from '../../../../../electron/host/payloads/replay-units.js';
import { perMessageApiOf, perMessageUnits, type PerMessageApi } from '../../../../../electron/host/payloads/per-message-parts.js';
import { resolvePayloadModel } from '../../../../../electron/host/payloads/model.js';
import type { JsonValue, Message, Target } from '../../../../../shared/types.js';
import { A, text, tc, TR, U } from '../../../helpers/messages.js';
import { replayOf, rng, transcript } from '../../../helpers/transcripts.js';

// pi-ai's builder, counted: a build in parts calls it once a part.
const piAi = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@mariozechner/pi-ai', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@mariozechner/pi-ai')>();
  return {
    ...actual,
    streamSimple: (...args: Parameters<typeof actual.streamSimple>) => {
      piAi.calls += 1;
      return actual.streamSimple(...args);
    },
  };
});

/** How many times pi-ai built a payload while `work` ran. */
async function piAiCalls<T>(work: () => Promise<T>): Promise<{ value: T; calls: number }> {
  const before = piAi.calls;
  const value = await work();
  return { value, calls: piAi.calls - before };
}

const ANTHROPIC: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };
const ANTHROPIC_PLAIN: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const BEDROCK: Target = {
  provider: 'amazon-bedrock',
  api: 'bedrock-converse-stream',
  modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
  reasoning: true,
};
const BEDROCK_PLAIN: Target = { ...BEDROCK, reasoning: false };
// Gemini 2.5 puts a tool result's images in a user entry of their own after it; Gemini 3 inside the result.
const GEMINI: Target = { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true };
const GEMINI_PLAIN: Target = { ...GEMINI, reasoning: false };
const GEMINI_3: Target = { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-3-pro-preview', reasoning: true };
const OPENAI: Target = { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true };
const OPENAI_PLAIN: Target = { ...OPENAI, reasoning: false };
// Azure's builder runs the same Responses conversion: its payloads are read as OpenAI's.
const AZURE: Target = { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5', reasoning: true };
const MISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' };
// Chat Completions: OpenRouter's thinking format, and DeepSeek's (reasoning_content on every assistant).
const OPENROUTER: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'openai/gpt-4o' };
const DEEPSEEK: Target = { provider: 'deepseek', api: 'openai-completions', modelId: 'deepseek-v4-pro', reasoning: true };
const MAGISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'magistral-medium-latest', reasoning: true };
const geminiRoute = { api: 'google-generative-ai', provider: 'google', model: 'gemini-2.5-pro' };
// Vertex's builder runs the same Gemini conversion: its payloads are read as Gemini's.
const VERTEX: Target = { provider: 'google-vertex', api: 'google-vertex', modelId: 'gemini-2.5-pro', reasoning: true };
const VERTEX_PLAIN: Target = { ...VERTEX, reasoning: false };
const vertexRoute = { api: 'google-vertex', provider: 'google-vertex', model: 'gemini-2.5-pro' };
const MODEL = { id: 'claude-sonnet-4-5', provider: 'anthropic', api: 'anthropic-messages', baseUrl: 'https://api.anthropic.com' };
const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };

const user = (content: string): Message => U(content, { timestamp: 1 });
const answer = (value: string): Message => A([text(value)], { ...route, timestamp: 2 });
const calling = (id: string): Message => A([tc(id, 'read', { path: 'a' })], { ...route, stopReason: 'toolUse', timestamp: 3 });
const result = (id: string): Message => TR(id, 'A', { timestamp: 4 });

const wholeBuild = (llm: LlmMessages, target: Target) => buildLlmPayload(llm, target);
const byParts = (llm: LlmMessages, target: Target, size: number) =>
  buildInParts(llm, target, (part) => buildLlmPayload(part, target), { part: size, min: 2 * size });

describe('partCuts', () => {
  it("cuts only after an assistant's unit, once a part is long enough", () => {
    // Units: [u0] [a1] [u2] [a3 r4] [a5] [u6] [a7 r8] [a9] [u10] [a11].
    const messages = [
      user('one'), // 0
      answer('a'), // 1: a cut may follow
      user('two'), // 2: a user's unit, no cut after it
      calling('toolu_1'), // 3
      result('toolu_1'), // 4: a cut may follow (the unit of a3)
      answer('b'), // 5: a cut may follow
      user('three'), // 6
      calling('toolu_2'), // 7
      result('toolu_2'), // 8: a cut may follow
      answer('c'), // 9: a cut may follow
      user('four'), // 10
      answer('d'), // 11
    ];
    const llm = toLlmMessages(messages);
    const units = unitsOf(llm.messages, MODEL)!;
    expect([...units.bounds]).toEqual([0, 1, 2, 3, 5, 6, 7, 9, 10, 11, 12]);
    // Parts of at least 2 messages: after a1 (2 messages), after r4 (3), after r8 (4; not after u6);
    // the rest (a9 u10 a11, 3) stays.
    expect(partCuts(llm, units, 2)).toEqual([0, 2, 4, 7, 10]);
    // At least 5: after r4 (5 messages), after a9 (5); the rest (u10 a11, 2) joins the part before it.
    expect(partCuts(llm, units, 5)).toEqual([0, 4, 10]);
    // A remainder under half a part joins the part before it.
    expect(partCuts(llm, units, 8)).toEqual([0, 10]);
  });

  it("never cuts after a user's unit, and takes off the cache_control a part's build puts on its last tool results", async () => {
    const asked = (value: string): Message => U([text(value)], { timestamp: 1 });
    // u0 a1 | u2 u3 a4 r5 (a result no call asked for: a user entry after the answer) | u6 a7 | u8 a9 | u10
    const messages = [
      asked('one'),
      answer('a'),
      asked('two'),
      asked('three'),
      answer('b'),
      result('toolu_x'),
      asked('four'),
      answer('c'),
      asked('five'),
      answer('d'),
      asked('six'),
    ];
    const llm = toLlmMessages(messages);
    const units = unitsOf(llm.messages, MODEL)!;
    expect([...units.bounds]).toEqual([0, 1, 2, 3, 4, 6, 7, 8, 9, 10, 11]);
    const cuts = partCuts(llm, units, 1);
    expect(cuts).toEqual([0, 2, 5, 7, 9, 10]);
    for (const t of cuts.slice(1, -1)) expect(llm.messages[units.bounds[t - 1]].role).toBe('assistant');
    // The part that ends with r5's entry gets cache_control there from pi-ai; the joined payload has it
    // only on the last entry (u10's), as a whole build.
    const { value: parts, calls } = await piAiCalls(async () => (await byParts(llm, ANTHROPIC, 1))!);
    expect(calls).toBe(5);
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, ANTHROPIC)));
    const entries = (parts.payload as { messages: unknown[] }).messages;
    expect(entries.flatMap((entry, k) => (JSON.stringify(entry).includes('cache_control') ? [k] : []))).toEqual([entries.length - 1]);
  });
});

describe('units of a Vertex build', () => {
  it("are read as Gemini's: the model's own redacted thinking, blank, makes no entry", async () => {
    // Anthropic's builder replays redacted thinking whatever its text; Gemini's keeps only a non-blank one.
    const redacted = (own: typeof vertexRoute | typeof geminiRoute): Message =>
      A([{ type: 'thinking', thinking: '', thinkingSignature: 'c2ln', redacted: true }], { ...own, timestamp: 2 });
    for (const [target, own] of [
      [VERTEX, vertexRoute],
      [GEMINI, geminiRoute],
    ] as const) {
      const llm = toLlmMessages([user('q'), redacted(own), user('again')]);
      const units = unitsOf(llm.messages, resolvePayloadModel(target).model)!;
      expect([...units.leads], target.api).toEqual([1, 0, 1]);
      const entries = ((await wholeBuild(llm, target)).payload as { contents: JsonValue[] }).contents;
      expect(entryBounds(entries, units, unitApiOf(target.api)!), target.api).not.toBeNull();
    }
  });
});

describe('buildInParts', () => {
  for (const [name, targets, seed, own] of [
    ['Anthropic', [ANTHROPIC, ANTHROPIC_PLAIN], 71, undefined],
    ['Bedrock', [BEDROCK, BEDROCK_PLAIN], 72, undefined],
    ['Gemini', [GEMINI, GEMINI_PLAIN], 73, geminiRoute],
    ['Gemini 3', [GEMINI_3, GEMINI], 74, { ...geminiRoute, model: GEMINI_3.modelId }],
    ['Vertex', [VERTEX, VERTEX_PLAIN], 78, vertexRoute],
    ['OpenAI Responses', [OPENAI, OPENAI_PLAIN], 75, undefined],
    ['Azure OpenAI Responses', [AZURE, { ...AZURE, reasoning: false }], 79, undefined],
    ['Mistral', [MISTRAL, MAGISTRAL], 76, undefined],
    ['Chat Completions', [OPENROUTER, DEEPSEEK], 77, undefined],
  ] as const) {
    it(`${name}: gives what a whole build gives, on random transcripts, part sizes and both thinking settings`, async () => {
      const random = rng(seed);
      let inParts = 0;
      const responses = targets[0] === OPENAI || targets[0] === AZURE;
      const perMessage = responses || targets[0] === MISTRAL || targets[0] === OPENROUTER;
      for (let round = 0; round < 120; round += 1) {
        const messages = transcript(random, 40 + Math.floor(random() * 120), {
          oneUnitIds: true,
          wellFormed: true,
          own,
          responses,
          noFailedCalls: targets[0] === MISTRAL,
        });
        const llm = toLlmMessages(messages);
        const size = 2 + Math.floor(random() * 12);
        for (const target of targets) {
          const parts = await byParts(llm, target, size);
          if (parts === null) continue;
          inParts += 1;
          const whole = await wholeBuild(llm, target);
          expect(JSON.stringify(parts), `round ${round}, size ${size}`).toBe(JSON.stringify(whole));
          // The units (and for the APIs with entry units, the entry bounds) handed to the replay's
          // build are the ones it would find.
          if (perMessage) {
            expect(knownSplit(parts)).toBeUndefined();
            expect(knownPerMessageUnits(parts), `round ${round}`).toEqual(
              perMessageUnits(llm.messages, perMessageApiOf(target.api)!, resolvePayloadModel(target).model),
            );
            continue;
          }
          const split = knownSplit(parts)!;
          const api = unitApiOf(target.api)!;
          expect(split.units, `round ${round}`).toEqual(unitsOf(llm.messages, resolvePayloadModel(target).model));
          const entries = (parts.payload as Record<string, JsonValue[]>)[api === 'google-generative-ai' ? 'contents' : 'messages'];
          expect([...split.entryBounds], `round ${round}`).toEqual([...entryBounds(entries, split.units, api)!]);
        }
      }
      // Most rounds were built in parts (not all fell back to a whole build).
      expect(inParts).toBeGreaterThan(150);
    }, 120_000);
  }

  it('builds nothing itself for an api without parts, a short conversation, or a tool-call id in two units', async () => {
    const messages: Message[] = [];
    for (let i = 0; i < 20; i += 1) messages.push(user(`q${i}`), calling(`toolu_${i}`), result(`toolu_${i}`), answer(`a${i}`));
    const llm = toLlmMessages(messages);
    expect(await byParts(llm, ANTHROPIC, 4)).not.toBeNull();
    expect(await byParts(llm, { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1' }, 4)).not.toBeNull();
    // Every api pi-ai builds has parts now: one it cannot build has none.
    expect(await byParts(llm, { provider: 'acme', api: 'acme-chat', modelId: 'acme-1' }, 4)).toBeNull();
    expect(await byParts(llm, { provider: 'openai', api: 'openai-chatgpt-responses', modelId: 'gpt-5.1' }, 4)).not.toBeNull();
    expect(await byParts(llm, { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5' }, 4)).not.toBeNull();
    expect(await byParts(llm, VERTEX, 4)).not.toBeNull();
    expect(await byParts(llm, OPENROUTER, 4)).not.toBeNull();
    expect(await byParts(llm, OPENAI, 4)).not.toBeNull();
    expect(await byParts(llm, GEMINI, 4)).not.toBeNull();
    expect(await byParts(llm, ANTHROPIC, 41)).toBeNull();
    const reused = toLlmMessages([...messages, user('again'), calling('toolu_3'), result('toolu_3'), answer('done')]);
    expect(await byParts(reused, ANTHROPIC, 4)).toBeNull();
    expect(await byParts(reused, OPENAI, 4)).toBeNull();
  });

  it("Bedrock: an assistant's own redacted thinking makes an entry, another model's does not", async () => {
    const bedrockRoute = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', model: BEDROCK.modelId };
    const redacted = { type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'enc', redacted: true };
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1)
      messages.push(user(`q${i}`), A([redacted], { ...(i % 2 ? bedrockRoute : route), timestamp: 2 }), answer(`a${i}`));
    const llm = toLlmMessages(messages);
    const parts = await byParts(llm, BEDROCK, 4);
    expect(parts).not.toBeNull();
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, BEDROCK)));
  });

  it("Bedrock: takes off the cache point a part's build adds after its last tool results, and keeps the last entry's", async () => {
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1) messages.push(user(`q${i}`), calling(`toolu_${i}`), result(`toolu_${i}`));
    messages.push(user('last question'));
    const llm = toLlmMessages(messages);
    const { value: parts, calls } = await piAiCalls(() => byParts(llm, BEDROCK, 4));
    expect(calls).toBeGreaterThan(2);
    const entries = (parts!.payload as { messages: { content: unknown[] }[] }).messages;
    const marked = entries.flatMap((entry, k) => (JSON.stringify(entry).includes('cachePoint') ? [k] : []));
    expect(marked).toEqual([entries.length - 1]);
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, BEDROCK)));
  });

  it("Gemini: a tool result's images after it (before Gemini 3) stay in its unit, a user turn of the same form does not fit", async () => {
    const withImage = (id: string): Message => ({
      role: 'toolResult',
      toolCallId: id,
      toolName: 'read',
      content: [text('shot'), { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
      isError: false,
      timestamp: 4,
    });
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1) messages.push(user(`q${i}`), calling(`toolu_${i}`), withImage(`toolu_${i}`), answer(`a${i}`));
    const llm = toLlmMessages(messages);
    const { value: parts, calls } = await piAiCalls(() => byParts(llm, GEMINI, 4));
    expect(calls).toBeGreaterThan(2);
    const contents = (parts!.payload as { contents: { role: string; parts: Record<string, unknown>[] }[] }).contents;
    // Each result: its functionResponse entry, then its images' entry.
    expect(contents.filter((entry) => entry.parts[0].text === 'Tool result image:')).toHaveLength(12);
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, GEMINI)));
    // A user turn that reads like such an entry leaves the units one short: built whole.
    const lookalike = messages.slice();
    lookalike.splice(
      20,
      0,
      U([text('Tool result image:'), { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }], { timestamp: 1 }),
    );
    expect(await byParts(toLlmMessages(lookalike), GEMINI, 4)).toBeNull();
  });

  it("Gemini: an empty user turn makes no entry, a blank one does, and another model's redacted thinking none", async () => {
    const redacted = { type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'enc', redacted: true };
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1)
      messages.push(
        U(i % 3 === 0 ? [] : i % 3 === 1 ? '  ' : `q${i}`, { timestamp: 1 }),
        A([redacted], { ...(i % 2 ? geminiRoute : route), timestamp: 2 }),
        answer(`a${i}`),
      );
    const llm = toLlmMessages(messages);
    const units = unitsOf(llm.messages, resolvePayloadModel(GEMINI).model)!;
    // Twelve answers lead; of the users, the eight not empty; of the redacted turns, Gemini's own six.
    expect(units.leads.reduce((sum, lead) => sum + lead, 0)).toBe(12 + 8 + 6);
    // The first message (an empty user turn) leads none: the first unit holds it and the turn after.
    expect(units.firstLeads).toBe(false);
    expect(units.bounds.length - 1).toBe(12 + 8 + 6 + 1);
    const parts = await byParts(llm, GEMINI, 4);
    expect(parts).not.toBeNull();
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, GEMINI)));
  });

  it('OpenAI Responses: the ids pi-ai generates for texts count on from part to part, as in a whole build', async () => {
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1) messages.push(user(`q${i}`), calling(`toolu_${i}`), result(`toolu_${i}`), answer(`a${i}`));
    const llm = toLlmMessages(messages);
    const { value: parts, calls } = await piAiCalls(() => byParts(llm, OPENAI, 4));
    expect(calls).toBeGreaterThan(2);
    const items = (parts!.payload as { input: { type?: string; id?: string }[] }).input;
    // Each answer's text (another model's: no id of its own) is the 4th message of its turn.
    expect(items.filter((item) => item.type === 'message').map((item) => item.id)).toEqual(
      Array.from({ length: 12 }, (_, i) => `msg_${4 * i + 3}`),
    );
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, OPENAI)));
  });

  it("OpenAI Responses: built whole when a text's own id or a reasoning item could read as a generated id", async () => {
    const openaiRoute = { api: 'openai-responses', provider: 'openai', model: 'gpt-5' };
    const turns = (signed: Message): Message[] => {
      const messages: Message[] = [];
      for (let i = 0; i < 12; i += 1) messages.push(user(`q${i}`), i === 6 ? signed : answer(`a${i}`));
      return messages;
    };
    const own = (block: Record<string, unknown>): Message => A([block], { ...openaiRoute, timestamp: 2 });
    const reasoning = (id: string) => JSON.stringify({ type: 'reasoning', id, summary: [] });
    for (const [signed, inParts] of [
      [own({ type: 'text', text: 'x', textSignature: 'msg_3' }), false],
      [own({ type: 'text', text: 'x', textSignature: JSON.stringify({ v: 1, id: 'msg_12' }) }), false],
      // pi-ai replays the signature's item as it is, whatever its type.
      [own({ type: 'thinking', thinking: 'y', thinkingSignature: JSON.stringify({ type: 'message', id: 'msg_1', content: [] }) }), false],
      // JSON may spell the id with escapes: pi-ai reads msg_12.
      [own({ type: 'text', text: 'x', textSignature: '{"v":1,"id":"msg\\u005f12"}' }), false],
      [own({ type: 'thinking', thinking: 'y', thinkingSignature: '{"type":"message","id":"msg\\u005f1","content":[]}' }), false],
      // An id over 64 characters: pi-ai makes it msg_ and a hash, which could be all digits.
      [own({ type: 'text', text: 'x', textSignature: `id_${'7'.repeat(70)}` }), false],
      [own({ type: 'text', text: 'x', textSignature: 'msg_03' }), true],
      // Another model's signatures are dropped by pi-ai, whatever they hold (Gemini's are long).
      [A([{ type: 'text', text: 'x', textSignature: 'C'.repeat(290) }], { ...geminiRoute, timestamp: 2 }), true],
      [A([{ type: 'text', text: 'x', textSignature: 'msg_3' }], { ...geminiRoute, timestamp: 2 }), true],
      [own({ type: 'text', text: 'x', textSignature: '{"v":1,"id":"x\\u005fy"}' }), true],
      [own({ type: 'thinking', thinking: 'y', thinkingSignature: '{"type":"reasoning","id":"rs\\u005f1","summary":[]}' }), true],
      [own({ type: 'text', text: 'x', textSignature: JSON.stringify({ v: 1, id: 'msg_abc' }) }), true],
      [own({ type: 'thinking', thinking: 'y', thinkingSignature: reasoning('rs_5') }), true],
    ] as const) {
      const llm = toLlmMessages(turns(signed));
      const parts = await byParts(llm, OPENAI, 4);
      expect(parts !== null, JSON.stringify(signed.content)).toBe(inParts);
      if (parts) expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, OPENAI)));
    }
  });

  it('Mistral: built whole when two parts give out one call id, or a failed turn holds a call', async () => {
    // Another model's ids: pi-ai keeps an id of 9 letters and digits once stripped of the rest, and
    // hashes again one taken already. toolu_abcd and tool_uabcd both strip to tooluabcd: the whole
    // build hashes the second again, a part that does not hold the first would not.
    const turns = (second: string, at: number, failed = false): Message[] => {
      const messages: Message[] = [];
      for (let i = 0; i < 12; i += 1) {
        const id = i === 1 ? 'toolu_abcd' : i === at ? second : `toolu_${i}`;
        const call = i === at && failed ? A([tc(id, 'read', {})], { ...route, stopReason: 'error', timestamp: 3 }) : calling(id);
        messages.push(user(`q${i}`), call, result(id));
      }
      return messages;
    };
    const callIds = (build: PayloadBuild) =>
      (build.payload as { messages: { toolCalls?: { id: string }[] }[] }).messages.flatMap((m) => (m.toolCalls ?? []).map((c) => c.id));
    const apart = toLlmMessages(turns('tool_uabcd', 10));
    const whole = await wholeBuild(apart, MISTRAL);
    expect(callIds(whole)).toContain('tooluabcd');
    expect(new Set(callIds(whole)).size).toBe(12);
    expect(await byParts(apart, MISTRAL, 4)).toBeNull();
    // In one part, pi-ai sees both: the same as a whole build.
    const near = toLlmMessages(turns('tool_uabcd', 2));
    const { value: nearParts, calls } = await piAiCalls(() => byParts(near, MISTRAL, 12));
    expect(calls).toBeGreaterThan(1);
    expect(JSON.stringify(nearParts)).toBe(JSON.stringify(await wholeBuild(near, MISTRAL)));
    const distinct = toLlmMessages(turns('toolu_wxyz', 10));
    expect(JSON.stringify(await byParts(distinct, MISTRAL, 4))).toBe(JSON.stringify(await wholeBuild(distinct, MISTRAL)));
    expect(await byParts(toLlmMessages(turns('toolu_wxyz', 10, true)), MISTRAL, 4)).toBeNull();
  });

  it('Chat Completions: a part starts at a call, and a request with cache marks is built whole', async () => {
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1)
      messages.push(user(`q${i}`), calling(`toolu_${i}`), result(`toolu_${i}`), user(`more ${i}`), answer(`a${i}`));
    // A failed turn between two results: pi-ai leaves it out and keeps the results one group.
    messages.splice(32, 0, A([tc('toolu_x', 'read', {})], { ...route, stopReason: 'error', timestamp: 3 }), result('toolu_x'));
    const llm = toLlmMessages(messages);
    const units = perMessageUnits(llm.messages, 'openai-completions')!;
    // Units start at the twelve calls only (the first unit holds q0 alone).
    expect(units.bounds.length - 1).toBe(13);
    for (const start of units.bounds.slice(1, -1)) expect(llm.messages[start]).toMatchObject({ role: 'assistant', stopReason: 'toolUse' });
    const { value: parts, calls } = await piAiCalls(() => byParts(llm, OPENROUTER, 4));
    expect(calls).toBeGreaterThan(2);
    expect(JSON.stringify(parts)).toBe(JSON.stringify(await wholeBuild(llm, OPENROUTER)));
    // OpenRouter's Claude takes Anthropic's cache mark on the last text: each part would have one.
    const claude: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5' };
    expect(JSON.stringify((await wholeBuild(llm, claude)).payload)).toContain('cache_control');
    expect(await byParts(llm, claude, 4)).toBeNull();
  });

  it("keeps the last entry's cache_control where a whole build puts it, and no other", async () => {
    const messages: Message[] = [];
    for (let i = 0; i < 12; i += 1) messages.push(user(`q${i}`), answer(`a${i}`));
    messages.push(user('last question'));
    const llm = toLlmMessages(messages);
    const parts = (await byParts(llm, ANTHROPIC, 4))!;
    const entries = (parts.payload as { messages: { content: unknown }[] }).messages;
    const marked = entries.flatMap((entry, k) => (JSON.stringify(entry).includes('cache_control') ? [k] : []));
    expect(marked).toEqual([entries.length - 1]);
    expect(entries[entries.length - 1].content).toEqual([{ type: 'text', text: 'last question', cache_control: { type: 'ephemeral' } }]);
  });
});

/** Some of the units of `units`, each whole or only its first message, in order: the messages' indexes. */
function somePart(random: () => number, units: Units): number[] {
  const at: number[] = [];
  for (let t = 0; t + 1 < units.bounds.length; t += 1) {
    const pick = random();
    if (pick < 0.3) continue;
    const end = pick < 0.5 ? units.bounds[t] + 1 : units.bounds[t + 1];
    for (let i = units.bounds[t]; i < end; i += 1) at.push(i);
  }
  return at;
}

describe('unitsOfPart', () => {
  // The replay's rest is built in parts with the units `unitsOfPart` gives, instead of reading the
  // rest's messages again: they must be what that reading finds.
  it('gives what reading the part finds, for every API with units, on random transcripts and parts', () => {
    const random = rng(31);
    let compared = 0;
    for (let round = 0; round < 150; round += 1) {
      const messages = transcript(random, 20 + Math.floor(random() * 80), { oneUnitIds: true, wellFormed: true });
      const llm = toLlmMessages(messages).messages;
      for (const target of [ANTHROPIC, BEDROCK, GEMINI, OPENAI, MISTRAL, OPENROUTER]) {
        const model = resolvePayloadModel(target).model;
        const perMessage = target === OPENAI || target === MISTRAL || target === OPENROUTER;
        const read = (list: readonly Message[]) =>
          perMessage ? perMessageUnits(list, target.api as PerMessageApi, model) : unitsOf(list, model);
        const units = read(llm);
        if (!units) continue;
        const at = somePart(random, units);
        expect(unitsOfPart(units, at), `round ${round}, ${target.api}`).toEqual(read(at.map((i) => llm[i])));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(600);
  });
});

describe("buildReplayPayload's rest in parts", () => {
  it('gives what a whole build of the replay gives, on random transcripts, replays and part sizes', async () => {
    const random = rng(29);
    let inParts = 0;
    for (let round = 0; round < 80; round += 1) {
      const original = transcript(random, 40 + Math.floor(random() * 120), { oneUnitIds: true, wellFormed: true });
      const replay = replayOf(random, original, { rewritten: 0.7 });
      const size = 2 + Math.floor(random() * 8);
      for (const target of [ANTHROPIC, ANTHROPIC_PLAIN, BEDROCK, GEMINI]) {
        const originalBuild = await buildPayload(original, target);
        const { value: actual, calls } = await piAiCalls(() =>
          buildReplayPayload(
            replay.messages,
            replay.origins,
            { messages: original, build: originalBuild },
            target,
            {},
            {
              part: size,
              min: 2 * size,
            },
          ),
        );
        const expected = await wholeBuild(toLlmMessages(replay.messages), target);
        expect(JSON.stringify(actual), `round ${round}, size ${size}`).toBe(JSON.stringify(expected));
        if (calls > 1) inParts += 1;
      }
    }
    // The replays' rests were built in parts (all 320 builds), not in one call.
    expect(inParts).toBeGreaterThan(300);
  }, 120_000);
});

describe('buildPayload of a long conversation', () => {
  it("is built in parts, the same as a whole build, and hands its units to the replay's build", async () => {
    const messages: Message[] = [];
    for (let i = 0; messages.length < MIN_PARTS_MESSAGES + 4; i += 1)
      messages.push(user(`question ${i}`), calling(`toolu_${i}`), result(`toolu_${i}`), answer(`answer ${i}`));
    const build = await buildPayload(messages, ANTHROPIC);
    // What it hands over is what the replay's build would find itself.
    const llm = toLlmMessages(messages);
    const units = unitsOf(llm.messages, MODEL)!;
    expect(knownSplit(build)!.units).toEqual(units);
    expect([...knownSplit(build)!.entryBounds]).toEqual([...entryBounds((build.payload as { messages: JsonValue[] }).messages, units)!]);
    expect(JSON.stringify(build)).toBe(JSON.stringify(await wholeBuild(toLlmMessages(messages), ANTHROPIC)));
    // The replay (one answer changed) reuses the original's entries and gives a whole build's payload.
    const replay = messages.slice();
    replay[7] = answer('changed');
    const origins = replay.map((_, i) => i);
    const replayBuild = await buildReplayPayload(replay, origins, { messages, build }, ANTHROPIC);
    expect(JSON.stringify(replayBuild)).toBe(JSON.stringify(await wholeBuild(toLlmMessages(replay), ANTHROPIC)));
    const originalEntries = new Set((build.payload as { messages: unknown[] }).messages);
    const reused = (replayBuild.payload as { messages: unknown[] }).messages.filter((entry) => originalEntries.has(entry)).length;
    expect(reused).toBeGreaterThan(messages.length / 2);
    // Every turn after the first rewritten: the replay's rest, nearly the whole session, is built in
    // parts too (at least a call a part), and gives a whole build's payload.
    const switched = messages.map((message, i) => {
      if (i === 0) return message;
      const content = message.content;
      return {
        ...message,
        content: Array.isArray(content) ? content.map((block: Record<string, unknown>) => ({ ...block })) : `${content}!`,
      };
    });
    const { value: switchedBuild, calls } = await piAiCalls(() => buildReplayPayload(switched, origins, { messages, build }, ANTHROPIC));
    expect(calls).toBeGreaterThanOrEqual(MIN_PARTS_MESSAGES / PART_MESSAGES);
    expect(JSON.stringify(switchedBuild)).toBe(JSON.stringify(await wholeBuild(toLlmMessages(switched), ANTHROPIC)));
  });
});

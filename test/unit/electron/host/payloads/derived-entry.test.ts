// An assistant entry of the replay's Anthropic or Bedrock payload derived from the original's when
// hygiene only took thinking blocks out: always the entry pi-ai builds for the replay's message itself.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { derivedAssistantEntry, type DerivingApi } from '../../../../../electron/host/payloads/derived-entry.js';
import { toLlmMessages } from '../../../../../electron/host/payloads/llm-messages.js';
import { buildLlmPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import type { BuildModel } from '../../../../../electron/host/payloads/replay-units.js';
import type { JsonValue, Message, Target } from '../../../../../shared/types.js';

/** Claude on Anthropic's API and on Bedrock, and a Bedrock model that is not Claude (its thinking is reasoning without a signature). */
const TARGETS: Target[] = [
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'amazon.nova-pro-v1:0' },
];
const ANTHROPIC = TARGETS[0];
const FOREIGN = { api: 'openai-responses', provider: 'openai', model: 'gpt-5' };
/** Where a target's own turns say they came from. */
const ownRoute = (target: Target) => ({ api: target.api, provider: target.provider, model: target.modelId });

/** Texts pi-ai treats apart: blank, whitespace only, a lone surrogate (which it strips), long. */
const TEXTS = ['plan', '', '  \n', 'a \ud83d lone', 'x'.repeat(700), '中文 ok'];

const text = fc.constantFrom(...TEXTS);
const block: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  text.map((t) => ({ type: 'text', text: t })),
  fc
    .record({ thinking: text, signature: fc.constantFrom('EqQB', '', '  ', undefined) })
    .map(({ thinking, signature }) =>
      signature === undefined ? { type: 'thinking', thinking } : { type: 'thinking', thinking, thinkingSignature: signature },
    ),
  fc.constant({ type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'opaque', redacted: true }),
  fc.nat(99).map((n) => ({ type: 'toolCall', id: `toolu_${n}`, name: 'bash', arguments: { n } })),
  fc.constant({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }),
);

/**
 * The assistant entry pi-ai builds for `message` after a user turn for `target` (undefined when it
 * builds none, or cannot build), and the model it built for.
 */
async function entryOf(message: Message, target: Target): Promise<{ entry: JsonValue | undefined; model: BuildModel }> {
  const user: Message = { role: 'user', content: 'go', timestamp: 1 };
  const build = await buildLlmPayload(toLlmMessages([user, message]), target, {}, { standIns: false });
  const entries = (build.payload as { messages: JsonValue[] } | undefined)?.messages ?? [];
  return { entry: entries.find((entry) => (entry as { role?: string }).role === 'assistant'), model: build.model! };
}

describe('derivedAssistantEntry', () => {
  it.each(TARGETS)(
    "is pi-ai's own entry for the message, whatever thinking blocks went, for the model's own turns and another's ($modelId)",
    async (target) => {
      const api = target.api as DerivingApi;
      let derived = 0;
      let refused = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(block, { minLength: 1, maxLength: 6 }),
          fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
          fc.boolean(),
          fc.constantFrom('toolUse', 'stop'),
          async (blocks, drop, own, stopReason) => {
            const route = own ? ownRoute(target) : FOREIGN;
            const original: Message = { role: 'assistant', content: blocks, ...route, stopReason, timestamp: 2 };
            const kept = blocks.filter((b, i) => b.type !== 'thinking' || !drop[i]);
            const replay: Message = { ...original, content: kept };
            const { entry: originalEntry, model } = await entryOf(original, target);
            if (originalEntry === undefined) return;
            const entry = derivedAssistantEntry(replay, original, originalEntry, model, api);
            if (kept.length === blocks.length) {
              // Nothing went: not a case for it.
              expect(entry).toBeNull();
              return;
            }
            const expected = (await entryOf(replay, target)).entry;
            if (entry === null) {
              refused += 1;
              // It refuses only where pi-ai would make no entry of the replay's message (the unit would change).
              expect(expected).toBeUndefined();
              return;
            }
            derived += 1;
            expect(JSON.stringify(entry)).toBe(JSON.stringify(expected));
            // The original's blocks themselves, as a reused entry shares them.
            const made = (originalEntry as { content: unknown[] }).content;
            for (const b of (entry as { content: unknown[] }).content) expect(made).toContain(b);
          },
        ),
        { numRuns: 600, seed: 42 },
      );
      expect(derived).toBeGreaterThan(100);
      expect(refused).toBeGreaterThan(5);
    },
    60_000,
  );

  const own: Message = {
    role: 'assistant',
    content: [
      { type: 'thinking', thinking: 'plan', thinkingSignature: 'EqQB' },
      { type: 'text', text: 'Reading.' },
      { type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a' } },
    ],
    ...ownRoute(ANTHROPIC),
    stopReason: 'toolUse',
    timestamp: 2,
  };

  it('refuses anything but thinking blocks taken out of the very same message', async () => {
    const { entry: built, model: MODEL } = await entryOf(own, ANTHROPIC);
    const entry = built!;
    const blocks = own.content as unknown[];
    const withoutThinking: Message = { ...own, content: blocks.slice(1) };
    expect((derivedAssistantEntry(withoutThinking, own, entry, MODEL) as { content: unknown[] }).content).toEqual([
      { type: 'text', text: 'Reading.' },
      { type: 'tool_use', id: 'toolu_1', name: 'read', input: { path: 'a' } },
    ]);
    // A text taken out, a block copied, another member changed, nothing taken out, another role.
    expect(derivedAssistantEntry({ ...own, content: [blocks[0], blocks[2]] }, own, entry, MODEL)).toBeNull();
    expect(derivedAssistantEntry({ ...own, content: [{ ...(blocks[1] as object) }, blocks[2]] }, own, entry, MODEL)).toBeNull();
    expect(derivedAssistantEntry({ ...withoutThinking, stopReason: 'stop' }, own, entry, MODEL)).toBeNull();
    expect(derivedAssistantEntry({ ...own }, own, entry, MODEL)).toBeNull();
    expect(derivedAssistantEntry({ ...withoutThinking, role: 'user' }, own, entry, MODEL)).toBeNull();
    // Blocks out of order.
    expect(derivedAssistantEntry({ ...own, content: [blocks[2], blocks[1]] }, own, entry, MODEL)).toBeNull();
    // An entry that is not what pi-ai makes of the original (a block short, one more, another type).
    const made = (entry as { content: JsonValue[] }).content;
    expect(derivedAssistantEntry(withoutThinking, own, { ...(entry as object), content: made.slice(1) }, MODEL)).toBeNull();
    const longer = { ...(entry as object), content: [...made, { type: 'text', text: 'more' }] };
    expect(derivedAssistantEntry(withoutThinking, own, longer, MODEL)).toBeNull();
    const retyped = {
      ...(entry as object),
      content: [{ type: 'text', text: 'plan' }, ...made.slice(1)],
    };
    expect(derivedAssistantEntry(withoutThinking, own, retyped, MODEL)).toBeNull();
    // A call made into another API's block.
    const bedrockCall = { ...(entry as object), content: [...made.slice(0, 2), { type: 'toolUse', id: 'toolu_1' }] };
    expect(derivedAssistantEntry(withoutThinking, own, bedrockCall, MODEL)).toBeNull();
    // A tool result's `details` is not read by any builder: a change there is not a change.
    expect(derivedAssistantEntry({ ...withoutThinking, details: { x: 1 } }, own, entry, MODEL)).not.toBeNull();
  });

  it("refuses a Bedrock entry whose blocks are not of the kind pi-ai's Bedrock builder makes", async () => {
    const claude = TARGETS[1];
    const mine: Message = { ...own, ...ownRoute(claude) };
    const blocks = mine.content as unknown[];
    const { entry: built, model } = await entryOf(mine, claude);
    const entry = built as { content: JsonValue[] };
    const withoutThinking: Message = { ...mine, content: blocks.slice(1) };
    const derive = (content: JsonValue[], message = mine, kept = withoutThinking) =>
      derivedAssistantEntry(kept, message, { ...entry, content }, model, 'bedrock-converse-stream');
    expect(derive(entry.content)).toEqual({ ...entry, content: entry.content.slice(1) });
    // Claude's signed thinking is reasoning, not a text; a block has one member; a call is a tool use.
    expect(derive([{ text: 'plan' }, ...entry.content.slice(1)])).toBeNull();
    expect(derive([...entry.content.slice(0, 2), { toolUse: { toolUseId: 'toolu_1' }, text: 'x' }])).toBeNull();
    expect(derive([...entry.content.slice(0, 2), { tool_use: { id: 'toolu_1' } }])).toBeNull();
    // Another model's thinking reaches the builder as a text, never as reasoning.
    const foreign: Message = { ...mine, ...FOREIGN };
    const foreignEntry = [{ reasoningContent: { reasoningText: { text: 'plan' } } }, ...entry.content.slice(1)];
    expect(derive(foreignEntry, foreign, { ...foreign, content: blocks.slice(1) })).toBeNull();
  });
});

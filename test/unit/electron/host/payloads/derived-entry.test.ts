// Entries of the replay's Anthropic or Bedrock payload derived from the original's when hygiene only
// took thinking blocks out of a turn, or rewrote its tool-call ids: always what pi-ai builds for the
// replay's messages themselves.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  derivedAssistantEntry,
  derivedUnitEntries,
  sentCallId,
  type DerivingApi,
} from '../../../../../electron/host/payloads/derived-entry.js';
import { toLlmMessages } from '../../../../../electron/host/payloads/llm-messages.js';
import { buildLlmPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import type { BuildModel } from '../../../../../electron/host/payloads/replay-units.js';
import type { JsonValue, Message, Target } from '../../../../../shared/types.js';
import { block, FOREIGN, ownRoute, unitCase, unitEntries, unitsOfCase } from '../../../helpers/renamed-units.js';

/** Claude on Anthropic's API and on Bedrock, and a Bedrock model that is not Claude (its thinking is reasoning without a signature). */
const TARGETS: Target[] = [
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5-20250929-v1:0', reasoning: true },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'amazon.nova-pro-v1:0' },
];
const ANTHROPIC = TARGETS[0];
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
    // Nothing taken out: the original's entry, as a copy.
    expect(derivedAssistantEntry({ ...own }, own, entry, MODEL)).toEqual(entry);
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

describe('derivedUnitEntries', () => {
  it.each(TARGETS)(
    "is pi-ai's own build of a unit whose tool-call ids hygiene rewrote, with or without thinking taken out ($modelId)",
    async (target) => {
      const api = target.api as DerivingApi;
      let derived = 0;
      let refused = 0;
      let renamedResults = 0;
      await fc.assert(
        fc.asyncProperty(unitCase, async (c) => {
          const { original, replay, clean } = unitsOfCase(c, target);
          if (original.length === 1) return;
          const { entries, model } = await unitEntries(original, target).catch(() => ({ entries: [], model: undefined }));
          // The unit leads with its assistant's entry, or it is not a unit of its own.
          if (!model || (entries[0] as { role?: string } | undefined)?.role !== 'assistant') return;
          const out = derivedUnitEntries(replay, original, entries, model, api);
          const expected = await unitEntries(replay, target).then(
            (built) => built.entries,
            () => null,
          );
          if (out === null) {
            refused += 1;
            // Every call answered on both sides by its own result, each following its call's new id:
            // refused only where pi-ai would not make one assistant entry of the replay's turn.
            if (clean && !c.orphan) expect(expected?.filter((e) => (e as { role?: string }).role === 'assistant')).not.toHaveLength(1);
            return;
          }
          derived += 1;
          expect(JSON.stringify(out)).toBe(JSON.stringify(expected));
          // Results sent under other ids.
          renamedResults += JSON.stringify(out[1]) === JSON.stringify(entries[1]) ? 0 : 1;
        }),
        { numRuns: 1600, seed: 7 },
      );
      // Bedrock's builder refuses the turns with images (196 derived, 192 refused, 60 with results renamed there; 335, 330 and 105 for Anthropic).
      expect(derived).toBeGreaterThan(150);
      expect(refused).toBeGreaterThan(150);
      expect(renamedResults).toBeGreaterThan(40);
    },
    60_000,
  );

  const route = ownRoute(ANTHROPIC);
  const call = { type: 'toolCall', id: 'call_1|fc_1', name: 'read', arguments: { path: 'a' } };
  const a: Message = {
    role: 'assistant',
    content: [{ type: 'text', text: 'Reading.' }, call],
    ...FOREIGN,
    stopReason: 'toolUse',
    timestamp: 2,
  };
  const r: Message = {
    role: 'toolResult',
    toolCallId: 'call_1|fc_1',
    toolName: 'read',
    content: [{ type: 'text', text: 'A' }],
    isError: false,
    timestamp: 3,
  };
  const renamedCall = { ...call, id: 'call1fc1' };
  const a2: Message = { ...a, content: [(a.content as unknown[])[0], renamedCall] };
  const r2: Message = { ...r, toolCallId: 'call1fc1' };

  it("sends the new ids, as pi-ai cleans another model's, and refuses what it cannot prove", async () => {
    const { entries, model } = await unitEntries([a, r], ANTHROPIC);
    expect(sentCallId('call_1|fc_1', false)).toBe('call_1_fc_1');
    expect(sentCallId('call_1|fc_1', true)).toBe('call_1|fc_1');
    expect(sentCallId('x'.repeat(70), false)).toHaveLength(64);
    const out = derivedUnitEntries([a2, r2], [a, r], entries, model, 'anthropic-messages')!;
    expect(out).toEqual([
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Reading.' },
          { type: 'tool_use', id: 'call1fc1', name: 'read', input: { path: 'a' } },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call1fc1', content: 'A', is_error: false }] },
    ]);
    // The text block is the original's own; the call's input too.
    const made = entries[0] as { content: { input?: unknown }[] };
    expect((out[0] as { content: unknown[] }).content[0]).toBe(made.content[0]);
    expect((out[0] as { content: { input?: unknown }[] }).content[1].input).toBe(made.content[1].input);
    // A result that does not follow its call: pi-ai would answer the call itself.
    expect(derivedUnitEntries([a2, r], [a, r], entries, model, 'anthropic-messages')).toBeNull();
    // A result changed beyond its id, a call changed beyond its id, another role after the turn.
    expect(derivedUnitEntries([a2, { ...r2, isError: true }], [a, r], entries, model, 'anthropic-messages')).toBeNull();
    const otherInput = { ...a2, content: [(a.content as unknown[])[0], { ...renamedCall, arguments: { path: 'b' } }] };
    expect(derivedUnitEntries([otherInput, r2], [a, r], entries, model, 'anthropic-messages')).toBeNull();
    expect(derivedUnitEntries([a2, { ...r2, role: 'user' }], [a, r], entries, model, 'anthropic-messages')).toBeNull();
    // Entries that are not what pi-ai made of the original: an id it would not send, a block more, an entry short.
    const group = entries[1] as { content: Record<string, JsonValue>[] };
    const wrongId = [entries[0], { ...group, content: [{ ...group.content[0], tool_use_id: 'call_1|fc_1' }] }];
    expect(derivedUnitEntries([a2, r2], [a, r], wrongId, model, 'anthropic-messages')).toBeNull();
    const turn = entries[0] as { content: Record<string, JsonValue>[] };
    const rawCall = [{ ...turn, content: [turn.content[0], { ...turn.content[1], id: 'call_1|fc_1' }] }, group];
    expect(derivedUnitEntries([a2, r2], [a, r], rawCall, model, 'anthropic-messages')).toBeNull();
    const extra = [entries[0], { ...group, content: [...group.content, group.content[0]] }];
    expect(derivedUnitEntries([a2, r2], [a, r], extra, model, 'anthropic-messages')).toBeNull();
    expect(derivedUnitEntries([a2, r2], [a, r], entries.slice(0, 1), model, 'anthropic-messages')).toBeNull();
    // The model's own turn: its ids go out as recorded, so the original's entry must hold the raw id.
    const mine = { ...a, ...route };
    const own = await unitEntries([mine, r], ANTHROPIC);
    const ownOut = derivedUnitEntries([{ ...a2, ...route }, r2], [mine, r], own.entries, own.model, 'anthropic-messages')!;
    expect((ownOut[1] as { content: { tool_use_id: string }[] }).content[0].tool_use_id).toBe('call1fc1');
    expect(derivedUnitEntries([{ ...a2, ...route }, r2], [mine, r], entries, own.model, 'anthropic-messages')).toBeNull();
  });
});

// A replay unit that is its original unit but for tool-call ids: to pi-ai's Gemini builder, which sends
// a Gemini model no id, it is the original unit, entry for entry.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameButIds, sendsNoCallIds } from '../../../../../electron/host/payloads/renamed-units.js';
import type { BuildModel } from '../../../../../electron/host/payloads/replay-units.js';
import type { Message, Target } from '../../../../../shared/types.js';
import { unitCase, unitEntries, unitsOfCase } from '../../../helpers/renamed-units.js';

/** Gemini before 3 (a result's images in an entry of their own), Gemini 3 (inside the result), Vertex, and a Claude model behind Gemini's API, which gets ids. */
const TARGETS: Target[] = [
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-3-pro-preview', reasoning: true },
  { provider: 'google-vertex', api: 'google-vertex', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'google', api: 'google-generative-ai', modelId: 'claude-sonnet-4-5' },
];

describe('sameButIds', () => {
  it.each(TARGETS)(
    "holds only where pi-ai's Gemini builder makes the same entries, unless the model gets ids ($modelId)",
    async (target) => {
      let same = 0;
      let renamed = 0;
      let differing = 0;
      await fc.assert(
        fc.asyncProperty(unitCase, fc.boolean(), async (c, keepThinking) => {
          const { original, replay } = unitsOfCase(c, target, { keepThinking });
          const { entries, model } = await unitEntries(original, target);
          const replayEntries = (await unitEntries(replay, target)).entries;
          const equal = JSON.stringify(replayEntries) === JSON.stringify(entries);
          if (!sameButIds(replay, original)) return;
          same += 1;
          const ids = replay.some((m, i) => m !== original[i] && m.role === 'toolResult');
          if (ids) renamed += 1;
          if (sendsNoCallIds(model)) expect(equal).toBe(true);
          else if (!equal) differing += 1;
        }),
        { numRuns: 2000, seed: 11 },
      );
      console.log('COUNTS', target.modelId, same, renamed, differing);
      expect(same).toBeGreaterThan(150);
      expect(renamed).toBeGreaterThan(100);
      // A model that gets ids sees the rewrite: that is why the builder's choice is read.
      if (target.modelId.startsWith('claude-')) expect(differing).toBeGreaterThan(50);
    },
    60_000,
  );

  const route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
  const call = { type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a' } };
  const other = { type: 'toolCall', id: 'toolu_2', name: 'read', arguments: { path: 'b' } };
  const turn: Message = {
    role: 'assistant',
    content: [{ type: 'text', text: 'Reading.' }, call, other],
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
    timestamp: 3,
  };
  const r2: Message = { ...r1, toolCallId: 'toolu_2', content: [{ type: 'text', text: 'B' }] };
  const renamedTurn: Message = {
    ...turn,
    content: [(turn.content as unknown[])[0], { ...call, id: 'toolu1' }, { ...other, id: 'toolu2' }],
  };

  it('takes calls and results with other ids, and refuses anything else', () => {
    const original = [turn, r1, r2];
    expect(sameButIds([renamedTurn, { ...r1, toolCallId: 'toolu1' }, { ...r2, toolCallId: 'toolu2', details: { n: 2 } }], original)).toBe(
      true,
    );
    // The turn the same object, results renamed to ids that still answer nothing new: the answers change.
    expect(sameButIds([turn, { ...r1, toolCallId: 'toolu1' }, r2], original)).toBe(false);
    // A result answering the other call: both still answered, so the unit is the same to the builder.
    expect(sameButIds([renamedTurn, { ...r1, toolCallId: 'toolu2' }, { ...r2, toolCallId: 'toolu1' }], original)).toBe(true);
    // A result changed beyond its id, a call changed beyond its id, a block taken out, another member of the turn.
    expect(sameButIds([renamedTurn, { ...r1, toolCallId: 'toolu1', isError: true }, { ...r2, toolCallId: 'toolu2' }], original)).toBe(
      false,
    );
    const otherInput = {
      ...renamedTurn,
      content: [(turn.content as unknown[])[0], { ...call, id: 'toolu1', arguments: {} }, { ...other, id: 'toolu2' }],
    };
    expect(sameButIds([otherInput, { ...r1, toolCallId: 'toolu1' }, { ...r2, toolCallId: 'toolu2' }], original)).toBe(false);
    const shorter = { ...renamedTurn, content: (renamedTurn.content as unknown[]).slice(1) };
    expect(sameButIds([shorter, { ...r1, toolCallId: 'toolu1' }, { ...r2, toolCallId: 'toolu2' }], original)).toBe(false);
    const longer = { ...renamedTurn, content: [...(renamedTurn.content as unknown[]), { type: 'text', text: 'More.' }] };
    expect(sameButIds([longer, { ...r1, toolCallId: 'toolu1' }, { ...r2, toolCallId: 'toolu2' }], original)).toBe(false);
    expect(
      sameButIds(
        [
          { ...renamedTurn, model: 'x' },
          { ...r1, toolCallId: 'toolu1' },
          { ...r2, toolCallId: 'toolu2' },
        ],
        original,
      ),
    ).toBe(false);
    // A call left unanswered on one side only; a turn without results; a user message in the results' place.
    expect(sameButIds([renamedTurn, { ...r1, toolCallId: 'toolu1' }, { ...r2, toolCallId: 'gone' }], original)).toBe(false);
    expect(sameButIds([renamedTurn], [turn])).toBe(false);
    expect(sameButIds([renamedTurn, { ...r1, toolCallId: 'toolu1', role: 'user' }, { ...r2, toolCallId: 'toolu2' }], original)).toBe(false);
  });

  it("reads the builder's choice from the model: no ids for Gemini models on Google's APIs, ids for Claude and gpt-oss there", () => {
    const model = (api: string, id: string) => ({ api, id, provider: 'google' }) as BuildModel;
    expect(sendsNoCallIds(model('google-generative-ai', 'gemini-2.5-pro'))).toBe(true);
    expect(sendsNoCallIds(model('google-vertex', 'gemini-2.5-pro'))).toBe(true);
    expect(sendsNoCallIds(model('google-generative-ai', 'claude-sonnet-4-5'))).toBe(false);
    expect(sendsNoCallIds(model('google-vertex', 'gpt-oss-120b'))).toBe(false);
    expect(sendsNoCallIds(model('anthropic-messages', 'gemini-2.5-pro'))).toBe(false);
    expect(sendsNoCallIds(model('openai-responses', 'gpt-5'))).toBe(false);
  });
});

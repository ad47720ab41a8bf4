// turn-validation: Gemini- and Anthropic-style validation, and Bedrock's payload merge.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { turnValidationRule } from '../../../../shared/rules/turn-validation.js';
import type { Message, Target } from '../../../../shared/types.js';
import { applyPayloadRule, applyRule, brief, policyFor } from '../../helpers/apply-rule.js';
import { A, tc, text, thinking, TR, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const gemini = (messages: Message[]) => applyRule(turnValidationRule, messages, { policy: { validateGeminiTurns: true }, options: {} });
const anthropic = (messages: Message[], target?: Target) =>
  applyRule(turnValidationRule, messages, target ? { target, options: {} } : { policy: { validateAnthropicTurns: true }, options: {} });
/**
 * What a merge records, as the pipeline records it: the absorbed turn as merged into the replay turn,
 * and the turn it joined (here the one right before it) as rewritten.
 */
const merged = (absorbed: number, into: number) => [
  { rule: 'turn-validation', action: 'merged', turn: absorbed, replayTurn: into },
  { rule: 'turn-validation', action: 'rewritten', turn: into, replayTurn: into },
];

describe('turn-validation', () => {
  it('Gemini, two consecutive assistants merge — 3 messages, the middle one with 2 blocks', async () => {
    const first = A([text('Part 1')]);
    const second = A([text('Part 2')]);
    const run = await gemini([U('Hello'), first, second, U('How are you?')]);
    expect(run.messages).toEqual([U('Hello'), { ...first, content: [text('Part 1'), text('Part 2')] }, U('How are you?')]);
    expect(brief(run.annotations)).toEqual(merged(2, 1));
  });

  it('Gemini merge takes usage and stopReason from the later turn', async () => {
    const first = A([text('a')], { usage: { input: 10, output: 5 } });
    const second = A([text('b')], { usage: { input: 10, output: 10 }, stopReason: 'end_turn' });
    const run = await gemini([U('go'), first, second]);
    expect(run.messages).toHaveLength(2);
    expect(run.messages[1]).toEqual({
      ...first,
      content: [text('a'), text('b')],
      usage: { input: 10, output: 10 },
      stopReason: 'end_turn',
    });
    expect(brief(run.annotations)).toEqual(merged(2, 1));
  });

  it('Anthropic, U[First]@1000 + U[Second]@2000 → one user [First, Second] at 2000', async () => {
    const run = await anthropic([U([text('First')], { timestamp: 1000 }), U([text('Second')], { timestamp: 2000 })]);
    expect(run.messages).toEqual([{ role: 'user', content: [text('First'), text('Second')], timestamp: 2000 }]);
    expect(brief(run.annotations)).toEqual(merged(1, 0));
  });

  it('Anthropic user merge keeps the newest metadata and backfills a missing timestamp from the earlier turn', async () => {
    const older = U([text('old')], { timestamp: 1000, attachments: [{ type: 'image', url: 'old.png' }] });
    const newer = U([text('new')], { attachments: [{ type: 'image', url: 'new.png' }], someCustomField: 'keep-me' });
    const run = await anthropic([older, newer]);
    expect(run.messages).toEqual([
      {
        role: 'user',
        content: [text('old'), text('new')],
        attachments: [{ type: 'image', url: 'new.png' }],
        someCustomField: 'keep-me',
        timestamp: 1000,
      },
    ]);
    expect(brief(run.annotations)).toEqual(merged(1, 0));
  });

  it("a run of four assistants is one turn: the first's fields, each later usage, stop reason and error that is set, every block in order", async () => {
    const a1 = A([text('1')], { usage: { input: 1, output: 1 }, stopReason: 'toolUse', extra1: 'first' });
    const a2 = A('not a list', { usage: { input: 2, output: 2 }, errorMessage: 'boom' });
    const a3 = A([text('3'), text('3b')], { stopReason: '', errorMessage: '', usage: undefined });
    const a4 = A([text('4')], { stopReason: 'stop', extra1: 'last', usage: undefined });
    const run = await gemini([U('go'), a1, a2, a3, a4, U('next')]);
    expect(run.messages).toEqual([
      U('go'),
      {
        ...a1,
        content: [text('1'), text('3'), text('3b'), text('4')],
        usage: { input: 2, output: 2 },
        stopReason: 'stop',
        errorMessage: 'boom',
      },
      U('next'),
    ]);
    expect(Object.keys(run.messages[1])).toEqual([...Object.keys(a1), 'errorMessage']);
    expect(brief(run.annotations)).toEqual([...merged(2, 1), ...merged(3, 1), ...merged(4, 1)]);
  });

  it("a run of three users is one turn: the last's fields, the last timestamp there is, string contents as text blocks", async () => {
    const u1 = U('one', { timestamp: 1000, first: true });
    const u2 = U([text('two')], { timestamp: 2000 });
    const u3 = U([text('three')], { timestamp: null, last: true });
    const run = await anthropic([u1, u2, u3]);
    expect(run.messages).toEqual([{ role: 'user', content: [text('one'), text('two'), text('three')], timestamp: 2000, last: true }]);
    expect(brief(run.annotations)).toEqual([...merged(1, 0), ...merged(2, 0)]);
    const none = await anthropic([U('a', { timestamp: null }), U('b', { timestamp: undefined }), U('c', { timestamp: undefined })]);
    expect(none.messages).toEqual([{ role: 'user', content: [text('a'), text('b'), text('c')], timestamp: null }]);
  });

  it('Anthropic steering — users after an empty error turn merge: 3 messages, the last user has 2 blocks', async () => {
    const failed = A([], { stopReason: 'error', errorMessage: 'Overloaded' });
    const run = await anthropic([U('Hi'), failed, U([text('Steering')]), U([text('Another')])]);
    expect(run.messages).toEqual([U('Hi'), failed, { role: 'user', content: [text('Steering'), text('Another')] }]);
    expect((run.messages[2].content as unknown[]).length).toBe(2);
    expect(brief(run.annotations)).toEqual(merged(3, 2));
  });

  it('append-only runtime context keeps consecutive users apart on anthropic-messages, Bedrock still merges', async () => {
    const messages = [U('/model claude-fable-5-1'), U('Read notes.txt'), A([text('Reading.')])];
    const messagesApi: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-fable-5-1' };
    const bedrock: Target = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'claude-fable-5-1' };
    expect(policyFor({ target: messagesApi }).appendOnlyRuntimeContext).toBe(true);
    expect(policyFor({ target: bedrock }).appendOnlyRuntimeContext).toBe(true);

    const kept = await anthropic(messages, messagesApi);
    expect(kept.messages.map((m) => m.role)).toEqual(['user', 'user', 'assistant']);
    expect(kept.untouched).toBe(true);
    expect(kept.annotations).toEqual([]);

    const mergedRun = await anthropic(messages, bedrock);
    expect(mergedRun.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(mergedRun.messages[0]).toEqual({ role: 'user', content: [text('/model claude-fable-5-1'), text('Read notes.txt')] });
    expect(brief(mergedRun.annotations)).toEqual(merged(1, 0));
  });

  it('a merging policy turns [U(First request)@1, U(Second request)@2] into one user turn at 2', async () => {
    const run = await anthropic([U('First request', { timestamp: 1 }), U('Second request', { timestamp: 2 })], TARGETS.anthropic);
    expect(run.messages).toEqual([{ role: 'user', content: [text('First request'), text('Second request')], timestamp: 2 }]);
    expect(brief(run.annotations)).toEqual(merged(1, 0));
  });

  it('Anthropic: a tool call with no result before the next assistant is stripped; a turn left empty says [tool calls omitted]', async () => {
    const dangling = A([{ type: 'toolCall', id: 'call_1', name: 'read', arguments: {} }], { stopReason: 'toolUse' });
    const run = await anthropic([U('go'), dangling, U('next'), A([text('done')])]);
    expect(run.messages[1]).toEqual({ ...dangling, content: [text('[tool calls omitted]')] });
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'turn-validation', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content' },
    ]);
  });

  it('Bedrock payload: a user message right after another (tool results, then the user text) is merged into it', () => {
    const results = { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ text: 'ok' }] } }] };
    const userText = { role: 'user', content: [{ text: 'and now?' }] };
    const payload = {
      modelId: 'm',
      messages: [{ role: 'user', content: [{ text: 'go' }] }, { role: 'assistant', content: [{ text: 'on it' }] }, results, userText],
    };
    const bedrock: Target = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5' };
    const run = applyPayloadRule(
      turnValidationRule,
      { api: 'bedrock-converse-stream', family: 'bedrock', value: payload, entrySources: [0, 1, 2, 3] },
      { target: bedrock, replayOrigins: [0, 1, 2, null] },
    );
    expect(run.payload.value).toEqual({
      modelId: 'm',
      messages: [payload.messages[0], payload.messages[1], { role: 'user', content: [...results.content, ...userText.content] }],
    });
    expect(run.payload.entrySources).toEqual([0, 1, 2]);
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'turn-validation', action: 'merged', turn: null, replayTurn: 3, path: 'payload.messages[3]' },
    ]);
    expect(payload.messages).toHaveLength(4);
  });

  it('Bedrock payload: nothing to merge, or another provider, leaves the payload object as it was', () => {
    const payload = {
      messages: [
        { role: 'user', content: [{ text: 'a' }] },
        { role: 'assistant', content: [{ text: 'b' }] },
      ],
    };
    const bedrock: Target = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-sonnet-4-5' };
    expect(
      applyPayloadRule(turnValidationRule, { api: 'bedrock-converse-stream', family: 'bedrock', value: payload }, { target: bedrock })
        .payload.value,
    ).toBe(payload);
    const split = {
      messages: [
        { role: 'user', content: [{ text: 'a' }] },
        { role: 'user', content: [{ text: 'b' }] },
      ],
    };
    expect(
      applyPayloadRule(turnValidationRule, { api: 'anthropic-messages', family: 'anthropic', value: split }, { target: TARGETS.anthropic })
        .annotations,
    ).toEqual([]);
  });
});

describe('turn-validation: a turn with thinking and a call without its result (Anthropic)', () => {
  const OMITTED = text('[tool calls omitted]');
  const signed = (calls: Record<string, unknown>[], extra = {}) =>
    A([thinking('plan', 'sig'), ...calls], { stopReason: 'toolUse', ...extra });
  const kept = async (messages: Message[], index: number) => (await anthropic(messages)).messages[index] === messages[index];

  it('is kept when each call is answered by a result of its name, or by results that name no tool', async () => {
    expect(await kept([U('go'), signed([tc('a', 'read')]), TR('a', 'ok', { toolName: 'read' }), U('next')], 1)).toBe(true);
    expect(await kept([U('go'), signed([tc('a', 'read')]), TR('a', 'ok', { toolName: undefined }), U('next')], 1)).toBe(true);
    // One of two results for the id has the call's name.
    const two = [U('go'), signed([tc('a', 'read')]), TR('a', 'x', { toolName: 'exec' }), TR('a', 'y', { toolName: ' read ' }), U('next')];
    expect(await kept(two, 1)).toBe(true);
  });

  it('has its whole content replaced when a call is unanswered, answered under another name, or has no name', async () => {
    for (const [calls, results] of [
      [[tc('a', 'read')], []],
      [[tc('a', 'read')], [TR('a', 'ok', { toolName: 'exec' })]],
      [[tc('a', 'read'), tc('b', 'read')], [TR('a', 'ok', { toolName: 'read' })]],
      [[tc('a', '')], [TR('a', 'ok', { toolName: undefined })]],
    ] as [Record<string, unknown>[], Message[]][]) {
      const turn = signed(calls);
      const run = await anthropic([U('go'), turn, ...results, U('next')]);
      expect(run.messages[1]).toEqual({ ...turn, content: [OMITTED] });
      expect(brief(run.annotations, true)).toEqual([
        { rule: 'turn-validation', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content' },
      ]);
    }
  });

  it('a failed turn is left with no content', async () => {
    const turn = signed([tc('a', 'read')], { stopReason: 'error' });
    const run = await anthropic([U('go'), turn, U('next')]);
    expect(run.messages[1]).toEqual({ ...turn, content: [] });
  });

  /**
   * The reading the rule must agree with, written out with the maps the rule no longer builds: each
   * result message up to the next assistant adds its name to the bucket of every id it names.
   */
  function answeredByName(messages: readonly Message[], index: number): boolean {
    const buckets = new Map<string, Set<string>>();
    const clean = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);
    for (let i = index + 1; i < messages.length && messages[i].role !== 'assistant'; i += 1) {
      const m = messages[i];
      if (m.role !== 'toolResult') continue;
      const name = clean(m.toolName);
      for (const id of new Set([clean(m.toolCallId), clean(m.toolUseId)]))
        if (id) {
          const bucket = buckets.get(id) ?? new Set<string>();
          if (name) bucket.add(name);
          buckets.set(id, bucket);
        }
    }
    return (messages[index].content as Record<string, unknown>[]).every((b) => {
      if (b.type !== 'toolCall') return true;
      const id = clean(b.id);
      const name = clean(b.name);
      const names = id && buckets.get(id);
      return !!name && !!names && (names.size === 0 || names.has(name));
    });
  }

  it('is kept exactly when the reading with maps says so (random transcripts)', async () => {
    const id = fc.constantFrom('a', 'b', ' a', 'c');
    const name = fc.constantFrom('read', 'exec', ' read', '', undefined);
    const call = fc.tuple(id, name).map(([i, n]) => ({ type: 'toolCall', id: i, name: n, arguments: {} }));
    const result = fc
      .tuple(id, name, fc.boolean())
      .map(([i, n, alias]): Message =>
        alias ? TR('', 'ok', { toolName: n, toolCallId: undefined, toolUseId: i }) : TR(i, 'ok', { toolName: n }),
      );
    // U, then (A, results, U)*: no two turns of one role in a row, so nothing merges and indexes stay.
    const round = fc.tuple(fc.array(call, { minLength: 1, maxLength: 3 }), fc.array(result, { maxLength: 3 }));
    const both = [0, 0];
    await fc.assert(
      fc.asyncProperty(fc.array(round, { minLength: 1, maxLength: 4 }), async (rounds) => {
        const messages: Message[] = [U('go')];
        for (const [calls, results] of rounds) messages.push(signed(calls), ...results, U('next'));
        const run = await anthropic(messages);
        expect(run.messages).toHaveLength(messages.length);
        messages.forEach((m, i) => {
          if (m.role !== 'assistant') return;
          const expected = answeredByName(messages, i);
          expect(run.messages[i] === m).toBe(expected);
          both[expected ? 0 : 1] += 1;
        });
      }),
      { numRuns: 800 },
    );
    // The generator must reach both answers often.
    expect(Math.min(...both)).toBeGreaterThan(100);
  });
});

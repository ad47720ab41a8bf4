// tool-call-input: the history pass, on the cases OpenClaw's own tests check; both passes' skip of a
// session whose calls are all plain, against a look at every call.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TOOL_CALL_ID_FIELDS } from '../../../../shared/messages.js';
import { ruleStep } from '../../../../shared/pipeline/runner.js';
import type { Rule } from '../../../../shared/rules/rule.js';
import { toolCallInputRule, type ToolCallInputOptions } from '../../../../shared/rules/tool-call-input.js';
import { TRAIT, traitsOf } from '../../../../shared/rules/traits.js';
import type { Message } from '../../../../shared/types.js';
import { applyRule, applySteps, brief, type RuleEnv } from '../../helpers/apply-rule.js';
import { A, tc, text, TR, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const history = (messages: Message[], env: RuleEnv = {}) =>
  applyRule(toolCallInputRule, messages, { ...env, options: { flavour: 'history' } });
const rule = 'tool-call-input';

describe('tool-call-input', () => {
  it('a tool call without arguments is dropped, and the emptied assistant with it', async () => {
    const user = U('hello');
    const run = await history([A([{ type: 'toolCall', id: 'call_1', name: 'read' }], { stopReason: 'toolUse' }), user]);
    expect(run.messages).toEqual([user]);
    expect(brief(run.annotations)).toContainEqual({ rule, action: 'dropped', turn: 0, replayTurn: null });
    expect(run.annotations.every((a) => a.turn === 0 && a.replayTurn === null)).toBe(true);
  });

  it('keeps a call naming itself in any id field the engine reads, and drops one whose only id is blank', async () => {
    // A field added to the list but not read by the rule fails here.
    for (const field of TOOL_CALL_ID_FIELDS) {
      const named = A([{ type: 'toolCall', [field]: 'call_1', name: 'read', arguments: {} }], { stopReason: 'toolUse' });
      const blank = A([{ type: 'toolCall', [field]: '  ', name: 'read', arguments: {} }], { stopReason: 'toolUse' });
      expect((await history([named])).messages).toEqual([named]);
      expect((await history([blank])).messages).toEqual([]);
    }
  });

  it('calls with an empty name, a blank name or an empty id are dropped; call_ok remains', async () => {
    const ok = tc('call_ok', 'read', { path: 'a.txt' });
    const assistant = A(
      [
        ok,
        { type: 'toolCall', id: 'call_empty_name', name: '', arguments: {} },
        { type: 'toolUse', id: 'call_blank_name', name: '   ', input: {} },
        { type: 'functionCall', id: '', name: 'exec', arguments: {} },
      ],
      { stopReason: 'toolUse' },
    );
    const run = await history([assistant]);
    expect(run.messages).toEqual([{ ...assistant, content: [ok] }]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[2]' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[3]' },
    ]);
  });

  it('a name with leaked control tokens and an 85-character name are dropped; read is kept', async () => {
    const ok = tc('call_ok', 'read');
    const assistant = A(
      [tc('call_bad', 'toolu_01abc <|tool_call_argument_begin|> {"command"'), tc('call_long', `read_${'x'.repeat(80)}`), ok],
      { stopReason: 'toolUse' },
    );
    const run = await history([assistant]);
    expect(run.messages).toEqual([{ ...assistant, content: [ok] }]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0]' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' },
    ]);
  });

  it('with allowedToolNames [read], a pending write call is dropped and read kept', async () => {
    const read = tc('call_read', 'read');
    const assistant = A([read, tc('call_write', 'write')], { stopReason: 'toolUse' });
    const run = await history([assistant], { allowedToolNames: ['read'] });
    expect(run.messages).toEqual([{ ...assistant, content: [read] }]);
    expect(brief(run.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' }]);
  });

  it('text and a toolUse with input survive; the toolCall without arguments is dropped', async () => {
    const before = text('before');
    const toolUse = { type: 'toolUse', id: 'call_ok', name: 'read', input: { path: 'a.txt' } };
    const assistant = A([before, toolUse, { type: 'toolCall', id: 'call_drop', name: 'read' }], { stopReason: 'toolUse' });
    const run = await history([assistant]);
    expect(run.messages).toEqual([{ ...assistant, content: [before, toolUse] }]);
    expect((run.messages[0].content as { type: string }[]).map((b) => b.type)).toEqual(['text', 'toolUse']);
    expect(brief(run.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[2]' }]);
  });

  it('names are trimmed (" read " → read, "exec " → exec), every other field kept', async () => {
    const assistant = A([tc('call_1', ' read ', { path: '/srv/test' }), tc('call_2', 'exec ', { command: 'ls' })], {
      stopReason: 'toolUse',
    });
    const run = await history([assistant]);
    expect(run.messages).toEqual([
      { ...assistant, content: [tc('call_1', 'read', { path: '/srv/test' }), tc('call_2', 'exec', { command: 'ls' })] },
    ]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0].name' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1].name' },
    ]);
  });

  it('" read " / " write " with allowlist [read] → only read, trimmed', async () => {
    const assistant = A([tc('call_1', ' read '), tc('call_2', ' write ')], { stopReason: 'toolUse' });
    const run = await history([assistant], { allowedToolNames: ['read'] });
    expect(run.messages).toEqual([{ ...assistant, content: [tc('call_1', 'read')] }]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0].name' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1]' },
    ]);
  });

  it('a call that already has a result replays even when its tool is no longer allowed', async () => {
    const messages = [A([tc('call_w', 'write')], { stopReason: 'toolUse' }), TR('call_w', 'written', { toolName: 'write' })];
    const run = await history(messages, { allowedToolNames: ['read'] });
    expect(run.untouched).toBe(true);
    expect(run.annotations).toEqual([]);
  });
});

// ---- a turn with signed thinking and calls (kept untouched or dropped whole) ---------------------

describe('tool-call-input — a signed thinking + tool-call turn, where provider-owned thinking replays', () => {
  const OPUS: RuleEnv = { target: TARGETS.anthropicOpus46 };
  const signed = (...calls: Record<string, unknown>[]) =>
    A([{ type: 'thinking', thinking: 't', thinkingSignature: 'sig' }, ...calls], { stopReason: 'toolUse' });
  const run = (flavour: ToolCallInputOptions['flavour'], messages: Message[]) =>
    applyRule(toolCallInputRule, messages, { ...OPUS, options: { flavour } });
  /** The reason the signed turn at `index` was dropped for, or null when every turn was kept. */
  const droppedFor = async (flavour: ToolCallInputOptions['flavour'], messages: Message[], index: number) => {
    const r = await run(flavour, messages);
    if (r.untouched) return null;
    const note = r.annotations.find((a) => a.turn === index && a.action === 'dropped');
    return note?.detail.match(/dropped whole: (.*) \(a signed turn cannot be edited\)$/)?.[1] ?? 'another change';
  };

  it('stream: a call answered later, past a user turn, keeps the turn; an unanswered one drops it', async () => {
    expect(await droppedFor('stream', [U('go'), signed(tc('a')), U('wait'), TR('a', 'ok'), U('next')], 1)).toBeNull();
    expect(await droppedFor('stream', [U('go'), signed(tc('a'), tc('b')), TR('a', 'ok'), U('next')], 1)).toBe(
      'call b has no result after it',
    );
    // A result after the next turn with a call does not count.
    const late = [U('go'), signed(tc('a')), A([tc('c')], { stopReason: 'toolUse' }), TR('c', 'ok'), TR('a', 'ok')];
    expect(await droppedFor('stream', late, 1)).toBe('call a has no result after it');
  });

  it('stream: a call id with white space around it is not answered by a result naming the trimmed id', async () => {
    expect(await droppedFor('stream', [U('go'), signed(tc(' a')), TR('a', 'ok'), U('next')], 1)).toBe('call  a has no result after it');
    // Nor by one naming it with the same white space: a result's ids are read trimmed.
    expect(await droppedFor('stream', [U('go'), signed(tc('a ')), TR('a ', 'ok'), U('next')], 1)).toBe('call a  has no result after it');
  });

  it('history: an id an earlier signed turn used drops the later turn', async () => {
    const messages = [U('go'), signed(tc('a')), TR('a', 'ok'), U('again'), signed(tc('a')), TR('a', 'ok'), U('next')];
    expect(await droppedFor('history', messages, 4)).toBe('tool call id a was already used by an earlier signed turn');
  });

  it('history: only a session spawn with attachments must be answered', async () => {
    // (Read from `input`, where an Anthropic toolUse block keeps its arguments.)
    const spawnWith = (attachments: unknown[]) => ({ type: 'toolUse', id: 's', name: 'sessions_spawn', input: { attachments } });
    const spawn = spawnWith([{ name: 'a.txt' }]);
    expect(await droppedFor('history', [U('go'), signed(spawn), U('next')], 1)).toBe('call s has no result after it');
    expect(await droppedFor('history', [U('go'), signed(spawnWith([])), U('next')], 1)).toBeNull();
    expect(await droppedFor('history', [U('go'), signed(tc('a')), U('next')], 1)).toBeNull();
  });

  it('beside a signed turn, an unsigned turn with an odd call still has it mended (a name trimmed)', async () => {
    const odd = A([tc('b', ' read'), tc('c', 'read')], { stopReason: 'toolUse' });
    const messages = [U('go'), signed(tc('a')), TR('a', 'ok'), U('on'), odd, TR('b', 'ok'), TR('c', 'ok')];
    const r = await run('history', messages);
    expect(r.messages[4]).toEqual({ ...odd, content: [tc('b', 'read'), tc('c', 'read')] });
  });

  it('beside a signed turn, an unsigned turn calling a tool the allowlist lacks still loses that call', async () => {
    const pending = A([tc('w', 'write'), tc('r', 'read')], { stopReason: 'toolUse' });
    const messages = [U('go'), signed(tc('a')), TR('a', 'ok'), U('on'), pending];
    for (const flavour of ['history', 'stream'] as const) {
      const r = await applyRule(toolCallInputRule, messages, { ...OPUS, allowedToolNames: ['read'], options: { flavour } });
      expect(r.messages[4]).toEqual({ ...pending, content: [tc('r', 'read')] });
    }
  });

  it('history: results displaced behind another turn, for an id seen earlier, drop the turn', async () => {
    const earlier = [U('go'), A([tc('a')], { stopReason: 'toolUse' }), TR('a', 'ok')];
    const displaced = [...earlier, U('again'), signed(tc('a')), U('meanwhile'), TR('a', 'ok'), U('next')];
    expect(await droppedFor('history', displaced, 4)).toBe('the results of call a are displaced and its id appeared earlier');
    // In place, or for a new id, the same turn is kept.
    expect(await droppedFor('history', [...earlier, U('again'), signed(tc('a')), TR('a', 'ok'), U('next')], 4)).toBeNull();
    expect(await droppedFor('history', [...earlier, U('again'), signed(tc('b')), U('meanwhile'), TR('b', 'ok')], 4)).toBeNull();
  });
});

// ---- the skip when no call is odd --------------------------------------------------------------

/** The rule as it runs when every turn may hold an odd call: it looks at every call. */
const looking: Rule<ToolCallInputOptions> = {
  ...toolCallInputRule,
  apply: (turns, ctx, options) =>
    toolCallInputRule.apply(
      turns.map((t) => ({ ...t, traits: t.traits | TRAIT.oddCall })),
      { ...ctx, mayHave: (bits) => (bits & TRAIT.oddCall) !== 0 || ctx.mayHave(bits) },
      options,
    ),
};

/** A call as a well-formed session writes it. */
const plainCall = fc
  .record({ id: fc.constantFrom('call_1', 'call_2', 'toolu_01abc', 'call|x'), name: fc.constantFrom('read', 'exec', 'functions.read:0') })
  .map(({ id, name }) => tc(id, name));
/** A call block near the plain form: each field as a well-formed session writes it, or one step off it. */
const nearCall = fc
  .record({
    type: fc.constantFrom('toolCall', 'toolCall', 'toolUse', 'functionCall', 'tool_use', 'function_call'),
    id: fc.constantFrom<unknown>('call_1', 'call_2', 'toolu_01abc', 'call|x', 'call_1', ' call_1', 'call_2 ', '', '  ', undefined),
    name: fc.constantFrom<unknown>('read', 'read', 'exec', 'functions.read:0', ' read', 'exec ', '', 'a b', 'x'.repeat(65), undefined),
    input: fc.constantFrom<unknown>({}, {}, { path: 'a' }, null, undefined),
    partialJson: fc.constantFrom<unknown>(undefined, undefined, undefined, '{"path":', '{}'),
    callId: fc.constantFrom<unknown>(undefined, undefined, 'call_9'),
  })
  .map(({ type, id, name, input, partialJson, callId }) => {
    const block: Record<string, unknown> = { type };
    if (id !== undefined) block.id = id;
    if (callId !== undefined) block.call_id = callId;
    if (name !== undefined) block.name = name;
    if (input !== undefined) block[type === 'toolUse' || type === 'tool_use' ? 'input' : 'arguments'] = input;
    if (partialJson !== undefined) block.partialJson = partialJson;
    return block;
  });
const call = fc.oneof({ weight: 5, arbitrary: plainCall }, { weight: 1, arbitrary: nearCall });
const turn = fc.oneof(
  fc
    .record({ calls: fc.array(call, { minLength: 1, maxLength: 3 }), thinking: fc.boolean(), prose: fc.boolean() })
    .map(({ calls, thinking, prose }): Message[] => [
      A(
        [...(thinking ? [{ type: 'thinking', thinking: 't', thinkingSignature: 'sig' }] : []), ...(prose ? [text('on it')] : []), ...calls],
        {
          stopReason: 'toolUse',
        },
      ),
      ...calls.map((c) => TR(typeof c.id === 'string' ? c.id : 'call_0', 'ok')),
    ]),
  fc.constantFrom<Message[]>([U('go')], [A([text('done')])]),
);
/** Transcripts whose calls are all plain about half the time (the case the skip is about). */
const transcript = fc.array(turn, { maxLength: 5 }).map((parts) => parts.flat());

describe('tool-call-input — both passes skipped when every call is plain', () => {
  const envs: [string, RuleEnv][] = [
    ['without an allowlist', { target: TARGETS.anthropic }],
    ['with signed thinking kept', { target: TARGETS.anthropicOpus46 }],
    ['with an allowlist', { target: TARGETS.anthropic, allowedToolNames: ['read'] }],
    ['with signed thinking kept and an allowlist', { target: TARGETS.anthropicOpus46, allowedToolNames: ['read'] }],
  ];
  for (const flavour of ['history', 'stream'] as const) {
    for (const [name, env] of envs) {
      it(`${flavour} pass ${name}: the replay, the annotations and the proof a look at every call gives (random transcripts)`, async () => {
        let plain = 0;
        await fc.assert(
          fc.asyncProperty(transcript, async (messages) => {
            const proofs: boolean[] = [];
            const observe = ruleStep(
              {
                ...toolCallInputRule,
                apply: (turns, ctx) => {
                  proofs.push(ctx.proven(turns, 'calls-sent-as-is'));
                  return turns;
                },
              },
              { flavour },
            );
            const skipping = await applySteps([ruleStep(toolCallInputRule, { flavour }), observe], messages, env);
            const full = await applySteps([ruleStep(looking, { flavour }), observe], messages, env);
            expect(skipping.messages).toEqual(full.messages);
            expect(skipping.annotations).toEqual(full.annotations);
            expect(proofs[0]).toBe(proofs[1]);
            if (messages.some((m) => traitsOf(m) & TRAIT.call) && messages.every((m) => !(traitsOf(m) & TRAIT.oddCall))) plain += 1;
          }),
          { numRuns: 400 },
        );
        // The generator must reach the case the skip is about.
        expect(plain).toBeGreaterThan(40);
      });
    }
  }
});

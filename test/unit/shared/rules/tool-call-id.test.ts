// tool-call-id: strict / strict9 id sanitisation. Exact ids checked against openclaw 2026.9.6.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isInModeForm, sanitizeToolCallId, toolCallIdRule } from '../../../../shared/rules/tool-call-id.js';
import type { Message, PolicyValues } from '../../../../shared/types.js';
import { applyRule, applySteps, brief, step } from '../../helpers/apply-rule.js';
import { toolResultPairingRule } from '../../../../shared/rules/tool-result-pairing.js';
import { responsesToolCallIdRule } from '../../../../shared/rules/responses-tool-call-id.js';
import type { Rule } from '../../../../shared/rules/rule.js';
import { TRAIT, traitsOf } from '../../../../shared/rules/traits.js';
import { A, tc, text, thinking, TR, U } from '../../helpers/messages.js';

const strict = (messages: Message[]) =>
  applyRule(toolCallIdRule, messages, { policy: { sanitizeToolCallIds: true, toolCallIdMode: 'strict' } });
const strict9 = (messages: Message[]) =>
  applyRule(toolCallIdRule, messages, { policy: { sanitizeToolCallIds: true, toolCallIdMode: 'strict9' } });
const rule = 'tool-call-id';
const callIds = (m: Message) => (m.content as { id: string }[]).map((b) => b.id);

describe('tool-call-id', () => {
  it('strict, an already valid id call1 ↔ result call1 → nothing changes (same messages)', async () => {
    const run = await strict([A([tc('call1')], { stopReason: 'toolUse' }), TR('call1', 'ok')]);
    expect(run.untouched).toBe(true);
    expect(run.annotations).toEqual([]);
  });

  it('strict call|item:123 → callitem123 on call and result', async () => {
    const assistant = A([tc('call|item:123')], { stopReason: 'toolUse' });
    const result = TR('call|item:123', 'ok');
    const run = await strict([assistant, result]);
    expect(run.messages).toEqual([
      { ...assistant, content: [tc('callitem123')] },
      { ...result, toolCallId: 'callitem123' },
    ]);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0].id' },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'toolCallId' },
    ]);
  });

  it('strict, call_a|b and call_a:b get distinct alphanumeric ids and their results follow 1:1', async () => {
    const run = await strict([
      A([tc('call_a|b'), tc('call_a:b')], { stopReason: 'toolUse' }),
      TR('call_a|b', 'first'),
      TR('call_a:b', 'second'),
    ]);
    const ids = callIds(run.messages[0]);
    expect(ids).toEqual(['callab', 'callab164e5cbf']);
    expect(new Set(ids).size).toBe(2);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]+$/);
    expect(run.messages.slice(1).map((m) => m.toolCallId)).toEqual(ids);
    expect(brief(run.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0].id' },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[1].id' },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'toolCallId' },
      { rule, action: 'rewritten', turn: 2, replayTurn: 2, path: 'toolCallId' },
    ]);
  });

  it('strict, two long ids that collide after clipping stay ≤40 characters, distinct and valid', async () => {
    const a = `call_${'a'.repeat(60)}`;
    const b = `call_${'a'.repeat(59)}b`;
    const run = await strict([A([tc(a), tc(b)], { stopReason: 'toolUse' }), TR(a, 'first'), TR(b, 'second')]);
    const ids = callIds(run.messages[0]);
    expect(ids).toEqual([`call${'a'.repeat(36)}`, `call${'a'.repeat(28)}34bd1346`]);
    for (const id of ids) {
      expect(id.length).toBeLessThanOrEqual(40);
      expect(id).toMatch(/^[A-Za-z0-9]+$/);
    }
    expect(run.messages.slice(1).map((m) => m.toolCallId)).toEqual(ids);
    expect(run.annotations.map((a) => [a.action, a.turn, a.replayTurn])).toEqual([
      ['rewritten', 0, 0],
      ['rewritten', 0, 0],
      ['rewritten', 1, 1],
      ['rewritten', 2, 2],
    ]);
  });

  it('strict, a 439-character id is clipped to 40 and its result follows', async () => {
    const raw = `call_${'x'.repeat(434)}`;
    expect(raw).toHaveLength(439);
    const run = await strict([A([tc(raw)], { stopReason: 'toolUse' }), TR(raw, 'ok')]);
    const [id] = callIds(run.messages[0]);
    expect(id).toBe(`call${'x'.repeat(36)}`);
    expect(id.length).toBeGreaterThan(0);
    expect(id.length).toBeLessThanOrEqual(40);
    expect(run.messages[1].toolCallId).toBe(id);
    expect(brief(run.annotations)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0 },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1 },
    ]);
  });

  it('strict whatsapp_login_1768799841527_1 → whatsapplogin17687998415271', async () => {
    const run = await strict([
      A([tc('whatsapp_login_1768799841527_1', 'whatsapp_login')], { stopReason: 'toolUse' }),
      TR('whatsapp_login_1768799841527_1', 'ok', { toolName: 'whatsapp_login' }),
    ]);
    expect(callIds(run.messages[0])).toEqual(['whatsapplogin17687998415271']);
    expect(run.messages[1].toolCallId).toBe('whatsapplogin17687998415271');
    expect(brief(run.annotations)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0 },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1 },
    ]);
  });

  it('strict9, call_abc|item:123 and call_abc|item:456 → two distinct 9-character alphanumeric ids', async () => {
    const run = await strict9([
      A([tc('call_abc|item:123'), tc('call_abc|item:456')], { stopReason: 'toolUse' }),
      TR('call_abc|item:123', 'a'),
      TR('call_abc|item:456', 'b'),
    ]);
    const ids = callIds(run.messages[0]);
    expect(ids).toEqual(['callabcit', '15b81aaaa']);
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(new Set(ids).size).toBe(2);
    expect(run.messages.slice(1).map((m) => m.toolCallId)).toEqual(ids);
    expect(run.annotations.map((a) => [a.rule, a.action, a.turn, a.replayTurn])).toEqual([
      [rule, 'rewritten', 0, 0],
      [rule, 'rewritten', 0, 0],
      [rule, 'rewritten', 1, 1],
      [rule, 'rewritten', 2, 2],
    ]);
  });

  it('short ids: strict9 hashes ids with fewer than 9 alphanumerics (call_a|b → sha256 prefix)', async () => {
    const run = await strict9([A([tc('call_a|b'), tc('call_a:b')], { stopReason: 'toolUse' }), TR('call_a|b', 'a'), TR('call_a:b', 'b')]);
    expect(callIds(run.messages[0])).toEqual(['a4b42f05f', '1f565f6b4']);
    expect(run.messages.slice(1).map((m) => m.toolCallId)).toEqual(['a4b42f05f', '1f565f6b4']);
  });

  it('sanitizeToolCallId("") → defaulttoolid (strict), 9 alphanumerics (strict9); call_abc-123 → callabc123', () => {
    expect(sanitizeToolCallId('', 'strict')).toBe('defaulttoolid');
    expect(sanitizeToolCallId('', 'strict9')).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(sanitizeToolCallId('call_abc-123', 'strict')).toBe('callabc123');
    expect(sanitizeToolCallId('___', 'strict')).toBe('sanitizedtoolid');
  });

  it('strict ids on toolUse and toolCall blocks; a result keyed by toolUseId gets both toolUseId and toolCallId', async () => {
    const assistant = A([{ type: 'toolUse', id: 'call_abc|item:123', name: 'read', input: { path: 'a' } }, tc('call_abc|item:456')], {
      stopReason: 'toolUse',
    });
    const result: Message = {
      role: 'toolResult',
      toolUseId: 'call_abc|item:123',
      toolName: 'read',
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
    };
    const run = await strict([assistant, result]);
    expect(run.messages).toEqual([
      { ...assistant, content: [{ type: 'toolUse', id: 'callabcitem123', name: 'read', input: { path: 'a' } }, tc('callabcitem456')] },
      { ...result, toolUseId: 'callabcitem123', toolCallId: 'callabcitem123' },
    ]);
    expect(brief(run.annotations)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0 },
      { rule, action: 'rewritten', turn: 0, replayTurn: 0 },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1 },
    ]);
  });

  it('call_123|fc_456 is unchanged without id sanitisation, and → call123fc456 with images-only + strict', async () => {
    const messages = [U('go'), A([tc('call_123|fc_456')], { stopReason: 'toolUse' }), TR('call_123|fc_456', 'ok')];
    const off = await applyRule(toolCallIdRule, messages);
    expect(off.untouched).toBe(true);
    expect(off.annotations).toEqual([]);
    const on = await applyRule(toolCallIdRule, messages, {
      policy: { sanitizeMode: 'images-only', sanitizeToolCallIds: true, toolCallIdMode: 'strict' },
    });
    expect(on.messages).toEqual([
      messages[0],
      { ...messages[1], content: [tc('call123fc456')] },
      { ...messages[2], toolCallId: 'call123fc456' },
    ]);
    expect(brief(on.annotations)).toEqual([
      { rule, action: 'rewritten', turn: 1, replayTurn: 1 },
      { rule, action: 'rewritten', turn: 2, replayTurn: 2 },
    ]);
  });

  describe('after pairing proved the list paired (the id check then skips tracking open calls)', () => {
    const pairedThenStrict = (messages: Message[]) =>
      applySteps([step(toolResultPairingRule, { flavour: 'generic' }), step(toolCallIdRule)], messages, {
        policy: { sanitizeToolCallIds: true, toolCallIdMode: 'strict', repairToolUseResultPairing: true },
      });

    it('valid distinct ids, each answered in place → nothing changes', async () => {
      const run = await pairedThenStrict([
        U('go'),
        A([tc('call1')], { stopReason: 'toolUse' }),
        TR('call1', 'ok'),
        A([tc('call2')], { stopReason: 'toolUse' }),
        TR('call2', 'ok'),
      ]);
      expect(run.untouched).toBe(true);
      expect(run.annotations).toEqual([]);
    });

    it('an id used by two calls, each answered in place → the second call and its result get a new id', async () => {
      const run = await pairedThenStrict([
        U('go'),
        A([tc('call1')], { stopReason: 'toolUse' }),
        TR('call1', 'first'),
        A([tc('call1')], { stopReason: 'toolUse' }),
        TR('call1', 'second'),
      ]);
      expect(run.messages.map((m) => (m.role === 'assistant' ? callIds(m)[0] : m.toolCallId))).toEqual([
        undefined,
        'call1',
        'call1',
        'call12',
        'call12',
      ]);
    });
  });
});

describe('isInModeForm (an id allocate would keep as its first choice)', () => {
  /** The definition it replaces: the id allocate tries first, before any collision, is the id itself. */
  const firstChoiceIsItself = (id: string, mode: 'strict' | 'strict9') =>
    sanitizeToolCallId(id, mode).slice(0, mode === 'strict9' ? 9 : 40) === id;

  it('strict: 1 to 40 ASCII letters and digits, or a Kimi id of at most 40 characters', () => {
    expect(isInModeForm('a', 'strict')).toBe(true);
    expect(isInModeForm('A'.repeat(40), 'strict')).toBe(true);
    expect(isInModeForm('functions.read:0', 'strict')).toBe(true);
    expect(isInModeForm(`functions.${'x'.repeat(28)}:0`, 'strict')).toBe(true);
    expect(isInModeForm('', 'strict')).toBe(false);
    expect(isInModeForm('A'.repeat(41), 'strict')).toBe(false);
    expect(isInModeForm(`functions.${'x'.repeat(29)}:0`, 'strict')).toBe(false);
    expect(isInModeForm('toolu_01abc', 'strict')).toBe(false);
    expect(isInModeForm('call-1', 'strict')).toBe(false);
    expect(isInModeForm('caf\u00e9', 'strict')).toBe(false);
    expect(isInModeForm('functions.x:', 'strict')).toBe(false);
  });

  it('strict9: exactly 9 ASCII letters and digits', () => {
    expect(isInModeForm('abcDEF123', 'strict9')).toBe(true);
    expect(isInModeForm('abcDEF12', 'strict9')).toBe(false);
    expect(isInModeForm('abcDEF1234', 'strict9')).toBe(false);
    expect(isInModeForm('abcDEF_12', 'strict9')).toBe(false);
    expect(isInModeForm('abcDEF12\u00e9', 'strict9')).toBe(false);
    expect(isInModeForm('', 'strict9')).toBe(false);
  });

  it('agrees with the first-choice definition on random ids, edge lengths and forms included', () => {
    const char = fc.constantFrom(...'aZ09_-.:', 'f', 'x', '\u00e9', '\u0660', '\ud83d', ' ');
    const chars = (min: number, max: number) => fc.array(char, { minLength: min, maxLength: max }).map((cs) => cs.join(''));
    const alnum = fc.constantFrom(...'aZ09');
    const alnumRun = (n: number) => fc.array(alnum, { minLength: n, maxLength: n }).map((cs) => cs.join(''));
    const id = fc.oneof(
      chars(0, 12),
      fc.constantFrom(8, 9, 10, 39, 40, 41).chain(alnumRun),
      fc
        .tuple(fc.constantFrom(8, 9, 10, 39, 40, 41).chain(alnumRun), fc.nat(40), char)
        .map(([s, at, c]) => s.slice(0, at) + c + s.slice(at + 1)),
      fc.tuple(chars(0, 6), fc.nat(99)).map(([tail, n]) => `toolu_${tail}${n}`),
      fc.tuple(chars(0, 32), fc.constantFrom('', ':', ':0', ':12', ':x')).map(([name, tail]) => `functions.${name}${tail}`),
      fc.integer({ min: 0, max: 34 }).map((n) => `functions.${'x'.repeat(n)}:0`),
    );
    fc.assert(
      fc.property(id, fc.constantFrom('strict' as const, 'strict9' as const), (s, mode) => {
        expect(isInModeForm(s, mode)).toBe(firstChoiceIsItself(s, mode));
      }),
      { numRuns: 20000 },
    );
  });
});

describe('the traits an id rewrite hands on (the turn is not read again)', () => {
  /** A rule that records, for every turn, the traits it carries and those a read of its message gives. */
  const observer = (seen: [carried: number, read: number][]): Rule => ({
    ...toolCallIdRule,
    appliesWhen: () => true,
    apply(turns) {
      for (const turn of turns) seen.push([turn.traits, traitsOf(turn.message)]);
      return turns;
    },
  });
  // Ids each rule keeps, rewrites, or meets with white space around them or empty (an odd call).
  const id = fc.constantFrom(
    'call1',
    'call_2',
    'call|item:1',
    'toolu_01',
    'functions.read:0',
    ' call3',
    'call4 ',
    'a.b',
    '',
    'call_abc|fc_1',
  );
  const call = fc.tuple(id, fc.constantFrom('read', 'exec', 'bad name')).map(([i, name]) => tc(i, name));
  const block = fc.oneof(call, call, fc.constant(text('done')), fc.constant(text('NO_REPLY')), fc.constant(thinking('plan', 'sig')));
  const result = fc
    .tuple(id, fc.constantFrom('plain', 'toolUseId', 'call_id'))
    .map(([i, field]) => (field === 'plain' ? TR(i, 'ok') : TR(i, 'ok', { [field]: i })));
  const transcript = fc
    .array(
      fc.oneof(
        fc.array(block, { minLength: 1, maxLength: 3 }).map((content) => A(content, { stopReason: 'toolUse' })),
        result,
        result,
        fc.constant(U('go')),
      ),
      { maxLength: 8 },
    )
    .map((ms): Message[] => ms);
  const modes = [
    { name: 'strict', rule: toolCallIdRule, policy: { sanitizeToolCallIds: true, toolCallIdMode: 'strict' as const } },
    { name: 'strict9', rule: toolCallIdRule, policy: { sanitizeToolCallIds: true, toolCallIdMode: 'strict9' as const } },
    { name: 'Responses', rule: responsesToolCallIdRule, policy: { isResponsesFamily: true } },
  ];

  for (const { name, rule: idRule, policy } of modes) {
    it(`${name}: every turn carries exactly the traits a read of its message gives (random transcripts)`, async () => {
      // The turns the rule rewrote without reading them again: assistants whose calls were all plain, plain results.
      let handedOn = 0;
      await fc.assert(
        fc.asyncProperty(transcript, async (messages) => {
          const seen: [number, number][] = [];
          const run = await applySteps([step(idRule), step(observer(seen))], messages, { policy });
          expect(seen).toHaveLength(run.messages.length);
          for (const [carried, read] of seen) expect(carried).toBe(read);
          run.messages.forEach((m, i) => {
            if (m === messages[i]) return;
            const before = traitsOf(messages[i]);
            if (m.role === 'assistant' ? !(before & TRAIT.oddCall) : before & TRAIT.plainResultId) handedOn += 1;
          });
        }),
        { numRuns: 300 },
      );
      // The generator must reach the case the hand-on is about.
      expect(handedOn).toBeGreaterThan(100);
    });
  }
});

describe('the proof a rewrite hands on (the second pass of the pipeline then does not look again)', () => {
  /** A rule that records whether the list it gets is proven to keep its ids. */
  const provenAfter = (seen: boolean[]): Rule => ({
    ...toolCallIdRule,
    appliesWhen: () => true,
    apply(turns, ctx) {
      seen.push(ctx.proven(turns, 'ids-kept'));
      return turns;
    },
  });
  const strictPolicy = { sanitizeToolCallIds: true, toolCallIdMode: 'strict' as const };
  const proofOf = async (messages: Message[], policy: Partial<PolicyValues> = strictPolicy) => {
    const seen: boolean[] = [];
    const run = await applySteps([step(toolCallIdRule), step(provenAfter(seen))], messages, { policy });
    return { run, proven: seen[0] };
  };

  it('every id rewritten and each result following its call → the rewritten list is proven', async () => {
    const { run, proven } = await proofOf([
      U('go'),
      A([tc('call_1|fc_1'), tc('call_2|fc_2')]),
      TR('call_1|fc_1', 'a'),
      TR('call_2|fc_2', 'b'),
    ]);
    expect(run.untouched).toBe(false);
    expect(proven).toBe(true);
  });

  it('a result that answers no call before it → not proven (a fresh look rewrites it again)', async () => {
    const { run, proven } = await proofOf([U('go'), TR('call_0', 'early'), A([tc('call_1|fc_1')]), TR('call_1|fc_1', 'a')]);
    expect(run.untouched).toBe(false);
    expect(proven).toBe(false);
  });

  it('a result with another id field beside toolCallId → not proven', async () => {
    const { proven } = await proofOf([U('go'), A([tc('call_1|fc_1')]), TR('call_1|fc_1', 'a', { toolUseId: 'call_1|fc_1' })]);
    expect(proven).toBe(false);
  });

  it('a signed turn replayed as it is, with an id out of the mode’s form → not proven', async () => {
    const signed = A([thinking('plan', 'sig'), tc('call_1|fc_1')]);
    const { run, proven } = await proofOf([U('go'), signed, TR('call_1|fc_1', 'a'), A([tc('x-1')]), TR('x-1', 'b')], {
      ...strictPolicy,
      allowProviderOwnedThinkingReplay: true,
    });
    // The signed turn and its result are kept; the unsigned call is rewritten.
    expect(run.messages[1]).toBe(signed);
    expect(run.messages[2].toolCallId).toBe('call_1|fc_1');
    expect((run.messages[3].content as { id?: string }[])[0].id).toBe('x1');
    expect(proven).toBe(false);
  });

  // Random transcripts: any list proven is one a fresh look keeps as it is. A Kimi id past 40
  // characters is clipped into one out of the mode's form.
  const id = fc.constantFrom(
    'call1',
    'call_2',
    'call|item:1',
    'toolu_01',
    'toolu_02',
    'functions.read:0',
    `functions.${'x'.repeat(30)}:0`,
    ' call3',
    'a.b',
    '',
    'call_abc|fc_1',
    'abcdefghi',
  );
  const call = fc.tuple(id, fc.constantFrom('read', 'exec')).map(([i, name]) => tc(i, name));
  const block = fc.oneof(call, call, fc.constant(text('done')), fc.constant(thinking('plan', 'sig')));
  const result = fc
    .tuple(id, fc.constantFrom('plain', 'plain', 'plain', 'toolUseId'))
    .map(([i, field]) => (field === 'plain' ? TR(i, 'ok') : TR(i, 'ok', { [field]: i })));
  // A turn with its calls answered in order (nearly every session), and stray turns and results around.
  const answered = fc
    .array(block, { minLength: 1, maxLength: 3 })
    .map((content) => [
      A(content, { stopReason: 'toolUse' }),
      ...content.filter((b) => b.type === 'toolCall').map((b) => TR(b.id as string, 'ok')),
    ]);
  const stray = fc.oneof(
    fc.array(block, { minLength: 1, maxLength: 3 }).map((content) => [A(content, { stopReason: 'toolUse' })]),
    result.map((r) => [r]),
    fc.constant([U('go')]),
  );
  const transcript = fc
    .array(fc.oneof({ arbitrary: answered, weight: 3 }, { arbitrary: stray, weight: 1 }), { maxLength: 5 })
    .map((parts): Message[] => parts.flat());
  const policies: [string, Partial<PolicyValues>][] = [
    ['strict', strictPolicy],
    ['strict9', { sanitizeToolCallIds: true, toolCallIdMode: 'strict9' }],
    ['strict, native Anthropic ids kept', { ...strictPolicy, preserveNativeAnthropicToolUseIds: true }],
    [
      'strict, signed turns replayed as they are',
      { ...strictPolicy, allowProviderOwnedThinkingReplay: true, preserveNativeAnthropicToolUseIds: true },
    ],
  ];
  for (const [name, policy] of policies) {
    it(`${name}: a list proven after the rewrite is one the rule keeps as it is (random transcripts)`, async () => {
      let rewrittenAndProven = 0;
      let rewrittenNotProven = 0;
      await fc.assert(
        fc.asyncProperty(transcript, async (messages) => {
          const { run, proven } = await proofOf(messages, policy);
          if (run.untouched) return;
          if (!proven) {
            rewrittenNotProven += 1;
            return;
          }
          rewrittenAndProven += 1;
          const again = await applySteps([step(toolCallIdRule)], run.messages, { policy });
          expect(again.untouched).toBe(true);
        }),
        { numRuns: 600 },
      );
      console.log('COUNTS', name, rewrittenAndProven, rewrittenNotProven);
      // The generator must reach both cases.
      expect(rewrittenAndProven).toBeGreaterThan(60);
      expect(rewrittenNotProven).toBeGreaterThan(60);
    });
  }
});

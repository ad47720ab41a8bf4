// The runner's proofs: a tool-call check that passed on a list holds for the lists later steps make
// from it only through rules that keep every call and result; each such rule really keeps them.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleStep, type HistoryStep } from '../../../../shared/pipeline/runner.js';
import { RULES } from '../../../../shared/rules/index.js';
import { alreadyPaired } from '../../../../shared/rules/pairing-checks.js';
import type { Rule, ToolCallProof } from '../../../../shared/rules/rule.js';
import { toolCallIdRule } from '../../../../shared/rules/tool-call-id.js';
import { toolCallInputRule } from '../../../../shared/rules/tool-call-input.js';
import { toolResultPairingRule } from '../../../../shared/rules/tool-result-pairing.js';
import { turnValidationRule } from '../../../../shared/rules/turn-validation.js';
import type { Message } from '../../../../shared/types.js';
import { applySteps, step, type RuleEnv } from '../../helpers/apply-rule.js';
import { A, NOW, tc, text, TR, U } from '../../helpers/messages.js';
import { replay, TARGETS } from '../../helpers/pipeline.js';

/** A test rule: `apply` with the rule fields a step needs. */
function testRule(apply: Rule['apply'], keepsCallsAndResults = false): Rule {
  return {
    id: 'usage',
    title: 'test',
    explanation: 'test',
    providers: 'test',
    appliesWhen: () => true,
    apply,
    keepsCallsAndResults,
  };
}

describe('runHistory — tool-call proofs', () => {
  it('carries a proof through a rule that keeps calls and results, and drops it at any other change', async () => {
    const seen: Record<ToolCallProof, boolean>[] = [];
    const prove = testRule((turns, ctx) => {
      ctx.prove(turns, 'paired');
      return turns;
    });
    const observe = testRule((turns, ctx) => {
      seen.push({
        paired: ctx.proven(turns, 'paired'),
        'ids-kept': ctx.proven(turns, 'ids-kept'),
        'calls-sent-as-is': ctx.proven(turns, 'calls-sent-as-is'),
      });
      return turns;
    });
    const copyKeeping = testRule((turns) => turns.slice(), true);
    const copyOther = testRule((turns) => turns.slice());
    const steps: HistoryStep[] = [prove, observe, copyKeeping, observe, copyOther, observe].map((rule) => ruleStep(rule, undefined));
    await applySteps(steps, [U('go'), A([text('done')])]);
    expect(seen).toEqual([
      { paired: true, 'ids-kept': false, 'calls-sent-as-is': false },
      { paired: true, 'ids-kept': false, 'calls-sent-as-is': false },
      { paired: false, 'ids-kept': false, 'calls-sent-as-is': false },
    ]);
  });

  it('flags the rules the pipeline relies on', () => {
    expect(
      RULES.filter((rule) => rule.keepsCallsAndResults)
        .map((rule) => rule.id)
        .sort(),
    ).toEqual(['prefill-strip', 'summary-conversion', 'tool-result-details', 'usage']);
  });
});

// ---- each flagged rule keeps what the checks read, on random transcripts --------------------------

const callId = fc.constantFrom('call_1', 'call_2', 'toolu_01abc', 'call 3', ' call_1', 'call|x', '');
const toolName = fc.constantFrom('read', ' read ', '', 'exec');
/** An assistant turn with calls followed by their results (in order, or with one missing or moved). */
const frame = fc
  .record({
    ids: fc.array(callId, { minLength: 1, maxLength: 3 }),
    names: fc.array(toolName, { minLength: 3, maxLength: 3 }),
    stop: fc.constantFrom('toolUse', 'toolUse', 'error'),
    details: fc.boolean(),
    shuffle: fc.constantFrom('none', 'none', 'drop-last', 'reverse'),
  })
  .map(({ ids, names, stop, details, shuffle }): Message[] => {
    const results = ids.map((id, i) => TR(id, 'ok', { toolName: names[i], ...(details ? { details: { exitCode: 0 } } : {}) }));
    const ordered = shuffle === 'drop-last' ? results.slice(0, -1) : shuffle === 'reverse' ? results.reverse() : results;
    return [
      A(
        ids.map((id, i) => tc(id, names[i])),
        { stopReason: stop },
      ),
      ...ordered,
    ];
  });
const single = fc.constantFrom<Message[]>(
  [U('go')],
  [A([text('prose')])],
  [A('string reply', { usage: { input: 1, output: 2 } })],
  [{ role: 'branchSummary', summary: 'a branch', timestamp: NOW }],
  [{ role: 'compactionSummary', summary: 'earlier', timestamp: NOW }],
  [{ role: 'custom', content: 'hook output', timestamp: NOW }],
  [{ role: 'custom', content: 'hidden', excludeFromContext: true, timestamp: NOW }],
  [{ role: 'tool', toolCallId: 'call_1', content: 'legacy' }],
);
const transcript = fc
  .array(fc.oneof({ weight: 2, arbitrary: frame }, { weight: 3, arbitrary: single }), { maxLength: 8 })
  .map((parts) => parts.flat());

const FLAGGED = RULES.filter((rule) => rule.keepsCallsAndResults);
const ENV: RuleEnv = { target: TARGETS.anthropic };
const CHECKS: [ToolCallProof, HistoryStep][] = [
  ['paired', step(toolResultPairingRule, { flavour: 'generic' })],
  ['ids-kept', step(toolCallIdRule)],
  ['calls-sent-as-is', step(toolCallInputRule, { flavour: 'stream' })],
];

describe('rules that keep calls and results', () => {
  for (const rule of FLAGGED) {
    for (const [proof, check] of CHECKS) {
      it(`${rule.id}: a list the ${proof} check passes still passes it after the rule`, async () => {
        let proven = 0;
        await fc.assert(
          fc.asyncProperty(transcript, async (messages) => {
            const before = await applySteps([check], messages, ENV);
            if (!before.untouched || before.annotations.length > 0) return;
            proven += 1;
            const ruleOnly = await applySteps([ruleStep(rule, undefined)], messages, ENV);
            const thenCheck = await applySteps([ruleStep(rule, undefined), check], messages, ENV);
            expect(thenCheck.messages).toEqual(ruleOnly.messages);
            expect(thenCheck.annotations).toEqual(ruleOnly.annotations);
          }),
          { numRuns: 300 },
        );
        // The generator must reach the case it is about.
        expect(proven).toBeGreaterThan(30);
      });
    }
  }
});

describe('tool-call-input — the send-time pass after a proof', () => {
  it('changes nothing more when it trusts the history pass than when it looks again (random transcripts)', async () => {
    const history = step(toolCallInputRule, { flavour: 'history' });
    const stream = step(toolCallInputRule, { flavour: 'stream' });
    let proven = 0;
    const count = ruleStep(
      testRule((turns, ctx) => {
        if (ctx.proven(turns, 'calls-sent-as-is')) proven += 1;
        return turns;
      }),
      undefined,
    );
    // A copy by a rule that does not keep calls and results drops every proof: the pass then looks again.
    const forget = ruleStep(
      testRule((turns) => turns.slice()),
      undefined,
    );
    // The history pass keeps a call named only in call_id; the send-time pass drops it (no `id`).
    const callIdOnly = A([{ type: 'toolCall', call_id: 'call_9', name: 'read', arguments: {} }], { stopReason: 'toolUse' });
    const messages = fc.tuple(transcript, fc.boolean()).map(([ms, odd]) => (odd ? [...ms, callIdOnly] : ms));
    await fc.assert(
      fc.asyncProperty(messages, async (messages) => {
        const trusting = await applySteps([history, count, stream], messages, ENV);
        const looking = await applySteps([history, forget, stream], messages, ENV);
        expect(trusting.messages).toEqual(looking.messages);
        expect(trusting.annotations).toEqual(looking.annotations);
      }),
      { numRuns: 500 },
    );
    // The generator must reach the case it is about.
    expect(proven).toBeGreaterThan(50);
  });
});

describe('turn-validation — the dangling-call strip after proofs', () => {
  it('changes nothing more when it trusts the paired and sent-as-is proofs than when it looks again (random transcripts)', async () => {
    const history = step(toolCallInputRule, { flavour: 'history' });
    const pairing = step(toolResultPairingRule, { flavour: 'generic' });
    const validation = step(turnValidationRule, {});
    let proven = 0;
    const count = ruleStep(
      testRule((turns, ctx) => {
        if (ctx.proven(turns, 'paired') && ctx.proven(turns, 'calls-sent-as-is')) proven += 1;
        return turns;
      }),
      undefined,
    );
    // A copy by a rule that does not keep calls and results drops every proof: the strip then looks again.
    const forget = ruleStep(
      testRule((turns) => turns.slice()),
      undefined,
    );
    // Turns the strip must still open: a call named only in call_id (kept by the history pass, and
    // removed as unanswered next to an identified call), a null block, a signed turn, two assistants in a row.
    const odd = fc.constantFrom<Message[]>(
      [
        A([{ type: 'toolCall', call_id: 'call_9', name: 'read', arguments: {} }, tc('call_8')], { stopReason: 'toolUse' }),
        TR('call_8', 'ok'),
      ],
      [A([null, tc('call_7')], { stopReason: 'toolUse' }), TR('call_7', 'ok')],
      [
        A([{ type: 'thinking', thinking: 't', thinkingSignature: 'sig' }, tc('call_6')], { stopReason: 'toolUse' }),
        TR('call_6', 'ok', { toolName: 'exec' }),
      ],
      [A([text('first')]), A([tc('call_5')], { stopReason: 'toolUse' })],
    );
    const messages = fc
      .tuple(transcript, fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 3, arbitrary: odd }), fc.boolean())
      .map(([ms, extra, before]) => (before ? [...extra, ...ms] : [...ms, ...extra]));
    await fc.assert(
      fc.asyncProperty(messages, async (messages) => {
        const trusting = await applySteps([history, pairing, count, validation], messages, ENV);
        const looking = await applySteps([history, pairing, forget, validation], messages, ENV);
        expect(trusting.messages).toEqual(looking.messages);
        expect(trusting.annotations).toEqual(looking.annotations);
      }),
      { numRuns: 500 },
    );
    // The generator must reach the case it is about.
    expect(proven).toBeGreaterThan(25);
  });
});

// ---- the proofs a repair or a merge hands on ---------------------------------------------------

/** A step that remembers the list it is given, so a later step can tell whether the rule between changed it. */
function marker() {
  const seen: { turns: readonly unknown[] | null } = { turns: null };
  const mark = ruleStep(
    testRule((turns) => {
      seen.turns = turns;
      return turns;
    }),
    undefined,
  );
  return { mark, seen };
}

/** Steps that watch one rule: whether it changed the list, and whether the changed list carries a proof. */
function watch(proofs: readonly ToolCallProof[]) {
  const { mark, seen } = marker();
  const watched = { changed: 0, proven: 0 };
  const count = ruleStep(
    testRule((turns, ctx) => {
      if (turns === seen.turns) return turns;
      watched.changed += 1;
      if (proofs.some((proof) => ctx.proven(turns, proof))) watched.proven += 1;
      return turns;
    }),
    undefined,
  );
  return { mark, count, watched };
}

/** A copy by a rule that does not keep calls and results: it drops every proof, so the next pass looks again. */
const forgetProofs = ruleStep(
  testRule((turns) => turns.slice()),
  undefined,
);

/**
 * On random transcripts, `next` changes nothing more when it trusts the proofs `rule` leaves on the
 * list than when a copy makes it look again (`prefix` picks the steps before `rule` from a random flag).
 * Gives how many changed lists carried one of `proofs`, for the caller to check the generator reached them.
 */
async function expectTrustingLikeLooking(
  messages: fc.Arbitrary<Message[]>,
  proofs: readonly ToolCallProof[],
  prefix: (flag: boolean) => HistoryStep[],
  rule: HistoryStep,
  next: HistoryStep,
): Promise<number> {
  const { mark, count, watched } = watch(proofs);
  await fc.assert(
    fc.asyncProperty(messages, fc.boolean(), async (messages, flag) => {
      const before = [...prefix(flag), mark];
      const trusting = await applySteps([...before, rule, count, next], messages, ENV);
      const looking = await applySteps([...before, rule, forgetProofs, next], messages, ENV);
      expect(trusting.messages).toEqual(looking.messages);
      expect(trusting.annotations).toEqual(looking.annotations);
    }),
    { numRuns: 400 },
  );
  return watched.proven;
}

/**
 * On random transcripts, every list `rule` changes and proves paired is one the pairing check finds
 * paired (`prefix` picks the steps before `rule` from a random flag). Gives how many changed lists
 * carried the proof and how many did not, for the caller to check the generator reached both.
 */
async function pairedProofsAfter(
  messages: fc.Arbitrary<Message[]>,
  prefix: (flag: boolean) => HistoryStep[],
  rule: HistoryStep,
): Promise<{ proven: number; unproven: number }> {
  const { mark, seen } = marker();
  const outcomes = { proven: 0, unproven: 0 };
  const compare = ruleStep(
    testRule((turns, ctx) => {
      if (turns === seen.turns) return turns;
      if (!ctx.proven(turns, 'paired')) {
        outcomes.unproven += 1;
        return turns;
      }
      outcomes.proven += 1;
      expect(alreadyPaired(turns)).toBe(true);
      return turns;
    }),
    undefined,
  );
  await fc.assert(
    fc.asyncProperty(messages, fc.boolean(), async (messages, flag) => {
      await applySteps([...prefix(flag), mark, rule, compare], messages, ENV);
    }),
    { numRuns: 400 },
  );
  return outcomes;
}

// Turns a pass must still change after a repair: a call named only in call_id (the send-time guard
// drops it), a call without a name (its synthetic result is named "" unless the history pass ran; a
// moved result without a name keeps none).
const oddAfterRepair = fc.constantFrom<Message[]>(
  [A([{ type: 'toolCall', call_id: 'call_9', name: 'read', arguments: {} }], { stopReason: 'toolUse' })],
  [A([tc('call_8', '')], { stopReason: 'toolUse' })],
  [A([tc('call_5', '')], { stopReason: 'toolUse' }), U('interrupting'), TR('call_5', 'late', { toolName: undefined })],
  [A([tc('call_7', ' read ')], { stopReason: 'toolUse' }), U('interrupting'), TR('call_7', 'late')],
);
const PASSES_AFTER: [string, HistoryStep][] = [
  ['the next pairing pass', step(toolResultPairingRule, { flavour: 'generic' })],
  ['the id rule', step(toolCallIdRule)],
  ['the send-time guard', step(toolCallInputRule, { flavour: 'stream' })],
  ['turn validation', step(turnValidationRule, {})],
];

describe('tool-result-pairing — what a repair proves', () => {
  const history = step(toolCallInputRule, { flavour: 'history' });
  const pairing = step(toolResultPairingRule, { flavour: 'generic' });
  const messages = fc
    .tuple(transcript, fc.oneof(fc.constant([]), oddAfterRepair), fc.boolean())
    .map(([ms, extra, first]) => (first ? [...extra, ...ms] : [...ms, ...extra]));

  it.each(PASSES_AFTER)('%s changes nothing more when it trusts a repaired list than when it looks again', async (_name, next) => {
    const proven = await expectTrustingLikeLooking(
      messages,
      ['paired', 'calls-sent-as-is'],
      (historyFirst) => (historyFirst ? [history] : []),
      pairing,
      next,
    );
    // The generator must reach the case it is about: repaired lists that carry a proof.
    expect(proven).toBeGreaterThan(50);
  });

  it('proves a repaired list paired exactly when the check would find it paired (random transcripts)', async () => {
    const { mark, seen } = marker();
    const outcomes = { paired: 0, unpaired: 0 };
    const compare = ruleStep(
      testRule((turns, ctx) => {
        if (turns === seen.turns) return turns;
        const paired = alreadyPaired(turns);
        outcomes[paired ? 'paired' : 'unpaired'] += 1;
        expect(ctx.proven(turns, 'paired')).toBe(paired);
        return turns;
      }),
      undefined,
    );
    await fc.assert(
      fc.asyncProperty(messages, fc.boolean(), async (messages, historyFirst) => {
        await applySteps(historyFirst ? [history, mark, pairing, compare] : [mark, pairing, compare], messages, ENV);
      }),
      { numRuns: 400 },
    );
    // The generator must reach both outcomes.
    expect(outcomes.paired).toBeGreaterThan(50);
    expect(outcomes.unpaired).toBeGreaterThan(5);
  });

  it('proves a repaired list paired, and keeps the history pass proof', async () => {
    const { mark, count, watched } = watch(['paired']);
    const seen: boolean[] = [];
    const observe = ruleStep(
      testRule((turns, ctx) => {
        seen.push(ctx.proven(turns, 'paired'), ctx.proven(turns, 'calls-sent-as-is'));
        return turns;
      }),
      undefined,
    );
    // The result arrives after a user turn: the repair moves it back behind its call.
    const run = await applySteps(
      [history, mark, pairing, count, observe],
      [A([tc('call_1')], { stopReason: 'toolUse' }), U('wait'), TR('call_1', 'ok')],
      ENV,
    );
    expect(run.messages.map((m) => m.role)).toEqual(['assistant', 'toolResult', 'user']);
    expect(watched).toEqual({ changed: 1, proven: 1 });
    expect(seen).toEqual([true, true]);
  });
});

/**
 * For each pass after turn validation: on `messages`, it changes nothing more when it trusts the
 * `proofs` a merge hands on than when it looks again, over more than 30 merged lists that carry one.
 */
function trustsMergedLists(messages: fc.Arbitrary<Message[]>, proofs: readonly ToolCallProof[], prefix: (flag: boolean) => HistoryStep[]) {
  it.each(PASSES_AFTER)('%s changes nothing more when it trusts a merged list than when it looks again', async (_name, next) => {
    const proven = await expectTrustingLikeLooking(messages, proofs, prefix, step(turnValidationRule, {}), next);
    // The generator must reach the case it is about: merged lists that carry a proof.
    expect(proven).toBeGreaterThan(30);
  });
}

/** Runs `steps` on `messages`, then gives the roles of the result and which of every proof its list carries. */
async function proofsAfter(
  steps: HistoryStep[],
  messages: Message[],
): Promise<{ roles: string[]; proofs: Record<ToolCallProof, boolean> }> {
  let proofs = { paired: false, 'ids-kept': false, 'calls-sent-as-is': false };
  const observe = ruleStep(
    testRule((turns, ctx) => {
      proofs = {
        paired: ctx.proven(turns, 'paired'),
        'ids-kept': ctx.proven(turns, 'ids-kept'),
        'calls-sent-as-is': ctx.proven(turns, 'calls-sent-as-is'),
      };
      return turns;
    }),
    undefined,
  );
  const run = await applySteps([...steps, observe], messages, ENV);
  return { roles: run.messages.map((m) => m.role), proofs };
}

describe('turn-validation — what the user-turn merge keeps', () => {
  const pairing = step(toolResultPairingRule, { flavour: 'generic' });
  const validation = step(turnValidationRule, {});
  const idRule = step(toolCallIdRule);
  // Two assistants in a row merged (the later one without a stop reason takes the earlier one's
  // "error"), next to user turns merged: the merged list is no longer paired.
  const assistantsMerged = fc.constant<Message[]>([
    U('one'),
    U('two'),
    A([text('first')], { stopReason: 'error' }),
    A([tc('call_6')], { stopReason: undefined }),
    TR('call_6', 'ok'),
  ]);
  // Transcripts with runs of user turns (the case this is about).
  const withUserRuns = fc
    .array(
      fc.oneof(
        { weight: 2, arbitrary: frame },
        { weight: 2, arbitrary: single },
        { weight: 2, arbitrary: fc.constant([U('one'), U('two')]) },
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.flat());
  const messages = fc
    .tuple(withUserRuns, fc.oneof(fc.constant([]), oddAfterRepair, assistantsMerged), fc.boolean())
    .map(([ms, extra, first]) => (first ? [...extra, ...ms] : [...ms, ...extra]));

  trustsMergedLists(messages, ['paired', 'ids-kept'], (idsFirst) => (idsFirst ? [pairing, idRule] : [pairing]));

  it('keeps the proofs through a merge of user turns, and only those the list had', async () => {
    const after = await proofsAfter(
      [pairing, validation],
      [U('one'), U('two'), A([tc('call_1')], { stopReason: 'toolUse' }), TR('call_1', 'ok')],
    );
    expect(after.roles).toEqual(['user', 'assistant', 'toolResult']);
    expect(after.proofs).toEqual({ paired: true, 'ids-kept': false, 'calls-sent-as-is': false });
  });
});

describe('turn-validation — what the assistant-turn merge keeps', () => {
  const pairing = step(toolResultPairingRule, { flavour: 'generic' });
  const validation = step(turnValidationRule, {});
  const idRule = step(toolCallIdRule);
  // Runs of assistant turns (the case this is about): a failed one before a call, two texts, a text
  // before a call and its result, a call after a turn without a role.
  const assistantRun = fc.constantFrom<Message[]>(
    [A([text('first')], { stopReason: 'error' }), A([tc('call6')], { stopReason: undefined }), TR('call6', 'ok')],
    [A([text('one')]), A([text('two')])],
    [A([text('looking')]), A([tc('call4')], { stopReason: 'toolUse' }), TR('call4', 'found')],
    // A turn without a role between two assistants: the later one merges into it and takes its fields.
    [
      A([text('aloud')]),
      { content: 'no role', timestamp: NOW } as unknown as Message,
      A([tc('call3')], { stopReason: 'toolUse' }),
      TR('call3', 'ok'),
    ],
  );
  const messages = fc
    .array(fc.oneof({ weight: 2, arbitrary: frame }, { weight: 2, arbitrary: single }, { weight: 2, arbitrary: assistantRun }), {
      maxLength: 8,
    })
    .map((parts) => parts.flat());

  trustsMergedLists(messages, ['ids-kept', 'paired'], (paired) => (paired ? [pairing, idRule] : [idRule]));

  it('keeps the id proof through a merge of assistant turns, and not the pairing proof when the merged turn takes a failed stop reason', async () => {
    const after = await proofsAfter(
      [pairing, idRule, validation],
      [U('one'), A([text('first')], { stopReason: 'error' }), A([tc('call1')], { stopReason: undefined }), TR('call1', 'ok')],
    );
    expect(after.roles).toEqual(['user', 'assistant', 'toolResult']);
    expect(after.proofs).toEqual({ paired: false, 'ids-kept': true, 'calls-sent-as-is': false });
  });

  it('keeps the pairing proof through a merge that leaves the calls answered in place', async () => {
    const after = await proofsAfter(
      [pairing, idRule, validation],
      [U('one'), A([text('looking')]), A([tc('call4')], { stopReason: 'toolUse' }), TR('call4', 'found')],
    );
    expect(after.roles).toEqual(['user', 'assistant', 'toolResult']);
    expect(after.proofs).toEqual({ paired: true, 'ids-kept': true, 'calls-sent-as-is': false });
  });

  it('proves a merged list paired only when the check would find it paired (random transcripts)', async () => {
    const outcomes = await pairedProofsAfter(messages, () => [pairing], validation);
    // The generator must reach both outcomes.
    expect(outcomes.proven).toBeGreaterThan(30);
    expect(outcomes.unproven).toBeGreaterThan(30);
  });
});

describe('tool-call-id — what a rewrite hands on', () => {
  const pairing = step(toolResultPairingRule, { flavour: 'generic' });
  const idRule = step(toolCallIdRule);
  // Ids the rule rewrites (most of them here) and ids it keeps, in frames answered in place or not.
  const rewritten = fc.constantFrom('call_1|fc_1', 'call_2|fc_2', 'call 3', 'call1', 'toolu_01abc', 'functions.read:0');
  // Results in pi's own shape, and with other id fields: the pairing check reads toolCallId first,
  // trimmed; the rewrite follows call_id and its kind first, untrimmed.
  const shapes = fc.constantFrom('plain', 'plain', 'plain', 'toolUseId padded', 'call_id of the next call', 'tool_call_id');
  const answered = fc
    .record({
      ids: fc.array(rewritten, { minLength: 1, maxLength: 3 }),
      stop: fc.constantFrom('toolUse', 'toolUse', 'error'),
      order: fc.constantFrom('in place', 'in place', 'reversed', 'one missing'),
      shape: shapes,
    })
    .map(({ ids, stop, order, shape }): Message[] => {
      const results = ids.map((id, i) => {
        if (shape === 'toolUseId padded') return { ...TR(id, 'ok'), toolCallId: undefined, toolUseId: ` ${id}` };
        if (shape === 'call_id of the next call') return TR(id, 'ok', { call_id: ids[(i + 1) % ids.length] });
        if (shape === 'tool_call_id') return TR(id, 'ok', { tool_call_id: id });
        return TR(id, 'ok');
      });
      const placed = order === 'reversed' ? results.reverse() : order === 'one missing' ? results.slice(1) : results;
      return [
        A(
          ids.map((id) => tc(id)),
          { stopReason: stop },
        ),
        ...placed,
      ];
    });
  const messages = fc
    .array(fc.oneof({ weight: 3, arbitrary: answered }, { weight: 2, arbitrary: frame }, { weight: 2, arbitrary: single }), {
      maxLength: 8,
    })
    .map((parts) => parts.flat());

  it.each(PASSES_AFTER)('%s changes nothing more when it trusts a rewritten list than when it looks again', async (_name, next) => {
    const proven = await expectTrustingLikeLooking(messages, ['paired', 'ids-kept'], (paired) => (paired ? [pairing] : []), idRule, next);
    // The generator must reach the case it is about: rewritten lists that carry a proof.
    expect(proven).toBeGreaterThan(30);
  });

  it('results whose call_id names the other call: the rewrite hands no pairing proof on, and the replay puts them in call order', async () => {
    const run = await replay(
      [
        U('go'),
        A([tc('call_1'), tc('call_2')], { stopReason: 'toolUse' }),
        TR('call_1', 'one', { call_id: 'call_2' }),
        TR('call_2', 'two', { call_id: 'call_1' }),
        A([text('done')]),
        U('next'),
      ],
      TARGETS.anthropic,
    );
    const calls = (run.messages[1].content as { id: string }[]).map((b) => b.id);
    expect(calls).toEqual(['call1', 'call2']);
    // The results follow the call_id each names, and the pairing pass after the rewrite puts them in call order.
    expect(run.messages.slice(2, 4).map((m) => m.toolCallId)).toEqual(calls);
    expect(run.annotations.some((a) => a.rule === 'tool-result-pairing' && a.action === 'moved')).toBe(true);
  });

  it('proves a rewritten list paired only when the check would find it paired (random transcripts)', async () => {
    const outcomes = await pairedProofsAfter(messages, (paired) => (paired ? [pairing] : []), idRule);
    // The generator must reach both outcomes.
    expect(outcomes.proven).toBeGreaterThan(30);
    expect(outcomes.unproven).toBeGreaterThan(30);
  });
});

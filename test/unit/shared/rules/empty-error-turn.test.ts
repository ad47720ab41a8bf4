// empty-error-turn: empty and sentinel error turns, with this tool's Bedrock Converse placeholder (docs/rules.md#bedrock-empty-error-turns).
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../../shared/messages.js';
import { emptyErrorTurnRule } from '../../../../shared/rules/empty-error-turn.js';
import type { Message } from '../../../../shared/types.js';
import { applyRule, brief, policyFor, type RuleEnv } from '../../helpers/apply-rule.js';
import { A, text, U, ZERO_USAGE } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const run = (messages: Message[], env: RuleEnv = {}) => applyRule(emptyErrorTurnRule, messages, env);
const bedrock: RuleEnv = { target: TARGETS.bedrock };
const rule = 'empty-error-turn';
const dropped = (turn: number) => ({ rule, action: 'dropped', turn, replayTurn: null });
const sentinel = [text(TEXT.streamErrorSentinel)];

describe('empty-error-turn', () => {
  it('on Bedrock Converse an empty error turn is replayed with the sentinel text — 3 messages', async () => {
    expect(policyFor(bedrock).replayEmptyErrorTurnsWithPlaceholder).toBe(true);
    const failed = A([], { stopReason: 'error', errorMessage: 'transient stream failure' });
    const out = await run([U('hello'), failed, U('retry')], bedrock);
    expect(out.messages).toEqual([U('hello'), { ...failed, content: sentinel }, U('retry')]);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content' }]);
  });

  it('on every other API the empty error turn is dropped', async () => {
    const out = await run([U('hello'), A([], { stopReason: 'error' }), U('retry')]);
    expect(out.messages).toEqual([U('hello'), U('retry')]);
    expect(brief(out.annotations)).toEqual([dropped(1)]);
  });

  it('on Bedrock an error turn with only blank text is dropped, and a sentinel-only one is left as is', async () => {
    const blank = await run([U('hello'), A([text('   ')], { stopReason: 'error' }), U('retry')], bedrock);
    expect(blank.messages).toEqual([U('hello'), U('retry')]);
    expect(brief(blank.annotations)).toEqual([dropped(1)]);
    const healed = await run([U('hello'), A(sentinel, { stopReason: 'error' }), U('retry')], bedrock);
    expect(healed.untouched).toBe(true);
    expect(healed.annotations).toEqual([]);
  });

  // An older OpenClaw gave a zero-usage empty stop the sentinel; the release drops it for every provider, and
  // this tool's Bedrock placeholder covers stopReason "error" only.
  it('a zero-usage empty stop turn (content [] or null) carries nothing and is dropped', async () => {
    const empty = await run([U('a'), A([], { usage: ZERO_USAGE }), U('b')]);
    expect(empty.messages).toEqual([U('a'), U('b')]);
    expect(brief(empty.annotations)).toEqual([dropped(1)]);
    const nullContent = await run([U('a'), A(null, { usage: ZERO_USAGE }), U('b')]);
    expect(nullContent.messages).toEqual([U('a'), U('b')]);
    expect(brief(nullContent.annotations)).toEqual([dropped(1)]);
    const onBedrock = await run([U('a'), A([], { usage: ZERO_USAGE }), U('b')], bedrock);
    expect(onBedrock.messages).toEqual([U('a'), U('b')]);
    expect(brief(onBedrock.annotations)).toEqual([dropped(1)]);
  });

  it('trailing failed turns are trimmed — [U, A([],error)] → [U]', async () => {
    const out = await run([U('go'), A([], { stopReason: 'error' })]);
    expect(out.messages).toEqual([U('go')]);
    expect(brief(out.annotations)).toEqual([dropped(1)]);
  });

  it('[U, A([], stop, zero usage)] → [U]', async () => {
    const out = await run([U('go'), A([], { usage: ZERO_USAGE })]);
    expect(out.messages).toEqual([U('go')]);
    expect(brief(out.annotations)).toEqual([dropped(1)]);
  });

  it('[U, A[sentinel] error] → [U]', async () => {
    const out = await run([U('go'), A(sentinel, { stopReason: 'error' })]);
    expect(out.messages).toEqual([U('go')]);
    expect(brief(out.annotations)).toEqual([dropped(1)]);
  });

  it('[U, A[real], U, A([],error), A[sentinel] error] → 3 messages ending in a user', async () => {
    const real = A([text('real answer')]);
    const out = await run([U('one'), real, U('two'), A([], { stopReason: 'error' }), A(sentinel, { stopReason: 'error' })]);
    expect(out.messages).toEqual([U('one'), real, U('two')]);
    expect(out.messages).toHaveLength(3);
    expect(out.messages.at(-1)?.role).toBe('user');
    expect(brief(out.annotations)).toEqual([dropped(3), dropped(4)]);
  });

  it('a billed stop whose text is the sentinel, and a sentinel with toolUse, are kept', async () => {
    const billed = await run([U('go'), A(sentinel)]);
    expect(billed.untouched).toBe(true);
    expect(billed.annotations).toEqual([]);
    const toolUse = await run([U('go'), A(sentinel, { stopReason: 'toolUse' })]);
    expect(toolUse.untouched).toBe(true);
    expect(toolUse.annotations).toEqual([]);
  });

  it('[U, A[sentinel] stop zero usage] → [U]', async () => {
    const out = await run([U('go'), A(sentinel, { usage: ZERO_USAGE })]);
    expect(out.messages).toEqual([U('go')]);
    expect(brief(out.annotations)).toEqual([dropped(1)]);
  });

  it('an error turn with real text is kept unchanged (the release adds no failed-turn marker)', async () => {
    const out = await run([U('go'), A([text('Adding an index…')], { stopReason: 'error' }), U('retry')]);
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });
});

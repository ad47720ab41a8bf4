// blank-text: blank text blocks and emptied turns, on the cases OpenClaw's own tests check.
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../../shared/messages.js';
import { blankTextRule, emptyErrorTurnRule } from '../../../../shared/rules/index.js';
import { applyRule, applySteps, brief, step } from '../../helpers/apply-rule.js';
import { A, text, thinking, TINY_PNG, TR, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const rule = 'blank-text';
const image = { type: 'image', data: TINY_PNG, mimeType: 'image/png' };
const omitted = [text(TEXT.emptyContentOmitted)];

describe('blank-text', () => {
  it('a user turn of only empty text is dropped — [before, after]', async () => {
    const out = await applyRule(blankTextRule, [U('before'), U([text('')]), U('after')], { options: { phase: 'user-turns' } });
    expect(out.messages).toEqual([U('before'), U('after')]);
    expect(brief(out.annotations)).toEqual([{ rule, action: 'dropped', turn: 1, replayTurn: null }]);
  });

  it('a user [text "   ", image] keeps only the image', async () => {
    const out = await applyRule(blankTextRule, [U([text('   '), image])], { options: { phase: 'user-turns' } });
    expect(out.messages).toEqual([U([image])]);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0]' }]);
  });

  it('with preserveSignatures the empty text is removed and every other block keeps its order', async () => {
    const signed = thinking('plan', 'sig-1');
    const redacted = { type: 'redacted_thinking', data: 'opaque' };
    const assistant = A([signed, text(''), text('visible'), redacted, text('tail')]);
    const out = await applyRule(blankTextRule, [U('go'), assistant], { target: TARGETS.anthropicOpus46, options: { phase: 'content' } });
    expect(out.messages).toEqual([U('go'), { ...assistant, content: [signed, text('visible'), redacted, text('tail')] }]);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1]' }]);
  });

  it('[U "hello", A[text " "], A([], error)] → [U]', async () => {
    const out = await applySteps(
      [step(emptyErrorTurnRule), step(blankTextRule, { phase: 'content' })],
      [U('hello'), A([text(' ')]), A([], { stopReason: 'error' })],
    );
    expect(out.messages).toEqual([U('hello')]);
    expect(brief(out.annotations)).toEqual([
      { rule: 'empty-error-turn', action: 'dropped', turn: 2, replayTurn: null },
      { rule, action: 'dropped', turn: 1, replayTurn: null },
    ]);
  });

  it('a user [text "", text ""] and a toolResult [text "   ", text ""] both become [text "[empty content omitted]"]', async () => {
    const user = U([text(''), text('')]);
    const result = TR('call_1', '', { content: [text('   '), text('')] });
    const out = await applyRule(blankTextRule, [user, result], { options: { phase: 'content' } });
    expect(out.messages).toEqual([
      { ...user, content: omitted },
      { ...result, content: omitted },
    ]);
    expect(brief(out.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 0, replayTurn: 0, path: 'content[0], content[1]' },
      { rule, action: 'inserted', turn: 0, replayTurn: 0, path: 'content[0]' },
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0], content[1]' },
      { rule, action: 'inserted', turn: 1, replayTurn: 1, path: 'content[0]' },
    ]);
  });

  it('in the whole pipeline order the blank user turn is dropped first, so only the toolResult gets the placeholder', async () => {
    const result = TR('call_1', '', { content: [text('   '), text('')] });
    const out = await applySteps(
      [step(blankTextRule, { phase: 'user-turns' }), step(blankTextRule, { phase: 'content' })],
      [U([text(''), text('')]), result],
    );
    expect(out.messages).toEqual([{ ...result, content: omitted }]);
    expect(brief(out.annotations)).toEqual([
      { rule, action: 'dropped', turn: 0, replayTurn: null },
      { rule, action: 'rewritten', turn: 1, replayTurn: 0 },
      { rule, action: 'inserted', turn: 1, replayTurn: 0 },
    ]);
  });
});

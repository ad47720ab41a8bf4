// thought-signature: the msg_ strip and the Gemini base64-only cleanup.
import { describe, expect, it } from 'vitest';
import { blankTextRule, thoughtSignatureRule } from '../../../../shared/rules/index.js';
import { isBase64Signature } from '../../../../shared/rules/thought-signature.js';
import { applyRule, applySteps, brief, step } from '../../helpers/apply-rule.js';
import { A, text, U } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';

const rule = 'thought-signature';

describe('thought-signature', () => {
  it('a msg_… thought_signature is stripped, a base64 one (AQID) kept', async () => {
    const turn = A([text('hello', { thought_signature: 'msg_abc123' }), { type: 'thinking', thinking: 'plan', thought_signature: 'AQID' }]);
    const out = await applyRule(thoughtSignatureRule, [U('go'), turn]);
    expect(out.messages).toEqual([
      U('go'),
      { ...turn, content: [text('hello'), { type: 'thinking', thinking: 'plan', thought_signature: 'AQID' }] },
    ]);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' }]);
  });

  it('non-array content is returned as is, and null/undefined blocks pass through', async () => {
    const stringTurn = A('plain text');
    const holes = A([null, undefined, text('x', { thought_signature: 'msg_1' })]);
    const out = await applyRule(thoughtSignatureRule, [U('go'), stringTurn, holes]);
    expect(out.messages[1]).toBe(stringTurn);
    expect(out.messages[2]).toEqual({ ...holes, content: [null, undefined, text('x')] });
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 2, replayTurn: 2, path: 'content[2]' }]);
  });

  it('images-only with {allowBase64Only, includeCamelCase}: non-base64 msg_abc123 stripped, blank text removed', async () => {
    const turn = A([{ type: 'thinking', thinking: 'plan', thought_signature: 'msg_abc123' }, text(' '), text('visible')]);
    const out = await applySteps([step(thoughtSignatureRule), step(blankTextRule, { phase: 'content' })], [U('go'), turn], {
      policy: { sanitizeMode: 'images-only', sanitizeThoughtSignatures: { allowBase64Only: true, includeCamelCase: true } },
    });
    expect(out.messages).toEqual([U('go'), { ...turn, content: [{ type: 'thinking', thinking: 'plan' }, text('visible')] }]);
    expect(brief(out.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' },
      { rule: 'blank-text', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1]' },
    ]);
  });

  it('the Gemini policy checks camelCase thoughtSignature too and keeps canonical base64/base64url', async () => {
    expect(isBase64Signature('AQID')).toBe(true);
    expect(isBase64Signature('msg_01abcDEF')).toBe(true);
    expect(isBase64Signature('msg_zzz')).toBe(false);
    const call = { type: 'toolCall', id: 'call_1', name: 'read', arguments: {}, thoughtSignature: 'msg_zzz' };
    const keep = { type: 'toolCall', id: 'call_2', name: 'read', arguments: {}, thoughtSignature: 'msg_01abcDEF' };
    const turn = A([call, keep], { stopReason: 'toolUse' });
    const out = await applyRule(thoughtSignatureRule, [U('go'), turn], { target: TARGETS.google });
    expect(out.messages[1]).toEqual({ ...turn, content: [{ type: 'toolCall', id: 'call_1', name: 'read', arguments: {} }, keep] });
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' }]);
  });

  it('signature-preserving policies (Anthropic family) strip nothing', async () => {
    const turn = A([text('hello', { thought_signature: 'msg_abc123' })]);
    const out = await applyRule(thoughtSignatureRule, [U('go'), turn], { target: TARGETS.anthropicOpus46 });
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });
});

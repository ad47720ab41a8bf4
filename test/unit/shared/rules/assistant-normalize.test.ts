// assistant-normalize: the cases OpenClaw's own tests check (content shapes, NO_REPLY, mirrors), and more.
import { describe, expect, it } from 'vitest';
import { assistantNormalizeRule } from '../../../../shared/rules/assistant-normalize.js';
import type { Message } from '../../../../shared/types.js';
import { applyRule, applySteps, brief, NORMALIZE_STEPS } from '../../helpers/apply-rule.js';
import { A, tc, text, U, USAGE } from '../../helpers/messages.js';

const rule = 'assistant-normalize';
const normalize = (messages: Message[]) => applySteps(NORMALIZE_STEPS, messages);
const contentPhase = (messages: Message[]) => applyRule(assistantNormalizeRule, messages, { options: { phase: 'content' } });

/** A transcript-only delivery artefact as OpenClaw writes it. */
const mirror = (model: 'delivery-mirror' | 'gateway-injected', words: string): Message => ({
  role: 'assistant',
  content: [text(words)],
  api: 'openclaw-transcript',
  provider: 'openclaw',
  model,
  stopReason: 'stop',
  usage: USAGE,
});

describe('assistant-normalize', () => {
  it('three consecutive string user rows are left as they are (not merged here)', async () => {
    const out = await normalize([U('one'), U('two'), U('three')]);
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });

  it('an empty stop turn with billed usage (a silent reply) is left as it is', async () => {
    const out = await normalize([U('ping'), A([], { usage: { ...USAGE, input: 100, totalTokens: 105 } })]);
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });

  it('empty toolUse and length turns are left as they are', async () => {
    const out = await normalize([U('go'), A([], { stopReason: 'toolUse' }), A([], { stopReason: 'length' })]);
    expect(out.untouched).toBe(true);
    expect(out.annotations).toEqual([]);
  });

  it('string content → [text]; object content → [it]; null content with toolUse → []', async () => {
    const stringTurn = A('plain string content');
    const objectTurn = A({ type: 'text', text: 'object content' });
    const nullTurn = A(null, { stopReason: 'toolUse' });
    const out = await contentPhase([U('go'), stringTurn, objectTurn, nullTurn]);
    expect(out.messages).toEqual([
      U('go'),
      { ...stringTurn, content: [text('plain string content')] },
      { ...objectTurn, content: [text('object content')] },
      { ...nullTurn, content: [] },
    ]);
    expect(brief(out.annotations, true)).toEqual([
      { rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content' },
      { rule, action: 'rewritten', turn: 2, replayTurn: 2, path: 'content' },
      { rule, action: 'rewritten', turn: 3, replayTurn: 3, path: 'content' },
    ]);
  });

  it('the string "NO_REPLY" (a silent reply) is dropped', async () => {
    const out = await contentPhase([U('ping'), A('NO_REPLY'), U('next')]);
    expect(out.messages).toEqual([U('ping'), U('next')]);
    expect(brief(out.annotations)).toEqual([{ rule, action: 'dropped', turn: 1, replayTurn: null }]);
  });

  it('delivery-mirror and gateway-injected artefacts are removed — [user, real]', async () => {
    const real = A([text('real answer')]);
    const out = await applyRule(
      assistantNormalizeRule,
      [U('hi'), mirror('delivery-mirror', 'channel mirror'), real, mirror('gateway-injected', 'injected')],
      { options: { phase: 'artefacts' } },
    );
    expect(out.messages).toEqual([U('hi'), real]);
    expect(brief(out.annotations)).toEqual([
      { rule, action: 'dropped', turn: 1, replayTurn: null },
      { rule, action: 'dropped', turn: 3, replayTurn: null },
    ]);
  });

  it('an openclawDeliveryMirror of a known kind is filtered; kind "unknown" is kept', async () => {
    const marked = (kind: string) => A([text(`mirror ${kind}`)], { openclawDeliveryMirror: { kind } });
    const unknown = marked('unknown');
    const out = await applyRule(
      assistantNormalizeRule,
      [U('hi'), marked('channel-final'), marked('channel-final-suppressed'), marked('message-tool-source-reply'), unknown],
      { options: { phase: 'artefacts' } },
    );
    expect(out.messages).toEqual([U('hi'), unknown]);
    expect(brief(out.annotations)).toEqual([1, 2, 3].map((turn) => ({ rule, action: 'dropped', turn, replayTurn: null })));
  });

  it('NO_REPLY text next to a tool call is removed and the call kept', async () => {
    const turn = A([text('NO_REPLY'), tc('call_1')], { stopReason: 'toolUse' });
    const out = await contentPhase([U('go'), turn]);
    expect(out.messages).toEqual([U('go'), { ...turn, content: [tc('call_1')] }]);
    expect(brief(out.annotations, true)).toEqual([{ rule, action: 'rewritten', turn: 1, replayTurn: 1, path: 'content' }]);
  });
});

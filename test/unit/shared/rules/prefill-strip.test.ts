// prefill-strip: a trailing assistant turn is removed from the replay (message level) and from the wire payload (thinking on).
import { describe, expect, it } from 'vitest';
import { thinkingOn } from '../../../../shared/preflight/family.js';
import type { JsonValue } from '../../../../shared/types.js';
import { prefillStripRule } from '../../../../shared/rules/prefill-strip.js';
import { applyPayloadRule, applyRule, brief } from '../../helpers/apply-rule.js';
import { A, tc, text, TR, U } from '../../helpers/messages.js';

const ANTHROPIC = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };

describe('prefill-strip on the replay', () => {
  it('drops trailing assistant turns without a tool call, each with its own annotation', async () => {
    const run = await applyRule(prefillStripRule, [U('go'), A([text('a')]), A([text('b')])], { target: ANTHROPIC });
    expect(run.messages).toEqual([U('go')]);
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'prefill-strip', action: 'dropped', turn: 1, replayTurn: null },
      { rule: 'prefill-strip', action: 'dropped', turn: 2, replayTurn: null },
    ]);
    expect(run.annotations[0].before).toEqual([text('a')]);
  });

  it('keeps a trailing assistant turn that calls a tool, and everything before it', async () => {
    const messages = [U('go'), A([text('a')]), TR('call_1', 'ok'), A([tc('call_2')], { stopReason: 'toolUse' })];
    const run = await applyRule(prefillStripRule, messages, { target: ANTHROPIC });
    expect(run.untouched).toBe(true);
    expect(run.annotations).toEqual([]);
  });

  it('does nothing for a policy that validates neither Anthropic nor Gemini turns', async () => {
    const run = await applyRule(prefillStripRule, [U('go'), A([text('a')])], { policy: {} });
    expect(run.untouched).toBe(true);
  });
});

describe('prefill-strip on the outgoing payload', () => {
  const thinkingPayload = {
    model: 'm',
    thinking: { type: 'enabled' },
    messages: [
      { role: 'user', content: 'go' },
      { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
    ],
  };

  it('pops every trailing assistant entry without tool use when thinking is on, one annotation per replay message', () => {
    const run = applyPayloadRule(
      prefillStripRule,
      { api: 'anthropic-messages', family: 'anthropic', value: thinkingPayload, entrySources: [0, 1, 1] },
      { target: ANTHROPIC, replayOrigins: [0, 3] },
    );
    expect(run.payload.value).toEqual({ model: 'm', thinking: { type: 'enabled' }, messages: [{ role: 'user', content: 'go' }] });
    expect(run.payload.entrySources).toEqual([0]);
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'prefill-strip', action: 'dropped', turn: 3, replayTurn: null, path: 'payload.messages[1]' },
    ]);
    expect(run.annotations[0].before).toEqual({ role: 'assistant', content: [{ type: 'text', text: 'a' }] });
    expect(thinkingPayload.messages).toHaveLength(3);
  });

  it('leaves the payload alone without thinking, or when the policy does not strip payload prefills', () => {
    const plain = { messages: thinkingPayload.messages };
    const off = applyPayloadRule(prefillStripRule, { api: 'anthropic-messages', family: 'anthropic', value: plain }, { target: ANTHROPIC });
    expect(off.payload.value).toBe(plain);
    expect(off.annotations).toEqual([]);
    const policyOff = applyPayloadRule(
      prefillStripRule,
      { api: 'anthropic-messages', family: 'anthropic', value: thinkingPayload },
      { target: ANTHROPIC, policy: { stripPayloadPrefillWhenThinking: false } },
    );
    expect(policyOff.payload.value).toBe(thinkingPayload);
  });

  it('keeps a trailing entry that calls a tool, in every family', () => {
    const kept = (family: 'anthropic' | 'bedrock' | 'openai-completions', entry: JsonValue) =>
      applyPayloadRule(prefillStripRule, { api: 'x', family, value: { messages: [entry] } }, { target: { ...ANTHROPIC, reasoning: true } })
        .annotations;
    expect(kept('anthropic', { role: 'assistant', content: [{ type: 'tool_use', id: 't' }] })).toEqual([]);
    expect(kept('bedrock', { role: 'assistant', content: [{ toolUse: { toolUseId: 't' } }] })).toEqual([]);
    expect(kept('openai-completions', { role: 'assistant', content: null, tool_calls: [{ id: 't' }] })).toEqual([]);
    expect(kept('openai-completions', { role: 'assistant', content: 'prefill' })).toHaveLength(1);
  });

  it('counts thinking as on for reasoning targets and for payloads that ask for it', () => {
    expect(thinkingOn({ thinking: { type: 'adaptive' } }, 'anthropic', undefined)).toBe(true);
    expect(thinkingOn({ thinking: { type: 'disabled' } }, 'anthropic', undefined)).toBe(false);
    expect(thinkingOn({}, 'openai-completions', true)).toBe(true);
    expect(thinkingOn({ reasoning_effort: 'high' }, 'openai-completions', undefined)).toBe(true);
    expect(thinkingOn({ additionalModelRequestFields: { thinking: { type: 'enabled' } } }, 'bedrock', undefined)).toBe(true);
  });
});

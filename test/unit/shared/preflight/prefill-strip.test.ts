// The outgoing-payload prefill strip: trailing assistant turns without tool use are popped.
import { describe, expect, it } from 'vitest';
import { stripTrailingPrefill, thinkingOn } from '../../../../shared/preflight/prefill-strip.js';

describe('stripTrailingPrefill', () => {
  it('pops every trailing assistant turn without tool use, and nothing else', () => {
    const payload = {
      model: 'm',
      thinking: { type: 'enabled' },
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: [{ type: 'text', text: 'a' }] },
        { role: 'assistant', content: [{ type: 'text', text: 'b' }] },
      ],
    };
    const out = stripTrailingPrefill(payload, 'anthropic');
    expect(out.popped).toEqual([1, 2]);
    expect(out.payload).toEqual({ model: 'm', thinking: { type: 'enabled' }, messages: [{ role: 'user', content: 'go' }] });
    expect(payload.messages).toHaveLength(3);
  });

  it('keeps a trailing assistant that calls a tool, in every family', () => {
    expect(
      stripTrailingPrefill({ messages: [{ role: 'assistant', content: [{ type: 'tool_use', id: 't' }] }] }, 'anthropic').popped,
    ).toEqual([]);
    expect(
      stripTrailingPrefill({ messages: [{ role: 'assistant', content: [{ toolUse: { toolUseId: 't' } }] }] }, 'bedrock').popped,
    ).toEqual([]);
    expect(
      stripTrailingPrefill({ messages: [{ role: 'assistant', content: null, tool_calls: [{ id: 't' }] }] }, 'openai-completions').popped,
    ).toEqual([]);
    expect(
      stripTrailingPrefill(
        {
          messages: [
            { role: 'user', content: 'x' },
            { role: 'assistant', content: 'prefill' },
          ],
        },
        'openai-completions',
      ).popped,
    ).toEqual([1]);
  });

  it('returns the same payload object when there is nothing to pop', () => {
    const payload = { messages: [{ role: 'user', content: 'go' }] };
    expect(stripTrailingPrefill(payload, 'anthropic').payload).toBe(payload);
  });
});

describe('thinkingOn', () => {
  it('is on for reasoning targets and for payloads that ask for thinking', () => {
    expect(thinkingOn({ thinking: { type: 'adaptive' } }, 'anthropic', undefined)).toBe(true);
    expect(thinkingOn({ thinking: { type: 'disabled' } }, 'anthropic', undefined)).toBe(false);
    expect(thinkingOn({}, 'openai-completions', true)).toBe(true);
    expect(thinkingOn({ reasoning_effort: 'high' }, 'openai-completions', undefined)).toBe(true);
    expect(thinkingOn({ additionalModelRequestFields: { thinking: { type: 'enabled' } } }, 'bedrock', undefined)).toBe(true);
  });
});

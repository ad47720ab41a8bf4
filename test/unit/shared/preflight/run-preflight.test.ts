// Preflight on hand-written wire payloads: each family's documented constraints, found and not found.
import { describe, expect, it } from 'vitest';
import { runPreflight } from '../../../../shared/preflight/run-preflight.js';
import { CHECKS } from '../../../../shared/preflight/checks.js';
import { policyValues, resolvePolicy } from '../../../../shared/policy/resolve.js';
import type { JsonValue, Target } from '../../../../shared/types.js';

const ANTHROPIC: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const BEDROCK: Target = { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' };
const GEMINI: Target = { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' };
const RESPONSES: Target = { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' };
const COMPLETIONS: Target = { provider: 'vllm', api: 'openai-completions', modelId: 'qwen3-32b' };
const MISTRAL: Target = { provider: 'mistral', api: 'mistral-conversations', modelId: 'devstral-medium-latest' };

function checks(payload: unknown, target: Target): string[] {
  return runPreflight(payload as JsonValue, { target, policy: policyValues(resolvePolicy(target)) }).map(
    (f) => `${f.check}@${f.messageIndex}`,
  );
}

describe('Anthropic Messages', () => {
  const good = {
    messages: [
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: 'plan', signature: 'EqQB' },
          { type: 'tool_use', id: 'toolu_01', name: 'read', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok' }] },
      { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
      { role: 'user', content: 'thanks' },
    ],
  };

  it('passes a well-formed conversation', () => {
    expect(checks(good, ANTHROPIC)).toEqual([]);
  });

  it('finds a tool_use without its tool_result and a tool_result without its tool_use', () => {
    const payload = {
      messages: [
        { role: 'user', content: 'hi' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'toolu_01', name: 'read', input: {} },
            { type: 'tool_use', id: 'toolu_02', name: 'read', input: {} },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_01', content: 'ok' },
            { type: 'tool_result', tool_use_id: 'toolu_99', content: 'stray' },
          ],
        },
      ],
    };
    const found = runPreflight(payload as unknown as JsonValue, { target: ANTHROPIC });
    expect(found.map((f) => f.check)).toEqual(['anthropic-tool-use-without-result', 'anthropic-tool-result-without-use']);
    expect(found[0]).toMatchObject({ provider: 'anthropic', messageIndex: 1, path: 'messages[1].content[1]', rule: 'tool-result-pairing' });
    expect(found[0].typicalError).toBe(
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_02. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
    );
    expect(found[1]).toMatchObject({ messageIndex: 2, path: 'messages[2].content[1]' });
    expect(found[1].typicalError).toContain('messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: toolu_99.');
  });

  it('finds consecutive assistants, empty content, blank text, unsigned thinking and bad tool ids', () => {
    const payload = {
      messages: [
        { role: 'user', content: [] },
        { role: 'assistant', content: [{ type: 'text', text: '  ' }] },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking: 'x', signature: '' },
            { type: 'tool_use', id: 'call_1|fc_2', name: 'read', input: {} },
          ],
        },
        { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'call_1|fc_2', content: 'ok' }] },
      ],
    };
    expect(checks(payload, ANTHROPIC)).toEqual([
      'anthropic-empty-content@0',
      'anthropic-blank-text@1',
      'anthropic-alternation@2',
      'anthropic-thinking-signature@2',
      'anthropic-tool-id-format@2',
      'anthropic-tool-id-format@3',
    ]);
  });

  it('finds a trailing assistant prefill only when thinking is enabled', () => {
    const prefill = {
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: [{ type: 'text', text: 'Sure' }] },
      ],
    };
    expect(checks(prefill, ANTHROPIC)).toEqual([]);
    expect(checks({ ...prefill, thinking: { type: 'enabled', budget_tokens: 1024 } }, ANTHROPIC)).toEqual(['anthropic-trailing-prefill@1']);
    expect(checks({ ...prefill, thinking: { type: 'disabled' } }, ANTHROPIC)).toEqual([]);
  });

  it('finds images over 5 MB of base64', () => {
    const big = 'A'.repeat(5 * 1024 * 1024 + 4);
    const payload = {
      messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', media_type: 'image/png', data: big } }] }],
    };
    const found = runPreflight(payload as unknown as JsonValue, { target: ANTHROPIC });
    expect(found.map((f) => f.check)).toEqual(['anthropic-image-size']);
    expect(found[0].rule).toBe('images');
  });

  it('names every unanswered call in order, and finds images inside tool results', () => {
    const big = 'A'.repeat(5 * 1024 * 1024 + 4);
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: ['toolu_a', 'toolu_b', 'toolu_c'].map((id) => ({ type: 'tool_use', id, name: 'read', input: {} })),
        },
        {
          role: 'user',
          content: [
            {
              type: 'tool_result',
              tool_use_id: 'toolu_b',
              content: [
                { type: 'text', text: 'shot' },
                { type: 'image', source: { type: 'base64', media_type: 'image/png', data: big } },
              ],
            },
          ],
        },
      ],
    };
    const found = runPreflight(payload as unknown as JsonValue, { target: ANTHROPIC });
    expect(found.map((f) => [f.check, f.path])).toEqual([
      ['anthropic-tool-use-without-result', 'messages[1].content[0]'],
      ['anthropic-image-size', 'messages[2].content[0].content[1]'],
    ]);
    expect(found[0].explanation).toBe('messages[1] calls toolu_a, toolu_c but messages[2] does not answer them.');
  });
});

describe('Bedrock Converse', () => {
  it('finds empty content, blank text, broken alternation and a first assistant message', () => {
    const payload = {
      messages: [
        { role: 'assistant', content: [{ text: 'hello' }] },
        { role: 'user', content: [] },
        { role: 'user', content: [{ text: ' ' }] },
      ],
    };
    expect(checks(payload, BEDROCK)).toEqual([
      'bedrock-first-user@0',
      'bedrock-empty-content@1',
      'bedrock-alternation@2',
      'bedrock-blank-text@2',
    ]);
  });

  it('finds toolUse blocks without results and results without uses', () => {
    const payload = {
      messages: [
        { role: 'user', content: [{ text: 'go' }] },
        { role: 'assistant', content: [{ toolUse: { toolUseId: 't1', name: 'read', input: {} } }] },
        { role: 'user', content: [{ toolResult: { toolUseId: 't2', content: [{ text: 'x' }] } }] },
      ],
    };
    expect(checks(payload, BEDROCK)).toEqual(['bedrock-tool-use-without-result@2', 'bedrock-tool-result-without-use@2']);
  });
});

describe('Gemini', () => {
  it('passes alternating turns with matched function calls and responses', () => {
    const payload = {
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ functionCall: { name: 'a', args: {} } }, { functionCall: { name: 'b', args: {} } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'a', response: {} } }, { functionResponse: { name: 'b', response: {} } }] },
        { role: 'model', parts: [{ text: 'done' }] },
      ],
    };
    expect(checks(payload, GEMINI)).toEqual([]);
  });

  it('finds a model-first conversation, consecutive model turns, unmatched responses and empty parts', () => {
    expect(
      checks(
        {
          contents: [
            { role: 'model', parts: [{ text: 'hi' }] },
            { role: 'user', parts: [{ text: 'x' }] },
          ],
        },
        GEMINI,
      ),
    ).toEqual(['gemini-first-user@0']);
    expect(
      checks(
        {
          contents: [
            { role: 'model', parts: [{ functionCall: { name: 'a' } }] },
            { role: 'user', parts: [{ functionResponse: { name: 'a' } }] },
          ],
        },
        GEMINI,
      ),
    ).toEqual(['gemini-function-call-position@0']);
    const payload = {
      contents: [
        { role: 'user', parts: [{ text: 'go' }] },
        { role: 'model', parts: [{ text: 'a' }] },
        { role: 'model', parts: [{ functionCall: { name: 'a' } }, { functionCall: { name: 'b' } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'a' } }] },
        { role: 'user', parts: [] },
        { role: 'user', parts: [{ functionResponse: { name: 'z' } }] },
      ],
    };
    expect(checks(payload, GEMINI)).toEqual([
      'gemini-function-call-position@2',
      'gemini-function-response-count@3',
      'gemini-empty-parts@4',
      'gemini-orphan-function-response@5',
    ]);
  });
});

describe('OpenAI Responses', () => {
  it('finds dangling calls, orphan outputs, bad item ids, long call ids and orphan reasoning', () => {
    const payload = {
      input: [
        { role: 'user', content: [{ type: 'input_text', text: 'go' }] },
        { type: 'reasoning', id: 'rs_1', summary: [] },
        { type: 'function_call', id: 'call_x', call_id: 'call_1', name: 'read', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_1', output: 'ok' },
        { type: 'function_call', id: 'fc_2', call_id: `call_${'x'.repeat(70)}`, name: 'read', arguments: '{}' },
        { type: 'function_call_output', call_id: 'call_orphan', output: 'stray' },
        { type: 'reasoning', id: 'rs_2', summary: [] },
        { role: 'user', content: [{ type: 'input_text', text: 'next' }] },
      ],
    };
    expect(checks(payload, RESPONSES)).toEqual([
      'responses-function-call-id@2',
      'responses-call-id-length@4',
      'responses-dangling-function-call@4',
      'responses-orphan-output@5',
      'responses-orphan-reasoning@6',
    ]);
  });
});

describe('Chat Completions', () => {
  it('finds tool messages without a call and calls without tool messages', () => {
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'tool', tool_call_id: 'call_0', content: 'stray' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            { id: 'call_1', type: 'function', function: { name: 'a', arguments: '{}' } },
            { id: 'call_2', type: 'function', function: { name: 'b', arguments: '{}' } },
          ],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
        { role: 'user', content: 'next' },
      ],
    };
    expect(checks(payload, COMPLETIONS)).toEqual(['completions-orphan-tool-message@1', 'completions-missing-tool-response@2']);
  });

  it('finds historic reasoning where the policy says the server refuses it, keeping the current tool continuation', () => {
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: 'a', reasoning_content: 'old thoughts' },
        { role: 'user', content: 'more' },
        {
          role: 'assistant',
          content: null,
          reasoning_content: 'current',
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'a', arguments: '{}' } }],
        },
        { role: 'tool', tool_call_id: 'call_1', content: 'ok' },
      ],
    };
    expect(checks(payload, COMPLETIONS)).toEqual(['completions-historic-reasoning@1']);
    expect(checks(payload, { ...COMPLETIONS, reasoning: true })).toEqual([]);
  });

  it('checks Mistral ids on a Chat Completions payload for a Mistral model', () => {
    const target: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'mistralai/devstral-small' };
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: null, tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'a', arguments: '{}' } }] },
        { role: 'tool', tool_call_id: 'call_abc', content: 'ok' },
      ],
    };
    const found = runPreflight(payload as unknown as JsonValue, { target, policy: policyValues(resolvePolicy(target)) });
    expect(found.map((f) => `${f.check}@${f.messageIndex}`)).toEqual(['mistral-tool-call-id@1', 'mistral-tool-call-id@2']);
    expect(found[0].typicalError).toBe('Tool call id was call_abc but must be a-z, A-Z, 0-9, with a length of 9.');
  });

  it('finds a trailing prefill on OpenRouter Anthropic with reasoning on', () => {
    const target: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5', reasoning: true };
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: 'Sure' },
      ],
      reasoning: { effort: 'medium' },
    };
    expect(checks(payload, target)).toEqual(['anthropic-trailing-prefill@1']);
  });
});

describe('Mistral', () => {
  it('finds ids that are not 9 alphanumerics and unanswered calls', () => {
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [
            { id: 'abc123XYZ', function: { name: 'a', arguments: '{}' } },
            { id: 'call_1', function: { name: 'b', arguments: '{}' } },
          ],
        },
        { role: 'tool', toolCallId: 'abc123XYZ', content: 'ok' },
        { role: 'user', content: 'next' },
      ],
    };
    expect(checks(payload, MISTRAL)).toEqual(['mistral-tool-call-id@1', 'mistral-tool-result-count@1']);
  });
});

describe('the check catalogue', () => {
  it('names a real rule and a typical error for every check', () => {
    for (const [id, info] of Object.entries(CHECKS)) {
      expect(info.rule, id).toMatch(/^[a-z-]+$/);
      expect(info.typicalError.length, id).toBeGreaterThan(10);
    }
  });

  it('returns nothing for a payload it cannot read or an api with no builder', () => {
    expect(runPreflight(undefined, { target: ANTHROPIC })).toEqual([]);
    expect(runPreflight({ messages: 'nope' }, { target: ANTHROPIC })).toEqual([]);
    expect(runPreflight({ messages: [] }, { target: { provider: 'x', api: 'weird', modelId: 'y' } })).toEqual([]);
  });
});

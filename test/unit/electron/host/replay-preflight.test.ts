// Property: whatever the transcript, its replay passes preflight for its own target (the replay is what we promise the provider accepts).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import type { Message, Target } from '../../../../shared/types.js';

/** One target per provider family. */
const TARGETS: Target[] = [
  { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true },
  { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1', reasoning: true },
  { provider: 'vllm', api: 'openai-completions', modelId: 'qwen3-32b' },
  { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true },
  { provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' },
  { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
  { provider: 'minimax', api: 'anthropic-messages', modelId: 'MiniMax-M2.7' },
  { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-3-7-sonnet-20250219-v1:0', reasoning: true },
  { provider: 'mistral', api: 'mistral-conversations', modelId: 'devstral-medium-latest' },
  { provider: 'openrouter', api: 'openai-completions', modelId: 'google/gemini-2.5-pro', reasoning: true },
  { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5', reasoning: true },
  { provider: 'groq', api: 'openai-completions', modelId: 'llama-3.3-70b-versatile' },
];

/**
 * Routes an assistant turn may have been recorded on (the transcript may have switched models), with
 * the thinking signatures each route writes (or fails to write: missing and blank ones).
 */
const ROUTES = [
  { route: { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' }, signatures: ['EqQBCkgIARAB', '', undefined] },
  {
    route: { api: 'openai-responses', provider: 'openai', model: 'gpt-5' },
    signatures: [JSON.stringify({ type: 'reasoning', id: 'rs_1', summary: [] }), undefined],
  },
  { route: { api: 'openai-completions', provider: 'vllm', model: 'qwen3-32b' }, signatures: ['reasoning_content', undefined] },
  {
    route: { api: 'google-generative-ai', provider: 'google', model: 'gemini-2.5-pro' },
    signatures: ['Q2lFQkJBSE1h', 'msg_not_base64', undefined],
  },
  {
    route: { api: 'bedrock-converse-stream', provider: 'amazon-bedrock', model: 'anthropic.claude-3-7-sonnet-20250219-v1:0' },
    signatures: ['EqQBCkgIARAB', ' ', undefined],
  },
];

const usage = {
  input: 3,
  output: 2,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 5,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const idArb = fc.constantFrom(
  'toolu_01AbC',
  'toolu_02XyZ',
  'call_1|fc_1',
  'call_2|fc_2',
  'call_abc',
  'abc123XYZ',
  'read:0',
  'x.y/z',
  `call_${'q'.repeat(70)}`,
);
const textArb = fc.constantFrom('ok', 'Reading the file.', '', '   ', 'NO_REPLY', '[assistant turn failed before producing content]');

const textOrThinkingArb = (signatures: (string | undefined)[]) =>
  fc.oneof(
    textArb.map((text) => ({ type: 'text', text })),
    fc.constantFrom(...signatures).map((thinkingSignature) => ({
      type: 'thinking',
      thinking: 'plan',
      ...(thinkingSignature === undefined ? {} : { thinkingSignature }),
    })),
  );

/** An assistant's blocks: text and thinking, then tool calls. Ids repeat across turns (local models reuse `call_0`), never within one turn. */
const assistantContentArb = (signatures: (string | undefined)[]) =>
  fc
    .tuple(fc.array(textOrThinkingArb(signatures), { maxLength: 2 }), fc.uniqueArray(idArb, { maxLength: 2 }), fc.boolean())
    .map(([blocks, ids, textAfter]) => {
      const calls = ids.map((id) => ({ type: 'toolCall', id, name: 'read', arguments: { path: 'a.txt' } }));
      return textAfter ? [...calls, ...blocks] : [...blocks, ...calls];
    });

const messageArb: fc.Arbitrary<Message> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .oneof(
        textArb,
        fc.array(
          textArb.map((text) => ({ type: 'text', text })),
          { maxLength: 2 },
        ),
      )
      .map((content): Message => ({ role: 'user', content, timestamp: 1 })),
  },
  {
    weight: 4,
    arbitrary: fc.constantFrom(...ROUTES).chain(({ route, signatures }) =>
      fc
        .record({
          content: assistantContentArb(signatures),
          stopReason: fc.constantFrom('stop', 'toolUse', 'error', 'aborted', 'length'),
        })
        .map(({ content, stopReason }): Message => ({ role: 'assistant', content, ...route, usage, stopReason, timestamp: 2 })),
    ),
  },
  {
    weight: 3,
    arbitrary: fc.record({ id: idArb, text: textArb }).map(({ id, text }): Message => ({
      role: 'toolResult',
      toolCallId: id,
      toolName: 'read',
      content: [{ type: 'text', text }],
      isError: false,
      timestamp: 3,
    })),
  },
);

describe('replay preflight', () => {
  for (const target of TARGETS) {
    it(`finds nothing in the replay payload of any transcript for ${target.provider}/${target.modelId}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(messageArb, { minLength: 1, maxLength: 10 }), async (messages) => {
          const inspection = await inspect({ text: JSON.stringify(messages), name: 'generated.json' }, target, {
            now: 1767225600000,
            codec: null,
          });
          expect(inspection.replay.payload, inspection.notes?.join('\n')).toBeDefined();
          expect(inspection.preflight?.replay ?? [], JSON.stringify(inspection.replay.payload)).toEqual([]);
        }),
        { numRuns: 40 },
      );
    });
  }
});

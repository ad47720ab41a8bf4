// Payloads, the outgoing payload steps and preflight added to engine inspections, per provider family.
import { describe, expect, it } from 'vitest';
import { inspect } from '../../../../electron/host/inspect.js';
import { explainError } from '../../../../electron/host/explain.js';
import type { Message, Target } from '../../../../shared/types.js';

const NOW = 1767225600000;
const usage = {
  input: 1,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 2,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};

const user = (content: unknown): Message => ({ role: 'user', content, timestamp: 1 });
function assistant(route: Target, content: unknown[], stopReason = 'stop'): Message {
  return { role: 'assistant', content, api: route.api, provider: route.provider, model: route.modelId, usage, stopReason, timestamp: 2 };
}
const call = (id: string, name = 'read') => ({ type: 'toolCall', id, name, arguments: { path: 'a.txt' } });
const result = (id: string, text = 'ok'): Message => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'read',
  content: [{ type: 'text', text }],
  isError: false,
  timestamp: 3,
});

async function run(messages: Message[], target: Target) {
  return inspect({ text: JSON.stringify(messages), name: 'case.json' }, target, { now: NOW });
}
const checks = (findings: { check: string }[] | undefined) => (findings ?? []).map((f) => f.check);

/** One case per provider family: a defect the family's hygiene exists for, seen on the unsanitised wire. */
const ROWS: { row: string; target: Target; messages: () => Message[]; check: string }[] = [
  {
    row: 'OpenAI Responses: orphan reasoning item',
    target: { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' },
    messages: () => [
      user('q'),
      assistant({ provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' }, [
        {
          type: 'thinking',
          thinking: '',
          thinkingSignature: JSON.stringify({ type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'x' }),
        },
      ]),
      user('again'),
    ],
    check: 'responses-orphan-reasoning',
  },
  {
    row: 'OpenAI Codex: a tool result for a call that is not there',
    target: { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1' },
    messages: () => [
      user('go'),
      assistant({ provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1' }, [call('call_1|fc_1')], 'toolUse'),
      result('call_1|fc_1'),
      result('call_zz|fc_zz', 'stray'),
      user('next'),
    ],
    check: 'responses-orphan-output',
  },
  {
    row: 'OpenAI-compatible Chat Completions: historic reasoning',
    target: { provider: 'vllm', api: 'openai-completions', modelId: 'qwen3-32b' },
    messages: () => [
      user('q'),
      assistant({ provider: 'vllm', api: 'openai-completions', modelId: 'qwen3-32b' }, [
        { type: 'thinking', thinking: 'hmm', thinkingSignature: 'reasoning_content' },
        { type: 'text', text: 'a' },
      ]),
      user('q2'),
    ],
    check: 'completions-historic-reasoning',
  },
  {
    row: 'Google: history starting with the assistant',
    target: { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' },
    messages: () => [
      assistant({ provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' }, [
        { type: 'text', text: 'Hello, I am ready.' },
      ]),
      user('hi'),
    ],
    check: 'gemini-first-user',
  },
  {
    row: 'Gemini CLI: consecutive assistant turns',
    target: { provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' },
    messages: () => [
      user('q'),
      assistant({ provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' }, [{ type: 'text', text: 'a' }]),
      assistant({ provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' }, [{ type: 'text', text: 'b' }]),
      user('q2'),
    ],
    check: 'gemini-alternation',
  },
  {
    row: 'Anthropic: an orphan tool result',
    target: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
    messages: () => [
      user('go'),
      assistant({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' }, [call('toolu_01')], 'toolUse'),
      result('toolu_01'),
      result('toolu_99', 'stray'),
      assistant({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' }, [{ type: 'text', text: 'done' }]),
      user('thanks'),
    ],
    check: 'anthropic-tool-result-without-use',
  },
  {
    row: 'MiniMax (Anthropic-compatible): consecutive assistant turns',
    target: { provider: 'minimax', api: 'anthropic-messages', modelId: 'MiniMax-M2.7' },
    messages: () => [
      user('q'),
      assistant({ provider: 'minimax', api: 'anthropic-messages', modelId: 'MiniMax-M2.7' }, [{ type: 'text', text: 'a' }]),
      assistant({ provider: 'minimax', api: 'anthropic-messages', modelId: 'MiniMax-M2.7' }, [{ type: 'text', text: 'b' }]),
      user('q2'),
    ],
    check: 'anthropic-alternation',
  },
  {
    row: 'Amazon Bedrock: an empty error turn (pi-ai skips it, leaving two user turns)',
    target: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' },
    messages: () => [
      user('q'),
      assistant(
        { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' },
        [],
        'error',
      ),
      user('retry'),
    ],
    check: 'bedrock-alternation',
  },
  {
    row: 'Amazon Bedrock: a blank text block',
    target: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' },
    messages: () => [
      user([
        { type: 'text', text: 'q' },
        { type: 'text', text: '   ' },
      ]),
    ],
    check: 'bedrock-blank-text',
  },
  {
    row: 'Mistral: a tool result without its call',
    target: { provider: 'mistral', api: 'mistral-conversations', modelId: 'devstral-medium-latest' },
    messages: () => [user('go'), result('abc123XYZ', 'stray'), user('next')],
    check: 'mistral-tool-result-count',
  },
  {
    row: 'Mistral by model id (OpenRouter mistralai/*): tool-call ids not strict9',
    target: { provider: 'openrouter', api: 'openai-completions', modelId: 'mistralai/devstral-small' },
    messages: () => [
      user('go'),
      assistant({ provider: 'openrouter', api: 'openai-completions', modelId: 'mistralai/devstral-small' }, [call('call_abc')], 'toolUse'),
      result('call_abc'),
      user('next'),
    ],
    check: 'mistral-tool-call-id',
  },
  {
    row: 'OpenRouter Anthropic: a trailing assistant prefill with reasoning on',
    target: { provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5', reasoning: true },
    messages: () => [
      user('q'),
      assistant({ provider: 'openrouter', api: 'openai-completions', modelId: 'anthropic/claude-sonnet-4.5' }, [
        { type: 'text', text: 'Sure, here' },
      ]),
    ],
    check: 'anthropic-trailing-prefill',
  },
];

describe('preflight on the original payload of each provider family', () => {
  for (const row of ROWS) {
    it(row.row, async () => {
      const inspection = await run(row.messages(), row.target);
      expect(inspection.original.payload).toBeDefined();
      expect(checks(inspection.preflight?.original)).toContain(row.check);
    });
  }

  it('OpenRouter Gemini: pi-ai sends no thought signatures on Chat Completions, so no bad one can reach the wire', async () => {
    const route: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'google/gemini-2.5-pro' };
    const inspection = await run(
      [user('go'), assistant(route, [{ ...call('call_1'), thoughtSignature: 'msg_not_base64' }], 'toolUse'), result('call_1')],
      route,
    );
    expect(JSON.stringify(inspection.original.payload)).not.toContain('msg_not_base64');
    expect(checks(inspection.preflight?.original)).toEqual([]);
  });
});

describe('the outgoing prefill strip', () => {
  it('pops a trailing assistant from an OpenRouter Anthropic payload with reasoning on, with one annotation', async () => {
    const row = ROWS.find((r) => r.check === 'anthropic-trailing-prefill')!;
    const inspection = await run(row.messages(), row.target);
    const replay = inspection.replay.payload as { messages: { role: string }[] };
    expect(replay.messages.at(-1)?.role).toBe('user');
    const strips = inspection.annotations.filter((a) => a.rule === 'prefill-strip');
    expect(strips).toHaveLength(1);
    expect(strips[0]).toMatchObject({ turn: 1, replayTurn: null, action: 'dropped', path: 'payload.messages[1]' });
    expect(checks(inspection.preflight?.replay)).not.toContain('anthropic-trailing-prefill');
  });

  it('leaves the payload alone without reasoning', async () => {
    const row = ROWS.find((r) => r.check === 'anthropic-trailing-prefill')!;
    const inspection = await run(row.messages(), { ...row.target, reasoning: false });
    expect(inspection.annotations.filter((a) => a.rule === 'prefill-strip')).toEqual([]);
    expect((inspection.replay.payload as { messages: { role: string }[] }).messages.at(-1)?.role).toBe('assistant');
  });
});

describe('inspect() payloads', () => {
  it('adds both payloads, notes the Gemini CLI stand-in, and keeps working without payloads', async () => {
    const target: Target = { provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' };
    const messages = [user('hi')];
    const full = await run(messages, target);
    expect(full.original.payload).toMatchObject({ model: 'gemini-2.5-pro', contents: [{ role: 'user' }] });
    expect(full.replay.payload).toBeDefined();
    expect(full.notes?.join('\n')).toMatch(/google-gemini-cli/);
    const bare = await inspect({ text: JSON.stringify(messages) }, target, { now: NOW, payloads: false });
    expect(bare.original.payload).toBeUndefined();
    expect(bare.preflight).toBeUndefined();
  });

  it('explains an error by the message index it names, through the payload to the transcript turn', async () => {
    const row = ROWS.find((r) => r.check === 'anthropic-tool-result-without-use')!;
    const inspection = await run(row.messages(), row.target);
    // Anthropic groups turns 2 and 3 (two tool results) into payload message 2.
    const [explained] = explainError(
      'messages.2: all messages must have non-empty content except for the optional final assistant message',
      inspection,
    );
    expect(explained).toMatchObject({ check: 'anthropic-empty-content', turns: [2] });
  });
});

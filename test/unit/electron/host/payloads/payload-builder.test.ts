// Building wire payloads with pi-ai offline: every family, determinism, stand-ins, and no network at all.
import http2 from 'node:http2';
import net from 'node:net';
import tls from 'node:tls';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import type { Message, Target } from '../../../../../shared/types.js';

const usage = {
  input: 1,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 2,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
};
const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function conversation(api: string, provider: string, model: string): Message[] {
  return [
    { role: 'compactionSummary', summary: 'earlier work', tokensBefore: 10, timestamp: 0 },
    {
      role: 'user',
      content: [
        { type: 'text', text: 'look' },
        { type: 'image', data: PNG_1PX, mimeType: 'image/png' },
      ],
      timestamp: 1,
    },
    {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'toolCall', id: 'call_1', name: 'read', arguments: { path: 'a.txt' } },
      ],
      api,
      provider,
      model,
      usage,
      stopReason: 'toolUse',
      timestamp: 2,
    },
    { role: 'toolResult', toolCallId: 'call_1', toolName: 'read', content: [{ type: 'text', text: 'ok' }], isError: false, timestamp: 3 },
    { role: 'assistant', content: [{ type: 'text', text: 'Done.' }], api, provider, model, usage, stopReason: 'stop', timestamp: 4 },
  ];
}

const FAMILIES: { name: string; target: Target; key: string }[] = [
  {
    name: 'Anthropic Messages',
    target: { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
    key: 'messages',
  },
  { name: 'OpenAI Responses', target: { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' }, key: 'input' },
  {
    name: 'OpenAI Chat Completions',
    target: { provider: 'openrouter', api: 'openai-completions', modelId: 'openai/gpt-4o' },
    key: 'messages',
  },
  { name: 'Gemini', target: { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' }, key: 'contents' },
  {
    name: 'Bedrock Converse',
    target: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-3-haiku-20240307-v1:0' },
    key: 'messages',
  },
  { name: 'Mistral', target: { provider: 'mistral', api: 'mistral-conversations', modelId: 'devstral-medium-latest' }, key: 'messages' },
  { name: 'OpenAI Codex Responses', target: { provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1' }, key: 'input' },
  {
    name: 'Azure OpenAI Responses',
    target: { provider: 'azure-openai-responses', api: 'azure-openai-responses', modelId: 'gpt-5' },
    key: 'input',
  },
];

describe('buildPayload', () => {
  const attempts: string[] = [];
  beforeEach(() => {
    attempts.length = 0;
    vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(function (this: net.Socket) {
      attempts.push('net.Socket.connect');
      throw new Error('network disabled in tests');
    });
    vi.spyOn(tls, 'connect').mockImplementation(() => {
      attempts.push('tls.connect');
      throw new Error('network disabled in tests');
    });
    vi.spyOn(http2, 'connect').mockImplementation(() => {
      attempts.push('http2.connect');
      throw new Error('network disabled in tests');
    });
    vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
      attempts.push('fetch');
      throw new Error('network disabled in tests');
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  for (const family of FAMILIES) {
    it(`builds the ${family.name} body without opening a connection, deterministically`, async () => {
      const messages = conversation(family.target.api, family.target.provider, family.target.modelId);
      const first = await buildPayload(messages, family.target);
      const second = await buildPayload(messages, family.target);
      expect(first.error).toBeUndefined();
      expect(first.payload).toBeTypeOf('object');
      expect(JSON.stringify(first.payload)).toBe(JSON.stringify(second.payload));
      const list = (first.payload as Record<string, unknown>)[family.key];
      expect(Array.isArray(list)).toBe(true);
      expect((list as unknown[]).length).toBeGreaterThanOrEqual(4);
      // The compaction summary reached the wire as a user turn.
      expect(JSON.stringify(first.payload)).toContain('compacted into the following summary');
      expect(first.sources).toEqual([0, 1, 2, 3, 4]);
      expect(attempts).toEqual([]);
    });
  }

  it('never puts environment credentials or cache settings into the payload', async () => {
    vi.stubEnv('ANTHROPIC_API_KEY', 'sk-ant-api03-secret-from-env');
    vi.stubEnv('ANTHROPIC_OAUTH_TOKEN', 'sk-ant-oat01-secret-from-env');
    vi.stubEnv('PI_CACHE_RETENTION', 'long');
    const target = FAMILIES[0].target;
    const withEnv = await buildPayload(conversation(target.api, target.provider, target.modelId), target);
    vi.unstubAllEnvs();
    const without = await buildPayload(conversation(target.api, target.provider, target.modelId), target);
    expect(JSON.stringify(withEnv.payload)).not.toContain('secret-from-env');
    // An OAuth token would have switched pi-ai to the Claude Code identity system prompt.
    expect(JSON.stringify(withEnv.payload)).toBe(JSON.stringify(without.payload));
    expect(attempts).toEqual([]);
  });

  it('turns thinking on for reasoning targets and off when asked', async () => {
    const target: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };
    const on = await buildPayload(conversation(target.api, target.provider, target.modelId), target);
    expect((on.payload as { thinking?: { type: string } }).thinking?.type).toBe('enabled');
    const off = await buildPayload(conversation(target.api, target.provider, target.modelId), target, { thinkingLevel: 'off' });
    expect((off.payload as { thinking?: unknown }).thinking).toEqual({ type: 'disabled' });
  });

  it('builds google-gemini-cli with google-generative-ai and says so', async () => {
    const target: Target = { provider: 'google-gemini-cli', api: 'google-gemini-cli', modelId: 'gemini-2.5-pro' };
    const built = await buildPayload(conversation(target.api, target.provider, target.modelId), target);
    expect(built.error).toBeUndefined();
    expect(built.api).toBe('google-generative-ai');
    expect(built.notes.join('\n')).toMatch(/no google-gemini-cli provider/);
    expect(Array.isArray((built.payload as { contents?: unknown }).contents)).toBe(true);
  });

  it('builds for a model id pi-ai does not know, with a custom model object', async () => {
    const target: Target = { provider: 'vllm', api: 'openai-completions', modelId: 'my-org/my-finetune', reasoning: false };
    const built = await buildPayload(conversation(target.api, target.provider, target.modelId), target);
    expect(built.error).toBeUndefined();
    expect((built.payload as { model: string }).model).toBe('my-org/my-finetune');
    expect(built.notes.join('\n')).toMatch(/custom model object/);
  });

  it('sends Bedrock image bytes as base64 text, as the JSON wire format does', async () => {
    const target = FAMILIES[4].target;
    const built = await buildPayload(conversation(target.api, target.provider, target.modelId), target);
    expect(JSON.stringify(built.payload)).toContain(PNG_1PX.replace(/=+$/, ''));
  });

  it('reports an api without a pi-ai builder instead of throwing', async () => {
    const built = await buildPayload([{ role: 'user', content: 'hi' }], { provider: 'x', api: 'no-such-api', modelId: 'y' });
    expect(built.payload).toBeUndefined();
    expect(built.error).toMatch(/no payload builder for api "no-such-api"/);
  });

  it('reports a transcript pi-ai cannot convert as an error, not a crash', async () => {
    const broken: Message[] = [
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: 'not an array', api: 'x', provider: 'y', model: 'z', stopReason: 'stop' },
    ];
    const built = await buildPayload(broken, FAMILIES[0].target);
    expect(built.payload).toBeUndefined();
    expect(built.error).toMatch(/^pi-ai could not build the anthropic-messages payload: /);
  });
});

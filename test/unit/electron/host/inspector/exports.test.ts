// The provider request behind "Export as curl", per API family.
import { describe, expect, it } from 'vitest';
import { curlCommand, keyEnvVar, providerRequest } from '../../../../../electron/host/inspector/exports.js';
import { shellComment, shellWord, singleQuoted } from '../../../../../electron/host/inspector/shell-quote.js';
import { buildPayload } from '../../../../../electron/host/payloads/payload-builder.js';
import type { Message, Target } from '../../../../../shared/types.js';

const messages: Message[] = [{ role: 'user', content: 'hi', timestamp: 1 }];

async function request(target: Target) {
  const build = await buildPayload(messages, target);
  expect(build.error).toBeUndefined();
  return { build, request: providerRequest(build, build.payload!) };
}

describe('providerRequest', () => {
  it('Bedrock: the converse-stream URL, SigV4 signing, no modelId in the body', async () => {
    const { build, request: r } = await request({
      provider: 'amazon-bedrock',
      api: 'bedrock-converse-stream',
      modelId: 'anthropic.claude-3-haiku-20240307-v1:0',
    });
    expect(r.url).toBe('https://bedrock-runtime.us-east-1.amazonaws.com/model/anthropic.claude-3-haiku-20240307-v1%3A0/converse-stream');
    expect(r.sigv4).toBe('aws:amz:us-east-1:bedrock');
    expect(r.body).not.toHaveProperty('modelId');
    expect(curlCommand(build, build.payload!)).toContain('--aws-sigv4');
  });

  it('Gemini: the REST form, config turned into generationConfig', async () => {
    const { request: r } = await request({ provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro', reasoning: true });
    expect(r.url).toBe('https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse');
    expect(r.headers).toContainEqual(['x-goog-api-key', '$GEMINI_API_KEY']);
    expect(r.body).toMatchObject({ contents: [{ role: 'user' }], generationConfig: { thinkingConfig: { includeThoughts: true } } });
    expect(r.body).not.toHaveProperty('config');
  });

  it('Mistral: snake_case on the wire', async () => {
    const { request: r } = await request({ provider: 'mistral', api: 'mistral-conversations', modelId: 'devstral-medium-latest' });
    expect(r.url).toBe('https://api.mistral.ai/v1/chat/completions');
    expect(r.body).toHaveProperty('max_tokens');
    expect(r.body).not.toHaveProperty('maxTokens');
  });

  it('Codex and OpenAI Responses: their endpoints and credentials as variables', async () => {
    const codex = await request({ provider: 'openai-codex', api: 'openai-codex-responses', modelId: 'gpt-5.1' });
    expect(codex.request.url).toBe('https://chatgpt.com/backend-api/codex/responses');
    expect(codex.request.headers).toContainEqual(['chatgpt-account-id', '$CHATGPT_ACCOUNT_ID']);
    const responses = await request({ provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' });
    expect(responses.request.url).toBe('https://api.openai.com/v1/responses');
    expect(responses.request.headers).toContainEqual(['authorization', 'Bearer $OPENAI_API_KEY']);
  });

  it('Cloudflare: URL template parts become shell variables', async () => {
    const { build } = await request({ provider: 'cloudflare-ai-gateway', api: 'anthropic-messages', modelId: 'claude-3-5-haiku' });
    const curl = curlCommand(build, build.payload!);
    expect(curl).toContain('gateway.ai.cloudflare.com/v1/${CLOUDFLARE_ACCOUNT_ID}/${CLOUDFLARE_GATEWAY_ID}/anthropic/v1/messages');
    expect(curl).toContain('$CLOUDFLARE_API_KEY');
  });

  it('names key variables after pi-ai, or after the provider', () => {
    expect(keyEnvVar('anthropic')).toBe('ANTHROPIC_API_KEY');
    expect(keyEnvVar('google')).toBe('GEMINI_API_KEY');
    expect(keyEnvVar('my-llm.local')).toBe('MY_LLM_LOCAL_API_KEY');
  });
});

describe('shell quoting of the curl script', () => {
  it('keeps readable words in double quotes with their variables', () => {
    expect(shellWord('x-api-key: $ANTHROPIC_API_KEY')).toBe('"x-api-key: $ANTHROPIC_API_KEY"');
    expect(shellWord('https://h/v1/${CLOUDFLARE_ACCOUNT_ID}/x')).toBe('"https://h/v1/${CLOUDFLARE_ACCOUNT_ID}/x"');
  });

  it('single-quotes anything a shell could act on, leaving only the exporter variables outside', () => {
    expect(shellWord('a$(id)b')).toBe("'a$(id)b'");
    expect(shellWord("it's `id`!")).toBe(`'it'\\''s \`id\`!'`);
    expect(shellWord('k: $KEY; "q"')).toBe(`'k: '"$KEY"'; "q"'`);
    expect(shellWord('Bearer $(gcloud auth print-access-token)')).toBe('"Bearer $(gcloud auth print-access-token)"');
    expect(shellWord('')).toBe('""');
  });

  it('writes line breaks, escapes and bidi overrides in comments as visible escapes', () => {
    expect(shellComment('a\nrm -rf ~\r\u001b[2J\u202e')).toBe('# a\\nrm -rf ~\\r\\x1b[2J\\u202e');
    expect(singleQuoted("a'b")).toBe(`'a'\\''b'`);
  });

  it('turns a "placeholder-" in a model id into text, not a variable', async () => {
    const build = await buildPayload(messages, { provider: 'google', api: 'google-generative-ai', modelId: 'placeholder-home' });
    const curl = curlCommand(build, build.payload!);
    expect(curl).toContain('"https://generativelanguage.googleapis.com/v1beta/models/placeholder-home:streamGenerateContent?alt=sse"');
  });

  it('names a key variable that starts with a digit so the shell reads all of it', () => {
    expect(keyEnvVar('1password')).toBe('_1PASSWORD_API_KEY');
  });
});

// Replay targets for the oracle comparison: the seed matrix (the twenty every hand-written case runs
// for) plus a wider set covering every provider of pi-ai's catalogue and its APIs, with the model
// facts (reasoning flag) that change the release's policy.
//
// `model` is what the oracle's resolver receives as the model object and what our target carries
// (`reasoning`, `compat`, `params.canonicalModelId`).

/** The seed matrix: the twenty targets of the hand-written corpus. */
export const SEED_TARGETS = {
  anthropic: { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-sonnet-4-5' },
  'anthropic-opus46': { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-opus-4-6' },
  openai: { provider: 'openai', api: 'openai-responses', model: 'gpt-5' },
  'openai-codex': { provider: 'openai-codex', api: 'openai-codex-responses', model: 'gpt-5-codex' },
  ollama: { provider: 'ollama', api: 'openai-completions', model: 'llama3.1:8b' },
  vllm: { provider: 'vllm', api: 'openai-completions', model: 'Qwen/Qwen3-8B' },
  google: { provider: 'google', api: 'google-generative-ai', model: 'gemini-2.5-pro' },
  'google-gemini-cli': { provider: 'google-gemini-cli', api: 'google-gemini-cli', model: 'gemini-2.5-pro' },
  'google-antigravity': { provider: 'google-antigravity', api: 'google-gemini-cli', model: 'claude-sonnet-4-5' },
  'amazon-bedrock': { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
  'amazon-bedrock-opus46': { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', model: 'anthropic.claude-opus-4-6-v1' },
  mistral: { provider: 'mistral', api: 'openai-completions', model: 'mistral-large-latest' },
  'together-mistral': { provider: 'together', api: 'openai-completions', model: 'mistralai/Mistral-7B-Instruct-v0.3' },
  'openrouter-mistral': { provider: 'openrouter', api: 'openai-completions', model: 'mistralai/mistral-large' },
  'openrouter-gemini': { provider: 'openrouter', api: 'openai-completions', model: 'google/gemini-2.5-pro' },
  'openrouter-anthropic': { provider: 'openrouter', api: 'openai-completions', model: 'anthropic/claude-sonnet-4.5' },
  minimax: { provider: 'minimax', api: 'anthropic-messages', model: 'MiniMax-M2' },
  'cloudflare-ai-gateway': { provider: 'cloudflare-ai-gateway', api: 'anthropic-messages', model: 'claude-sonnet-4-5' },
  'unknown-completions': { provider: 'acme-llm', api: 'openai-completions', model: 'acme-1' },
  'unknown-api': { provider: 'acme-llm', api: 'acme-chat', model: 'acme-1' },
};

/** Every other provider family of pi-ai's catalogue (and a few routes the catalogue does not list). */
export const WIDE_TARGETS = {
  'anthropic-haiku45': { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-haiku-4-5' },
  'anthropic-opus45': { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-opus-4-5' },
  'anthropic-37': { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-3-7-sonnet-latest' },
  'bedrock-nova': {
    provider: 'amazon-bedrock',
    api: 'bedrock-converse-stream',
    model: 'amazon.nova-lite-v1:0',
    options: { reasoning: false },
  },
  'bedrock-us-opus46': { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', model: 'us.anthropic.claude-opus-4-6-v1' },
  'azure-responses': { provider: 'azure-openai-responses', api: 'azure-openai-responses', model: 'gpt-5' },
  'openai-gpt4o': { provider: 'openai', api: 'openai-responses', model: 'gpt-4o' },
  'openai-chatgpt': { provider: 'openai', api: 'openai-chatgpt-responses', model: 'gpt-5.1' },
  'openai-completions': { provider: 'openai', api: 'openai-completions', model: 'gpt-4o' },
  'codex-max': { provider: 'openai-codex', api: 'openai-codex-responses', model: 'gpt-5.1-codex-max' },
  'openai-codex-api': { provider: 'openai', api: 'openai-codex-responses', model: 'gpt-5-codex' },
  cerebras: { provider: 'cerebras', api: 'openai-completions', model: 'gpt-oss-120b', options: { reasoning: true } },
  groq: { provider: 'groq', api: 'openai-completions', model: 'llama-3.3-70b-versatile', options: { reasoning: false } },
  deepseek: { provider: 'deepseek', api: 'openai-completions', model: 'deepseek-v4-pro', options: { reasoning: true } },
  xai: { provider: 'xai', api: 'openai-completions', model: 'grok-4', options: { reasoning: true } },
  zai: { provider: 'zai', api: 'openai-completions', model: 'glm-4.7', options: { reasoning: true } },
  moonshot: { provider: 'moonshotai', api: 'openai-completions', model: 'kimi-k2-0905-preview' },
  'moonshot-thinking': { provider: 'moonshotai', api: 'openai-completions', model: 'kimi-k2-thinking', options: { reasoning: true } },
  huggingface: { provider: 'huggingface', api: 'openai-completions', model: 'MiniMaxAI/MiniMax-M2.1' },
  'cloudflare-workers': { provider: 'cloudflare-workers-ai', api: 'openai-completions', model: '@cf/meta/llama-4-scout-17b-16e-instruct' },
  'cloudflare-gw-responses': { provider: 'cloudflare-ai-gateway', api: 'openai-responses', model: 'gpt-5' },
  fireworks: { provider: 'fireworks', api: 'anthropic-messages', model: 'accounts/fireworks/models/deepseek-v3p1' },
  'kimi-coding': { provider: 'kimi-coding', api: 'anthropic-messages', model: 'kimi-for-coding' },
  'minimax-cn': { provider: 'minimax-cn', api: 'anthropic-messages', model: 'MiniMax-M2.7' },
  'minimax-completions': { provider: 'minimax', api: 'openai-completions', model: 'MiniMax-M2' },
  xiaomi: { provider: 'xiaomi', api: 'anthropic-messages', model: 'mimo-v2-omni' },
  vercel: { provider: 'vercel-ai-gateway', api: 'anthropic-messages', model: 'anthropic/claude-sonnet-4.5' },
  'opencode-anthropic': { provider: 'opencode', api: 'anthropic-messages', model: 'claude-haiku-4-5' },
  'opencode-google': { provider: 'opencode', api: 'google-generative-ai', model: 'gemini-3-flash' },
  'opencode-responses': { provider: 'opencode', api: 'openai-responses', model: 'gpt-5' },
  'opencode-go': { provider: 'opencode-go', api: 'openai-completions', model: 'deepseek-v4-flash' },
  'copilot-claude': { provider: 'github-copilot', api: 'anthropic-messages', model: 'claude-sonnet-4.5' },
  'copilot-responses': { provider: 'github-copilot', api: 'openai-responses', model: 'gpt-5' },
  'copilot-completions': { provider: 'github-copilot', api: 'openai-completions', model: 'gemini-2.5-pro' },
  'google-vertex': { provider: 'google-vertex', api: 'google-vertex', model: 'gemini-2.5-pro' },
  'antigravity-gemini': { provider: 'google-antigravity', api: 'google-gemini-cli', model: 'gemini-3-pro-high' },
  'mistral-conversations': { provider: 'mistral', api: 'mistral-conversations', model: 'devstral-2512' },
  'openrouter-gpt5': { provider: 'openrouter', api: 'openai-completions', model: 'openai/gpt-5', options: { reasoning: true } },
  'openrouter-kimi': { provider: 'openrouter', api: 'openai-completions', model: 'moonshotai/kimi-k2.5' },
  'ollama-native': { provider: 'ollama', api: 'ollama', model: 'qwen3:8b' },
  'vllm-reasoning': { provider: 'vllm', api: 'openai-completions', model: 'Qwen/Qwen3-8B', options: { reasoning: true } },
  'sglang-responses': { provider: 'sglang', api: 'openai-responses', model: 'Qwen/Qwen3-32B' },
  'unknown-responses-claude': { provider: 'acme-llm', api: 'openai-responses', model: 'claude-sonnet-4-5' },
  'unknown-anthropic': { provider: 'acme-llm', api: 'anthropic-messages', model: 'acme-1' },
  'unknown-google': { provider: 'acme-llm', api: 'google-generative-ai', model: 'acme-1' },
};

export const ALL_TARGETS = { ...SEED_TARGETS, ...WIDE_TARGETS };

/** The engine target for a manifest target (plus a case's model options). */
export function engineTarget(t, caseModel = {}) {
  const model = { ...(caseModel ?? {}), ...(t.options ?? {}) };
  const target = { provider: t.provider, api: t.api, modelId: t.model };
  if (model.reasoning !== undefined) target.reasoning = Boolean(model.reasoning);
  if (model.compat) target.compat = model.compat;
  if (model.params?.canonicalModelId) target.canonicalModelId = model.params.canonicalModelId;
  return target;
}

/** The model object the oracle's resolver receives for a manifest target (plus a case's model options). */
export function oracleModel(t, caseModel = {}) {
  const model = { ...(caseModel ?? {}), ...(t.options ?? {}) };
  return Object.keys(model).length ? model : undefined;
}

/** What a model or provider id says about replay: Claude's thinking rules, reasoning replay, the Mistral family. */

const MISTRAL_HINTS = ['mistral', 'mixtral', 'codestral', 'pixtral', 'devstral', 'ministral', 'mistralai'];

/** Model ids whose reasoning content must be replayed on Chat Completions (matched on the last path segment). */
const REASONING_REPLAY_MODEL_IDS = new Set([
  'kimi-for-coding',
  'kimi-k2.5',
  'kimi-k2.6',
  'kimi-k2.7-code',
  'kimi-k2.7-code-highspeed',
  'kimi-k3',
  'kimi-k2-thinking',
  'kimi-k2-thinking-turbo',
  'mimo-v2-pro',
  'mimo-v2-omni',
  'mimo-v2.5',
  'mimo-v2.5-pro',
  'mimo-v2.6-flash',
  'mimo-v2.6-pro',
  'mimo-v2.6-pro-ultraspeed',
]);

/** Lower-case, trimmed provider id. */
export function normalizeProviderId(provider: string): string {
  return provider.trim().toLowerCase();
}

/** The Claude identity of a model id: lower-case, `anthropic/` stripped, separators as `-`, the `claude-…` tail. */
export function claudeIdentity(modelId: string, canonicalModelId?: string): string {
  const raw = (canonicalModelId ?? modelId).trim().toLowerCase();
  const normalized = (raw.startsWith('anthropic/') ? raw.slice('anthropic/'.length) : raw).replace(/[._\s]+/g, '-');
  return /(?:^|[-/])(claude-[^/]+)$/.exec(normalized)?.[1] ?? normalized;
}

function isClaudeOpus5(identity: string): boolean {
  return identity === 'opus' || identity === 'opus-5' || identity === 'opus-5-5' || /(?:^|-)claude-opus-5(?=$|[^a-z0-9])/.test(identity);
}

/** Claude models that do not keep earlier thinking: their thinking is dropped from history. */
export function claudeDropsThinking(modelId: string, canonicalModelId?: string): boolean {
  const id = claudeIdentity(modelId, canonicalModelId);
  const isClaude = id.startsWith('claude-') || isClaudeOpus5(id);
  const keeps =
    isClaudeOpus5(id) || /(?:^|-)claude-(?:fable-5|mythos-(?:5|preview)|opus-4-(?:5|6|7|8)|sonnet-(?:5|4-6))(?=$|[^a-z0-9])/.test(id);
  return isClaude && !keeps;
}

/** Prefix-binding Claude models need append-only runtime context (no user-turn merging). */
export function claudeBindsThinkingPrefix(modelId: string, canonicalModelId?: string): boolean {
  const id = claudeIdentity(modelId, canonicalModelId);
  return id === 'opus-5-5' || /^claude-opus-5-5(?=$|[^a-z0-9])/.test(id) || /^claude-fable-5-1(?=$|[^a-z0-9])/.test(id);
}

/** True when Chat Completions must replay this model's reasoning content. */
export function requiresReasoningReplay(modelId: string): boolean {
  const id = modelId.trim().toLowerCase();
  if (!id) return false;
  const last = id.split('/').filter(Boolean).pop() ?? id;
  const candidates = [last];
  const colon = last.split(':').filter(Boolean);
  if (colon.length > 1) candidates.push(colon[0], colon[colon.length - 1]);
  return candidates.some((c) => REASONING_REPLAY_MODEL_IDS.has(c));
}

/** True when the model id names Claude as one of its tokens (`anthropic/claude-…`, `us.claude…`). */
export function isClaudeToken(modelId: string): boolean {
  return /(?:^|[./:_-])claude(?:$|[./:_-])/.test(modelId.trim().toLowerCase());
}

/** A Mistral family hint in the model id, or the mistral provider. */
export function mistralHint(provider: string, modelId: string): string | null {
  if (normalizeProviderId(provider) === 'mistral') return 'provider is `mistral`';
  const id = modelId.toLowerCase();
  const hint = MISTRAL_HINTS.find((h) => id.includes(h));
  return hint ? `model id contains \`${hint}\`` : null;
}

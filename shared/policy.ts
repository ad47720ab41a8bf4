/**
 * Replay policy resolution: which hygiene rules apply to a target, and why.
 *
 * Mirrors OpenClaw 2026.9.6: a provider that owns its replay policy decides; every other provider
 * gets the transport fallback chosen by API. In the `spec` behaviour the spec's named decisions
 * (`policy/decisions.ts`) are applied last. Every flag carries the reason for its value, for the UI and the CLI.
 */
import { DECISIONS, decisionSentence, DEFAULT_BEHAVIOUR } from './policy/decisions.js';
import type { Behaviour, Policy, PolicyDecisions, PolicyFlag, PolicySetting, PolicyValues, Target } from './types.js';

export { mistralHint } from './policy/decisions.js';

type Decisions = { [K in PolicyFlag]?: PolicySetting<PolicyValues[K]> };

const DEFAULTS: PolicyValues = {
  sanitizeMode: 'images-only',
  sanitizeToolCallIds: false,
  toolCallIdMode: null,
  preserveNativeAnthropicToolUseIds: false,
  repairToolUseResultPairing: true,
  preserveSignatures: false,
  sanitizeThoughtSignatures: null,
  dropThinkingBlocks: false,
  dropAllThinkingBlocks: false,
  dropReasoningFromHistory: false,
  applyGoogleTurnOrdering: false,
  validateGeminiTurns: false,
  validateAnthropicTurns: false,
  allowSyntheticToolResults: false,
  appendOnlyRuntimeContext: false,
  normalizeAntigravityThinkingBlocks: false,
  isResponsesFamily: false,
  dropOrphanReasoning: false,
  stripInvalidThinkingSignatures: false,
  allowProviderOwnedThinkingReplay: false,
  replayEmptyErrorTurnsWithPlaceholder: false,
  persistGoogleBootstrapMarker: false,
  stripPayloadPrefillWhenThinking: false,
  requireUserFirstTurn: false,
  mergePayloadUserMessages: false,
};

const DEFAULT_REASONS: Record<PolicyFlag, string> = {
  sanitizeMode: 'default: images-only (blank text and emptied turns are still cleaned)',
  sanitizeToolCallIds: 'default: tool-call ids are replayed as recorded',
  toolCallIdMode: 'default: no id rewriting',
  preserveNativeAnthropicToolUseIds: 'default: off',
  repairToolUseResultPairing: 'always on: every provider needs each tool call answered exactly once',
  preserveSignatures: 'default: signatures are not kept for this provider',
  sanitizeThoughtSignatures: 'default: only snake_case thought_signature values that are Claude message ids (msg_…) are removed',
  dropThinkingBlocks: 'default: thinking blocks are kept',
  dropAllThinkingBlocks: 'default: the latest turn keeps its thinking',
  dropReasoningFromHistory: 'default: reasoning history is kept',
  applyGoogleTurnOrdering: 'default: the history may start with any role',
  validateGeminiTurns: 'default: consecutive assistant turns are not merged',
  validateAnthropicTurns: 'default: no Anthropic-style turn validation',
  allowSyntheticToolResults: 'default: off (informational; pairing repair synthesises missing results for every provider)',
  appendOnlyRuntimeContext: 'default: off',
  normalizeAntigravityThinkingBlocks: 'default: off (only Antigravity Claude)',
  isResponsesFamily: 'default: not an OpenAI Responses API',
  dropOrphanReasoning: 'default: a reasoning item is replayed even when nothing follows it in its turn',
  stripInvalidThinkingSignatures: 'default: off (only signed-thinking providers)',
  allowProviderOwnedThinkingReplay: 'default: off (only Anthropic transports that keep signatures)',
  replayEmptyErrorTurnsWithPlaceholder: 'default: empty error turns are dropped',
  persistGoogleBootstrapMarker: 'default: off (only the Google provider plugin)',
  stripPayloadPrefillWhenThinking: 'default: off',
  requireUserFirstTurn: 'default: off (the bootstrap turn follows applyGoogleTurnOrdering)',
  mergePayloadUserMessages: 'default: off',
};

const RESPONSES_APIS = new Set(['openai-responses', 'openai-chatgpt-responses', 'azure-openai-responses']);
const ANTHROPIC_APIS = new Set(['anthropic-messages', 'bedrock-converse-stream']);
const GOOGLE_APIS = new Set(['google-generative-ai', 'google-gemini-cli']);
const SIGNED_THINKING_PROVIDERS = new Set(['anthropic', 'amazon-bedrock', 'anthropic-vertex']);

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

function isClaudeToken(modelId: string): boolean {
  return /(?:^|[./:_-])claude(?:$|[./:_-])/.test(modelId.trim().toLowerCase());
}

interface Ctx {
  provider: string;
  api: string;
  modelId: string;
  target: Target;
}

const set = <K extends PolicyFlag>(d: Decisions, flag: K, value: PolicyValues[K], reason: string): void => {
  (d as Record<PolicyFlag, PolicySetting<unknown>>)[flag] = { value, reason };
};

/** The transport fallback for providers without their own replay policy (by API). */
function apiFallback(ctx: Ctx, who: string): Decisions {
  const d: Decisions = {};
  const { api, modelId, target } = ctx;
  const google = GOOGLE_APIS.has(api);
  const anthropic = ANTHROPIC_APIS.has(api);
  const completions = api === 'openai-completions';
  const responses = RESPONSES_APIS.has(api);
  if (!google && !anthropic && !completions && !responses) return d;
  const family = google
    ? 'Google API'
    : anthropic
      ? 'Anthropic API'
      : completions
        ? 'OpenAI-compatible Chat Completions'
        : 'OpenAI Responses API';
  const why = `${who}: ${family} \`${api}\``;
  if (google || anthropic) set(d, 'sanitizeMode', 'full', `${why} — strict transcript shape`);
  set(d, 'sanitizeToolCallIds', true, `${why} accepts only alphanumeric tool-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${why}: strict (alphanumeric, ≤40 chars)`);
  if (anthropic) {
    set(d, 'preserveSignatures', true, `${why}: thinking signatures must be replayed`);
    if (claudeBindsThinkingPrefix(modelId, target.canonicalModelId))
      set(d, 'appendOnlyRuntimeContext', true, `${why}: \`${modelId}\` binds thinking to the prompt prefix`);
    if (claudeDropsThinking(modelId, target.canonicalModelId))
      set(d, 'dropThinkingBlocks', true, `${why}: \`${modelId}\` does not keep earlier thinking`);
    if (target.compat?.supportsReasoningEffort === false)
      set(d, 'dropThinkingBlocks', true, `${why}: the model does not support reasoning effort`);
  }
  if (google)
    set(
      d,
      'sanitizeThoughtSignatures',
      { allowBase64Only: true, includeCamelCase: true },
      `${why}: Gemini accepts only base64 thought signatures`,
    );
  if (completions) {
    const keep =
      target.reasoning === true
        ? 'the model is a reasoning model'
        : requiresReasoningReplay(modelId)
          ? `\`${modelId}\` requires reasoning replay`
          : null;
    set(
      d,
      'dropReasoningFromHistory',
      keep === null,
      keep ? `${why}: kept because ${keep}` : `${why}: local/proxy servers reject historic reasoning fields`,
    );
  }
  if (google || completions) {
    set(d, 'applyGoogleTurnOrdering', true, `${why}: the history must start with a user turn`);
    set(d, 'validateGeminiTurns', true, `${why}: consecutive assistant turns are merged`);
  }
  if (anthropic || completions || (responses && isClaudeToken(modelId))) {
    set(
      d,
      'validateAnthropicTurns',
      true,
      responses ? `${why}: Claude model \`${modelId}\` on a Responses route` : `${why}: strict user/assistant alternation`,
    );
  }
  if (google || anthropic || responses) set(d, 'allowSyntheticToolResults', true, `${why}: accepts synthetic tool results`);
  return d;
}

/** The strict Anthropic policy a provider plugin builds for its Anthropic models. */
function strictAnthropic(
  ctx: Ctx,
  who: string,
  opts: { nativeIds: boolean; dropThinking?: [boolean, string]; sanitizeIds?: boolean },
): Decisions {
  const d: Decisions = {};
  const { modelId, target } = ctx;
  set(d, 'sanitizeMode', 'full', `${who}: strict Anthropic transcript`);
  if (opts.sanitizeIds !== false) {
    set(d, 'sanitizeToolCallIds', true, `${who}: Anthropic accepts only [a-zA-Z0-9_-] tool-use ids`);
    set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  } else {
    set(d, 'sanitizeToolCallIds', false, `${who}: the provider keeps its own tool-call ids`);
  }
  if (opts.nativeIds) set(d, 'preserveNativeAnthropicToolUseIds', true, `${who}: native \`toolu_…\` ids are kept on first use`);
  set(d, 'preserveSignatures', true, `${who}: thinking signatures must be replayed`);
  set(d, 'validateAnthropicTurns', true, `${who}: strict user/assistant alternation`);
  set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
  if (claudeBindsThinkingPrefix(modelId, target.canonicalModelId))
    set(d, 'appendOnlyRuntimeContext', true, `${who}: \`${modelId}\` binds thinking to the prompt prefix`);
  const drop = opts.dropThinking ?? [
    claudeDropsThinking(modelId, target.canonicalModelId),
    `\`${modelId}\` does not keep earlier thinking`,
  ];
  if (drop[0]) set(d, 'dropThinkingBlocks', true, `${who}: ${drop[1]}`);
  if (target.compat?.supportsReasoningEffort === false)
    set(d, 'dropThinkingBlocks', true, `${who}: the model does not support reasoning effort`);
  return d;
}

function geminiPolicy(who: string): Decisions {
  const d: Decisions = {};
  set(d, 'sanitizeMode', 'full', `${who}: strict Gemini transcript`);
  set(d, 'sanitizeToolCallIds', true, `${who}: Gemini accepts only alphanumeric function-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  set(
    d,
    'sanitizeThoughtSignatures',
    { allowBase64Only: true, includeCamelCase: true },
    `${who}: Gemini accepts only base64 thought signatures`,
  );
  set(d, 'applyGoogleTurnOrdering', true, `${who}: Gemini requires the first turn to be a user turn`);
  set(d, 'validateGeminiTurns', true, `${who}: Gemini requires alternating turns (consecutive assistants merged)`);
  set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
  return d;
}

/** Chat Completions through a plugin that uses the OpenAI-compatible replay helper. */
function compatibleCompletions(ctx: Ctx, who: string, dropReasoning: [boolean, string] | null): Decisions {
  const d: Decisions = {};
  set(d, 'sanitizeToolCallIds', true, `${who}: OpenAI-compatible servers accept only alphanumeric tool-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  if (dropReasoning) set(d, 'dropReasoningFromHistory', dropReasoning[0], `${who}: ${dropReasoning[1]}`);
  set(d, 'applyGoogleTurnOrdering', true, `${who}: the history must start with a user turn`);
  set(d, 'validateGeminiTurns', true, `${who}: consecutive assistant turns are merged`);
  set(d, 'validateAnthropicTurns', true, `${who}: strict user/assistant alternation`);
  return d;
}

function compatibleResponses(who: string): Decisions {
  const d: Decisions = {};
  set(d, 'sanitizeToolCallIds', true, `${who}: strict tool-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
  return d;
}

function passthrough(ctx: Ctx, who: string, opts: { strict9ForMistralai: boolean }): Decisions {
  const d: Decisions = {};
  const id = ctx.modelId.toLowerCase();
  if (id.includes('gemini'))
    set(
      d,
      'sanitizeThoughtSignatures',
      { allowBase64Only: true, includeCamelCase: true },
      `${who}: Gemini model \`${ctx.modelId}\` accepts only base64 thought signatures`,
    );
  if (opts.strict9ForMistralai && id.startsWith('mistralai/')) {
    set(d, 'sanitizeToolCallIds', true, `${who}: Mistral model \`${ctx.modelId}\``);
    set(d, 'toolCallIdMode', 'strict9', `${who}: Mistral requires 9 alphanumeric characters`);
  }
  return d;
}

/** Ollama and xAI: the compatible helper with historic reasoning always dropped. */
function alwaysDropReasoning(ctx: Ctx, who: string): Decisions {
  if (ctx.api === 'openai-completions')
    return compatibleCompletions(ctx, who, [true, 'historic reasoning is always dropped for this provider']);
  if (RESPONSES_APIS.has(ctx.api)) return compatibleResponses(who);
  return {};
}

/** Providers that own their replay policy in OpenClaw's current release. */
function providerOwned(ctx: Ctx): Decisions | null {
  const { provider, api, modelId } = ctx;
  const who = `provider \`${provider}\``;
  switch (provider) {
    case 'anthropic':
      return strictAnthropic(ctx, who, { nativeIds: true });
    case 'google':
    case 'google-vertex':
    case 'google-gemini-cli':
      return geminiPolicy(who);
    case 'google-antigravity':
      return modelId.toLowerCase().includes('gemini') ? geminiPolicy(`${who} (Gemini model)`) : null;
    case 'openai':
    case 'azure-openai-responses': {
      const d: Decisions = {};
      if (RESPONSES_APIS.has(api)) {
        set(d, 'appendOnlyRuntimeContext', true, `${who}: Responses replay keeps runtime context append-only`);
        set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
      } else if (api === 'openai-completions') {
        set(d, 'sanitizeToolCallIds', true, `${who}: Chat Completions ids are sanitised`);
        set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
      }
      return d;
    }
    case 'github-copilot': {
      const strip: Decisions = {};
      if (api === 'anthropic-messages' || api === 'openai-responses')
        set(strip, 'dropAllThinkingBlocks', true, `${who}: Copilot replays no thinking on \`${api}\`, the latest turn's included`);
      if (api !== 'anthropic-messages') return strip;
      return {
        ...strictAnthropic(ctx, who, {
          nativeIds: false,
          sanitizeIds: false,
          dropThinking: [true, 'Copilot does not replay Claude thinking'],
        }),
        ...strip,
      };
    }
    case 'ollama':
      if (api === 'ollama') {
        // Ollama's native chat API: the same turn rules as Chat Completions, but its own tool-call ids.
        const d = compatibleCompletions(ctx, who, [true, 'historic reasoning is always dropped for this provider']);
        delete d.sanitizeToolCallIds;
        delete d.toolCallIdMode;
        return d;
      }
      return alwaysDropReasoning(ctx, who);
    case 'xai':
      return alwaysDropReasoning(ctx, who);
    case 'sglang':
      if (api === 'openai-completions') return compatibleCompletions(ctx, who, null);
      if (RESPONSES_APIS.has(api)) return compatibleResponses(who);
      return {};
    case 'clawrouter':
      if (api === 'anthropic-messages') return strictAnthropic(ctx, who, { nativeIds: true });
      if (api === 'openai-completions') return compatibleCompletions(ctx, who, null);
      if (RESPONSES_APIS.has(api)) return compatibleResponses(who);
      if (api === 'google-generative-ai') return geminiPolicy(who);
      return {};
    case 'minimax':
    case 'minimax-cn':
    case 'minimax-portal':
      if (ANTHROPIC_APIS.has(api)) return strictAnthropic(ctx, who, { nativeIds: false });
      if (api === 'openai-completions')
        return compatibleCompletions(ctx, who, [true, 'historic reasoning is always dropped for this provider']);
      if (RESPONSES_APIS.has(api)) return compatibleResponses(who);
      return {};
    case 'openrouter':
      return passthrough(ctx, who, { strict9ForMistralai: true });
    case 'opencode-go':
      return passthrough(ctx, who, { strict9ForMistralai: false });
    default:
      return null;
  }
}

/** Resolve the replay policy of a target in a behaviour (default `spec`), every flag with its reason. */
export function resolvePolicy(target: Target, behaviour: Behaviour = DEFAULT_BEHAVIOUR): Policy {
  const provider = normalizeProviderId(target.provider ?? '');
  const api = (target.api ?? '').trim();
  const modelId = target.modelId ?? '';
  const ctx: Ctx = { provider, api, modelId, target };
  const owned = providerOwned(ctx);
  const decisions: Decisions = owned ?? apiFallback(ctx, `no provider-owned policy for \`${provider || '(none)'}\`, fallback by API`);

  const policy = {} as Record<PolicyFlag, PolicySetting<unknown>>;
  for (const flag of Object.keys(DEFAULTS) as PolicyFlag[]) {
    policy[flag] = decisions[flag] ?? { value: DEFAULTS[flag], reason: DEFAULT_REASONS[flag] };
  }
  const p = policy as Policy;

  if (RESPONSES_APIS.has(api)) p.isResponsesFamily = { value: true, reason: `API \`${api}\` is an OpenAI Responses API` };
  if (SIGNED_THINKING_PROVIDERS.has(provider) || p.preserveSignatures.value) {
    p.stripInvalidThinkingSignatures = {
      value: true,
      reason: SIGNED_THINKING_PROVIDERS.has(provider)
        ? `provider \`${provider}\` verifies thinking signatures`
        : 'signatures are preserved, so unsigned thinking cannot be replayed',
    };
  }
  if (
    ANTHROPIC_APIS.has(api) &&
    p.validateAnthropicTurns.value &&
    (p.preserveSignatures.value || SIGNED_THINKING_PROVIDERS.has(provider)) &&
    !p.dropThinkingBlocks.value
  ) {
    p.allowProviderOwnedThinkingReplay = {
      value: true,
      reason: 'Anthropic transport with signed thinking: turns with thinking and tool calls are replayed byte for byte or dropped whole',
    };
  }
  if (
    provider === 'google' ||
    provider === 'google-vertex' ||
    provider === 'google-gemini-cli' ||
    (provider === 'google-antigravity' && modelId.toLowerCase().includes('gemini')) ||
    (provider === 'clawrouter' && api === 'google-generative-ai')
  ) {
    p.persistGoogleBootstrapMarker = {
      value: true,
      reason: `the Google plugin records a google-turn-ordering-bootstrap entry when it adds the bootstrap turn`,
    };
  }
  if (api === 'bedrock-converse-stream') {
    p.mergePayloadUserMessages = {
      value: true,
      reason:
        'Bedrock Converse requires alternating roles; pi-ai sends tool results and the next user text as two user messages, so they are merged in the payload',
    };
  }
  if (ANTHROPIC_APIS.has(api) || (provider === 'openrouter' && /^anthropic\//i.test(modelId))) {
    p.stripPayloadPrefillWhenThinking = {
      value: true,
      reason: 'Anthropic models reject a trailing assistant prefill when thinking is enabled',
    };
  }
  if (behaviour === 'spec') applyDecisions(p, { provider, api, modelId, target });
  return p;
}

/** The spec's decisions, in table order: each sets its flags with its sentence as the reason. */
function applyDecisions(p: Policy, ctx: Ctx): void {
  for (const d of DECISIONS) {
    const why = d.appliesTo({ ...ctx, release: policyValues(p) });
    if (why === null) continue;
    for (const [flag, value] of Object.entries(d.flags) as [PolicyFlag, unknown][]) {
      (p as Record<PolicyFlag, PolicySetting<unknown>>)[flag] = { value, reason: `${why}: ${decisionSentence(d.id)}`, decision: d.id };
    }
  }
}

/** Which flags a spec decision set, and which decision. */
export function policyDecisions(policy: Policy): PolicyDecisions {
  const out: PolicyDecisions = {};
  for (const flag of Object.keys(policy) as PolicyFlag[]) {
    const id = policy[flag].decision;
    if (id) out[flag] = id;
  }
  return out;
}

/** The plain values of a policy, as rules read them. */
export function policyValues(policy: Policy): PolicyValues {
  const out = {} as Record<PolicyFlag, unknown>;
  for (const flag of Object.keys(policy) as PolicyFlag[]) out[flag] = policy[flag].value;
  return out as unknown as PolicyValues;
}

/**
 * Replay policy resolution: which hygiene rules apply to a target, and why.
 *
 * Mirrors OpenClaw's current release: a provider that owns its replay policy decides; every other
 * provider gets the transport fallback chosen by API. Where this tool departs from the release
 * (docs/rules.md#departures), the departure is applied last. Every flag carries the reason for its
 * value, for the UI and the CLI.
 */
import type { Policy, PolicyFlag, PolicySetting, PolicyValues, Target } from '../types.js';
import { apiFallback } from './api-fallback.js';
import { ANTHROPIC_APIS, RESPONSES_FAMILY_APIS, type PolicyContext, type Decisions } from './decisions.js';
import { mistralHint, normalizeProviderId } from './model-ids.js';
import { providerOwned } from './provider.js';

const DEFAULTS: PolicyValues = {
  sanitizeMode: 'images-only',
  sanitizeToolCallIds: false,
  toolCallIdMode: null,
  preserveNativeAnthropicToolUseIds: false,
  repairToolUseResultPairing: true,
  preserveSignatures: false,
  sanitizeThoughtSignatures: null,
  dropThinkingBlocks: false,
  dropReasoningFromHistory: false,
  applyGoogleTurnOrdering: false,
  validateGeminiTurns: false,
  validateAnthropicTurns: false,
  allowSyntheticToolResults: false,
  appendOnlyRuntimeContext: false,
  normalizeAntigravityThinkingBlocks: false,
  isResponsesFamily: false,
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
  dropReasoningFromHistory: 'default: reasoning history is kept',
  applyGoogleTurnOrdering: 'default: the history may start with any role',
  validateGeminiTurns: 'default: consecutive assistant turns are not merged',
  validateAnthropicTurns: 'default: no Anthropic-style turn validation',
  allowSyntheticToolResults: 'default: off (informational; pairing repair synthesises missing results for every provider)',
  appendOnlyRuntimeContext: 'default: off',
  normalizeAntigravityThinkingBlocks: 'default: off (only Antigravity Claude)',
  isResponsesFamily: 'default: not an OpenAI Responses API',
  stripInvalidThinkingSignatures: 'default: off (only signed-thinking providers)',
  allowProviderOwnedThinkingReplay: 'default: off (only Anthropic transports that keep signatures)',
  replayEmptyErrorTurnsWithPlaceholder: 'default: empty error turns are dropped (they carry nothing a model can use)',
  persistGoogleBootstrapMarker: 'default: off (only the Google provider plugin)',
  stripPayloadPrefillWhenThinking: 'default: off',
  requireUserFirstTurn: 'default: off (the bootstrap turn follows applyGoogleTurnOrdering)',
  mergePayloadUserMessages: 'default: off',
};

const SIGNED_THINKING_PROVIDERS = new Set(['anthropic', 'amazon-bedrock', 'anthropic-vertex']);

/** Resolve the replay policy of a target, every flag with its reason. */
export function resolvePolicy(target: Target): Policy {
  const provider = normalizeProviderId(target.provider ?? '');
  const api = (target.api ?? '').trim();
  const modelId = target.modelId ?? '';
  const ctx: PolicyContext = { provider, api, modelId, target };
  const owned = providerOwned(ctx);
  const decisions: Decisions = owned ?? apiFallback(ctx, `no provider-owned policy for \`${provider || '(none)'}\`, fallback by API`);

  const policy = {} as Record<PolicyFlag, PolicySetting<unknown>>;
  for (const flag of Object.keys(DEFAULTS) as PolicyFlag[]) {
    policy[flag] = decisions[flag] ?? { value: DEFAULTS[flag], reason: DEFAULT_REASONS[flag] };
  }
  const p = policy as Policy;

  // docs/rules.md#mistral-strict9: Mistral's own API serves the model, whatever the provider.
  const mistral = mistralHint(provider, modelId);
  if (mistral) {
    p.sanitizeToolCallIds = { value: true, reason: `strict9: ${mistral}: Mistral accepts only its own tool-call ids` };
    p.toolCallIdMode = {
      value: 'strict9',
      reason: `strict9: ${mistral} — Mistral requires tool call ids of exactly 9 alphanumerics, under any provider`,
    };
  }
  // docs/rules.md#codex-responses: Codex speaks the Responses protocol, with its id and reasoning rules.
  if (RESPONSES_FAMILY_APIS.has(api) || provider === 'openai-codex') {
    p.isResponsesFamily = {
      value: true,
      reason:
        provider === 'openai-codex' && !RESPONSES_FAMILY_APIS.has(api)
          ? 'provider `openai-codex` speaks the OpenAI Responses protocol (Codex included in the family)'
          : `API \`${api}\` is in the OpenAI Responses family (Codex included)`,
    };
  }
  // docs/rules.md#antigravity-claude: Claude behind Antigravity verifies signatures like Anthropic.
  if (provider === 'google-antigravity' && modelId.toLowerCase().includes('claude')) {
    p.normalizeAntigravityThinkingBlocks = {
      value: true,
      reason: 'Antigravity Claude verifies thinking signatures: signatures normalised, unsigned thinking dropped',
    };
  }
  // docs/rules.md#bedrock-empty-error-turns: Bedrock Converse rejects empty content; the failure stays visible.
  if (api === 'bedrock-converse-stream') {
    p.replayEmptyErrorTurnsWithPlaceholder = {
      value: true,
      reason: 'Bedrock Converse rejects empty assistant content: empty error turns are replayed with a placeholder',
    };
  }
  if (SIGNED_THINKING_PROVIDERS.has(provider) || p.preserveSignatures.value) {
    p.stripInvalidThinkingSignatures = {
      value: true,
      reason: SIGNED_THINKING_PROVIDERS.has(provider)
        ? `provider \`${provider}\` verifies thinking signatures`
        : 'signatures are preserved, so unsigned thinking cannot be replayed',
    };
  } else if (p.normalizeAntigravityThinkingBlocks.value) {
    p.stripInvalidThinkingSignatures = { value: true, reason: 'Antigravity Claude refuses thinking without a valid signature' };
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
    (provider === 'google-antigravity' && modelId.toLowerCase().includes('gemini'))
  ) {
    p.persistGoogleBootstrapMarker = {
      value: true,
      reason: `the Google plugin records a google-turn-ordering-bootstrap entry when it adds the bootstrap turn`,
    };
  }
  if (api === 'bedrock-converse-stream') {
    p.requireUserFirstTurn = {
      value: true,
      reason:
        'Bedrock Converse rejects a conversation that does not start with a user message ("A conversation must start with a user message"): an assistant-first history gets the bootstrap user turn',
    };
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
  return p;
}

/** The plain values of a policy, as rules read them. */
export function policyValues(policy: Policy): PolicyValues {
  const out = {} as Record<PolicyFlag, unknown>;
  for (const flag of Object.keys(policy) as PolicyFlag[]) out[flag] = policy[flag].value;
  return out as unknown as PolicyValues;
}

/**
 * Replay policy resolution: which hygiene rules apply to a target, and why.
 *
 * Mirrors OpenClaw's current release (reference §2.3 and §9): a provider that owns its replay policy
 * decides; every other provider gets the transport fallback chosen by API. SPEC §10's decisions are
 * applied last. Every flag carries the reason for its value, for the UI and the CLI.
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
  replayEmptyErrorTurnsWithPlaceholder: 'default: empty error turns are dropped (SPEC §10.5)',
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

  // SPEC §10.1: Mistral → strict9 under any provider.
  const mistral = mistralHint(provider, modelId);
  if (mistral) {
    p.sanitizeToolCallIds = { value: true, reason: `strict9: ${mistral} (SPEC §10.1)` };
    p.toolCallIdMode = {
      value: 'strict9',
      reason: `strict9: ${mistral} — Mistral requires tool call ids of exactly 9 alphanumerics (SPEC §10.1)`,
    };
  }
  // SPEC §10.2: the Responses family includes Codex.
  if (RESPONSES_FAMILY_APIS.has(api) || provider === 'openai-codex') {
    p.isResponsesFamily = {
      value: true,
      reason:
        provider === 'openai-codex' && !RESPONSES_FAMILY_APIS.has(api)
          ? 'provider `openai-codex` is in the OpenAI Responses family (SPEC §10.2)'
          : `API \`${api}\` is in the OpenAI Responses family (SPEC §10.2)`,
    };
  }
  // SPEC §10.4: Antigravity + Claude.
  if (provider === 'google-antigravity' && modelId.toLowerCase().includes('claude')) {
    p.normalizeAntigravityThinkingBlocks = {
      value: true,
      reason: 'Antigravity Claude: thinking signatures normalised, unsigned thinking dropped (SPEC §10.4)',
    };
  }
  // SPEC §10.5: Bedrock Converse rejects empty content, so empty error turns get a placeholder.
  if (api === 'bedrock-converse-stream') {
    p.replayEmptyErrorTurnsWithPlaceholder = {
      value: true,
      reason: 'Bedrock Converse rejects empty assistant content: empty error turns are replayed with a placeholder (SPEC §10.5)',
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
    p.stripInvalidThinkingSignatures = { value: true, reason: 'Antigravity Claude drops thinking without a valid signature (SPEC §10.4)' };
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

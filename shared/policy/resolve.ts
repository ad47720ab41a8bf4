/**
 * Replay policy resolution: which hygiene rules apply to a target, and why.
 *
 * Mirrors OpenClaw 2026.9.6: a provider that owns its replay policy decides; every other provider
 * gets the transport fallback chosen by API. In the `spec` behaviour the spec's named decisions
 * (`spec-decisions.ts`) are applied last. Every flag carries the reason for its value, for the UI and the CLI.
 */
import type { Behaviour, Policy, PolicyDecisions, PolicyFlag, PolicySetting, PolicyValues, Target } from '../types.js';
import { apiFallback } from './api-fallback.js';
import { ANTHROPIC_APIS, RESPONSES_APIS, type PolicyContext, type Decisions } from './decisions.js';
import { normalizeProviderId } from './model-ids.js';
import { providerOwned } from './provider.js';
import { DEFAULT_BEHAVIOUR, SPEC_DECISIONS, specDecisionSentence } from './spec-decisions.js';

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

const SIGNED_THINKING_PROVIDERS = new Set(['anthropic', 'amazon-bedrock', 'anthropic-vertex']);

/** Resolve the replay policy of a target in a behaviour (default `spec`), every flag with its reason. */
export function resolvePolicy(target: Target, behaviour: Behaviour = DEFAULT_BEHAVIOUR): Policy {
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
  if (behaviour === 'spec') applySpecDecisions(p, ctx);
  return p;
}

/** The spec's decisions, in table order: each sets its flags with its sentence as the reason. */
function applySpecDecisions(p: Policy, ctx: PolicyContext): void {
  for (const d of SPEC_DECISIONS) {
    const why = d.appliesTo({ ...ctx, release: policyValues(p) });
    if (why === null) continue;
    for (const [flag, value] of Object.entries(d.flags) as [PolicyFlag, unknown][]) {
      (p as Record<PolicyFlag, PolicySetting<unknown>>)[flag] = { value, reason: `${why}: ${specDecisionSentence(d.id)}`, decision: d.id };
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

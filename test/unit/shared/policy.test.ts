/**
 * Policy resolution against OpenClaw's released resolver: the fixtures hold what the release returned
 * for every model of pi-ai's catalogue and a provider × API × model grid (measured once with the
 * oracle harness; data, not code), in the `openclaw-2026.9.6` behaviour. The spec's named decisions
 * are asserted separately (here and in policy/spec-decisions.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { policyValues, resolvePolicy } from '../../../shared/policy/resolve.js';
import type { PolicyFlag } from '../../../shared/types.js';

interface OracleRow {
  provider: string;
  api: string;
  modelId: string;
  model: { reasoning?: boolean; compat?: { supportsReasoningEffort?: boolean }; params?: { canonicalModelId?: string } } | null;
  policy: Record<string, unknown>;
  allowOwned: boolean;
}

const load = (name: string): OracleRow[] => JSON.parse(readFileSync(new URL(`../../fixtures/policy/${name}`, import.meta.url), 'utf8'));
const FLAGS = [
  'sanitizeMode',
  'sanitizeToolCallIds',
  'toolCallIdMode',
  'preserveNativeAnthropicToolUseIds',
  'preserveSignatures',
  'appendOnlyRuntimeContext',
  'sanitizeThoughtSignatures',
  'dropThinkingBlocks',
  'dropReasoningFromHistory',
  'applyGoogleTurnOrdering',
  'validateGeminiTurns',
  'validateAnthropicTurns',
  'allowSyntheticToolResults',
];

function compare(rows: OracleRow[]): string[] {
  const mismatches: string[] = [];
  for (const r of rows) {
    // The release's own behaviour: every flag, the Mistral ones included, must be the release's.
    const v = policyValues(
      resolvePolicy(
        {
          provider: r.provider,
          api: r.api,
          modelId: r.modelId,
          reasoning: r.model?.reasoning,
          compat: r.model?.compat,
          canonicalModelId: r.model?.params?.canonicalModelId,
        },
        'openclaw-2026.9.6',
      ),
    ) as unknown as Record<string, unknown>;
    for (const flag of FLAGS) {
      const ours = v[flag] ?? undefined;
      const theirs = r.policy[flag] ?? undefined;
      if (JSON.stringify(ours) !== JSON.stringify(theirs))
        mismatches.push(`${r.provider}/${r.api}/${r.modelId}: ${flag} ours=${JSON.stringify(ours)} release=${JSON.stringify(theirs)}`);
    }
    if (v.allowProviderOwnedThinkingReplay !== r.allowOwned)
      mismatches.push(`${r.provider}/${r.api}/${r.modelId}: allowProviderOwnedThinkingReplay`);
  }
  return mismatches;
}

describe('resolvePolicy', () => {
  it("matches the release on every model of pi-ai's catalogue (969 targets)", () => {
    const rows = load('oracle-policy-catalog.json');
    expect(rows.length).toBeGreaterThan(900);
    expect(compare(rows)).toEqual([]);
  });

  it('matches the release on a 45-provider × 13-API × 6-model grid (3510 targets)', () => {
    const rows = load('oracle-policy-grid.json');
    expect(rows.length).toBe(3510);
    expect(compare(rows)).toEqual([]);
  });

  it('gives every flag a reason', () => {
    const policy = resolvePolicy({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' });
    for (const [flag, setting] of Object.entries(policy) as [PolicyFlag, { value: unknown; reason: string }][]) {
      expect(setting.reason, flag).toMatch(/\S{3}/);
    }
    expect(policy.dropThinkingBlocks).toEqual({
      value: true,
      reason: 'provider `anthropic`: `claude-sonnet-4-5` does not keep earlier thinking',
    });
  });

  it('follows the release on the providers its own tests check', () => {
    const v = (provider: string, api: string, modelId: string, extra: object = {}) =>
      policyValues(resolvePolicy({ provider, api, modelId, ...extra }));
    expect(v('anthropic', 'anthropic-messages', 'claude-opus-4-6')).toMatchObject({
      sanitizeToolCallIds: true,
      toolCallIdMode: 'strict',
      preserveSignatures: true,
      appendOnlyRuntimeContext: false,
    });
    expect(v('google', 'google-generative-ai', 'gemini-2.0-flash')).toMatchObject({
      sanitizeToolCallIds: true,
      sanitizeThoughtSignatures: { allowBase64Only: true, includeCamelCase: true },
      preserveSignatures: false,
    });
    expect(v('openai', 'openai', 'gpt-4o')).toMatchObject({
      sanitizeToolCallIds: false,
      toolCallIdMode: null,
      applyGoogleTurnOrdering: false,
      validateGeminiTurns: false,
      validateAnthropicTurns: false,
    });
    expect(v('moonshot', 'openai-completions', 'kimi-k2.5')).toMatchObject({
      applyGoogleTurnOrdering: true,
      validateGeminiTurns: true,
      validateAnthropicTurns: true,
    });
    expect(v('custom-openai-proxy', 'openai-completions', 'qwen3.6-27b').dropReasoningFromHistory).toBe(true);
    expect(v('custom-openai-proxy', 'openai-completions', 'qwen3.6-27b', { reasoning: true }).dropReasoningFromHistory).toBe(false);
    expect(v('custom-openai-proxy', 'openai-responses', 'qwen3.6-27b').dropReasoningFromHistory).toBe(false);
    for (const id of [
      'kimi-for-coding',
      'moonshotai/kimi-k2.6',
      'moonshot/kimi-k2.7-code',
      'moonshot/kimi-k3',
      'kimi-k2-thinking',
      'hf:moonshotai/kimi-k2-thinking',
      'xiaomi/mimo-v2.6-pro:cloud',
    ]) {
      expect(v('custom-proxy', 'openai-completions', id).dropReasoningFromHistory, id).toBe(false);
    }
    expect(v('anthropic-foundry', 'openai-responses', 'anthropic-foundry/claude-opus-4-7')).toMatchObject({
      sanitizeToolCallIds: true,
      validateAnthropicTurns: true,
      validateGeminiTurns: false,
    });
    expect(v('custom-openai-proxy', 'openai-responses', 'gpt-5.4').validateAnthropicTurns).toBe(false);
    expect(v('qiniu', 'anthropic-messages', 'moonshotai/kimi-k2.5', { compat: { supportsReasoningEffort: false } })).toMatchObject({
      dropThinkingBlocks: true,
      validateAnthropicTurns: true,
    });
    expect(v('qiniu', 'anthropic-messages', 'moonshotai/kimi-k2.5').dropThinkingBlocks).toBe(false);
    expect(v('amazon-bedrock', 'bedrock-converse-stream', 'us.anthropic.claude-opus-4-6-v1')).toMatchObject({
      repairToolUseResultPairing: true,
      validateAnthropicTurns: true,
      allowSyntheticToolResults: true,
      toolCallIdMode: 'strict',
      sanitizeMode: 'full',
      allowProviderOwnedThinkingReplay: true,
    });
    expect(v('github-copilot', 'anthropic-messages', 'claude-sonnet-4')).toMatchObject({
      dropThinkingBlocks: true,
      allowProviderOwnedThinkingReplay: false,
    });
    expect(v('openrouter', 'openai-completions', 'openai/gpt-4.1')).toMatchObject({
      applyGoogleTurnOrdering: false,
      validateGeminiTurns: false,
      validateAnthropicTurns: false,
    });
    expect(v('openrouter', 'openai-completions', 'google/gemini-2.5-pro-preview').sanitizeThoughtSignatures).toEqual({
      allowBase64Only: true,
      includeCamelCase: true,
    });
    expect(v('anthropic', 'anthropic-messages', 'claude-fable-5-1').appendOnlyRuntimeContext).toBe(true);
  });

  it("applies the spec's named decisions in the spec behaviour", () => {
    const v = (provider: string, api: string, modelId: string) => policyValues(resolvePolicy({ provider, api, modelId }));
    // Mistral → strict9 under any provider, other flags as usual.
    expect(v('mistral', 'openai-completions', 'mistral-large-latest')).toMatchObject({
      toolCallIdMode: 'strict9',
      sanitizeToolCallIds: true,
      validateAnthropicTurns: true,
    });
    expect(v('mistral', 'mistral-conversations', 'mistral-large-latest')).toMatchObject({
      toolCallIdMode: 'strict9',
      sanitizeToolCallIds: true,
      validateAnthropicTurns: false,
    });
    expect(v('together', 'openai-completions', 'mistralai/Mistral-7B-Instruct-v0.3').toolCallIdMode).toBe('strict9');
    expect(v('acme', 'openai-completions', 'devstral-small').toolCallIdMode).toBe('strict9');
    expect(resolvePolicy({ provider: 'acme', api: 'openai-completions', modelId: 'codestral-latest' }).toolCallIdMode.reason).toContain(
      'model id contains `codestral`',
    );
    // Codex is in the Responses family.
    expect(v('openai-codex', 'openai-codex-responses', 'gpt-5-codex').isResponsesFamily).toBe(true);
    expect(v('openai', 'openai-responses', 'gpt-5').isResponsesFamily).toBe(true);
    expect(v('openai', 'openai-completions', 'gpt-5').isResponsesFamily).toBe(false);
    // Antigravity + Claude.
    expect(v('google-antigravity', 'google-gemini-cli', 'claude-sonnet-4-5')).toMatchObject({
      normalizeAntigravityThinkingBlocks: true,
      stripInvalidThinkingSignatures: true,
    });
    expect(v('google-antigravity', 'google-gemini-cli', 'gemini-2.5-pro').normalizeAntigravityThinkingBlocks).toBe(false);
    // Bedrock Converse empty error turns.
    expect(
      v('amazon-bedrock', 'bedrock-converse-stream', 'anthropic.claude-sonnet-4-5-20250929-v1:0').replayEmptyErrorTurnsWithPlaceholder,
    ).toBe(true);
    expect(v('anthropic', 'anthropic-messages', 'claude-sonnet-4-5').replayEmptyErrorTurnsWithPlaceholder).toBe(false);
  });

  it('tolerates odd input: empty strings, upper case and whitespace in the provider', () => {
    expect(policyValues(resolvePolicy({ provider: '', api: '', modelId: '' })).sanitizeMode).toBe('images-only');
    expect(
      policyValues(resolvePolicy({ provider: '  Anthropic ', api: 'anthropic-messages', modelId: 'claude-opus-4-6' }))
        .preserveNativeAnthropicToolUseIds,
    ).toBe(true);
  });
});

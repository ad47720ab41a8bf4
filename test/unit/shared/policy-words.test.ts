// The policy flags in words: every flag has a sentence for its "on" value, none for "off", and no developer shorthand.
import { describe, expect, it } from 'vitest';
import { flagSentence, policySentences } from '../../../shared/policy/flag-words.js';
import { resolvePolicy } from '../../../shared/policy/resolve.js';

describe('policy flags in words', () => {
  const targets = [
    { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' },
    { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5' },
    { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' },
    { provider: 'mistral', api: 'mistral-conversations', modelId: 'mistral-large-latest' },
    { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', modelId: 'anthropic.claude-opus-4-7' },
  ];

  it('says what each flag that is on does, as a sentence, in the policy’s order', () => {
    const policy = resolvePolicy(targets[0]);
    const said = policySentences(policy);
    expect(said[0]).toEqual({ flag: 'sanitizeMode', sentence: 'The whole history is cleaned' });
    expect(said.map((s) => s.flag)).toContain('dropThinkingBlocks');
    expect(said.find((s) => s.flag === 'dropThinkingBlocks')?.sentence).toBe('Thinking is kept on the latest turn only');
    // Flags that are off say nothing.
    expect(said.map((s) => s.flag)).not.toContain('validateGeminiTurns');
    expect(flagSentence('validateGeminiTurns', false)).toBeNull();
    expect(flagSentence('toolCallIdMode', 'strict9')).toBe('Tool-call ids become 9 letters or digits');
    expect(flagSentence('noSuchFlag', true)).toBeNull();
  });

  it('speaks plain English for every flag of every target family: no flag names, spec sections or design notes', () => {
    for (const target of targets) {
      const policy = resolvePolicy(target);
      for (const [flag, setting] of Object.entries(policy)) {
        const sentence = flagSentence(flag, setting.value);
        if (sentence === null) continue;
        expect(sentence, flag).toMatch(/^[A-Z]/);
        expect(sentence, flag).not.toMatch(/SPEC|§|seed|[a-z][A-Z][a-z]+[A-Z]/);
      }
    }
  });
});

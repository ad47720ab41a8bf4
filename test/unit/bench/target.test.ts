// The shapes bench's --target: provider/api/model, the model id free to hold slashes, reasoning from pi-ai's catalogue.
import { describe, expect, it } from 'vitest';
import { DEFAULT_TARGET, parseBenchTarget } from '../../bench/target.js';
import { BenchUsageError } from '../../bench/usage-error.js';

describe('parseBenchTarget', () => {
  it('reads provider, api and model, and takes the reasoning flag from the catalogue', () => {
    expect(parseBenchTarget('openai/openai-responses/gpt-5')).toEqual({
      provider: 'openai',
      api: 'openai-responses',
      modelId: 'gpt-5',
      reasoning: true,
    });
    expect(parseBenchTarget('mistral/mistral-conversations/mistral-large-latest')).toMatchObject({ reasoning: false });
    // OpenRouter's ids hold a slash; a model the catalogue does not know does not reason.
    expect(parseBenchTarget('openrouter/openai-completions/openai/gpt-4o')).toMatchObject({
      provider: 'openrouter',
      modelId: 'openai/gpt-4o',
    });
    expect(parseBenchTarget('vllm/openai-completions/my-model')).toEqual({
      provider: 'vllm',
      api: 'openai-completions',
      modelId: 'my-model',
      reasoning: false,
    });
  });

  it('is a usage error without three parts', () => {
    for (const spec of ['gpt-5', 'openai/gpt-5', '/openai-responses/gpt-5', 'openai//gpt-5', 'openai/openai-responses/'])
      expect(() => parseBenchTarget(spec), spec).toThrow(BenchUsageError);
  });

  it("keeps the baseline's target as the default", () => {
    expect(DEFAULT_TARGET).toEqual({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true });
  });
});

import { describe, expect, it } from 'vitest';
import { listTargets, lookupCatalogModel } from '../../../../../electron/host/payloads/catalog.js';

describe('listTargets', () => {
  const catalog = listTargets();
  const provider = (id: string) => catalog.providers.find((p) => p.id === id)!;

  it('names each main provider’s flagship from the metadata, never its alphabetically first model', () => {
    expect(provider('anthropic').flagship).toBe('claude-opus-4-7');
    expect(provider('openai').flagship).toBe('gpt-5.5');
    expect(provider('google').flagship).toBe('gemini-3.1-pro-preview');
    for (const id of ['anthropic', 'openai', 'google', 'mistral', 'amazon-bedrock']) {
      const first = [...provider(id).models].sort((a, b) => a.id.localeCompare(b.id))[0];
      expect(provider(id).flagship, id).not.toBe(first.id);
    }
  });

  it('gives every provider with models a flagship that is one of its models', () => {
    for (const p of catalog.providers) {
      if (p.models.length === 0) continue;
      expect(
        p.models.map((m) => m.id),
        p.id,
      ).toContain(p.flagship);
    }
  });

  it('carries what the picker shows of a model: images, context window and price', () => {
    expect(lookupCatalogModel('anthropic', 'claude-sonnet-4-5')).toEqual({
      id: 'claude-sonnet-4-5',
      name: 'Claude Sonnet 4.5 (latest)',
      api: 'anthropic-messages',
      reasoning: true,
      images: true,
      contextWindow: 200000,
      cost: { input: 3, output: 15 },
    });
  });
});

// The target palette's search: the session's model first, recent targets, flagships with no query, providers and models by words.
import { describe, expect, it } from 'vitest';
import type { CatalogModel, TargetCatalog } from '../../../../shared/api.js';
import { flagshipsOf, MAX_OPTIONS, queryWords, searchTargets } from '../../../../renderer/targets/target-search.js';

const model = (id: string, api: string, reasoning = true): CatalogModel => ({ id, name: id.toUpperCase(), api, reasoning });
const catalog: TargetCatalog = {
  providers: [
    {
      id: 'anthropic',
      models: [
        model('claude-3-5-haiku', 'anthropic-messages', false),
        model('claude-opus-4-7', 'anthropic-messages'),
        model('claude-sonnet-4-5', 'anthropic-messages'),
      ],
      flagship: 'claude-opus-4-7',
    },
    {
      id: 'google',
      models: [model('gemini-1.5-flash', 'google-generative-ai', false), model('gemini-3.1-pro-preview', 'google-generative-ai')],
      flagship: 'gemini-3.1-pro-preview',
    },
    { id: 'openrouter', models: [model('anthropic/claude-sonnet-4.5', 'openai-completions')], flagship: 'anthropic/claude-sonnet-4.5' },
  ],
  apis: [],
};
const flagships = flagshipsOf(catalog);
const session = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const ids = (sections: ReturnType<typeof searchTargets>['sections']) =>
  sections.map((s) => [
    s.title,
    s.options.map((o) => `${o.kind === 'provider' ? 'provider:' : ''}${o.provider}/${o.model?.id ?? ''}:${o.tags.join('+')}`),
  ]);

describe('searchTargets', () => {
  it('with no query: the session’s model, recent targets, then each provider’s flagship, each once', () => {
    const recent = [{ provider: 'google', api: 'google-generative-ai', modelId: 'gemini-1.5-flash' }, session];
    const { sections, more } = searchTargets(catalog, '', { session, recent, current: session }, flagships);
    expect(ids(sections)).toEqual([
      ['This session’s model', ['anthropic/claude-sonnet-4-5:session+recent+current']],
      ['Recent', ['google/gemini-1.5-flash:recent']],
      [
        'Each provider’s flagship',
        ['anthropic/claude-opus-4-7:flagship', 'google/gemini-3.1-pro-preview:flagship', 'openrouter/anthropic/claude-sonnet-4.5:flagship'],
      ],
    ]);
    expect(more).toBe(0);
  });

  it('matches every word against provider, id and name; the session’s model ranks first', () => {
    const { sections } = searchTargets(catalog, 'sonnet', { session, recent: [], current: null }, flagships);
    expect(ids(sections)).toEqual([['Models', ['anthropic/claude-sonnet-4-5:session', 'openrouter/anthropic/claude-sonnet-4.5:flagship']]]);
    const router = searchTargets(catalog, 'openrouter claude', { session, recent: [], current: null }, flagships);
    expect(ids(router.sections)).toEqual([['Models', ['openrouter/anthropic/claude-sonnet-4.5:flagship']]]);
  });

  it('offers a provider whose name matches, with its flagship', () => {
    const { sections } = searchTargets(catalog, 'goo', { session, recent: [], current: null }, flagships);
    expect(ids(sections)[0]).toEqual(['Providers', ['provider:google/gemini-3.1-pro-preview:']]);
  });

  it('keeps a session model the catalogue does not know, and finds it', () => {
    const custom = { provider: 'my-gateway', api: 'openai-completions', modelId: 'house-model' };
    expect(ids(searchTargets(catalog, '', { session: custom, recent: [], current: custom }, flagships).sections)[0]).toEqual([
      'This session’s model',
      ['my-gateway/house-model:session+current'],
    ]);
    expect(ids(searchTargets(catalog, 'house', { session: custom, recent: [], current: custom }, flagships).sections)).toEqual([
      ['Models', ['my-gateway/house-model:session+current']],
    ]);
  });

  it('lists at most MAX_OPTIONS models and counts the rest', () => {
    const big: TargetCatalog = {
      providers: [{ id: 'p', models: Array.from({ length: MAX_OPTIONS + 7 }, (_, i) => model(`m-${i}`, 'x')) }],
      apis: [],
    };
    const { sections, more } = searchTargets(big, 'm-', { session: null, recent: [], current: null }, new Map());
    expect(sections[0].options).toHaveLength(MAX_OPTIONS);
    expect(more).toBe(7);
    expect(searchTargets(big, 'nothing', { session: null, recent: [], current: null }, new Map()).sections).toEqual([]);
  });

  it('splits a query on spaces and slashes', () => {
    expect(queryWords(' OpenRouter/Claude  sonnet ')).toEqual(['openrouter', 'claude', 'sonnet']);
  });
});

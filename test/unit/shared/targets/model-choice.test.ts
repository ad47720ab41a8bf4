import { describe, expect, it } from 'vitest';
import { flagshipOf, modelForProvider, modelIdParts, sameModel, type ModelFacts } from '../../../../shared/targets/model-choice.js';

const m = (id: string, reasoning = true, extra: Partial<ModelFacts> = {}): ModelFacts => ({ id, reasoning, images: true, ...extra });

// A slice of pi-ai's catalogue as it lists them (sorted by id: the first is never the flagship).
const ANTHROPIC = [
  m('claude-3-5-haiku-20241022', false),
  m('claude-3-5-sonnet-20241022', false),
  m('claude-3-opus-20240229', false),
  m('claude-haiku-4-5'),
  m('claude-opus-4-5'),
  m('claude-opus-4-5-20251101'),
  m('claude-opus-4-7', true, { contextWindow: 1_000_000 }),
  m('claude-sonnet-4-5'),
  m('claude-sonnet-4-6'),
];
const OPENAI = [
  m('gpt-4', false, { images: false }),
  m('gpt-4o', false),
  m('gpt-5.1-codex-max'),
  m('gpt-5.5', true, { outputCost: 30 }),
  m('gpt-5.5-pro', true, { outputCost: 180 }),
  m('o1-pro', true, { outputCost: 600 }),
  m('o4-mini'),
];
const GOOGLE = [
  m('gemini-1.5-flash', false),
  m('gemini-2.5-pro'),
  m('gemini-2.5-pro-preview-06-05'),
  m('gemini-3.1-flash-lite-preview'),
  m('gemini-3.1-pro-preview'),
  m('gemini-3.1-pro-preview-customtools'),
  m('gemma-4-31b-it'),
];

describe('modelIdParts', () => {
  it.each([
    ['claude-opus-4-7', { family: 'claude', version: [4, 7], tier: 1, extras: 0, snapshot: 0 }],
    ['claude-3-5-sonnet-20241022', { family: 'claude', version: [3, 5], tier: 0, extras: 0, snapshot: 1 }],
    ['gpt-5.1-codex-max', { family: 'gpt', version: [5, 1], tier: 1, extras: 1, snapshot: 0 }],
    ['gpt-4o-2024-05-13', { family: 'gpt', version: [4], tier: 0, extras: 0, snapshot: 3 }],
    ['o3-mini', { family: 'o', version: [3], tier: -1, extras: 0, snapshot: 0 }],
    ['gemini-2.5-flash-preview-05-20', { family: 'gemini', version: [2, 5], tier: -1, extras: 0, snapshot: 3 }],
    ['us.anthropic.claude-opus-4-5-20251101-v1:0', { family: 'claude', version: [4, 5], tier: 1, extras: 0, snapshot: 3 }],
    ['meta.llama3-3-70b-instruct-v1:0', { family: 'llama', version: [3, 3], tier: 0, extras: 0, snapshot: 4 }],
    ['openrouter/anthropic/claude-sonnet-4.5', { family: 'claude', version: [4, 5], tier: 0, extras: 0, snapshot: 0 }],
  ])('%s', (id, parts) => {
    expect(modelIdParts(id)).toEqual(parts);
  });
});

describe('flagshipOf', () => {
  it('takes the newest version of the largest tier, not the first model listed', () => {
    expect(flagshipOf(ANTHROPIC)?.id).toBe('claude-opus-4-7');
    expect(flagshipOf(GOOGLE)?.id).toBe('gemini-3.1-pro-preview');
  });

  it('prefers the plain model over its premium and specialised variants, whatever they cost', () => {
    expect(flagshipOf(OPENAI)?.id).toBe('gpt-5.5');
  });

  it('prefers the alias over a dated snapshot of the same model', () => {
    expect(flagshipOf([m('claude-opus-4-5-20251101'), m('claude-opus-4-5')])?.id).toBe('claude-opus-4-5');
  });

  it('prefers a reasoning model over a newer one that does not reason', () => {
    expect(flagshipOf([m('mistral-large-2512', false), m('mistral-medium-3.5', true)])?.id).toBe('mistral-medium-3.5');
  });

  it('on a router, stays in the line of the model in use when the router has it', () => {
    const router = [m('anthropic/claude-opus-4.7'), m('anthropic/claude-sonnet-4.5'), m('openai/gpt-5.5', true, { outputCost: 30 })];
    expect(flagshipOf(router, 'claude')?.id).toBe('anthropic/claude-opus-4.7');
    expect(flagshipOf(router, 'gpt')?.id).toBe('openai/gpt-5.5');
  });

  it('has none for an empty catalogue', () => {
    expect(flagshipOf([])).toBeUndefined();
  });
});

describe('sameModel', () => {
  it('finds a model under the provider’s own naming', () => {
    const router = [m('anthropic/claude-sonnet-4.5'), m('anthropic/claude-opus-4.7')];
    expect(sameModel(router, 'claude-sonnet-4-5')?.id).toBe('anthropic/claude-sonnet-4.5');
    expect(sameModel([m('claude-sonnet-4.5')], 'claude-sonnet-4-5')?.id).toBe('claude-sonnet-4.5');
    expect(sameModel(router, 'claude-sonnet-4-6')).toBeUndefined();
  });
});

describe('modelForProvider', () => {
  it('keeps the model when the provider serves it, and says so', () => {
    expect(modelForProvider('anthropic', ANTHROPIC, 'claude-sonnet-4-5')).toEqual({
      model: ANTHROPIC[7],
      how: 'kept',
      message: 'anthropic serves claude-sonnet-4-5: the model stays.',
    });
  });

  it('names the twin when the provider serves the model under another id', () => {
    const choice = modelForProvider('openrouter', [m('anthropic/claude-sonnet-4.5')], 'claude-sonnet-4-5');
    expect(choice?.how).toBe('kept');
    expect(choice?.message).toBe('openrouter serves claude-sonnet-4-5 as anthropic/claude-sonnet-4.5.');
  });

  it('takes the flagship otherwise, and says which model it took and why', () => {
    const choice = modelForProvider('google', [...GOOGLE].reverse(), 'claude-sonnet-4-5');
    expect(choice?.how).toBe('flagship');
    expect(choice?.model.id).toBe('gemini-3.1-pro-preview');
    expect(choice?.message).toBe(
      'google does not serve claude-sonnet-4-5, so the target is its flagship, gemini-3.1-pro-preview: its newest, most capable model in the catalogue.',
    );
  });

  it('has nothing to choose from an empty catalogue', () => {
    expect(modelForProvider('custom', [], 'x')).toBeNull();
  });
});

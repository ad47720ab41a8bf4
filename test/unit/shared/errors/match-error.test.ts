// The provider-error matcher on real error messages collected from public issue threads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorIds, errorMessageIndices, explainProviderError, normalizeErrorText } from '../../../../shared/errors/match-error.js';
import { CHECKS } from '../../../../shared/preflight/checks.js';

interface Fixture {
  id: string;
  family: string;
  source: string;
  text: string;
  check: string;
  rule: string;
  indices?: number[];
}

const fixtures = (
  JSON.parse(readFileSync(path.join(__dirname, '../../../fixtures/provider-errors/errors.json'), 'utf8')) as { errors: Fixture[] }
).errors;

describe('the fixtures', () => {
  it('are at least 25 real errors, each with its source and a known check', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(25);
    for (const f of fixtures) {
      expect(f.source, f.id).toMatch(/^https:\/\//);
      expect(Object.keys(CHECKS), f.id).toContain(f.check);
    }
    expect(new Set(fixtures.map((f) => f.id)).size).toBe(fixtures.length);
  });

  it('cover every provider family the issue names', () => {
    const families = fixtures.map((f) => f.family).join(' ');
    for (const family of [
      'anthropic',
      'amazon-bedrock',
      'google',
      'mistral',
      'openai',
      'openrouter',
      'llama.cpp',
      'ollama',
      'vllm',
      'deepseek',
      'qwen',
      'kimi',
    ])
      expect(families).toContain(family);
  });
});

describe('explainProviderError', () => {
  for (const f of fixtures) {
    it(`explains ${f.id} as ${f.check} (${f.rule})`, () => {
      const explanations = explainProviderError(f.text);
      expect(explanations.length, f.text).toBeGreaterThan(0);
      expect(explanations[0]).toMatchObject({ check: f.check, rule: f.rule, turns: [] });
      expect(explanations[0].confidence).toBeGreaterThan(0.5);
      expect(explanations[0].confidence).toBeLessThanOrEqual(1);
      expect(explanations[0].explanation).toContain(`\`${f.rule}\``);
      if (f.indices) expect(errorMessageIndices(normalizeErrorText(f.text))).toEqual(f.indices);
    });
  }

  it('says nothing about text that is not a known provider error', () => {
    expect(explainProviderError('')).toEqual([]);
    expect(explainProviderError('ECONNRESET: socket hang up')).toEqual([]);
    expect(explainProviderError('429 Too Many Requests')).toEqual([]);
  });

  it('orders several candidates by confidence', () => {
    const both = explainProviderError('Please ensure that multiturn requests alternate between user and model.');
    expect(both.map((e) => e.check)).toEqual(['gemini-alternation', 'gemini-first-user']);
    expect(both[0].confidence).toBeGreaterThan(both[1].confidence);
  });
});

describe('error details', () => {
  it("reads message indices in every provider's notation", () => {
    expect(errorMessageIndices('messages.43.content.2: x')).toEqual([43]);
    expect(errorMessageIndices("param: 'messages.[3].role'")).toEqual([3]);
    expect(errorMessageIndices("Invalid 'input[12].id'")).toEqual([12]);
    expect(errorMessageIndices('GenerateContentRequest.contents[5].parts')).toEqual([5]);
    expect(errorMessageIndices('message[855].role')).toEqual([855]);
    expect(errorMessageIndices('tool call message at index 52')).toEqual([52]);
  });

  it('reads the ids an error quotes', () => {
    expect(errorIds('immediately after: toolu_01HqfLWiAKQLsniF2fBGF2KD, toolu_01SJzDkeAZER935cpGFptTNk.')).toEqual([
      'toolu_01HqfLWiAKQLsniF2fBGF2KD',
      'toolu_01SJzDkeAZER935cpGFptTNk',
    ]);
    expect(errorIds('with call_id call_TnakLSVsqtVt5cJssAhRwMoe.')).toEqual(['call_TnakLSVsqtVt5cJssAhRwMoe']);
    expect(errorIds('Tool call id was 38f04d9ea185 but must be')).toEqual(['38f04d9ea185']);
  });
});

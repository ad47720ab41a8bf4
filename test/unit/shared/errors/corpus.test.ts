// The explainer on the corpus of real provider errors (test/fixtures/provider-errors/): every entry's top answer.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorMessageIndices, explainProviderError, normalizeErrorText } from '../../../../shared/errors/match-error.js';
import type { ErrorCategory } from '../../../../shared/inspection.js';
import { CHECKS, type CheckId } from '../../../../shared/preflight/checks.js';

interface Entry {
  id: string;
  provider: string;
  via?: string;
  source: string;
  category: ErrorCategory;
  check?: CheckId;
  rule?: string;
  indices?: number[];
  round?: number;
  text: string;
}

function read(name: string): Entry[] {
  const file = path.join(__dirname, '../../../fixtures/provider-errors', name);
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Entry);
}

const SETS = {
  corpus: read('corpus.jsonl'),
  'held-out': read('held-out.jsonl'),
  blind: read('blind.jsonl'),
  // Round 16 of transcript shapes, scored blind and then tuned against: regression data like blind.jsonl.
  'blind round 16 (transcript)': read('blind-round16-transcript.jsonl'),
  // Round 17 was the held-out measure until its misses were fixed by family: regression data now.
  'blind round 17 (transcript)': read('blind-round17-transcript.jsonl'),
  'blind round 16 (other kinds)': read('blind-round16-other.jsonl'),
  'blind round 17 (other kinds)': read('blind-round17-other.jsonl'),
  // Round 18 was the held-out measure (scored blind) until its misses were fixed by family: regression data now.
  'blind round 18 (transcript)': read('blind-round18-transcript.jsonl'),
  'blind round 18 (other kinds)': read('blind-round18-other.jsonl'),
};
const ALL = Object.values(SETS).flat();
// Errors nobody tuned a pattern against: a measure, not a regression list, so only its overall rate is asserted.
// Round 19 (both halves) is the newest held-out measure: collected and labelled after round 18 was tuned.
const ROUND19 = {
  transcript: read('blind-round19-transcript.jsonl'),
  'other kinds': read('blind-round19-other.jsonl'),
};
const UNSEEN = [...read('blind-held-out.jsonl'), ...ROUND19.transcript, ...ROUND19['other kinds']];

/** Whether the top answer is what the acceptance test counts as right: the rule for transcript errors, the category and no rule otherwise. */
function isRight(e: Entry): boolean {
  const [top] = explainProviderError(e.text);
  if (top === undefined) return false;
  return e.category === 'transcript' ? top.rule === e.rule : top.category === e.category && top.rule === undefined;
}

describe('the corpus', () => {
  it('holds over 200 real errors, each with its source, a known category and, for transcript errors, a known check and its rule', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(200);
    expect(new Set(ALL.map((e) => e.id)).size).toBe(ALL.length);
    for (const e of ALL) {
      expect(e.source, e.id).toMatch(/^https:\/\//);
      expect(e.text.trim(), e.id).not.toBe('');
      if (e.category === 'transcript') {
        expect(Object.keys(CHECKS), e.id).toContain(e.check);
        expect(e.rule, e.id).toBe(CHECKS[e.check!].rule);
      } else {
        expect(e.rule, e.id).toBeUndefined();
      }
    }
  });

  it('keeps the held-out set apart: labelled like the rest, and no page or text it holds is in the tuned sets', () => {
    const pages = new Set(ALL.map((e) => e.source));
    const texts = new Set(ALL.map((e) => e.text.replace(/\s+/g, ' ').trim()));
    expect(UNSEEN.length).toBeGreaterThanOrEqual(30);
    expect(new Set([...ALL, ...UNSEEN].map((e) => e.id)).size).toBe(ALL.length + UNSEEN.length);
    for (const e of UNSEEN) {
      expect(e.source, e.id).toMatch(/^https:\/\//);
      expect(pages.has(e.source), e.id).toBe(false);
      expect(texts.has(e.text.replace(/\s+/g, ' ').trim()), e.id).toBe(false);
      if (e.category === 'transcript') expect(e.rule, e.id).toBe(CHECKS[e.check!].rule);
      else expect(e.rule, e.id).toBeUndefined();
    }
  });

  it('covers every category and the provider families the explainer claims to know', () => {
    const categories = new Set(ALL.map((e) => e.category));
    for (const c of ['transcript', 'context-length', 'auth', 'billing', 'rate-limit', 'model-capability', 'server', 'request'])
      expect(categories, c).toContain(c);
    const providers = new Set(ALL.flatMap((e) => [e.provider, ...(e.via ?? '').split('+')]));
    for (const p of [
      'anthropic',
      'amazon-bedrock',
      'google',
      'google-vertex',
      'openai',
      'azure-openai',
      'mistral',
      'deepseek',
      'dashscope',
      'moonshot',
      'minimax',
      'zhipu',
      'groq',
      'xai',
      'openrouter',
      'litellm',
      'github-copilot',
      'ollama',
      'llama.cpp',
      'vllm',
      'lm-studio',
    ])
      expect(providers, p).toContain(p);
  });
});

for (const [name, entries] of Object.entries(SETS)) {
  describe(`explainProviderError on the ${name} set`, () => {
    for (const e of entries) {
      it(`${e.id}: ${e.category}${e.rule ? ` (${e.rule})` : ''}`, () => {
        const [top] = explainProviderError(e.text);
        expect(top, e.text).toBeDefined();
        expect(top.category, e.text).toBe(e.category);
        if (e.category === 'transcript') expect([top.check, top.rule], e.text).toEqual([e.check, e.rule]);
        else expect(top.rule, e.text).toBeUndefined();
        expect(top.confidence).toBeGreaterThan(0.3);
        expect(top.confidence).toBeLessThan(1);
        expect(top.action).not.toBe('');
        if (e.indices) expect(errorMessageIndices(normalizeErrorText(e.text))).toEqual(e.indices);
      });
    }
  });
}

describe('explainProviderError on the held-out set', () => {
  // A regression floor, not the target: the issue asks for 90 % on each half, and the README records
  // what this set actually scores (both halves are below the target when scored blind).
  for (const half of ['transcript', 'other kinds'] as const) {
    it(`gets at least 75 % of the ${half} errors right`, () => {
      const entries = UNSEEN.filter((e) => (e.category === 'transcript') === (half === 'transcript'));
      const misses = entries.filter((e) => !isRight(e)).map((e) => e.id);
      expect(entries.length).toBeGreaterThanOrEqual(10);
      expect((entries.length - misses.length) / entries.length, misses.join(', ')).toBeGreaterThanOrEqual(0.75);
    });
  }

  // Round 19 scored once, blind: transcript 35/35, other kinds 45/47. The floors leave room for a changed
  // wording, not for a family lost; its misses stay misses (see the fixtures' README).
  for (const [half, floor, size] of [
    ['transcript', 0.9, 30],
    ['other kinds', 0.9, 40],
  ] as const) {
    it(`gets at least ${floor * 100} % of the newest round (19, ${half}) right`, () => {
      const entries = ROUND19[half];
      const misses = entries.filter((e) => !isRight(e)).map((e) => e.id);
      expect(entries.length).toBeGreaterThanOrEqual(size);
      expect(entries.every((e) => e.round === 19 && (e.category === 'transcript') === (half === 'transcript'))).toBe(true);
      expect((entries.length - misses.length) / entries.length, misses.join(', ')).toBeGreaterThanOrEqual(floor);
    });
  }
});

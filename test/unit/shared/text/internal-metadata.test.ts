// The cheap pre-checks of the runtime-context projection: a text they rule out is kept as it is, so a
// miss would replay runtime context.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { includesOntext, mayHoldInternalMetadata, stripInternalMetadata } from '../../../../shared/text/internal-metadata.js';

describe('includesOntext', () => {
  it('finds "ontext" wherever it is', () => {
    expect(includesOntext('ontext')).toBe(true);
    expect(includesOntext('Context:')).toBe(true);
    expect(includesOntext('the runtime context (internal)')).toBe(true);
    expect(includesOntext('next text, xt xt ontex')).toBe(false);
    expect(includesOntext('xt')).toBe(false);
    expect(includesOntext('ntext')).toBe(false);
    expect(includesOntext('中文 ontext')).toBe(true);
    expect(includesOntext('')).toBe(false);
  });

  it('matches includes on the edge cases: overlaps, near misses, an "xt" before the match', () => {
    const texts = ['ontext', 'context', 'oontext', 'onteXt', 'ontex', 'contexxt', 'ontextxt', 'xtxt', 'text then context', 'xt xt xt'];
    for (const text of texts) expect(includesOntext(text), text).toBe(text.includes('ontext'));
  });

  it('agrees with includes("ontext") on random texts', () => {
    const piece = fc.constantFrom('o', 'n', 't', 'e', 'x', 'xt', 'onte', 'ontext', ' ', '中', 'é');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 16 }), (pieces) => {
        const text = pieces.join('');
        expect(includesOntext(text)).toBe(text.includes('ontext'));
      }),
      { numRuns: 5000 },
    );
  });
});

describe('mayHoldInternalMetadata', () => {
  it('rules out plain prose and keeps every text the projection changes', () => {
    expect(mayHoldInternalMetadata('Plain reply with next steps.')).toBe(false);
    const wrapped = 'Answer.\n<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\nsecret\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>';
    expect(mayHoldInternalMetadata(wrapped)).toBe(true);
    expect(stripInternalMetadata(wrapped)).toBe('Answer.');
    expect(mayHoldInternalMetadata('Context: ⟦openclaw:ctx⟧')).toBe(true);
    expect(mayHoldInternalMetadata('[Mon 2026-03-02 10:00] hi')).toBe(true);
  });
});

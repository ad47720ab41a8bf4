/** The quick test for runtime context and inbound metadata: a text that cannot hold any is left alone. */
import { describe, expect, it } from 'vitest';
import { includesOntext, mayHoldInternalMetadata } from '../../../../shared/text/internal-metadata.js';

describe('includesOntext', () => {
  it('finds "ontext" wherever it is, as includes does', () => {
    const texts = [
      'ontext',
      'context',
      'Context: x',
      'a context',
      'ontex',
      'ntext',
      'xtxt',
      'oontext',
      'onteXt',
      'next text',
      'contexxt',
      'ontextxt',
    ];
    for (const text of texts) expect(includesOntext(text), text).toBe(text.includes('ontext'));
  });

  it('finds it after an "xt" that is not its end', () => {
    expect(includesOntext('text then context')).toBe(true);
    expect(includesOntext('xt xt xt')).toBe(false);
  });
});

describe('mayHoldInternalMetadata', () => {
  it('is false for prose with none of the markers', () => {
    expect(mayHoldInternalMetadata('fix the tests, then return the next text')).toBe(false);
  });

  it('is true for each marker', () => {
    const texts = ['[Mon 2026-01-05 10:00] hi', 'OpenClaw runtime context', '<<<BEGIN', 'Delivery: x', 'a ⟦openclaw:ctx⟧'];
    for (const text of texts) expect(mayHoldInternalMetadata(text), text).toBe(true);
  });
});

/** usageIsCanonical: the usage rule's shortcut must never call a usage normal that the full check would rewrite. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeUsageSnapshot, usageAlreadyNormal, usageIsCanonical } from '../../../shared/usage.js';

const PI_USAGE = {
  input: 1500,
  output: 300,
  cacheRead: 20,
  cacheWrite: 0,
  totalTokens: 1820,
  cost: { input: 0.0045, output: 0.0045, cacheRead: 0, cacheWrite: 0, total: 0.009 },
};

describe('usageIsCanonical', () => {
  it("accepts pi's own usage, with or without cost, and the full check agrees", () => {
    const { cost: _cost, ...withoutCost } = PI_USAGE;
    for (const usage of [PI_USAGE, withoutCost]) {
      expect(usageIsCanonical(usage)).toBe(true);
      expect(usageAlreadyNormal(usage, normalizeUsageSnapshot(usage))).toBe(true);
    }
  });

  it('sends anything else to the full check', () => {
    expect(usageIsCanonical({ ...PI_USAGE, cache_read_input_tokens: 5 })).toBe(false); // an alias
    expect(usageIsCanonical({ ...PI_USAGE, input: 1.5 })).toBe(false); // not a whole count
    expect(usageIsCanonical({ ...PI_USAGE, output: -1 })).toBe(false);
    expect(usageIsCanonical({ ...PI_USAGE, totalTokens: undefined })).toBe(false);
    expect(usageIsCanonical({ ...PI_USAGE, cost: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 } })).toBe(false); // no total
    expect(usageIsCanonical({ ...PI_USAGE, cost: [1, 2] })).toBe(false);
    expect(usageIsCanonical({ ...PI_USAGE, contextUsage: { state: 'unavailable' } })).toBe(false);
    expect(usageIsCanonical(null)).toBe(false);
    expect(usageIsCanonical([PI_USAGE])).toBe(false);
  });

  it('never says canonical where the full check would rewrite (random usages)', () => {
    const count = fc.oneof(
      { arbitrary: fc.integer({ min: -5, max: 1e6 }), weight: 12 },
      { arbitrary: fc.double({ noNaN: false }), weight: 1 },
      { arbitrary: fc.constant(Number.MAX_SAFE_INTEGER + 2), weight: 1 },
    );
    const value = fc.oneof(count, fc.string({ maxLength: 3 }), fc.constant(null), fc.constant(undefined));
    const key = fc.constantFrom(
      'input',
      'output',
      'cacheRead',
      'cacheWrite',
      'totalTokens',
      'total',
      'cached',
      'input_tokens',
      'reasoningTokens',
    );
    const cost = fc.dictionary(fc.constantFrom('input', 'output', 'cacheRead', 'cacheWrite', 'total', 'totalOrigin'), value);
    const usage = fc.record(
      { input: count, output: count, cacheRead: count, cacheWrite: count, totalTokens: count, cost, extra: fc.dictionary(key, value) },
      { requiredKeys: ['input', 'output', 'cacheRead', 'cacheWrite', 'totalTokens'] },
    );
    fc.assert(
      fc.property(usage, ({ extra, ...raw }) => {
        const u = { ...raw, ...extra };
        if (usageIsCanonical(u)) expect(usageAlreadyNormal(u, normalizeUsageSnapshot(u))).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

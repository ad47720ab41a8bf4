// The look before an explainer pattern runs (shared/errors/literal-gate.ts): the runs it reads out of
// a pattern, exactly, and that it never skips a pattern on a text the pattern matches — on every
// pattern of the explainer, over the corpus of real errors and over texts generated from each pattern.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import RandExp from 'randexp';
import { describe, expect, it } from 'vitest';
import { explainerPatterns } from '../../../../shared/errors/explainer-patterns.js';
import { mayMatch, patternKey, requiredRuns, type Needs } from '../../../../shared/errors/literal-gate.js';
import { LITERAL_NEEDS_JSON } from '../../../../shared/errors/literal-needs-table.js';
import { normalizeErrorText, unwrappedErrorText } from '../../../../shared/errors/normalize.js';
import { rng } from '../../helpers/transcripts.js';

const PATTERNS: readonly RegExp[] = explainerPatterns();

const ERRORS_DIR = path.join(__dirname, '../../../fixtures/provider-errors');
const CORPUS: readonly string[] = readdirSync(ERRORS_DIR)
  .filter((name) => name.endsWith('.jsonl'))
  .flatMap((name) =>
    readFileSync(path.join(ERRORS_DIR, name), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { text: string }).text),
  );

/** The text with each letter's case flipped at random. */
function mixedCase(text: string, next: () => number): string {
  let out = '';
  for (const c of text) out += next() < 0.5 ? c.toUpperCase() : c.toLowerCase();
  return out;
}

describe('requiredRuns', () => {
  it.each([
    [/abc/i, [[['abc']]]],
    [/foo|bar/, [[['foo']], [['bar']]]],
    // The quantifier takes the character before it; "ef" alone is too short.
    [/abcd?ef/, [[['abc']]]],
    [/x(?:alpha|beta)?ygamma/, [[['ygamma']]]],
    // A group every match passes through gives a set of its own: a match holds one run of each set.
    // The smallest set first: a text usually lacks every run of the first set looked at.
    [/(?:balance|credits?) is (?:low|gone)/, [[[' is '], ['balance', 'credit'], ['low', 'gone']]]],
    [/(?:a|b)+ longer/, [[[' longer']]]],
    [/(?:alpha|beta){1,2}x/, [[['alpha', 'beta']]]],
    // Look-arounds are not part of the match.
    [/(?<![a-z])token(?=s)/, [[['token']]]],
    [/(?<name>alpha)-x/, [[['alpha']]]],
    [/a\.bc\d/, [[['a.bc']]]],
    [/\bword\b/, [[['word']]]],
    [/ab{2}cde/, [[['cde']]]],
    [/余额不足|欠费/, [[['余额不足']], [['欠费']]]],
    // A run that holds another of its set adds nothing.
    [/(?:insufficient|insufficient funds) x/, [[['insufficient']]]],
    [/ABC/m, [[['abc']]]],
  ] as [RegExp, string[][][]][])('%s → %j', (pattern, needs) => {
    expect(requiredRuns(pattern)).toEqual(needs);
  });

  it.each([
    // Too short, or an alternative without a run.
    [/ab/],
    [/foo|ba/],
    [/foo|(?:bar)?/],
    [/ab{2,}cde|xyz{0,1}w/],
    // Escapes this reading does not know.
    [/\u0041bc/],
    [/\x41bcd/],
    [/(?<x>a)\k<x>bcd/],
    // Other case folding (u, v), state between runs (g, y).
    [/abc/u],
    [/abc/g],
    [/abc/y],
    // A cased character outside ASCII is never part of a run: /σ/i also matches ς.
    [/σίγμα/i],
  ])('%s is not read', (pattern) => {
    expect(requiredRuns(pattern)).toBeNull();
  });
});

describe('mayMatch', () => {
  it('looks for a run in the lower-cased text', () => {
    expect(mayMatch(/Tool_Use ids/i, 'unexpected tool_use ids were found')).toBe(true);
    expect(mayMatch(/tool_use ids/i, 'rate limit reached')).toBe(false);
    // A run of every set of one alternative.
    const noCall = /\bno (?:tool|function) call\b.{0,20}\bfor the\b|^empty$/;
    expect(mayMatch(noCall, 'no function call was found for the result')).toBe(true);
    expect(mayMatch(noCall, 'no such call for the result')).toBe(false);
    expect(mayMatch(noCall, 'content is empty')).toBe(true);
    // An unread pattern always runs.
    expect(mayMatch(/ab/, 'xyz')).toBe(true);
  });

  it('keeps a match that differs from the run only in a cased non-ASCII character', () => {
    const pattern = /ςxyz/i;
    const text = 'ΣXYZ';
    expect(pattern.test(text)).toBe(true);
    expect(mayMatch(pattern, text.toLowerCase())).toBe(true);
  });

  it('reads every pattern of the explainer', () => {
    const unread = PATTERNS.filter((p) => requiredRuns(p) === null).map((p) => p.source);
    expect(unread).toEqual([]);
  });
});

describe('the needs read ahead (literal-needs-table.ts)', () => {
  const table = new Map(JSON.parse(LITERAL_NEEDS_JSON) as [string, Needs | null][]);

  it('names every pattern of the explainer, and no other', () => {
    expect(PATTERNS.length).toBeGreaterThan(150);
    expect([...table.keys()].sort()).toEqual(PATTERNS.map(patternKey).sort());
  });

  it('holds what the reading finds in each pattern now (else: npx tsx scripts/literal-needs.ts)', () => {
    for (const pattern of PATTERNS) expect(table.get(patternKey(pattern)), String(pattern)).toEqual(requiredRuns(pattern));
  });

  it('names a pattern by its flags and its source', () => {
    expect(patternKey(/a\/b|c/iu)).toBe('iu/a\\/b|c');
    expect(patternKey(/x/)).not.toBe(patternKey(/x/i));
  });
});

describe('every explainer pattern, on texts it matches', () => {
  it('is never skipped on a real error, in any of its readings or cases', () => {
    const next = rng(7);
    let matches = 0;
    let skipped = 0;
    for (const raw of CORPUS) {
      const normalized = normalizeErrorText(raw);
      const readings = [raw, normalized, unwrappedErrorText(raw), mixedCase(normalized, next), normalized.toUpperCase()];
      for (const text of readings) {
        const lowered = text.toLowerCase();
        for (const pattern of PATTERNS) {
          const may = mayMatch(pattern, lowered);
          if (pattern.test(text)) {
            matches += 1;
            if (!may) throw new Error(`${pattern} skipped on a text it matches: ${JSON.stringify(text)}`);
          } else if (!may) skipped += 1;
        }
      }
    }
    expect(CORPUS.length).toBeGreaterThan(1500);
    expect(matches).toBeGreaterThan(10_000);
    // The look must spare most runs: nearly every pattern fails on nearly every text (98 % are skipped).
    expect(skipped / (CORPUS.length * 5 * PATTERNS.length)).toBeGreaterThan(0.95);
  });

  it('is never skipped on texts generated from the pattern itself', () => {
    const next = rng(11);
    let checked = 0;
    const unused: string[] = [];
    for (const pattern of PATTERNS) {
      let generator: RandExp;
      try {
        generator = new RandExp(pattern);
      } catch {
        // The generator does not know every syntax (look-behinds): counted below.
        unused.push(pattern.source);
        continue;
      }
      generator.max = 3;
      generator.randInt = (from, to) => from + Math.floor(next() * (to - from + 1));
      let matched = 0;
      for (let k = 0; k < 150; k += 1) {
        const generated = generator.gen();
        const text = pattern.ignoreCase ? mixedCase(generated, next) : generated;
        if (!pattern.test(text)) continue;
        matched += 1;
        if (!mayMatch(pattern, text.toLowerCase())) throw new Error(`${pattern} skipped on a text it matches: ${JSON.stringify(text)}`);
      }
      if (matched === 0) unused.push(pattern.source);
      checked += matched;
    }
    expect(checked).toBeGreaterThan(20_000);
    // A few patterns the generator cannot serve (look-behinds, back-references) are covered by the corpus above.
    expect(unused.length).toBeLessThanOrEqual(6);
  });
});

// Tool-name syntax (shared/rules/tool-names.ts): the character loop against the pattern it stands for.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isAllowedToolName, isValidToolName } from '../../../../shared/rules/tool-names.js';

const PATTERN = /^[A-Za-z0-9_:.-]{1,64}$/;
// The alphabet's edges and their neighbours on each side, white space and a few non-ASCII characters.
const char = fc.constantFrom(...'azAZ09_:.-', ...'`{@[/;,^ \t\n', '\u00a0', '\u00e9', '\u4e2d', '\ud83d');
const name = fc.oneof(
  fc.array(char, { maxLength: 8 }).map((cs) => cs.join('')),
  fc.tuple(fc.integer({ min: 60, max: 68 }), char).map(([n, c]) => 'a'.repeat(n) + c),
  fc.integer({ min: 62, max: 66 }).map((n) => 'r'.repeat(n)),
);

describe('isValidToolName', () => {
  it('accepts exactly the names of 1–64 characters of [A-Za-z0-9_:.-] (random names)', () => {
    fc.assert(
      fc.property(name, (n) => {
        expect(isValidToolName(n)).toBe(PATTERN.test(n));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a few names as expected', () => {
    expect(['read', 'functions.read:0', 'apply-patch', 'A_9', 'x'.repeat(64)].map(isValidToolName)).toEqual([true, true, true, true, true]);
    expect(['', ' read', 'read ', 'a b', 'x'.repeat(65), 'tool<|x|>', 'lire\u00e9'].map(isValidToolName)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('isAllowedToolName', () => {
  it('trims before the syntax check, and compares the allowlist lower-cased', () => {
    expect(isAllowedToolName(' read ', null)).toBe(true);
    expect(isAllowedToolName('   ', null)).toBe(false);
    expect(isAllowedToolName(7, null)).toBe(false);
    expect(isAllowedToolName(' Read', new Set(['read']))).toBe(true);
    expect(isAllowedToolName('write', new Set(['read']))).toBe(false);
  });
});

/** isBlank and trimsTo against trim() (isBlank exhaustively over the UTF-16 code units). */
import { describe, expect, it } from 'vitest';
import { isBlank, trimsTo } from '../../../../shared/text/blank.js';

describe('isBlank', () => {
  it('agrees with trim() on every UTF-16 code unit, alone and around text', () => {
    const disagreements: number[] = [];
    for (let c = 0; c <= 0xffff; c += 1) {
      const ch = String.fromCharCode(c);
      for (const text of [ch, `${ch}${ch}`, ` ${ch}\n`]) if (isBlank(text) !== (text.trim() === '')) disagreements.push(c);
    }
    expect(disagreements).toEqual([]);
  });

  it('finds blank and non-blank texts as trim() does', () => {
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\r\n\v\f\u00a0\u2028\u3000\ufeff')).toBe(true);
    expect(isBlank('\n\n x')).toBe(false);
    expect(isBlank('x\n')).toBe(false);
    expect(isBlank('\u200b')).toBe(false); // zero-width space is not white space for trim()
    expect(isBlank(`${' '.repeat(100_000)}.`)).toBe(false);
  });
});

describe('trimsTo', () => {
  it('is text.trim() === expected', () => {
    const expected = '[assistant turn failed before producing content]';
    const cases = [
      expected,
      ` ${expected}\n`,
      `\u00a0\t${expected}\u3000`,
      `${expected}.`,
      `x${expected}`,
      `${expected} ${expected}`,
      expected.slice(0, -1),
      '',
      '   ',
      `\u200b${expected}`,
    ];
    for (const text of cases) expect([text, trimsTo(text, expected)]).toEqual([text, text.trim() === expected]);
  });
});

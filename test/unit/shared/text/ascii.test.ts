import { describe, expect, it } from 'vitest';
import { isAsciiAlnumCode } from '../../../../shared/text/ascii.js';

describe('isAsciiAlnumCode', () => {
  it('is true for exactly the code units of [A-Za-z0-9]', () => {
    const matched: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1) if (isAsciiAlnumCode(code)) matched.push(code);
    expect(String.fromCharCode(...matched)).toBe('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz');
  });
});

// The elided-string viewer's rows: lines, long ones (base64 is one line) cut at a fixed width.
import { describe, expect, it } from 'vitest';
import { wrapRows } from '../../../../renderer/components/elision-viewer.js';

const rowsOf = (text: string, width: number) => {
  const { starts, ends } = wrapRows(text, width);
  return Array.from(starts, (start, i) => text.slice(start, ends[i]));
};

describe('wrapRows', () => {
  it('splits lines and cuts long ones', () => {
    expect(rowsOf('abcdefgh\nij\n\nklm', 3)).toEqual(['abc', 'def', 'gh', 'ij', '', 'klm']);
    expect(rowsOf('', 3)).toEqual(['']);
    expect(rowsOf('abc\n', 3)).toEqual(['abc', '']);
  });

  it('indexes megabytes of one-line base64 without copying it', () => {
    const text = 'A'.repeat(3 * 1024 * 1024 + 7);
    const { starts, ends } = wrapRows(text, 120);
    expect(starts.length).toBe(Math.ceil(text.length / 120));
    expect(ends[ends.length - 1]).toBe(text.length);
    expect(ends[ends.length - 1] - starts[starts.length - 1]).toBe(text.length % 120);
  });
});

// Formatting a file read's progress for the status bar.
import { describe, expect, it } from 'vitest';
import { formatCount, formatReadProgress } from '../../../renderer/format.js';

describe('formatReadProgress', () => {
  it("gives a whole percentage and both sizes in the total's decimal unit, grouped by thousands", () => {
    expect(formatReadProgress(452_000_000, 1_073_741_824)).toEqual({ percent: 42, text: '42\u00a0% (452 of 1\u00a0074\u00a0MB)' });
    expect(formatReadProgress(1_073_741_824, 1_073_741_824).text).toBe('100\u00a0% (1\u00a0074 of 1\u00a0074\u00a0MB)');
    expect(formatReadProgress(1_073_700_000, 1_073_741_824).text).toBe('99\u00a0% (1\u00a0073 of 1\u00a0074\u00a0MB)');
    expect(formatReadProgress(512, 2048)).toEqual({ percent: 25, text: '25\u00a0% (0.5 of 2.0\u00a0KB)' });
    expect(formatReadProgress(1_500_000, 1_500_000)).toEqual({ percent: 100, text: '100\u00a0% (1.5 of 1.5\u00a0MB)' });
    expect(formatReadProgress(3, 800)).toEqual({ percent: 0, text: '0\u00a0% (3 of 800\u00a0B)' });
  });

  it('reaches 100 % only at the end, and treats an empty file as read', () => {
    expect(formatReadProgress(1_073_741_823, 1_073_741_824).percent).toBe(99);
    expect(formatReadProgress(0, 0)).toEqual({ percent: 100, text: '100\u00a0% (0 of 0\u00a0B)' });
    // A file that grew while it was read never shows more than 100 %.
    expect(formatReadProgress(120, 100).percent).toBe(100);
  });
});

describe('formatCount', () => {
  it("writes counts as toLocaleString('en-US') does", () => {
    const values = [
      0,
      7,
      999,
      1000,
      1074,
      12_345,
      999_999,
      1_000_000,
      43_704,
      123_456_789,
      -1,
      -1234,
      Number.MAX_SAFE_INTEGER,
      1.5,
      1234.5678,
      NaN,
      Infinity,
    ];
    for (const value of values) expect(formatCount(value), String(value)).toBe(value.toLocaleString('en-US'));
  });
});

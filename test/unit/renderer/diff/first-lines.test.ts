// The first lines of a document for the plain view shown before the diff editor: what fills the pane, cut to it.
import { describe, expect, it } from 'vitest';
import { firstLines } from '../../../../renderer/diff/first-lines.js';

describe('firstLines', () => {
  const doc = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }, null, 2);

  it('returns as many first lines as rows, in order', () => {
    expect(firstLines(doc, { rows: 3, columns: 100, wrap: false })).toEqual(['{', '  "model": "m",', '  "messages": [']);
  });

  it('returns every line, the last one included, when the text has fewer', () => {
    expect(firstLines('a\nb', { rows: 10, columns: 100, wrap: false })).toEqual(['a', 'b']);
    expect(firstLines('a\nb\n', { rows: 10, columns: 100, wrap: true })).toEqual(['a', 'b', '']);
    expect(firstLines(doc, { rows: 100, columns: 100, wrap: false })).toEqual(doc.split('\n'));
  });

  it('cuts each line at the pane width when lines do not wrap', () => {
    const text = `${'x'.repeat(50)}\nshort\n${'y'.repeat(7)}`;
    expect(firstLines(text, { rows: 3, columns: 5, wrap: false })).toEqual(['xxxxx', 'short', 'yyyyy']);
  });

  it('counts the rows a wrapped line takes, and cuts a line at a full pane', () => {
    const text = `${'x'.repeat(12)}\n${'y'.repeat(3)}\nz\nnot shown`;
    // 12 characters take 3 rows of 5, then one row each: 5 rows are full after "z".
    expect(firstLines(text, { rows: 5, columns: 5, wrap: true })).toEqual(['x'.repeat(12), 'yyy', 'z']);
    // A line longer than the pane fills it alone, cut at its 2 × 5 characters.
    expect(firstLines(`${'w'.repeat(40)}\nnext`, { rows: 2, columns: 5, wrap: true })).toEqual(['w'.repeat(10)]);
  });

  it('returns nothing for no rows, and one empty line for an empty text', () => {
    expect(firstLines(doc, { rows: 0, columns: 100, wrap: false })).toEqual([]);
    expect(firstLines('', { rows: 3, columns: 100, wrap: false })).toEqual(['']);
  });
});

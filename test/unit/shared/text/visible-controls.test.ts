// Control characters from a session written as visible escapes (terminal output, script comments).
import { describe, expect, it } from 'vitest';
import { visibleControls } from '../../../../shared/text/visible-controls.js';

describe('visibleControls', () => {
  it('escapes C0 controls, DEL and C1 controls', () => {
    expect(visibleControls('a\u0000b\u0007c\u001b[31md\u007fe\u009b2Jf\u0085g')).toBe('a\\x00b\\x07c\\x1b[31md\\x7fe\\x9b2Jf\\x85g');
  });

  it('writes line breaks and tabs as their usual escapes', () => {
    expect(visibleControls('one\ntwo\r\nthree\tfour')).toBe('one\\ntwo\\r\\nthree\\tfour');
  });

  it('escapes bidi overrides, isolates, marks and the Unicode line separators', () => {
    expect(visibleControls('x\u202ey\u2066z\u200fw\u061cv\u2028u\u2029')).toBe('x\\u202ey\\u2066z\\u200fw\\u061cv\\u2028u\\u2029');
  });

  it('leaves printable text alone, accents, emoji and CJK included', () => {
    const text = 'café — 東京 🚀 "quoted" \\ back';
    expect(visibleControls(text)).toBe(text);
    expect(visibleControls('')).toBe('');
  });
});

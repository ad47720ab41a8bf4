import { describe, expect, it } from 'vitest';
import { forgetWellFormedNotes, isWellFormed, noteWellFormed } from '../../../../shared/text/well-formed.js';

describe('isWellFormed', () => {
  it('is false for a lone surrogate, high or low, and true for a pair', () => {
    expect(isWellFormed('a\uD800b')).toBe(false);
    expect(isWellFormed('a\uDC00')).toBe(false);
    expect(isWellFormed('\uDE00\uD83D')).toBe(false);
    expect(isWellFormed('a\uD83D\uDE00 é 中')).toBe(true);
    expect(isWellFormed('')).toBe(true);
  });
});

describe('noteWellFormed', () => {
  it('spares the scan of the last texts noted, and only of those', () => {
    // A false note shows it is trusted: the text holds a lone surrogate.
    const lone = (k: number) => `${'x'.repeat(k)}\uD800`;
    expect(isWellFormed(lone(1))).toBe(false);
    noteWellFormed(lone(1));
    expect(isWellFormed(lone(1))).toBe(true);
    // Four notes later the first is forgotten: scanned again.
    for (let k = 2; k <= 5; k += 1) noteWellFormed(lone(k));
    expect(isWellFormed(lone(5))).toBe(true);
    expect(isWellFormed(lone(1))).toBe(false);
  });

  it('scans again every text noted before the notes were forgotten', () => {
    const lone = `${'y'.repeat(3)}\uDC00`;
    noteWellFormed(lone);
    expect(isWellFormed(lone)).toBe(true);
    forgetWellFormedNotes();
    expect(isWellFormed(lone)).toBe(false);
  });
});

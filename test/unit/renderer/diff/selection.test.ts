// The selection's lines in the documents shown, and the note for a side that has none.
import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../../shared/api.js';
import { selectionSpans } from '../../../../renderer/diff/selection.js';
import { summary } from '../stub-api.js';

const doc = (ranges: [number, number | null, number, number][]): DocumentText => ({
  text: '',
  elisions: [],
  ranges: ranges.map(([index, turn, startLine, endLine]) => ({ index, turn, startLine, endLine })),
});
const s = summary({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' });
// Annotations of the stub: #0 turn 0 → 0, #1 turn 2 → dropped, #2 turn 1 → 1.
const docs = {
  original: doc([
    [0, 0, 2, 4],
    [1, 1, 5, 9],
    [2, 2, 10, 12],
  ]),
  replay: doc([
    [0, 0, 2, 4],
    [1, 1, 5, 8],
  ]),
};

describe('selectionSpans', () => {
  it('reveals an annotation on both sides', () => {
    expect(selectionSpans(s, { kind: 'annotation', index: 2 }, docs, 'payload')).toEqual({
      spans: { original: { startLine: 5, endLine: 9 }, replay: { startLine: 5, endLine: 8 } },
      note: null,
    });
  });

  it('says why a side is empty', () => {
    expect(selectionSpans(s, { kind: 'annotation', index: 1 }, docs, 'payload')?.note).toBe('dropped from the replay');
    const missing = selectionSpans(s, { kind: 'turn', side: 'original', index: 2 }, { original: doc([]), replay: docs.replay }, 'payload');
    expect(missing?.note).toMatch(/^turn #2 has no lines in the original payload \(the payload builder leaves it out/);
  });

  it('returns null for a selection that no longer exists', () => {
    expect(selectionSpans(s, { kind: 'annotation', index: 99 }, docs, 'transcript')).toBeNull();
    expect(selectionSpans(s, { kind: 'preflight', side: 'replay', index: 0 }, docs, 'transcript')).toBeNull();
  });
});

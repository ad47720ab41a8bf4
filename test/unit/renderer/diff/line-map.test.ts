// Line mapping: annotation/turn spans from document ranges, and JSON paths located in pretty-printed text.
import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../../shared/api.js';
import { annotationSpans, locateJsonPath, locateJsonPaths, parseJsonPath, turnSpans } from '../../../../renderer/diff/line-map.js';

const doc = (ranges: [number, number | null, number, number][]): DocumentText => ({
  text: '',
  elisions: [],
  ranges: ranges.map(([index, turn, startLine, endLine]) => ({ index, turn, startLine, endLine })),
});

const original = doc([
  [0, 0, 2, 5],
  [1, 1, 6, 9],
  [2, 2, 10, 20],
]);
const replay = doc([
  [0, 0, 2, 5],
  [1, null, 6, 7],
  [2, 2, 8, 15],
]);

describe('annotationSpans', () => {
  it('uses turn on the original side and replayTurn on the replay side', () => {
    expect(annotationSpans({ rule: 'blank-text', turn: 2, replayTurn: 2, action: 'rewritten', detail: '' }, original, replay)).toEqual({
      original: { startLine: 10, endLine: 20 },
      replay: { startLine: 8, endLine: 15 },
    });
  });

  it('has no replay span for a dropped turn and no original span for a created one', () => {
    expect(
      annotationSpans({ rule: 'blank-text', turn: 1, replayTurn: null, action: 'dropped', detail: '' }, original, replay).replay,
    ).toBeNull();
    expect(
      annotationSpans({ rule: 'tool-result-pairing', turn: null, replayTurn: 1, action: 'inserted', detail: '' }, original, replay),
    ).toEqual({
      original: null,
      replay: { startLine: 6, endLine: 7 },
    });
  });
});

describe('turnSpans', () => {
  it('finds the counterpart of an original turn on the replay side', () => {
    expect(turnSpans('original', 2, original, replay)).toEqual({
      original: { startLine: 10, endLine: 20 },
      replay: { startLine: 8, endLine: 15 },
    });
    expect(turnSpans('original', 1, original, replay).replay).toBeNull();
  });

  it('finds the origin of a replay turn', () => {
    expect(turnSpans('replay', 0, original, replay)).toEqual({
      original: { startLine: 2, endLine: 5 },
      replay: { startLine: 2, endLine: 5 },
    });
    expect(turnSpans('replay', 1, original, replay)).toEqual({ original: null, replay: { startLine: 6, endLine: 7 } });
  });
});

describe('windowed ranges', () => {
  // Turns 120–122 of a long session: line numbers relative to the window's text, indices absolute.
  const windowOriginal = doc([
    [120, 120, 4, 9],
    [121, 121, 10, 14],
    [122, 122, 15, 30],
  ]);
  const windowReplay = doc([
    [118, 120, 4, 8],
    [119, null, 9, 10],
    [120, 122, 11, 20],
  ]);

  it('finds turns by index, not by position in the list', () => {
    expect(
      annotationSpans({ rule: 'blank-text', turn: 122, replayTurn: 120, action: 'rewritten', detail: '' }, windowOriginal, windowReplay),
    ).toEqual({
      original: { startLine: 15, endLine: 30 },
      replay: { startLine: 11, endLine: 20 },
    });
    expect(turnSpans('original', 121, windowOriginal, windowReplay)).toEqual({ original: { startLine: 10, endLine: 14 }, replay: null });
    expect(turnSpans('replay', 119, windowOriginal, windowReplay)).toEqual({ original: null, replay: { startLine: 9, endLine: 10 } });
    expect(turnSpans('original', 5, windowOriginal, windowReplay)).toEqual({ original: null, replay: null });
  });
});

describe('locateJsonPath', () => {
  const payload = JSON.stringify(
    {
      model: 'm',
      messages: [
        { role: 'user', content: 'a, "b" [c]' },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'x' },
            { type: 'tool_use', id: 'call|1', input: { q: [1, 2] } },
          ],
        },
      ],
      stream: true,
    },
    null,
    2,
  );
  const lines = payload.split('\n');
  const lineOf = (needle: string) => lines.findIndex((l) => l.includes(needle)) + 1;

  it('parses paths', () => {
    expect(parseJsonPath('messages[3].content[1].id')).toEqual(['messages', 3, 'content', 1, 'id']);
    expect(parseJsonPath('contents.0.parts')).toEqual(['contents', 0, 'parts']);
    expect(parseJsonPath('')).toBeNull();
  });

  it('finds scalars, objects and arrays', () => {
    expect(locateJsonPath(payload, 'messages[1].content[1].id')).toEqual({ startLine: lineOf('"call|1"'), endLine: lineOf('"call|1"') });
    const span = locateJsonPath(payload, 'messages[1]')!;
    expect(span.startLine).toBe(lineOf('"assistant"') - 1);
    expect(lines[span.endLine - 1].trim()).toBe('}');
    expect(locateJsonPath(payload, 'messages[0].content')).toEqual({ startLine: lineOf('a, '), endLine: lineOf('a, ') });
    expect(locateJsonPath(payload, 'stream')).toEqual({ startLine: lineOf('"stream"'), endLine: lineOf('"stream"') });
    expect(locateJsonPath(payload, 'messages[1].content[1].input.q[1]')).toEqual({ startLine: lineOf('2'), endLine: lineOf('2') });
  });

  it('returns null for paths that are not there', () => {
    expect(locateJsonPath(payload, 'messages[5]')).toBeNull();
    expect(locateJsonPath(payload, 'nope')).toBeNull();
  });

  it('locates many paths, nested ones too, in one scan', () => {
    const paths = ['messages[1].content[1].id', 'messages[1]', 'messages[1].content', 'stream', 'messages[9].x', 'not a [path'];
    const found = locateJsonPaths(payload, paths);
    for (const path of ['messages[1].content[1].id', 'messages[1]', 'messages[1].content', 'stream'])
      expect(found.get(path), path).toEqual(locateJsonPath(payload, path));
    expect(found.has('messages[9].x')).toBe(false);
    expect(found.size).toBe(4);
    const content = found.get('messages[1].content')!;
    expect(content.startLine).toBeLessThan(found.get('messages[1].content[1].id')!.startLine);
    expect(content.endLine).toBeLessThan(found.get('messages[1]')!.endLine);
  });

  it('reads escaped keys and stops at a bare literal', () => {
    const text = JSON.stringify({ 'a"b': { n: 12, t: true }, c: [null, 3.5] }, null, 2);
    // The key is escaped in the text (`"a\\"b"`) and decoded before it is compared.
    expect(locateJsonPath(text, 'a"b')).toEqual({ startLine: 2, endLine: 5 });
    expect(locateJsonPath(text, 'a"b.t')).toEqual({ startLine: 4, endLine: 4 });
    expect(locateJsonPaths(text, ['c[1]', 'c[0]'])).toEqual(
      new Map([
        ['c[0]', { startLine: 7, endLine: 7 }],
        ['c[1]', { startLine: 8, endLine: 8 }],
      ]),
    );
  });
});

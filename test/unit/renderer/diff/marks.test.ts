// Gutter marks and preflight findings: whole documents by JSON path, windows by turn then path.
import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../../shared/api.js';
import type { PreflightFinding } from '../../../../shared/inspection.js';
import { buildMarks, findingSpansOf } from '../../../../renderer/diff/marks.js';
import { summary } from '../stub-api.js';

/** Pretty-print a payload of `messages` as the host does, with the turn range of each message. */
function payloadDoc(messages: unknown[], firstIndex: number, window?: DocumentText['window']): DocumentText {
  const text = JSON.stringify({ model: 'm', messages }, null, 2);
  const lines = text.split('\n');
  const ranges: DocumentText['ranges'] = [];
  // Each message starts at a line of exactly four spaces and `{`, and ends at `    }` or `    },`.
  let start = -1;
  lines.forEach((line, i) => {
    if (line === '    {') start = i + 1;
    if ((line === '    }' || line === '    },') && start > 0) {
      const index = firstIndex + ranges.length;
      ranges.push({ index, turn: index, startLine: start, endLine: i + 1 });
      start = -1;
    }
  });
  return { text, ranges, elisions: [], window };
}

const finding = (messageIndex: number, path: string): PreflightFinding => ({
  check: 'c',
  provider: 'anthropic',
  messageIndex,
  path,
  explanation: 'x',
  rule: 'tool-call-id',
  typicalError: 'e',
});

const messages = (from: number, count: number) =>
  Array.from({ length: count }, (_, k) => ({
    role: k % 2 ? 'assistant' : 'user',
    content: [
      { type: 'text', text: `turn ${from + k}` },
      { type: 'tool_use', id: `call_${from + k}` },
    ],
  }));

describe('findingSpansOf', () => {
  it('locates paths exactly in a whole payload', () => {
    const doc = payloadDoc(messages(0, 4), 0);
    const [span] = findingSpansOf([finding(2, 'messages[2].content[1].id')], doc, 'payload');
    expect(doc.text.split('\n')[span!.startLine - 1]).toContain('"call_2"');
  });

  it('in a window, finds the message by its turn and the rest of the path inside it', () => {
    // Turns 100–103 of a 500-turn document: `messages[101]` is the window's second entry.
    const doc = payloadDoc(messages(100, 4), 100, { from: 100, to: 104, totalTurns: 500 });
    const spans = findingSpansOf(
      [
        finding(101, 'messages[101].content[1].id'),
        finding(103, 'messages[103]'),
        finding(7, 'messages[7].content[0]'),
        finding(102, 'tools[0]'),
      ],
      doc,
      'payload',
    );
    expect(doc.text.split('\n')[spans[0]!.startLine - 1]).toContain('"call_101"');
    expect(spans[1]).toEqual({ startLine: doc.ranges[3].startLine, endLine: doc.ranges[3].endLine });
    // Outside the window: nothing to mark.
    expect(spans[2]).toBeNull();
    // A path outside the message list falls back to the message's range.
    expect(spans[3]).toEqual({ startLine: doc.ranges[2].startLine, endLine: doc.ranges[2].endLine });
  });

  it('uses turn ranges in the transcript view', () => {
    const doc = payloadDoc(messages(0, 3), 0);
    expect(findingSpansOf([finding(1, 'messages[1].content[1].id')], doc, 'transcript')).toEqual([
      { startLine: doc.ranges[1].startLine, endLine: doc.ranges[1].endLine },
    ]);
  });
});

describe('findingSpansOf where payload positions and turns differ', () => {
  // OpenAI Responses splits a turn into several items: entries 2 and 3 both come from message 1.
  const entries = [{ role: 'user' }, { role: 'user' }, { type: 'reasoning' }, { type: 'function_call', call_id: 'call_9' }];
  const text = JSON.stringify({ input: entries }, null, 2);
  const lines = text.split('\n');
  const starts = lines.flatMap((l, i) => (l === '    {' ? [i + 1] : []));
  const ends = lines.flatMap((l, i) => (l === '    }' || l === '    },' ? [i + 1] : []));
  const messageOf = [0, 0, 1, 1];
  const doc: DocumentText = {
    text,
    elisions: [],
    ranges: starts.map((startLine, k) => ({
      index: 10 + messageOf[k],
      turn: 10 + messageOf[k],
      entry: 20 + k,
      startLine,
      endLine: ends[k],
    })),
    window: { from: 10, to: 12, totalTurns: 50 },
  };
  const located = { ...finding(23, 'input[23].call_id'), sideIndex: 11 };

  it('finds the entry by its position in a window, and the path inside it', () => {
    const [span] = findingSpansOf([located], doc, 'payload');
    expect(lines[span!.startLine - 1]).toContain('"call_9"');
  });

  it('finds the message the entry came from in the transcript view', () => {
    const transcript: DocumentText = {
      text: '[\n  {},\n  {}\n]',
      elisions: [],
      ranges: [
        { index: 10, turn: 10, startLine: 2, endLine: 2 },
        { index: 11, turn: 11, startLine: 3, endLine: 3 },
      ],
    };
    expect(findingSpansOf([located], transcript, 'transcript')).toEqual([{ startLine: 3, endLine: 3 }]);
  });
});

describe('buildMarks', () => {
  it('marks only the annotations whose turns are in the window', () => {
    const s = summary({ provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' });
    // Annotations of the stub: turns 0, 2 (dropped from the replay) and 1.
    const original = payloadDoc(messages(1, 2), 1, { from: 1, to: 3, totalTurns: 3 });
    const replay = payloadDoc(messages(1, 1), 1, { from: 1, to: 3, totalTurns: 3 });
    const marks = buildMarks(s, { original, replay }, 'payload', []);
    expect(marks.original.map((m) => m.startLine)).toEqual([original.ranges[1].startLine, original.ranges[0].startLine]);
    expect(marks.replay.map((m) => m.startLine)).toEqual([replay.ranges[0].startLine]);
    expect(marks.original.every((m) => m.kind === 'annotation' && m.hover.includes('**'))).toBe(true);
  });
});

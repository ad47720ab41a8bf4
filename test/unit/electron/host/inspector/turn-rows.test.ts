// Turn-list rows: previews, token figures and sizes of single messages.
import { describe, expect, it } from 'vitest';
import { preview, turnRows, turnTokens } from '../../../../../electron/host/inspector/turn-rows.js';
import type { Inspection } from '../../../../../shared/inspection.js';
import type { Message } from '../../../../../shared/types.js';

describe('preview', () => {
  it('collapses whitespace and cuts at 120 characters with an ellipsis', () => {
    expect(preview({ role: 'user', content: '  hello\n\n  world\t!  ' } as Message)).toBe('hello world !');
    const long = preview({ role: 'user', content: `start ${'word '.repeat(100_000)}` } as Message);
    expect(long).toHaveLength(120);
    expect(long.startsWith('start word word')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });

  it('collapses a long whitespace run: the text after it still shows', () => {
    expect(preview({ role: 'user', content: `exit 0${' '.repeat(8000)}ERROR: disk full` } as Message)).toBe('exit 0 ERROR: disk full');
    expect(preview({ role: 'user', content: `exit 0${' \n'.repeat(1_000_000)}${'z'.repeat(200)}` } as Message)).toBe(
      `exit 0 ${'z'.repeat(112)}…`,
    );
  });

  it('skips any amount of leading whitespace and names tool calls, images and tool results', () => {
    expect(preview({ role: 'user', content: `${' \n'.repeat(50_000)}finally text` } as Message)).toBe('finally text');
    const assistant = {
      role: 'assistant',
      content: [
        { type: 'text', text: 'Reading.' },
        { type: 'toolCall', id: 't', name: 'read', arguments: {} },
        { type: 'image', data: 'x', mimeType: 'image/png' },
      ],
    } as Message;
    expect(preview(assistant)).toBe('Reading. [toolCall read] [image]');
    expect(preview({ role: 'toolResult', toolName: 'bash', content: [{ type: 'text', text: 'ok' }] } as Message)).toBe('bash: ok');
  });
});

describe('preview of long and many-part texts', () => {
  it('reads only the head of a long tool output, across its blocks and its tool name', () => {
    const output = {
      role: 'toolResult',
      toolName: 'bash',
      content: [
        { type: 'text', text: '   ' },
        { type: 'text', text: `line one\n${'x'.repeat(5_000_000)}` },
      ],
    } as Message;
    expect(preview(output)).toBe(`bash: line one ${'x'.repeat(120 - 'bash: line one '.length - 1)}…`);
    expect(
      preview({
        role: 'toolResult',
        toolName: 'read',
        content: [
          { type: 'text', text: 'short' },
          { type: 'text', text: 'tail' },
        ],
      } as Message),
    ).toBe('read: short tail');
  });

  it('marks a single word longer than the line, and keeps a line of exactly 120 characters whole', () => {
    expect(preview({ role: 'user', content: [{ type: 'text', text: 'y'.repeat(120 * 64) }] } as Message)).toBe(`${'y'.repeat(119)}…`);
    expect(preview({ role: 'user', content: [{ type: 'text', text: 'y'.repeat(121) }] } as Message)).toBe(`${'y'.repeat(119)}…`);
    expect(preview({ role: 'user', content: 'y'.repeat(120) } as Message)).toBe('y'.repeat(120));
    expect(preview({ role: 'user', content: `${'y'.repeat(115)} abcd` } as Message)).toBe(`${'y'.repeat(115)} abcd`);
    expect(preview({ role: 'user', content: `${'y'.repeat(115)} abcd e` } as Message)).toBe(`${'y'.repeat(115)} abc…`);
    expect(
      preview({
        role: 'user',
        content: [
          { type: 'text', text: 'a' },
          { type: 'text', text: ' '.repeat(120 * 64) },
          { type: 'text', text: 'b' },
        ],
      } as Message),
    ).toBe('a b');
  });

  it('shows a bash execution as its command, then its output', () => {
    expect(preview({ role: 'bashExecution', command: 'ls', output: '\n a\n b' } as unknown as Message)).toBe('$ ls a b');
    // Its token estimate counts "$ ls", the newline and the output: 13 characters, 4 tokens.
    expect(turnTokens({ role: 'bashExecution', command: 'ls', output: 'a'.repeat(8) } as unknown as Message)).toEqual({
      value: 4,
      estimated: true,
    });
  });
});

describe('turnRows', () => {
  it('gives each row the byte size of its message as compact JSON', () => {
    const messages = [
      { role: 'user', content: 'é ✓ "quoted"\n' },
      { role: 'toolResult', toolName: 'read', toolCallId: 't', content: [{ type: 'text', text: '中文 '.repeat(1000) }], isError: false },
    ] as Message[];
    const inspection = {
      original: { messages, origins: [2, 3] },
      replay: { messages, origins: [0, 1] },
      annotations: [],
    } as unknown as Inspection;
    const rows = turnRows(inspection, 'original', 0, 2, new Map());
    expect(rows.map((r) => r.bytes)).toEqual(messages.map((m) => Buffer.byteLength(JSON.stringify(m))));
    expect(rows.map((r) => r.line)).toEqual([2, 3]);
  });
});

describe('turnTokens', () => {
  it('uses the recorded output tokens of an assistant turn, else estimates chars / 4', () => {
    expect(turnTokens({ role: 'assistant', content: [], usage: { output: 42 } } as unknown as Message)).toEqual({
      value: 42,
      estimated: false,
    });
    expect(turnTokens({ role: 'user', content: 'x'.repeat(10) } as Message)).toEqual({ value: 3, estimated: true });
  });
});

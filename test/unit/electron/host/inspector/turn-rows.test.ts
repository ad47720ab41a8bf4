// Turn-list rows: previews, token figures and sizes of single messages.
import { describe, expect, it } from 'vitest';
import { messageText, preview, turnTokens } from '../../../../../electron/host/inspector/turn-rows.js';
import type { Message } from '../../../../../shared/types.js';

describe('preview', () => {
  it('collapses whitespace and cuts at 120 characters with an ellipsis', () => {
    expect(preview({ role: 'user', content: '  hello\n\n  world\t!  ' } as Message)).toBe('hello world !');
    const long = preview({ role: 'user', content: `start ${'word '.repeat(100_000)}` } as Message);
    expect(long).toHaveLength(120);
    expect(long.startsWith('start word word')).toBe(true);
    expect(long.endsWith('…')).toBe(true);
  });

  it('marks a preview cut short by a long whitespace run', () => {
    expect(preview({ role: 'user', content: `exit 0${' '.repeat(8000)}ERROR: disk full` } as Message)).toBe('exit 0…');
  });

  it('skips any amount of leading whitespace and names tool calls, images and tool results', () => {
    expect(preview({ role: 'user', content: `${' \n'.repeat(50_000)}finally text` } as Message)).toBe('finally text');
    const assistant = { role: 'assistant', content: [{ type: 'text', text: 'Reading.' }, { type: 'toolCall', id: 't', name: 'read', arguments: {} }, { type: 'image', data: 'x', mimeType: 'image/png' }] } as Message;
    expect(preview(assistant)).toBe('Reading. [toolCall read] [image]');
    expect(messageText({ role: 'toolResult', toolName: 'bash', content: [{ type: 'text', text: 'ok' }] } as Message)).toBe('bash: ok');
  });
});

describe('turnTokens', () => {
  it('uses the recorded output tokens of an assistant turn, else estimates chars / 4', () => {
    expect(turnTokens({ role: 'assistant', content: [], usage: { output: 42 } } as unknown as Message)).toEqual({ value: 42, estimated: false });
    expect(turnTokens({ role: 'user', content: 'x'.repeat(10) } as Message)).toEqual({ value: 3, estimated: true });
  });
});

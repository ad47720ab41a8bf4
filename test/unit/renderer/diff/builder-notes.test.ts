// The payload builder's own additions are explained where they appear: cache breakpoints anywhere, request settings at the top.
import { describe, expect, it } from 'vitest';
import { builderNotes } from '../../../../renderer/diff/builder-notes.js';

describe('builderNotes', () => {
  it('notes a cache breakpoint inside an entry and the request settings at the top, nothing else', () => {
    const payload = {
      model: 'claude-sonnet-4-5',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'hi', cache_control: { type: 'ephemeral' } }] },
        // Session data that happens to use a builder key inside an entry is not the builder's.
        { role: 'assistant', content: [{ type: 'text', text: '"stream": true', stream: true }] },
      ],
      max_tokens: 64000,
      stream: true,
      thinking: { type: 'enabled', budget_tokens: 8192 },
    };
    const text = JSON.stringify(payload, null, 2);
    const lines = text.split('\n');
    const notes = builderNotes(text);
    expect(notes.map((n) => [n.key, lines[n.line - 1].trim().slice(0, 20)])).toEqual([
      ['cache_control', '"cache_control": {'],
      ['max_tokens', '"max_tokens": 64000,'],
      ['stream', '"stream": true,'],
      ['thinking', '"thinking": {'],
    ]);
    expect(notes[0].label).toBe('prompt-cache breakpoint (payload builder)');
    expect(notes[0].text).toMatch(/not taken from the session/);
  });

  it('knows Bedrock’s cache point and OpenAI’s settings', () => {
    const text = JSON.stringify({ messages: [{ content: [{ cachePoint: { type: 'default' } }] }], store: false, include: ['x'] }, null, 2);
    expect(builderNotes(text).map((n) => n.key)).toEqual(['cachePoint', 'store', 'include']);
    expect(builderNotes('')).toEqual([]);
  });
});

// Mapping payload entries back to the transcript messages they were built from.
import { describe, expect, it } from 'vitest';
import { mapPayloadToMessages } from '../../../../shared/preflight/payload-map.js';
import type { JsonValue, Message } from '../../../../shared/types.js';

const user = (text: string): Message => ({ role: 'user', content: text });
const call = (...ids: string[]): Message => ({
  role: 'assistant',
  stopReason: 'toolUse',
  content: ids.map((id) => ({ type: 'toolCall', id, name: 'read', arguments: {} })),
});
const result = (id: string): Message => ({ role: 'toolResult', toolCallId: id, toolName: 'read', content: [{ type: 'text', text: 'ok' }] });
const reply = (text: string, stopReason = 'stop'): Message => ({ role: 'assistant', stopReason, content: [{ type: 'text', text }] });

describe('mapPayloadToMessages', () => {
  it('groups consecutive tool results into one Anthropic user turn and skips failed assistant turns', () => {
    const messages = [user('go'), call('a', 'b'), result('a'), result('b'), reply('', 'error'), user('next'), reply('done')];
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        {
          role: 'assistant',
          content: [
            { type: 'tool_use', id: 'a' },
            { type: 'tool_use', id: 'b' },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'a' },
            { type: 'tool_result', tool_use_id: 'b' },
          ],
        },
        { role: 'user', content: 'next' },
        { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
      ],
    };
    expect(mapPayloadToMessages(payload as unknown as JsonValue, 'anthropic', messages)).toEqual([0, 1, 2, 5, 6]);
  });

  it('maps the items of one Responses assistant turn to that turn, and synthetic outputs to null', () => {
    const messages = [
      user('go'),
      {
        role: 'assistant',
        stopReason: 'toolUse',
        content: [
          { type: 'text', text: 'reading' },
          { type: 'toolCall', id: 'c1', name: 'read', arguments: {} },
        ],
      },
      user('stop'),
    ];
    const payload = {
      input: [
        { role: 'user', content: [] },
        { type: 'message', role: 'assistant', content: [] },
        { type: 'function_call', call_id: 'c1' },
        { type: 'function_call_output', call_id: 'c1', output: 'No result provided' },
        { role: 'user', content: [] },
      ],
    };
    expect(mapPayloadToMessages(payload as unknown as JsonValue, 'openai-responses', messages)).toEqual([0, 1, 1, null, 2]);
  });

  it('treats summaries and custom messages as user turns and maps tool image follow-ups to their result', () => {
    const messages: Message[] = [{ role: 'compactionSummary', summary: 's' }, call('x'), result('x'), reply('ok')];
    const payload = {
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'summary' }] },
        { role: 'assistant', tool_calls: [{ id: 'x' }] },
        { role: 'tool', tool_call_id: 'x', content: '(see attached image)' },
        { role: 'user', content: [{ type: 'text', text: 'Attached image(s) from tool result:' }, { type: 'image_url' }] },
        { role: 'assistant', content: 'ok' },
      ],
    };
    expect(mapPayloadToMessages(payload as unknown as JsonValue, 'openai-completions', messages)).toEqual([0, 1, 2, 2, 3]);
  });

  it('maps Gemini contents, merging function responses', () => {
    const messages = [user('go'), call('a', 'b'), result('a'), result('b'), reply('done')];
    const payload = {
      contents: [
        { role: 'user', parts: [] },
        { role: 'model', parts: [] },
        { role: 'user', parts: [{ functionResponse: {} }, { functionResponse: {} }] },
        { role: 'model', parts: [] },
      ],
    };
    expect(mapPayloadToMessages(payload as unknown as JsonValue, 'gemini', messages)).toEqual([0, 1, 2, 4]);
  });

  it('maps the turns after more unanswered calls than there are messages (synthetic results outnumber them)', () => {
    const ids = Array.from({ length: 40 }, (_, i) => `c${i}`);
    const messages = [user('go'), call(...ids), user('next'), reply('done')];
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id })) },
        { role: 'user', content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id })) },
        { role: 'user', content: 'next' },
        { role: 'assistant', content: [{ type: 'text', text: 'done' }] },
      ],
    };
    expect(mapPayloadToMessages(payload as unknown as JsonValue, 'anthropic', messages)).toEqual([0, 1, null, 2, 3]);
  });

  it('gives each call left unanswered in its turn a synthetic result, after the results it got', () => {
    // The failed turn closes the first one (its calls a and c get synthetic results); c's late result is a tool entry of its own.
    const messages = [user('go'), call('a', 'b', 'c'), result('b'), reply('', 'error'), result('c'), call('d'), result('d'), user('next')];
    const payload = {
      messages: [
        { role: 'user', content: 'go' },
        { role: 'assistant', tool_calls: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] },
        { role: 'tool', tool_call_id: 'b' },
        { role: 'tool', tool_call_id: 'a' },
        { role: 'tool', tool_call_id: 'c' },
        { role: 'tool', tool_call_id: 'c' },
        { role: 'assistant', tool_calls: [{ id: 'd' }] },
        { role: 'tool', tool_call_id: 'd' },
        { role: 'user', content: 'next' },
      ],
    };
    expect(mapPayloadToMessages(payload as unknown as JsonValue, 'openai-completions', messages)).toEqual([
      0,
      1,
      2,
      null,
      null,
      4,
      5,
      6,
      7,
    ]);
  });
});

// pi's custom roles as the LLM sees them, and the messages that pass as they are.
import { describe, expect, it } from 'vitest';
import { toLlmMessages } from '../../../../../electron/host/payloads/llm-messages.js';
import type { Message } from '../../../../../shared/types.js';

const user: Message = { role: 'user', content: 'go', timestamp: 1 };
const reply: Message = { role: 'assistant', content: [{ type: 'text', text: 'ok' }], stopReason: 'stop', timestamp: 2 };

describe('toLlmMessages', () => {
  it('passes a transcript without custom roles as a copy of itself, each message from its own index', () => {
    const messages = [user, reply, { role: 'unknownRole', timestamp: 3 }];
    const llm = toLlmMessages(messages);
    expect(llm.messages).toEqual(messages);
    expect(llm.messages).not.toBe(messages);
    expect(llm.messages.every((message, i) => message === messages[i])).toBe(true);
    expect(llm.sources).toEqual([0, 1, 2]);
  });

  it('converts custom roles to user turns and drops bash executions kept out of context', () => {
    const messages: Message[] = [
      user,
      { role: 'compactionSummary', summary: 'earlier', timestamp: 3 },
      { role: 'bashExecution', command: 'ls', output: 'a', excludeFromContext: true, timestamp: 4 },
      reply,
    ];
    const llm = toLlmMessages(messages);
    expect(llm.messages).toEqual([
      user,
      {
        role: 'user',
        content: [
          {
            type: 'text',
            text: 'The conversation history before this point was compacted into the following summary:\n\n<summary>\nearlier\n</summary>',
          },
        ],
        timestamp: 3,
      },
      reply,
    ]);
    expect(llm.sources).toEqual([0, 1, 3]);
  });
});

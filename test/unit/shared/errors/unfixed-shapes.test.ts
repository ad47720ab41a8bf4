// Conversation shapes no hygiene rule fixes: a request answer that says what the shape is, never a rule.
import { describe, expect, it } from 'vitest';
import { explainProviderError } from '../../../../shared/errors/match-error.js';

const top = (text: string) => explainProviderError(text)[0];

describe('refused conversation shapes no rule fixes', () => {
  it("explains Bedrock's mixed tool and conversation blocks, and says the replay's user merge can produce them", () => {
    const answer = top(
      'An error occurred (ValidationException) when calling the Converse operation: messages.4.content: Conversation blocks and tool result blocks cannot be provided in the same turn.',
    );
    expect([answer.category, answer.rule, answer.check]).toEqual(['request', undefined, undefined]);
    expect(answer.explanation).toContain('merges a turn');
    expect(answer.action).toMatch(/^Hygiene cannot fix this\./);
    expect(answer.evidence[0].fact).toContain('a turn mixes tool blocks with text');
    expect(top('messages.7.content: Conversation blocks and tool use blocks cannot be provided in the same turn.').explanation).toContain(
      'Bedrock Converse refuses',
    );
  });

  it('explains a system message out of place and a missing stored response, each in its own words', () => {
    const system = top("messages.67: role 'system' must precede an 'assistant' message or end the array");
    expect([system.category, system.rule]).toEqual(['request', undefined]);
    expect(system.explanation).toContain('system message');
    expect(top('System message must be at the beginning.').explanation).toContain('system message');
    const previous = top("Previous response with id 'resp_0f09a275409xxx' not found.");
    expect([previous.category, previous.rule]).toEqual(['request', undefined]);
    expect(previous.explanation).toContain('previous_response_id');
    expect(previous.action).toContain('without previous_response_id');
  });

  it('keeps the generic request explanation for other malformed requests', () => {
    const answer = top('400 {"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: 32000 > 4096"}}');
    expect(answer.category).toBe('request');
    expect(answer.explanation).toBe('The request is malformed outside the conversation: a parameter, a tool definition or the model id.');
  });
});

// Families widened after blind rounds 16 and 18: each family in wordings of its own, and its neighbours that must stay apart.
import { describe, expect, it } from 'vitest';
import { explainProviderError } from '../../../../shared/errors/match-error.js';

const top = (text: string) => explainProviderError(text)[0];

function expectAnswers(cases: [string, string, string?][]): void {
  for (const [text, category, check] of cases) {
    const answer = top(text);
    expect([answer.category, answer.check], text).toEqual([category, check]);
  }
}

describe('transcript families after blind round 16', () => {
  it('reads a tool message that lacks the id of its call as a result no call answers, however the validator words it', () => {
    expectAnswers([
      [
        "Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.",
        'transcript',
        'completions-orphan-tool-message',
      ],
      ["Missing required parameter: 'messages[2].tool_call_id'.", 'transcript', 'completions-orphan-tool-message'],
      [
        "'messages.3' : for 'role:tool' the following must be satisfied[('messages.3.tool_call_id' : property 'tool_call_id' is missing)]",
        'transcript',
        'completions-orphan-tool-message',
      ],
      [
        'messages[3]: tool message must have a preceding assistant message with tool_calls',
        'transcript',
        'completions-orphan-tool-message',
      ],
    ]);
    expect(top("Missing parameter 'tool_call_id': messages with role 'tool' must have a 'tool_call_id'.").rule).toBe('tool-result-pairing');
  });

  it('keeps the Responses call_id and the Chat Completions tool_call_id apart: two fields, two rules', () => {
    expectAnswers([
      ["Invalid 'input[22].call_id': empty string. Expected a string with minimum length 1.", 'transcript', 'responses-call-id-length'],
      ["Invalid 'input[4].call_id': string too long. Expected a string with maximum length 64.", 'transcript', 'responses-call-id-length'],
      [
        "Invalid 'messages[3].tool_call_id': string too long. Expected a string with maximum length 40.",
        'transcript',
        'completions-tool-call-id-length',
      ],
    ]);
    expect(top("Invalid 'input[22].call_id': empty string.").rule).toBe('responses-tool-call-id');
    expect(top("Invalid 'messages[3].tool_call_id': string too long.").rule).toBe('tool-call-id');
  });

  it('reads calls and results that do not pair, by the family of the words', () => {
    expectAnswers([
      ['Invalid tool usage: mismatch between tool calls and tool results', 'transcript', 'completions-orphan-tool-message'],
      ['mismatch between tool_use blocks and tool_result blocks', 'transcript', 'anthropic-tool-use-without-result'],
      ['mismatch between function call parts and function response parts', 'transcript', 'gemini-function-response-count'],
      ['No tool output found for computer call call_7Xq.', 'transcript', 'responses-dangling-function-call'],
      ['No tool call found for mcp call output with call_id call_7Xq.', 'transcript', 'responses-orphan-output'],
    ]);
  });

  it("reads a validator's 'unexpected role' on two turns of one role, or a tool turn after a plain assistant turn", () => {
    expectAnswers([
      ["Unexpected role 'assistant' after role 'assistant'", 'transcript', 'completions-alternation'],
      ["Unexpected role 'user' after role 'user'", 'transcript', 'completions-alternation'],
      ["Unexpected role 'tool' after role 'assistant'", 'transcript', 'mistral-orphan-tool-message'],
      ["Unexpected role 'user' after role 'tool'", 'transcript', 'mistral-user-after-tool'],
      ['Invalid consecutive assistant message at message index 3', 'transcript', 'completions-alternation'],
    ]);
    // A system turn in the middle is not two turns of one role.
    expect(top("Unexpected role 'system' after role 'assistant'").check).not.toBe('completions-alternation');
  });

  it('reads empty contents and empty tool_calls as schema validators word them', () => {
    expectAnswers([
      ["Invalid 'messages[4].content': empty array. Expected an array with minimum length 1.", 'transcript', 'completions-empty-content'],
      ["Invalid 'messages[2].content[0].text': empty string.", 'transcript', 'completions-empty-content'],
      ["None is not of type 'string' - 'messages.1.content'", 'transcript', 'completions-empty-content'],
      ["'content' is a required property - 'messages.1'", 'transcript', 'completions-empty-content'],
      ["[] is too short - 'messages.1.tool_calls'", 'transcript', 'completions-empty-tool-calls'],
      ['messages.2.content: List should have at least 1 item after validation, not 0', 'transcript', 'anthropic-empty-content'],
    ]);
    // The same validators on a tool definition or the message list itself are the request's, not the transcript's.
    expect(top("[] is too short - 'tools'").category).not.toBe('transcript');
    expect(top("Invalid 'tools[0].function.name': empty string.").category).not.toBe('transcript');
  });

  it("reads a replayed call's id or name over the length a schema allows, and a redacted thinking block without its data", () => {
    expectAnswers([
      ['messages.1.content.0.tool_use.id: String should have at most 64 characters', 'transcript', 'anthropic-tool-id-format'],
      ['messages.1.content.0.tool_use.name: String should have at most 64 characters', 'transcript', 'anthropic-tool-name'],
      [
        "Value at 'messages.73.member.content.2.member.toolUse.name' failed to satisfy constraint: Member must satisfy regular expression pattern: [a-zA-Z0-9_-]+",
        'transcript',
        'anthropic-tool-name',
      ],
      ['messages.3.content.0.redacted_thinking.data: Field required', 'transcript', 'anthropic-thinking-signature'],
    ]);
    // A tool definition's name is the request's.
    expect(top("Value at 'toolConfig.tools.22.member.toolSpec.name' failed to satisfy constraint").category).not.toBe('transcript');
  });

  it('reads the Gemini turn rules worded with "should", and reasoning next to content in a template', () => {
    expectAnswers([
      [
        'Please ensure that the number of function response parts should be equal to number of function call parts of the function call turn.',
        'transcript',
        'gemini-function-response-count',
      ],
      [
        'Please ensure that function response turn should come immediately after a function call turn.',
        'transcript',
        'gemini-orphan-function-response',
      ],
      [
        'Cannot pass both content and thinking in an assistant message with tool calls! Put the analysis message in one or the other.',
        'transcript',
        'completions-historic-reasoning',
      ],
      ['[1214], [history参数非法，请检查文档]', 'transcript', 'glm-messages-invalid'],
    ]);
  });

  it('reads a tool-call id used twice in any word order', () => {
    for (const text of ['The tool_call_id call_abc is duplicated', 'Tool call ID call_abc appears more than once']) {
      expect([top(text).category, top(text).rule], text).toEqual(['transcript', 'tool-call-id']);
    }
  });

  it("reads tool-call arguments sent back as a string, as Ollama's parser words it (blind round 18)", () => {
    expectAnswers([
      [
        "Ollama API error: 400 Bad Request: Value looks like object, but can't find closing '}' symbol",
        'transcript',
        'completions-tool-arguments',
      ],
      ["400: Value looks like array, but can't find closing ']' symbol", 'transcript', 'completions-tool-arguments'],
      ['json: cannot unmarshal string into Go value of type api.ToolCallFunctionArguments', 'transcript', 'completions-tool-arguments'],
    ]);
    expect(top("Value looks like object, but can't find closing '}' symbol").rule).toBe('tool-call-input');
  });

  it('reads the Gemini call-turn rule in the singular and the plural (blind round 18)', () => {
    expectAnswers([
      [
        '400 Please ensure that function call turns come immediately after a user turn or after a function response turn',
        'transcript',
        'gemini-function-call-position',
      ],
      [
        'Please ensure that function call turn comes immediately after a user turn or after a function response turn.',
        'transcript',
        'gemini-function-call-position',
      ],
      ['function call turns must come immediately after a user turn', 'transcript', 'gemini-function-call-position'],
    ]);
  });

  it('reads an assistant turn with neither content nor tool calls as blank text (blind round 18)', () => {
    expectAnswers([
      [
        'Error from provider (DeepSeek): Invalid assistant message: content or tool_calls must be set',
        'transcript',
        'completions-empty-content',
      ],
      ["Either 'content' or 'tool_calls' must be provided for assistant messages", 'transcript', 'completions-empty-content'],
      ['messages[3]: content or tool_calls is required', 'transcript', 'completions-empty-content'],
      // Mistral's own wording keeps its own check.
      ['Assistant message must have either content or tool_calls', 'transcript', 'mistral-empty-assistant'],
    ]);
    expect(top('Invalid assistant message: content or tool_calls must be set').rule).toBe('blank-text');
  });

  it('reads "the first message must be a user message" in any provider\'s words (blind round 18)', () => {
    const texts = [
      '[错误]: The first message (except the system message) of deepseek-reasoner must be a user message, but an assistant message detected.',
      'The first non-system message must be a user message',
      'Expected the first message to be a user message, got assistant',
      'first message (after the system prompt) of this model should be from the user',
    ];
    for (const text of texts) {
      expect([top(text).category, top(text).rule], text).toEqual(['transcript', 'turn-ordering']);
    }
  });
});

describe('other-kind families after blind round 18', () => {
  const read = (text: string) => {
    const answer = top(text);
    return [answer.category, answer.rule, answer.explanation];
  };

  it('reads tools, function calls and tool calling refused by the model in any number and word order', () => {
    for (const text of [
      '{ "error": { "type": "invalid_request_error", "message": "The model does not support function calls." } }',
      "This model doesn't support tool calls",
      'model qwen:0.5b does not support tool calling',
      'Function calling is unsupported for this model',
      'This model is not capable of tool use',
      'the model has no tool support',
    ]) {
      expect(read(text), text).toEqual(['model-capability', undefined, 'The model does not support tool calling.']);
    }
  });

  it('reads a model served only on another endpoint as the endpoint it needs', () => {
    for (const text of [
      "Fireworks_aiException - Error code: 404 - {'error': {'object': 'error', 'type': 'invalid_request_error', 'message': 'model is missing conversation_config, please use /completions API instead'}}",
      'This model only supports the completions endpoint',
      'gpt-3.5-turbo-instruct is not a chat model',
      'Please use the /v1/completions endpoint instead',
      'Cannot use chat template functions because tokenizer.chat_template is not set and no template argument was passed!',
    ]) {
      expect(read(text), text).toEqual(['model-capability', undefined, 'The model does not support the API or endpoint the request used.']);
    }
  });

  it('keeps an output cap above the model limit (request) apart from a context window overflow', () => {
    for (const text of [
      'Error: The maximum tokens you requested exceed the model limit of 4096. Try again with a maximum tokens value lower than 4096.',
      'max_tokens is above the model output limit of 8192',
      'max_output_tokens exceeds the maximum output tokens for this model (65536)',
      'This model supports at most 4096 completion tokens, whereas you provided 8192.',
    ]) {
      expect(read(text).slice(0, 2), text).toEqual(['request', undefined]);
    }
    for (const text of [
      'max_tokens exceeds the context window of the model',
      'input length and `max_tokens` exceed context limit: 178959 + 64000 > 200000, decrease input length or `max_tokens` and try again',
    ]) {
      expect(top(text).category, text).toBe('context-length');
    }
  });

  it('reads a negative max_tokens as a prompt that fills the window, and zero as a request setting', () => {
    for (const text of [
      "openai.BadRequestError: Error code: 400 - {'object': 'error', 'message': 'max_tokens must be at least 1, got -186.', 'type': 'BadRequestError', 'param': None, 'code': 400}",
      "-2048 is less than the minimum of 1 - 'max_tokens'",
      'Invalid max_tokens value: -512',
    ]) {
      expect(top(text).category, text).toBe('context-length');
    }
    expect(top("0 is less than the minimum of 1 - 'max_tokens'").category).toBe('request');
    expect(top('max_tokens must be in range 1-4096, got 0').category).toBe('request');
  });
});

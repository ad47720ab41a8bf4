// Transcript wordings as terminals and issue trackers deliver them (wrapped, coloured, markdown-escaped), and a status that must not outrank them.
import { describe, expect, it } from 'vitest';
import { explainProviderError, normalizeErrorText } from '../../../../shared/errors/match-error.js';
import { unwrappedErrorText } from '../../../../shared/errors/normalize.js';

const top = (text: string) => explainProviderError(text)[0];
const ESC = String.fromCharCode(27);

describe('reading a pasted transcript error', () => {
  it('joins a line a terminal broke after a hyphen, and strips colours and markdown escapes', () => {
    expect(normalizeErrorText('text content blocks must be non-\n     empty')).toBe('text content blocks must be non-empty');
    expect(normalizeErrorText('│ blocks must be non-\n│ empty')).toBe('blocks must be non-empty');
    expect(normalizeErrorText(`${ESC}[31mError:${ESC}[0m 400 \\u001b[1mbad\\u001b[0m`)).toBe('Error: 400 bad');
    expect(normalizeErrorText("Invalid Value: 'input.call\\_id'. \\*Required\\*")).toBe("Invalid Value: 'input.call_id'. *Required*");
    // A dash between words, not a wrapped word, stays a dash between words.
    expect(normalizeErrorText('Error: 400 -\nbad request')).toBe('Error: 400 - bad request');
  });

  it('reads a second time with the line breaks removed, for a terminal that wrapped inside a word', () => {
    expect(unwrappedErrorText('roles must alter\n   nate between "user" and "assistant"')).toBe(
      'roles must alternate between "user" and "assistant"',
    );
    expect(top('messages: roles must alter\n   nate between "user" and "assistant"').rule).toBe('turn-validation');
    expect(top('messages.1: tool_use ids were found with\n│ out tool_result blocks immediately after: toolu_01').rule).toBe(
      'tool-result-pairing',
    );
    // The second reading is for transcript wordings only: it never turns a plain error into a transcript one.
    expect(top('Error: 429\nToo many requests').category).toBe('rate-limit');
  });

  it('puts a clear transcript wording above a 5xx status or a server label that only files it', () => {
    const cases = [
      'Error: ResponseError during chat streaming: no user query found in messages (status code: 500)',
      '{"error":{"message":"After the optional system message, conversation roles must alternate user/assistant/user/assistant/...","type":"server_error","code":500}}',
      'litellm.InternalServerError: 500 {"error":{"type":"api_error","message":"tool result has no matching tool call"}}',
      'InternalServerError: 500 api_error: The message content must not be empty',
    ];
    for (const text of cases) expect(top(text).category, text).toBe('transcript');
    // A server fault that names itself stays a server fault.
    expect(top('500 Internal Server Error: upstream connect error while sending tool results').category).toBe('server');
  });
});

describe('transcript families after round 17', () => {
  it.each([
    ["Invalid Value: 'input.call_id'. Function call output requires call_id.", 'responses-orphan-output'],
    ['function_call_output item is missing call_id', 'responses-orphan-output'],
    ['No user query found in messages.', 'anthropic-first-user'],
    ['The conversation must contain at least one user message', 'anthropic-first-user'],
    ['role "tool" must be a response to a preceeding message with "tool_calls".', 'completions-orphan-tool-message'],
    ["messages with role 'tool' must be response to preceding message with 'tool_calls'", 'completions-orphan-tool-message'],
    ['{"error":{"message":"Invalid JSON format in tool call arguments","code":"invalid_tool_call_format"}}', 'completions-tool-arguments'],
    ['Invalid JSON in tool_calls[0] arguments', 'completions-tool-arguments'],
  ])('%s → %s', (text, check) => {
    expect(top(text).check).toBe(check);
  });
});

describe('transcript families in the shapes they arrive in', () => {
  it.each([
    // Cut short in a title or a status line.
    ['messages.12: `tool_use` ids were found without `tool_res…', 'anthropic-tool-use-without-result'],
    ['tool_use block must have a corresponding tool_result', 'anthropic-tool-use-without-result'],
    [
      'Error: 400 - tool_result block must have a corresponding tool_use block in the previous message',
      'anthropic-tool-result-without-use',
    ],
    [
      "API Error (400): 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'",
      'completions-missing-tool-response',
    ],
    ["Invalid 'messages[2].content': string too short. Expected a string with minimum length 1", 'completions-empty-content'],
    ['Expected user or tool result as the last message when thinking is enabled', 'anthropic-trailing-prefill'],
    ['Prefilling assistant messages is not supported for this model', 'anthropic-trailing-prefill'],
    ['function response parts must follow function call parts', 'gemini-orphan-function-response'],
    ['messages.3.reasoning_content: Extra inputs are not permitted', 'completions-historic-reasoning'],
    ['tool_calls[0].function.arguments must be a valid JSON string', 'completions-tool-arguments'],
    // Read by meaning: the family's words pick the check.
    ['Tool messages must follow an assistant message with tool calls', 'completions-orphan-tool-message'],
    ['A tool message must be preceded by an assistant message with tool_calls', 'completions-orphan-tool-message'],
    ['Each tool call must have a corresponding tool response', 'completions-missing-tool-response'],
    ['tool_call_id call_abc has no corresponding tool message', 'completions-missing-tool-response'],
    ['Each toolUse must have a matching toolResult', 'bedrock-tool-use-without-result'],
    ['messages: Expected alternating user/assistant turns', 'completions-alternation'],
    ['Consecutive messages with the same role are not allowed', 'completions-alternation'],
    ['Tool results must follow a tool call', 'completions-orphan-tool-message'],
    ["Invalid parameter: 'tool_call_id' of 'call_x1' not found in 'tool_calls' of previous message.", 'completions-orphan-tool-message'],
    ["Invalid 'messages[2].tool_calls[0].function.arguments': expected a string, got an object", 'completions-tool-arguments'],
    ['messages.1.content.0.text: Field required', 'anthropic-blank-text'],
    // Wrapped in a gateway's body.
    [
      '{"error":{"message":"Provider returned error","code":400,"metadata":{"raw":"{\\"error\\":{\\"message\\":\\"Invalid parameter: messages with role \'tool\' must be a response to a preceeding message with \'tool_calls\'.\\"}}","provider_name":"OpenAI"}}}',
      'completions-orphan-tool-message',
    ],
    [
      'litellm.BadRequestError: VertexAIException BadRequestError - {"error":{"code":400,"message":"Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.","status":"INVALID_ARGUMENT"}}',
      'gemini-function-response-count',
    ],
  ])('%s → %s', (text, check) => {
    expect(top(text).check).toBe(check);
  });

  it('leaves the same validators on a tool definition outside the transcript', () => {
    expect(top("Invalid 'tools[0].function.parameters': string too short.").category).not.toBe('transcript');
    expect(top('tools.0.custom.name: String should have at least 1 character').category).not.toBe('transcript');
  });
});

/**
 * The catalogue of preflight checks: each provider constraint, the hygiene rule that satisfies it,
 * and the words the provider uses when a request breaks it. Preflight and the error matcher share it.
 */
import type { RuleId } from '../types.js';
import { ERROR_ONLY_CHECKS } from './error-only-checks.js';

/** Provider families as findings name them. */
export type CheckProvider = 'anthropic' | 'amazon-bedrock' | 'google' | 'openai' | 'openai-compatible' | 'mistral';

/** One documented provider constraint. */
export interface CheckInfo {
  provider: CheckProvider;
  /** The hygiene rule that keeps a replay within this constraint. */
  rule: RuleId;
  /** What the constraint is, in one sentence. */
  title: string;
  /** The provider's error for it; `{n}` is the message index, `{m}` the block index, `{ids}` the ids involved. */
  typicalError: string;
}

/** Every check preflight runs or the error matcher recognises (those it alone knows are in error-only-checks.ts), by id. */
export const CHECKS = {
  'anthropic-tool-use-without-result': {
    provider: 'anthropic',
    rule: 'tool-result-pairing',
    title: 'Every tool_use needs a tool_result in the very next (user) message.',
    typicalError:
      'messages.{n}: `tool_use` ids were found without `tool_result` blocks immediately after: {ids}. Each `tool_use` block must have a corresponding `tool_result` block in the next message.',
  },
  'anthropic-tool-result-without-use': {
    provider: 'anthropic',
    rule: 'tool-result-pairing',
    title: 'Every tool_result must answer a tool_use of the message just before it.',
    typicalError:
      'messages.{n}.content.{m}: unexpected `tool_use_id` found in `tool_result` blocks: {ids}. Each `tool_result` block must have a corresponding `tool_use` block in the previous message.',
  },
  'anthropic-alternation': {
    provider: 'anthropic',
    rule: 'turn-validation',
    title: 'Assistant turns must not follow each other (the API folds them into one turn, breaking tool and thinking order).',
    typicalError: 'messages: roles must alternate between "user" and "assistant", but found multiple "assistant" roles in a row',
  },
  'anthropic-empty-content': {
    provider: 'anthropic',
    rule: 'blank-text',
    title: 'Every message but a final assistant one needs non-empty content.',
    typicalError: 'messages.{n}: all messages must have non-empty content except for the optional final assistant message',
  },
  'anthropic-blank-text': {
    provider: 'anthropic',
    rule: 'blank-text',
    title: 'Text blocks must contain non-whitespace text.',
    typicalError: 'messages: text content blocks must contain non-whitespace text',
  },
  'anthropic-thinking-signature': {
    provider: 'anthropic',
    rule: 'thinking-signature-invalid',
    title: 'Replayed thinking blocks must carry the signature they were created with.',
    typicalError: 'messages.{n}.content.{m}: Invalid `signature` in `thinking` block',
  },
  'anthropic-trailing-prefill': {
    provider: 'anthropic',
    rule: 'prefill-strip',
    title:
      'With thinking enabled the conversation must end with a user message (no assistant prefill), and no request may end on an assistant turn that is or ends in thinking.',
    typicalError: 'This model does not support assistant message prefill. The conversation must end with a user message.',
  },
  'anthropic-tool-id-format': {
    provider: 'anthropic',
    rule: 'tool-call-id',
    title: 'Tool-use ids must match ^[a-zA-Z0-9_-]+$.',
    typicalError: "messages.{n}.content.{m}.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'",
  },
  'anthropic-image-size': {
    provider: 'anthropic',
    rule: 'images',
    title: 'An image may be at most 5 MB, measured on its base64 text.',
    typicalError: 'messages.{n}.content.{m}.image.source.base64: image exceeds 5 MB maximum: {ids} bytes > 5242880 bytes',
  },
  'anthropic-image-dimensions': {
    provider: 'anthropic',
    rule: 'images',
    title: 'Neither side of an image may exceed 8000 pixels.',
    typicalError:
      'messages.{n}.content.{m}.image.source.base64.data: At least one of the image dimensions exceed max allowed size: 8000 pixels',
  },
  'bedrock-empty-content': {
    provider: 'amazon-bedrock',
    rule: 'empty-error-turn',
    title: 'Converse rejects a message whose content array is empty.',
    typicalError:
      'ValidationException: The content field in the Message object at messages.{n} is empty. Add a ContentBlock object to the content field and try again.',
  },
  'bedrock-blank-text': {
    provider: 'amazon-bedrock',
    rule: 'blank-text',
    title: 'Converse rejects blank text blocks.',
    typicalError:
      'ValidationException: The text field in the ContentBlock object at messages.{n}.content.{m} is blank. Add text to the text field, and try again.',
  },
  'bedrock-alternation': {
    provider: 'amazon-bedrock',
    rule: 'turn-validation',
    title: 'Converse requires strictly alternating user and assistant messages.',
    typicalError:
      'ValidationException: A conversation must alternate between user and assistant roles. Make sure the conversation alternates between user and assistant roles and try again.',
  },
  'bedrock-first-user': {
    provider: 'amazon-bedrock',
    rule: 'turn-ordering',
    title: 'A Converse conversation must start with a user message.',
    typicalError:
      'ValidationException: A conversation must start with a user message. Try again with a conversation that starts with a user message.',
  },
  'bedrock-tool-use-without-result': {
    provider: 'amazon-bedrock',
    rule: 'tool-result-pairing',
    title: 'Every toolUse needs a toolResult in the next message.',
    typicalError: 'ValidationException: Expected toolResult blocks at messages.{n}.content for the following Ids: {ids}',
  },
  'bedrock-tool-result-without-use': {
    provider: 'amazon-bedrock',
    rule: 'tool-result-pairing',
    title: 'Every toolResult must answer a toolUse of the previous message.',
    typicalError:
      'ValidationException: The number of toolResult blocks at messages.{n}.content exceeds the number of toolUse blocks of previous turn.',
  },
  'gemini-first-user': {
    provider: 'google',
    rule: 'turn-ordering',
    title: 'The first content must be a user turn.',
    typicalError: 'Please ensure that multiturn requests alternate between user and model.',
  },
  'gemini-function-call-position': {
    provider: 'google',
    rule: 'turn-ordering',
    title: 'A function-call turn must come right after a user turn or a function-response turn.',
    typicalError: 'Please ensure that function call turn comes immediately after a user turn or after a function response turn.',
  },
  'gemini-alternation': {
    provider: 'google',
    rule: 'turn-validation',
    title: 'Model turns must not follow each other.',
    typicalError: 'Please ensure that multiturn requests alternate between user and model.',
  },
  'gemini-function-response-count': {
    provider: 'google',
    rule: 'tool-result-pairing',
    title: 'A function-call turn must be answered by exactly as many function responses.',
    typicalError:
      'Please ensure that the number of function response parts is equal to the number of function call parts of the function call turn.',
  },
  'gemini-orphan-function-response': {
    provider: 'google',
    rule: 'tool-result-pairing',
    title: 'A function-response turn must come right after a function-call turn.',
    typicalError: 'Please ensure that function response turn comes immediately after a function call turn.',
  },
  'gemini-empty-parts': {
    provider: 'google',
    rule: 'blank-text',
    title: 'Every content needs at least one part.',
    typicalError: '* GenerateContentRequest.contents[{n}].parts: contents.parts must not be empty.',
  },
  'gemini-thought-signature': {
    provider: 'google',
    rule: 'thought-signature',
    title: 'Gemini 3 function calls must be replayed with the thought signature they came with.',
    typicalError:
      'Function call is missing a thought_signature in functionCall parts. This is required for tools to work correctly, and missing thought_signature may lead to degraded model performance.',
  },
  'responses-dangling-function-call': {
    provider: 'openai',
    rule: 'tool-result-pairing',
    title: 'Every function_call needs a function_call_output with its call_id.',
    typicalError: 'No tool output found for function call {ids}.',
  },
  'responses-orphan-output': {
    provider: 'openai',
    rule: 'tool-result-pairing',
    title: 'Every function_call_output must answer an earlier function_call.',
    typicalError: 'No tool call found for function call output with call_id {ids}.',
  },
  'responses-function-call-id': {
    provider: 'openai',
    rule: 'responses-tool-call-id',
    title: 'A function_call item id must begin with "fc".',
    typicalError: "Invalid 'input[{n}].id': '{ids}'. Expected an ID that begins with 'fc'.",
  },
  'responses-call-id-length': {
    provider: 'openai',
    rule: 'responses-tool-call-id',
    title: 'A call_id may be at most 64 characters.',
    typicalError:
      "Invalid 'input[{n}].call_id': string too long. Expected a string with maximum length 64, but got a string with length {ids} instead.",
  },
  'responses-orphan-reasoning': {
    provider: 'openai',
    rule: 'openai-reasoning',
    title: 'A reasoning item must be followed by the item it produced (message or function_call).',
    typicalError: "Item '{ids}' of type 'reasoning' was provided without its required following item.",
  },
  'responses-reasoning-id': {
    provider: 'openai',
    rule: 'openai-reasoning',
    title: 'A reasoning item id must begin with "rs".',
    typicalError: "Invalid 'input[{n}].id': '{ids}'. Expected an ID that begins with 'rs'.",
  },
  'completions-orphan-tool-message': {
    provider: 'openai-compatible',
    rule: 'tool-result-pairing',
    title: 'A tool message must answer a tool_call of the assistant message before it.',
    typicalError: "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
  },
  'completions-missing-tool-response': {
    provider: 'openai-compatible',
    rule: 'tool-result-pairing',
    title: 'An assistant message with tool_calls must be followed by a tool message for each call.',
    typicalError:
      "An assistant message with 'tool_calls' must be followed by tool messages responding to each 'tool_call_id'. The following tool_call_ids did not have response messages: {ids}",
  },
  'completions-historic-reasoning': {
    provider: 'openai-compatible',
    rule: 'reasoning-history',
    title: 'Strict OpenAI-compatible servers refuse reasoning fields on earlier assistant messages.',
    typicalError:
      "'messages.{n}' : for 'role:assistant' the following must be satisfied[('messages.{n}' : property 'reasoning_content' is unsupported)]",
  },
  'completions-reasoning-missing': {
    provider: 'openai-compatible',
    rule: 'reasoning-history',
    title: 'Thinking-mode models (DeepSeek, Kimi) need the reasoning of earlier tool-call turns replayed.',
    typicalError: 'The `reasoning_content` in the thinking mode must be passed back to the API.',
  },
  'completions-alternation': {
    provider: 'openai-compatible',
    rule: 'turn-validation',
    title: 'Chat templates of local servers (llama.cpp, vLLM) require alternating user and assistant roles.',
    typicalError: 'Conversation roles must alternate user/assistant/user/assistant/...',
  },
  'completions-tool-arguments': {
    provider: 'openai-compatible',
    rule: 'tool-call-input',
    title: 'Tool-call arguments must be well-formed for the server to parse them.',
    typicalError:
      'json: cannot unmarshal string into Go struct field ChatRequest.messages.tool_calls.function.arguments of type api.ToolCallFunctionArguments',
  },
  'mistral-tool-call-id': {
    provider: 'mistral',
    rule: 'tool-call-id',
    title: 'Mistral tool-call ids must be exactly 9 letters or digits.',
    typicalError: 'Tool call id was {ids} but must be a-z, A-Z, 0-9, with a length of 9.',
  },
  'mistral-tool-result-count': {
    provider: 'mistral',
    rule: 'tool-result-pairing',
    title: 'Each assistant tool call needs exactly one tool message after it.',
    typicalError: 'Not the same number of function calls and responses',
  },
  'mistral-user-after-tool': {
    provider: 'mistral',
    rule: 'turn-validation',
    title: 'Mistral chat templates refuse a user message directly after a tool message.',
    typicalError: "Unexpected role 'user' after role 'tool'",
  },
  ...ERROR_ONLY_CHECKS,
} as const satisfies Record<string, CheckInfo>;

/** A check id. */
export type CheckId = keyof typeof CHECKS;

/** The typical error of a check with its placeholders filled in. */
export function typicalErrorFor(check: CheckId, fill: { n?: number | null; m?: number | null; ids?: string } = {}): string {
  return CHECKS[check].typicalError
    .replaceAll('{n}', fill.n === null || fill.n === undefined ? 'N' : String(fill.n))
    .replaceAll('{m}', fill.m === null || fill.m === undefined ? 'M' : String(fill.m))
    .replaceAll('{ids}', fill.ids ?? '…');
}

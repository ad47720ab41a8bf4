/**
 * Provider constraints the error matcher recognises in an error but preflight does not look for in
 * a payload (yet): each with the hygiene rule that keeps a replay within it.
 */
import type { CheckInfo } from './checks.js';

/** Checks known from provider errors only, by id. */
export const ERROR_ONLY_CHECKS = {
  'anthropic-duplicate-tool-id': {
    provider: 'anthropic',
    rule: 'tool-call-id',
    title: 'Every tool_use id must be unique across the request.',
    typicalError: 'messages.{n}.content.{m}: `tool_use` ids must be unique',
  },
  'anthropic-thinking-modified': {
    provider: 'anthropic',
    rule: 'thinking-signature-invalid',
    title: 'Thinking blocks of the latest assistant turn must be replayed exactly as they were produced.',
    typicalError:
      'messages.{n}.content.{m}: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified. These blocks must remain as they were in the original response.',
  },
  'anthropic-first-user': {
    provider: 'anthropic',
    rule: 'turn-ordering',
    title: 'The first message must be a user message.',
    typicalError: 'messages: first message must use the "user" role',
  },
  'anthropic-tool-input': {
    provider: 'anthropic',
    rule: 'tool-call-input',
    title: 'A replayed tool_use needs an input object.',
    typicalError: 'messages.{n}.content.{m}.tool_use.input: Input should be a valid dictionary',
  },
  'anthropic-tool-name': {
    provider: 'anthropic',
    rule: 'tool-call-input',
    title: 'A replayed tool_use needs a non-empty, well-formed name.',
    typicalError: 'messages.{n}.content.{m}.tool_use.name: String should have at least 1 character',
  },
  'bedrock-duplicate-tool-result': {
    provider: 'amazon-bedrock',
    rule: 'tool-result-pairing',
    title: 'A toolUse id may be answered by one toolResult only.',
    typicalError: 'The toolResult blocks at messages.{n}.content contain duplicate Ids: {ids}',
  },
  'bedrock-duplicate-tool-use': {
    provider: 'amazon-bedrock',
    rule: 'tool-call-id',
    title: 'toolUse ids must be unique.',
    typicalError: 'The toolUse blocks at messages.{n}.content contain duplicate Ids: {ids}',
  },
  'bedrock-empty-tool-result': {
    provider: 'amazon-bedrock',
    rule: 'blank-text',
    title: 'An error toolResult needs content.',
    typicalError: 'The content field at messages.{n}.content.{m}.toolResult cannot be empty when status value is error.',
  },
  'bedrock-tool-id-format': {
    provider: 'amazon-bedrock',
    rule: 'tool-call-id',
    title: 'toolUseId must be 1–64 characters of [a-zA-Z0-9_.:-].',
    typicalError:
      "Value at 'messages.{n}.member.content.{m}.member.toolUse.toolUseId' failed to satisfy constraint: Member must satisfy regular expression pattern",
  },
  'gemini-role': {
    provider: 'google',
    rule: 'turn-validation',
    title: 'Contents may only have the roles user and model.',
    typicalError: 'Please use a valid role: user, model.',
  },
  'gemini-trailing-model': {
    provider: 'google',
    rule: 'prefill-strip',
    title: 'A request may not end with a model turn.',
    typicalError: 'Requests ending with a model turn are not supported.',
  },
  'responses-item-not-found': {
    provider: 'openai',
    rule: 'openai-reasoning',
    title: 'A replayed item referenced by id must exist server-side; with store=false reasoning items must be sent in full.',
    typicalError: "Item with id '{ids}' not found. Items are not persisted when `store` is set to false.",
  },
  'responses-encrypted-content': {
    provider: 'openai',
    rule: 'openai-reasoning',
    title: 'Encrypted reasoning can only be replayed to the model (and account) that produced it.',
    typicalError: 'The encrypted content for item {ids} could not be verified.',
  },
  'responses-duplicate-item': {
    provider: 'openai',
    rule: 'openai-reasoning',
    title: 'Input item ids (reasoning rs_…, message msg_…) must be unique.',
    typicalError: 'Duplicate item found with id {ids}. Remove duplicate items from your input and try again.',
  },
  'responses-empty-tool-name': {
    provider: 'openai',
    rule: 'tool-call-input',
    title: 'A replayed function_call needs a non-empty name.',
    typicalError: "Invalid 'input[{n}].name': empty string.",
  },
  'completions-tool-call-id-length': {
    provider: 'openai-compatible',
    rule: 'tool-call-id',
    title: 'A tool_call id may be at most 40 characters.',
    typicalError: "Invalid 'messages[{n}].tool_calls[{m}].id': string too long. Expected a string with maximum length 40.",
  },
  'completions-empty-tool-name': {
    provider: 'openai-compatible',
    rule: 'tool-call-input',
    title: 'A replayed tool_call needs a non-empty function name.',
    typicalError: "Invalid 'messages[{n}].tool_calls[{m}].function.name': empty string.",
  },
  'completions-tool-name-pattern': {
    provider: 'openai-compatible',
    rule: 'tool-call-input',
    title: 'A replayed tool_call name must match ^[a-zA-Z0-9_-]+$.',
    typicalError: "Invalid 'messages[{n}].tool_calls[{m}].function.name': string does not match pattern.",
  },
  'completions-empty-content': {
    provider: 'openai-compatible',
    rule: 'blank-text',
    title: 'A message needs content: null content is only allowed beside tool_calls, and some servers refuse it even there.',
    typicalError: "Invalid value for 'content': expected a string, got null.",
  },
  'completions-empty-tool-calls': {
    provider: 'openai-compatible',
    rule: 'tool-call-input',
    title: 'An assistant message may not carry an empty tool_calls array: leave the field out when there are no calls.',
    typicalError:
      "Invalid 'messages[{n}].tool_calls': empty array. Expected an array with minimum length 1, but got an empty array instead.",
  },
  'completions-trailing-assistant': {
    provider: 'openai-compatible',
    rule: 'prefill-strip',
    title: 'With thinking on, local chat templates refuse a trailing assistant message (a prefill).',
    typicalError: 'Assistant response prefill is incompatible with enable_thinking.',
  },
  'mistral-trailing-assistant': {
    provider: 'mistral',
    rule: 'prefill-strip',
    title: 'The last message must be a user or tool message (or an assistant prefix).',
    typicalError: 'Expected last role User or Tool (or Assistant with prefix True) for serving but got assistant',
  },
  'mistral-empty-assistant': {
    provider: 'mistral',
    rule: 'blank-text',
    title: 'An assistant message needs content or tool calls.',
    typicalError: 'Assistant message must have either content or tool_calls, but not none.',
  },
  'mistral-orphan-tool-message': {
    provider: 'mistral',
    rule: 'tool-result-pairing',
    title: 'A tool message must follow the assistant message that called the tool.',
    typicalError: "Unexpected role 'tool' after role 'user'",
  },
  'minimax-tool-result-unmatched': {
    provider: 'openai-compatible',
    rule: 'tool-result-pairing',
    title: 'MiniMax needs each tool result to answer a tool call of the turn before, with the id it was given.',
    typicalError: "invalid params, tool result's tool id({ids}) not found (2013)",
  },
  'minimax-tool-call-id': {
    provider: 'openai-compatible',
    rule: 'tool-call-id',
    title: 'MiniMax refuses tool call ids it did not issue or cannot read.',
    typicalError: 'invalid params, tool call id is invalid (2013)',
  },
  'minimax-tool-arguments': {
    provider: 'openai-compatible',
    rule: 'tool-call-input',
    title: 'Replayed tool call arguments must be a valid JSON object string.',
    typicalError: 'invalid params, invalid function arguments json string, tool_call_id: {ids} (2013)',
  },
  'glm-messages-invalid': {
    provider: 'openai-compatible',
    rule: 'tool-result-pairing',
    title: 'GLM refuses a message list it cannot read, most often tool calls and results that do not pair.',
    typicalError: 'The messages parameter is illegal. Please check the documentation. (1214)',
  },
} as const satisfies Record<string, CheckInfo>;

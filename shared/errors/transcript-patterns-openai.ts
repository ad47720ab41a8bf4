/**
 * Transcript errors of the OpenAI APIs (Responses, Chat Completions) and the servers and providers
 * that speak Chat Completions (llama.cpp, vLLM, Ollama, DeepSeek, Kimi, Mistral, MiniMax, GLM).
 */
import { re, type TranscriptPattern } from './transcript-pattern.js';

export const OPENAI_RESPONSES: TranscriptPattern[] = [
  {
    check: 'responses-dangling-function-call',
    // Every kind of call is named: function, custom tool, local shell, computer, MCP…
    pattern: re('no tool output found for (?:[\\w-]+ ){0,3}call'),
    confidence: 0.96,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-orphan-output',
    pattern: re('no tool call found for (?:[\\w-]+ ){0,3}output'),
    confidence: 0.96,
    source: 'OpenAI Responses',
  },
  {
    // An output item without the id of its call: nothing pairs it with a call.
    check: 'responses-orphan-output',
    pattern: re(
      '(?:function|tool|custom_tool)[ _]call[ _]output {Q}?(?:item )?(?:requires|must have|is missing|missing|without) (?:an? |its )?{Q}?call_id',
    ),
    confidence: 0.9,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-function-call-id',
    pattern: re('expected an id that begins with {Q}fc'),
    confidence: 0.95,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-call-id-length',
    // A call_id too long or empty; Chat Completions' `tool_call_id` is another field with another rule.
    pattern: re('(?<!tool_)call_id{Q}: (?:string too long|empty string)'),
    confidence: 0.92,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-orphan-reasoning',
    // Either half of the pair, named or not: a reasoning item without the item it preceded, or a message
    // or call without its reasoning ("without its required 'reasoning' item", "… preceding item of type 'reasoning'").
    pattern: re('was provided without its required (?:(?:following|preceding) )?(?:{Q}reasoning{Q} )?item'),
    confidence: 0.96,
    source: 'OpenAI Responses',
  },
  {
    // A reasoning item replayed without its summary: only reasoning items carry one.
    check: 'responses-orphan-reasoning',
    pattern: re(
      'input\\[\\w+\\]{Q}?\\.? ?(?:is )?missing (?:the )?required (?:field|parameter)\\W{0,3}summary|missing required parameter: {Q}input\\[\\d+\\]\\.summary',
    ),
    // Above the generic "missing required parameter" (0.88): which parameter is what says it is a reasoning item.
    confidence: 0.9,
    source: 'OpenAI Responses (and servers that follow it)',
  },
  {
    check: 'responses-reasoning-id',
    pattern: re('expected an id that begins with {Q}(?:rs|msg)'),
    confidence: 0.9,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-item-not-found',
    pattern: re('item with id {Q}[\\w-]+{Q} not found|items are not persisted when {Q}store{Q} is set to false'),
    confidence: 0.94,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-encrypted-content',
    pattern: re('encrypted content.{0,120}could not be (?:verified|decrypted)|invalid_encrypted_content'),
    confidence: 0.94,
    source: 'OpenAI Responses',
  },
  { check: 'responses-duplicate-item', pattern: re('duplicate item found with id'), confidence: 0.94, source: 'OpenAI Responses' },
  {
    check: 'responses-empty-tool-name',
    pattern: re('invalid {Q}input\\[\\d+\\]\\.name{Q}: empty string'),
    confidence: 0.92,
    source: 'OpenAI Responses',
  },
  {
    check: 'responses-call-id-length',
    pattern: re('missing required parameter: {Q}input\\[\\d+\\]\\.call_id'),
    confidence: 0.7,
    source: 'OpenAI Responses',
  },
];

export const CHAT_COMPLETIONS: TranscriptPattern[] = [
  {
    check: 'completions-orphan-tool-message',
    // Quoted in part as often as whole (an issue title that starts at "role 'tool'"), and misspelt ("preceeding").
    pattern: re(
      '(?:messages? with )?role {Q}tool{Q} must be (?:a )?response to (?:a |the )?prece+ding (?:assistant )?message with {Q}tool_calls',
    ),
    confidence: 0.95,
    source: 'OpenAI Chat Completions (and compatible servers)',
  },
  {
    check: 'completions-orphan-tool-message',
    pattern: re(
      '(?:tool{Q}? role|role {Q}?tool{Q}?|tool (?:message|result)s?)\\b.{0,40}\\b(?:no|without an?|must (?:have|follow) an?) (?:previous|preceding|prior) (?:assistant )?message with (?:an? )?{Q}?tool[_ ]calls?',
    ),
    confidence: 0.9,
    source: 'OpenAI-compatible servers (vLLM, DeepSeek)',
  },
  {
    // A tool message without the id of the call it answers: nothing pairs it with a call.
    check: 'completions-orphan-tool-message',
    pattern: re(
      'missing (?:required )?parameter:? {Q}(?:messages\\S*?\\.)?tool_call_id|role {Q}tool{Q} must have an? {Q}tool_call_id|tool_call_id{Q} ?:? ?(?:property {Q}tool_call_id{Q} )?is (?:missing|required)',
    ),
    confidence: 0.88,
    source: 'OpenAI Chat Completions (and compatible servers: Groq)',
  },
  {
    check: 'completions-orphan-tool-message',
    // OpenAI's own wording names the id and where it looked: "'tool_call_id' of 'call_…' not found in 'tool_calls' of previous message".
    pattern: re('tool_call_id{Q}?\\s*(?:of\\s*)?(?:{Q}[\\w-]*{Q}\\s*)?(?:is )?not found'),
    confidence: 0.75,
    source: 'Kimi / OpenAI-compatible servers',
  },
  {
    check: 'completions-missing-tool-response',
    pattern: re(
      '(?:assistant message with )?{Q}tool_calls{Q} must be followed by tool messages|tool_call_ids did not have response messages|insufficient tool messages following tool_calls',
    ),
    confidence: 0.95,
    source: 'OpenAI Chat Completions (and compatible servers)',
  },
  {
    check: 'completions-historic-reasoning',
    pattern: re(
      'property {Q}(?:[\\w.]+\\.)?reasoning(?:_content)?{Q} is unsupported|both (?:content|text) and (?:thinking|reasoning)(?:_content)? in an? assistant message|reasoning is not supported with this model|reasoning_content.{0,30}(?:is )?not (?:supported|allowed|permitted) (?:in|for) (?:the )?(?:input|assistant|messages)|messages\\.\\d+\\.reasoning(?:_content|_details)?\\W{0,3}(?:extra inputs are not permitted|extra_forbidden)',
    ),
    confidence: 0.9,
    source: 'strict OpenAI-compatible servers (Groq, Cerebras)',
  },
  {
    check: 'completions-reasoning-missing',
    pattern: re(
      'reasoning_content{Q}?\\b.{0,60}must be passed back|reasoning_content is missing in assistant|missing {Q}reasoning_content{Q} field|content\\[\\]\\.thinking\\b.*must be passed back',
    ),
    confidence: 0.92,
    source: 'DeepSeek / Kimi thinking mode',
  },
  {
    check: 'completions-alternation',
    pattern: re(
      'conversation roles must alternate user(?:/assistant| and assistant)|roles must alternate user and assistant|does not support successive user or assistant messages|cannot have 2 or more assistant messages',
    ),
    confidence: 0.88,
    source: 'chat templates of local servers (llama.cpp, vLLM) and DeepSeek',
  },
  {
    check: 'completions-tool-arguments',
    // Ollama's Go decoder, or a server that says a replayed call's arguments are not valid JSON (xAI).
    pattern: re(
      'cannot unmarshal \\w+ into Go struct field \\S*tool_calls\\.function\\.arguments|invalid tool call arguments|arguments (?:to|of|for|in) (?:a |the )?tool[ _]?calls?\\b.{0,60}\\b(?:(?:are|is) not (?:a )?valid json|invalid json)|invalid json(?: format)? (?:in|for|of) (?:the )?tool[ _]?calls?(?:\\[\\d+\\])? arguments|\\binvalid_tool_call_format\\b|tool_calls(?:\\[\\d+\\]|\\.\\d+)?\\.function\\.arguments\\W{0,3}(?:must be|should be|is not) (?:a )?valid json|invalid {Q}messages\\[\\d+\\]\\.tool_calls\\[\\d+\\]\\.function\\.arguments{Q}',
    ),
    confidence: 0.75,
    source: 'Ollama, xAI, Copilot and other OpenAI-compatible servers',
  },
  {
    check: 'completions-tool-arguments',
    // A call's arguments replayed as a JSON string where Ollama's decoder wants an object: its parser
    // sees a value that opens like an object or array and never closes it.
    pattern: re(
      "value looks like (?:an? )?(?:object|array), but can'?t find (?:the )?closing|cannot unmarshal string into Go (?:struct field \\S*arguments|value of type (?:api\\.)?ToolCallFunctionArguments)",
    ),
    confidence: 0.7,
    source: 'Ollama',
  },
  {
    check: 'completions-tool-call-id-length',
    // The call's id, or the id a tool message quotes back.
    pattern: re('{Q}messages\\[\\d+\\]\\.(?:tool_calls\\[\\d+\\]\\.id|tool_call_id){Q}: string too long'),
    confidence: 0.93,
    source: 'OpenAI Chat Completions',
  },
  {
    check: 'completions-empty-tool-name',
    pattern: re('{Q}messages\\[\\d+\\]\\.tool_calls\\[\\d+\\]\\.function\\.name{Q}: empty string'),
    confidence: 0.93,
    source: 'OpenAI Chat Completions',
  },
  {
    check: 'completions-tool-name-pattern',
    pattern: re('{Q}messages\\[\\d+\\]\\.tool_calls\\[\\d+\\]\\.function\\.name{Q}: string does not match pattern'),
    confidence: 0.9,
    source: 'OpenAI Chat Completions',
  },
  {
    check: 'completions-empty-tool-calls',
    pattern: re(
      'messages\\[\\d+\\]\\.tool_calls{Q}: empty array|empty tool_calls is not supported|\\[\\] is too short - {Q}messages\\.\\d+\\.tool_calls',
    ),
    confidence: 0.92,
    source: 'OpenAI Chat Completions (and compatible servers)',
  },
  {
    check: 'completions-empty-content',
    pattern: re(
      // A message without content in any wording: null or empty content, "the message at position 4 with
      // role 'assistant' must not be empty", a request "missing messages.content".
      "message (?:at (?:position|index) \\d+ )?(?:with role {Q}\\w+{Q} )?(?:must not|cannot|can'?t|may not) be empty|missing {Q}?messages?(?:\\.\\d+|\\[\\d+\\])?\\.content{Q}?(?: parameter| field)?|invalid (?:value|type) for {Q}(?:messages\\[\\d+\\]\\.)?content{Q}: expected (?:a string|an array|one of).{0,40}got null|{Q}content{Q}.{0,20}(?:must not be|cannot be|can'?t be) (?:null|empty)|message content (?:must not be|cannot be) (?:null|empty)|(?:assistant|user|message) content must contain at least one|(?:each|every|all) messages? must have .{0,40}non-?empty content|invalid {Q}messages\\[\\d+\\]\\.content(?:\\[\\d+\\]\\.text)?{Q}: (?:empty (?:array|string)|(?:string|array) too short)|(?:none|null) is not of type {Q}\\w+{Q} - {Q}messages\\.\\d+\\.content|{Q}content{Q} is a required property - {Q}messages\\.\\d+",
    ),
    confidence: 0.85,
    source: 'OpenAI Chat Completions (and compatible servers)',
  },
  {
    // An assistant turn with neither text nor calls, as DeepSeek and other compatible servers word it.
    check: 'completions-empty-content',
    pattern: re(
      '(?:either )?{Q}?content{Q}? or {Q}?tool_calls{Q}? (?:must|should|has to|needs to) be (?:set|provided|present|specified|given|non-?empty)|(?:either )?{Q}?content{Q}? or {Q}?tool_calls{Q}? (?:is|are) required|invalid assistant message\\W{1,3}(?:empty|missing|no) (?:content|text)',
    ),
    confidence: 0.85,
    source: 'DeepSeek (and other OpenAI-compatible servers)',
  },
  {
    check: 'completions-trailing-assistant',
    // What it is incompatible with is often cut by a terminal's wrapping ("enab le_thinking").
    pattern: re('assistant response prefill is incompatible with'),
    confidence: 0.93,
    source: 'llama.cpp chat templates',
  },
];

export const OTHERS: TranscriptPattern[] = [
  {
    check: 'mistral-tool-call-id',
    pattern: re('tool call id was \\S* ?but must be a-z, A-Z, 0-9, with a length of 9'),
    confidence: 0.98,
    source: 'Mistral',
  },
  {
    check: 'mistral-tool-result-count',
    pattern: re('not the same number of function calls and responses'),
    confidence: 0.95,
    source: 'Mistral',
  },
  {
    check: 'mistral-user-after-tool',
    pattern: re('unexpected role {Q}user{Q} after role {Q}tool'),
    confidence: 0.8,
    source: 'Mistral chat templates (Mistral API, vLLM, mistral-common)',
  },
  {
    check: 'mistral-empty-assistant',
    pattern: re('assistant message must have (?:either )?content or tool_calls'),
    confidence: 0.9,
    source: 'Mistral',
  },
  {
    check: 'mistral-orphan-tool-message',
    pattern: re('unexpected role {Q}tool{Q} after role {Q}(?:user|system|assistant)|unexpected role roleenum\\.tool'),
    confidence: 0.85,
    source: 'Mistral',
  },
  {
    // The same validator on two turns of one role in a row.
    check: 'completions-alternation',
    pattern: re('unexpected role {Q}(user|assistant){Q} after role {Q}\\1\\b'),
    confidence: 0.85,
    source: 'Mistral chat templates (Mistral API, vLLM, mistral-common)',
  },
  { check: 'mistral-trailing-assistant', pattern: re('expected last role user or tool'), confidence: 0.9, source: 'Mistral' },
  {
    check: 'minimax-tool-result-unmatched',
    pattern: re("tool result'?s tool id.{0,80}not found|tool call and result not match|tool call result does not follow tool call"),
    confidence: 0.9,
    source: 'MiniMax',
  },
  { check: 'minimax-tool-call-id', pattern: re('tool call id is invalid'), confidence: 0.85, source: 'MiniMax' },
  { check: 'minimax-tool-arguments', pattern: re('invalid function arguments json string'), confidence: 0.85, source: 'MiniMax' },
  {
    check: 'glm-messages-invalid',
    // ChatGLM's older API calls the same list `history`.
    pattern: re('(?:messages|history) ?参数非法|the (?:messages|history) parameter is illegal'),
    confidence: 0.8,
    source: 'GLM (Zhipu)',
  },
];

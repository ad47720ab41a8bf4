/**
 * The phrase families of transcript-shape errors: what each provider says when a replayed
 * conversation breaks one of its constraints, mapped to the preflight check (and so to the hygiene
 * rule) it corresponds to. Patterns run on the normalised text (see normalize.ts), case-insensitive,
 * and are written to match the family of wordings, not one exact message.
 */
import { re, type TranscriptPattern } from './transcript-pattern.js';
import { CHAT_COMPLETIONS, OPENAI_RESPONSES, OTHERS } from './transcript-patterns-openai.js';

export type { TranscriptPattern } from './transcript-pattern.js';

const ANTHROPIC: TranscriptPattern[] = [
  {
    check: 'anthropic-tool-use-without-result',
    // Often cut right after "without" in a title or a status line.
    pattern: re('tool_use{Q} ids? (?:were |was )?found without\\b'),
    confidence: 0.96,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-use-without-result',
    pattern: re('{Q}tool_use{Q} blocks? (?:must|should) have an? corresponding {Q}tool_result'),
    confidence: 0.9,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-use-without-result',
    pattern: re(
      'did not find \\d+ {Q}tool_result{Q} block|following {Q}tool_use{Q} blocks must begin with a matching number of {Q}tool_result',
    ),
    confidence: 0.93,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-result-without-use',
    // Server tools' results (`advisor_tool_result`, `web_search_tool_result`) pair the same way.
    pattern: re('unexpected {Q}tool_use_id{Q} found in {Q}\\w*tool_result'),
    confidence: 0.96,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-result-without-use',
    pattern: re('{Q}\\w*tool_result{Q} blocks? (?:must|should) have an? corresponding {Q}\\w*tool_use'),
    confidence: 0.9,
    source: 'Anthropic',
  },
  { check: 'anthropic-duplicate-tool-id', pattern: re('tool_use{Q} ids must be unique'), confidence: 0.95, source: 'Anthropic' },
  {
    check: 'anthropic-alternation',
    pattern: re('roles must alternate between {Q}user{Q} and {Q}assistant'),
    confidence: 0.85,
    source: 'Anthropic',
  },
  { check: 'anthropic-first-user', pattern: re('first message must use the {Q}user{Q} role'), confidence: 0.9, source: 'Anthropic' },
  {
    check: 'anthropic-empty-content',
    // The same rule as a schema validator words it for an empty content list.
    pattern: re('all messages must have non-empty content|messages\\.\\d+\\.content: list should have at least 1 item'),
    confidence: 0.92,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-blank-text',
    // Also the schema's wording for a text block without its text.
    pattern: re(
      'text content blocks must (?:be non-empty|contain non-whitespace text)|messages\\.\\d+\\.content\\.\\d+\\.text: field required',
    ),
    confidence: 0.92,
    source: 'Anthropic (also via Bedrock)',
  },
  {
    check: 'anthropic-thinking-signature',
    pattern: re(
      'invalid {Q}signature{Q} in {Q}thinking{Q} block|(?:redacted_)?thinking(?:\\.\\w+)*\\.(?:signature|data): field required|signature.{0,40}(?:thinking|redacted_thinking).{0,20}(?:invalid|missing)',
    ),
    confidence: 0.95,
    source: 'Anthropic (also via Bedrock and Vertex)',
  },
  {
    check: 'anthropic-thinking-modified',
    pattern: re('(?:thinking|redacted_thinking){Q} blocks?.{0,60}cannot be modified'),
    confidence: 0.94,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-trailing-prefill',
    pattern: re(
      'does not support assistant message prefill|(?:assistant )?(?:message )?prefill(?:ing)?(?: (?:of )?assistant messages?)? (?:is )?not supported|expected user or tool result as the last message|conversation must end with a user message|final assistant (?:content|message) (?:cannot|must not|may not) end with (?:trailing )?whitespace|expected {Q}thinking{Q} or {Q}redacted_thinking{Q}, but found|final {Q}assistant{Q} message must start with a thinking block',
    ),
    confidence: 0.92,
    source: 'Anthropic (also via Bedrock and Copilot)',
  },
  {
    // Thinking cannot be the end of the request: a trailing assistant turn that is or ends in thinking
    // is refused whether thinking is on ("the final block … cannot be `thinking`") or off ("an
    // `assistant` message in the final position cannot contain `thinking`"). Removing that trailing
    // turn is the fix either way.
    check: 'anthropic-trailing-prefill',
    pattern: re(
      '(?:final|last) block (?:in|of) an? {Q}assistant{Q} (?:message|turn) (?:cannot|must not|may not) be {Q}(?:redacted_)?thinking|{Q}assistant{Q} (?:message|turn) in the (?:final|last) position (?:cannot|must not|may not) (?:contain|include|end with) {Q}(?:redacted_)?thinking',
    ),
    confidence: 0.92,
    source: 'Anthropic (also via Copilot, OpenRouter and Vertex)',
  },
  {
    check: 'anthropic-tool-id-format',
    pattern: re('tool_use(?:_id|\\.id)?: string should (?:match pattern|have at most \\d+ characters?)'),
    confidence: 0.93,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-input',
    pattern: re('tool_use\\.input: (?:input should be a valid dictionary|field required)'),
    confidence: 0.9,
    source: 'Anthropic',
  },
  {
    check: 'anthropic-tool-name',
    pattern: re('tool_use\\.name: string should (?:have at (?:least 1|most \\d+) characters?|match pattern)'),
    confidence: 0.9,
    source: 'Anthropic',
  },
  { check: 'anthropic-image-size', pattern: re('image exceeds [\\d.]+ ?MB maximum'), confidence: 0.95, source: 'Anthropic' },
  { check: 'anthropic-image-dimensions', pattern: re('image dimensions exceed max allowed size'), confidence: 0.92, source: 'Anthropic' },
];

const BEDROCK: TranscriptPattern[] = [
  {
    check: 'bedrock-empty-content',
    pattern: re('content field in the Message object at \\S+ is empty'),
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-blank-text',
    pattern: re('text field in the ContentBlock object at \\S+ is blank'),
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-alternation',
    pattern: re('conversation must alternate between user and assistant roles'),
    confidence: 0.9,
    source: 'Bedrock Converse',
  },
  { check: 'bedrock-first-user', pattern: re('conversation must start with a user message'), confidence: 0.9, source: 'Bedrock Converse' },
  {
    check: 'bedrock-tool-use-without-result',
    pattern: re('expected toolResult blocks at messages'),
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-tool-result-without-use',
    pattern: re('number of toolResult blocks at \\S+ exceeds the number of toolUse blocks'),
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-duplicate-tool-result',
    pattern: re('toolResult blocks at \\S+ contain duplicate ids'),
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-duplicate-tool-use',
    pattern: re('toolUse blocks at \\S+ contain duplicate ids'),
    confidence: 0.95,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-empty-tool-result',
    pattern: re('content field at \\S*toolResult cannot be empty'),
    confidence: 0.93,
    source: 'Bedrock Converse',
  },
  {
    // Converse checks a replayed call's name against the tool-name pattern and length too.
    check: 'anthropic-tool-name',
    pattern: re('toolUse\\.name{Q} failed to satisfy constraint'),
    confidence: 0.9,
    source: 'Bedrock Converse',
  },
  {
    check: 'bedrock-tool-id-format',
    pattern: re('toolUseId.{0,60}(?:failed to satisfy constraint|regular expression pattern)'),
    confidence: 0.9,
    source: 'Bedrock Converse',
  },
];

const GEMINI: TranscriptPattern[] = [
  {
    check: 'gemini-function-call-position',
    // Quoted in part as often as whole ("function call turn comes immediately after a user turn"), and the
    // same rule from the other side: a call turn holds function calls only, never function responses.
    pattern: re(
      'function call turns? (?:comes?|should come|must come) immediately after an? user turns?|function call turn contains at least one function_?call part|(?:can ?not|must not|may not) be mixed with function_?response parts',
    ),
    confidence: 0.92,
    source: 'Gemini',
  },
  {
    check: 'gemini-function-response-count',
    pattern: re('number of function response parts (?:is|should be|must be) equal to (?:the )?number of function call parts'),
    confidence: 0.95,
    source: 'Gemini',
  },
  {
    check: 'gemini-orphan-function-response',
    pattern: re(
      'function response turn (?:comes|should come|must come) immediately after a function call turn|function response parts? (?:must|should) (?:immediately )?follow (?:the )?function call parts?',
    ),
    confidence: 0.95,
    source: 'Gemini',
  },
  {
    // A function response with no name: an OpenAI-compatible layer names a response after the call it
    // answers, so an empty name is a result whose call is not in the request.
    check: 'gemini-orphan-function-response',
    pattern: re('function_?response\\.name{Q}?:? (?:name )?(?:cannot|can ?not|must not|may not) be empty'),
    confidence: 0.88,
    source: 'Gemini (also via its OpenAI-compatible endpoint)',
  },
  { check: 'gemini-alternation', pattern: re('multiturn requests alternate between user and model'), confidence: 0.8, source: 'Gemini' },
  {
    check: 'gemini-first-user',
    pattern: re('multiturn requests alternate between user and model|first content should be with role {Q}user'),
    confidence: 0.5,
    source: 'Gemini',
  },
  {
    check: 'gemini-empty-parts',
    pattern: re(
      'parts must not be empty|must include at least one parts field|has an empty text parameter|must have a text parameter|required oneof field {Q}data{Q} must have one initialized field',
    ),
    confidence: 0.9,
    source: 'Gemini (also via Vertex)',
  },
  {
    check: 'gemini-thought-signature',
    // Both word orders: "thought signature is invalid" and "Corrupted/Invalid thought signature".
    pattern: re(
      'missing a thought[_ ]signature|(?:invalid|corrupt(?:ed)?|malformed|missing|bad) thought[_ ]signatures?|thought[_ ]signatures?.{0,40}(?:is |are )?(?:required|missing|invalid|not valid|corrupt(?:ed)?)',
    ),
    confidence: 0.92,
    source: 'Gemini 3',
  },
  {
    check: 'gemini-trailing-model',
    pattern: re(
      '(?:requests?|conversations?|contents?) ending with an? model (?:turn|message)|last (?:turn|content|message) (?:must|should) (?:not )?be (?:from )?(?:the )?(?:user|model)',
    ),
    confidence: 0.85,
    source: 'Gemini (also via Vertex)',
  },
  { check: 'gemini-role', pattern: re('please use a valid role:? user,? model'), confidence: 0.75, source: 'Gemini' },
];

/** Known transcript errors, by provider family. */
export const TRANSCRIPT_PATTERNS: readonly TranscriptPattern[] = [
  ...ANTHROPIC,
  ...BEDROCK,
  ...GEMINI,
  ...OPENAI_RESPONSES,
  ...CHAT_COMPLETIONS,
  ...OTHERS,
];

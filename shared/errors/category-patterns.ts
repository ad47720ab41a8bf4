/**
 * The phrase families of errors hygiene cannot fix (billing, context length, credentials, rate
 * limits, model capabilities, server failures, malformed requests), and what the envelope's type
 * fields, AWS exceptions, Google statuses and HTTP statuses say on their own. Patterns run on the
 * normalised text, case-insensitive. A phrase outranks a type field, which outranks a bare status:
 * gateways often wrap an error in a misleading class or status of their own.
 */
import type { ErrorCategory } from '../inspection.js';

/** A category other than the transcript one. */
export type OtherCategory = Exclude<ErrorCategory, 'transcript' | 'unknown'>;

/** What a capability error is about. */
export type Capability = 'tools' | 'thinking' | 'images' | 'parameter';

/** One recognisable family of wordings. */
export interface CategoryPattern {
  category: OtherCategory;
  pattern: RegExp;
  confidence: number;
  /** What the wording says, for the evidence list. */
  says: string;
  capability?: Capability;
}

function p(category: OtherCategory, confidence: number, says: string, source: string, capability?: Capability): CategoryPattern {
  const pattern = new RegExp(source.replaceAll('{Q}', `["'\`]`), 'i');
  return { category, pattern, confidence, says, ...(capability ? { capability } : {}) };
}

/** Phrase families, by category. */
export const CATEGORY_PATTERNS: readonly CategoryPattern[] = [
  p(
    'billing',
    0.95,
    'the balance or credit is exhausted',
    "credit balance is too low|insufficient (?:account )?(?:balance|credits?|funds)|requires more credits|can only afford|purchase (?:more )?credits|add (?:more )?credits|(?:run|ran) out of credits|(?:doesn'?t|does not|don'?t|do not) have (?:any|enough) credits|used all (?:available|your|of your) credits|no credits? (?:left|remaining)|credits? (?:exhausted|depleted)|余额不足|欠费|arrearage",
  ),
  p(
    'billing',
    0.95,
    'a spending budget or key limit is exhausted',
    'budget has been exceeded|exceeded budget|crossed budget|over budget|exceededbudget|budget_exceeded|spend(?:ing)? limit|key limit exceeded|(?:monthly|weekly|daily) limit|settings/(?:keys|credits)',
  ),
  p(
    'billing',
    0.88,
    'the quota of the plan is exhausted',
    'exceeded (?:your )?current quota|check your plan and billing details|insufficient_quota|exceeded_current_quota',
  ),
  p(
    'billing',
    0.75,
    'the account cannot be billed',
    'payment required|billing (?:hard limit|account|is not active)|account (?:is )?(?:not active|suspended|deactivated)',
  ),
  p(
    'context-length',
    0.95,
    'the request is longer than the context window',
    "maximum context length is \\d+|context_length_exceeded|exceed_context_size_error|(?:exceeds?|exceeded|over) (?:the )?(?:model'?s? )?(?:max(?:imum)? )?context (?:window|length|size|limit)|context window exceeds limit|input (?:length )?exceeds (?:the )?context|context size has been exceeded|request exceeds the available context size|prompt (?:is )?too long|total number of tokens.{0,40}cannot exceed|input is too long for requested model|input token count.{0,20}exceeds the maximum number of tokens|range of input length should be|prompt token count of \\d+ exceeds|model_max_prompt_tokens_exceeded|exceeded model token limit|requested tokens \\(\\d+\\) exceed context window|input prompt \\(\\d+ tokens\\) is too long|tokens \\+ .{0,4}max_new_tokens.{0,4} must be <=|too large for model with \\d+ maximum context length|message exceeds token limit|input length and .{0,4}max_tokens.{0,4} exceed context limit|tokens > \\d+ maximum|keep the first \\d+ tokens when context|reached context length of \\d+|context (?:length|window|size) of only \\d+|(?:longer|larger) than the max(?:imum)? (?:model|context) length|context overflow",
  ),
  p(
    'context-length',
    0.75,
    'the prompt is over a token limit',
    'reduce the length of the messages|(?:prompt|input) tokens? limit exceeded|too many (?:input )?tokens(?! per| ?, please wait)|token limit exceeded|exceeds? (?:the )?max(?:imum)? (?:input )?tokens',
  ),
  p(
    'auth',
    0.95,
    'the credentials are refused',
    'invalid x-api-key|incorrect api key|invalid[ _]api[ _]key|api key not valid|api key not found|api_key_invalid|no (?:cookie )?auth credentials found|security token included in the request is (?:invalid|expired)|unrecognizedclientexception|invalidclienttokenid|expiredtoken|token (?:has )?expired|oauth token|invalid (?:bearer|access) token|authentication_error|user not found\\.?',
  ),
  p(
    'auth',
    0.93,
    'the account or role may not use this model',
    "not authorized to (?:perform|invoke)|don'?t have access to the model with the specified model id|model access is denied|aws marketplace actions|permission {Q}?[\\w.]+{Q}? denied|iam_permission_denied|permission_denied|permission denied on resource",
  ),
  p(
    'auth',
    0.88,
    'the service is not offered where the request comes from',
    'location is not supported|unsupported (?:country|region|location)|not available in your (?:country|region|location)|(?:country|region|territory) (?:is )?not supported',
  ),
  p(
    'auth',
    0.9,
    'the account or organisation is disabled',
    '(?:organi[sz]ation|account|team|project|api key|key) (?:has been |is |was )?(?:disabled|deactivated|suspended|banned|blocked)',
  ),
  p('auth', 0.6, 'access is forbidden', 'unauthori[sz]ed|unauthenticated|forbidden|access ?denied|permission_error'),
  p(
    'rate-limit',
    0.95,
    'requests or tokens are over a rate limit',
    'rate[ _-]?limit(?:ed|_error| reached| exceeded)|ratelimit exceeded|too many requests|too many tokens(?:,? please wait| per)|throttl|resource has been exhausted|resource_?exhausted|quota exceeded for (?:quota )?metric|quota exceeded for [\\w.-]+\\.googleapis\\.com|(?:requests|tokens)_per_(?:minute|day|hour)|tokens per (?:min|minute|day|hour)|requests per (?:min|minute|day|hour)|request rate is too high|temporarily rate-limited|free quota tier',
  ),
  p(
    'rate-limit',
    0.88,
    'the model is overloaded',
    'overloaded|over ?capacity|capacity exceeded|high demand|(?:server|service|system|model) (?:is )?(?:too )?busy|服务器繁忙',
  ),
  p('rate-limit', 0.55, 'the provider asks to retry later', 'please (?:wait|slow down)|try again in \\d|retry (?:in|after) \\d'),
  p(
    'model-capability',
    0.93,
    'the model has no tool support',
    "does(?:n'?t| not) support tools?\\b|does(?:n'?t| not) support (?:tool use|tool calling|function calling|functions)|no endpoints found that support (?:tool use|the provided {Q}?tool_choice)|(?:tool|function) calling is not (?:enabled|supported)|only supports single tool-?calls?|parallel (?:tool|function) calls? (?:are|is) not supported|tools? param(?:eter)?s? requires?|auto{Q}? tool choice requires --enable-auto-tool-choice",
    'tools',
  ),
  p(
    'model-capability',
    0.93,
    'the model has no thinking support',
    "does(?:n'?t| not) support (?:thinking|reasoning|extended thinking)|thinking(?:\\.type\\.\\w+)?{Q}? is not supported|think value .{0,20} is not supported",
    'thinking',
  ),
  p(
    'model-capability',
    0.93,
    'the model has no image input',
    "does(?:n'?t| not) support (?:images?|image input|vision)|no endpoints found that support image input|image_url is only supported by certain models|supports? (?:at most|only|up to) \\d+ images?|too many images|model does not support image",
    'images',
  ),
  p(
    'model-capability',
    0.88,
    'the model refuses a parameter',
    "unsupported (?:parameter|value): {Q}?\\w+|does not support the parameter|don'?t support \\w+=|is not supported with this model|only the default \\(\\d+\\) value is supported|unsupported_(?:value|parameter)|unsupportedparamserror",
    'parameter',
  ),
  p(
    'request',
    0.92,
    'the model id does not exist',
    'model .{0,80}does not exist|model_not_found|model not found|requested model .{0,60}does not exist|unknown model|not a valid model id|no such model|this model is unavailable|model {Q}[\\w./:@ -]{1,80}{Q} not found|model [\\w./:@-]+ not found|deploymentnotfound|deployment for this resource does not exist|deployment .{0,40}(?:does not exist|not found)|model.{0,80}(?:has been|was|is) (?:decommissioned|deprecated|retired|discontinued)|model_decommissioned|model_deprecated',
  ),
  p(
    'request',
    0.9,
    'a tool definition is malformed',
    'invalid schema for function|json schema (?:is invalid|not supported)|tools?(?:\\[\\d+\\])?\\.(?:function(?:_declarations)?|custom|input_schema)|function_declarations\\[|tool names must be unique|toolconfig\\.tools|toolspec\\.|is too short - {Q}?tools|invalid {Q}?tools{Q}?: array too long|function parameters is empty|invalid function name',
  ),
  p(
    'request',
    0.88,
    'a request parameter is out of range or unknown',
    'maximum allowed number of output tokens|max_tokens.{0,40}(?:must be|exceeds|greater than|less than|> \\d)|budget_tokens|malformed input request|is not less or equal to|invalid json payload received|unknown name .{0,60}cannot find field|extra (?:inputs|fields) (?:are )?not permitted|unrecognized request argument|missing required parameter|request contains an invalid argument|invalid_request_body|invalid value at|input validation error',
  ),
  p(
    'server',
    0.8,
    'the provider failed internally',
    'internal server error|internal error|server had an error|error occurred while processing your request|server_error|api_error|internalserverexception|modelstreamerrorexception|modelerrorexception|modeltimeoutexception|modelnotreadyexception|serviceunavailableexception|web server is returning an unknown error',
  ),
  p(
    'server',
    0.8,
    'the server lacks the memory to load or run the model',
    'requires more (?:system )?memory|out of memory|not enough memory|insufficient (?:system |gpu )?memory|cuda error: out of memory',
  ),
  p(
    'server',
    0.75,
    'a gateway or proxy failed',
    'bad gateway|service unavailable|gateway time-?out|upstream (?:connect error|request timeout|error)|no deployments available',
  ),
  p(
    'server',
    0.6,
    'the connection failed',
    'connection (?:error|refused|reset|lost|closed)|econnreset|econnrefused|etimedout|socket hang up|fetch failed|network error|broken pipe|timed out|\\btimeout\\b|stream disconnected|response is not json|terminated',
  ),
];

/** Error type and code fields, by value. */
export const TYPE_CATEGORY: Record<string, [OtherCategory, number]> = {
  authentication_error: ['auth', 0.92],
  permission_error: ['auth', 0.85],
  invalid_api_key: ['auth', 0.95],
  rate_limit_error: ['rate-limit', 0.95],
  rate_limited: ['rate-limit', 0.93],
  rate_limit_exceeded: ['rate-limit', 0.93],
  overloaded_error: ['rate-limit', 0.95],
  insufficient_quota: ['billing', 0.95],
  billing_error: ['billing', 0.95],
  budget_exceeded: ['billing', 0.95],
  exceeded_current_quota_error: ['billing', 0.95],
  context_length_exceeded: ['context-length', 0.95],
  exceed_context_size_error: ['context-length', 0.95],
  request_too_large: ['context-length', 0.8],
  model_not_found: ['request', 0.9],
  not_found_error: ['request', 0.7],
  unsupported_value: ['model-capability', 0.8],
  unsupported_parameter: ['model-capability', 0.8],
  invalid_function_parameters: ['request', 0.9],
  api_error: ['server', 0.72],
  server_error: ['server', 0.7],
  timeout_error: ['server', 0.75],
  upstream_error: ['server', 0.65],
};

/** AWS exceptions, by name. */
export const EXCEPTION_CATEGORY: Record<string, [OtherCategory, number]> = {
  AccessDeniedException: ['auth', 0.85],
  UnrecognizedClientException: ['auth', 0.95],
  ExpiredTokenException: ['auth', 0.95],
  InvalidClientTokenIdException: ['auth', 0.95],
  InvalidSignatureException: ['auth', 0.95],
  ThrottlingException: ['rate-limit', 0.93],
  ServiceQuotaExceededException: ['rate-limit', 0.85],
  ServiceUnavailableException: ['server', 0.8],
  InternalServerException: ['server', 0.85],
  ModelStreamErrorException: ['server', 0.8],
  ModelTimeoutException: ['server', 0.8],
  ModelErrorException: ['server', 0.75],
  ModelNotReadyException: ['server', 0.75],
  ResourceNotFoundException: ['request', 0.7],
  ValidationException: ['request', 0.45],
};

/** Google canonical statuses. */
export const GOOGLE_STATUS_CATEGORY: Record<string, [OtherCategory, number]> = {
  RESOURCE_EXHAUSTED: ['rate-limit', 0.92],
  UNAVAILABLE: ['server', 0.7],
  INTERNAL: ['server', 0.75],
  DEADLINE_EXCEEDED: ['server', 0.7],
  PERMISSION_DENIED: ['auth', 0.85],
  UNAUTHENTICATED: ['auth', 0.9],
  NOT_FOUND: ['request', 0.6],
  INVALID_ARGUMENT: ['request', 0.45],
  FAILED_PRECONDITION: ['request', 0.5],
};

/** What an HTTP status says on its own. */
export function statusCategory(status: number): [OtherCategory, number] | null {
  if (status === 401) return ['auth', 0.85];
  if (status === 402) return ['billing', 0.85];
  if (status === 403) return ['auth', 0.6];
  if (status === 404) return ['request', 0.5];
  if (status === 408) return ['server', 0.6];
  if (status === 413) return ['context-length', 0.6];
  if (status === 429) return ['rate-limit', 0.85];
  if (status === 529) return ['rate-limit', 0.9];
  if (status >= 500) return ['server', 0.7];
  if (status === 400 || status === 422) return ['request', 0.4];
  return null;
}

/**
 * The envelope around a provider error: HTTP status, error type and code fields, Google's status,
 * AWS exception names, HTML error pages, the gateway that relayed it, and whose wording it is. Read
 * from the normalised text, so JSON nested as a string in a gateway's body is read like any other.
 */

/** Provider families an error's wording can belong to. */
export type { PayloadFamily as ErrorFamily } from '../preflight/family.js';
import type { PayloadFamily as ErrorFamily } from '../preflight/family.js';

/** What the envelope says, besides the message. */
export interface ErrorEnvelope {
  /** The HTTP status the error reports, when it reports one (400–599). */
  status: number | null;
  /** Error type and code values (`rate_limit_error`, `insufficient_quota`, …), lower case. */
  types: string[];
  /** Every other value of a type, code, reason or status field (`invalid_authentication_error`, `API_KEY_SERVICE_BLOCKED`, …), lower case. */
  codes: string[];
  /** Error classes the SDKs and gateways name (`AuthenticationError`, `ContextWindowExceededError`, …). */
  classes: string[];
  /** Google's canonical status (`RESOURCE_EXHAUSTED`, …). */
  googleStatus: string | null;
  /** An AWS exception name (`ThrottlingException`, …). */
  exception: string | null;
  /** The text is (or quotes) an HTML error page. */
  html: boolean;
  /** The gateway or client that relayed the error, when the text says. */
  gateway: string | null;
  /** Whose wording the error is in, when it is recognisable. */
  family: ErrorFamily | null;
}

const STATUS_PATTERNS: RegExp[] = [
  /\b(?:status[ _]?code|http[ _]?status(?:[ _]?code)?|statusCode|httpStatusCode|status|error code|error_code|http_code|Error code|response code)["']?\s*[:=]?\s*(?:of |was |is )?["']?(\d{3})\b/i,
  /\bHTTP\/\d(?:\.\d)?\s+(\d{3})\b/i,
  /\bHTTP (\d{3})\b/,
  /(?:^|[\s([<>"'{:])(\d{3})\s+(?:Bad Request|Unauthorized|Authorization Required|Payment Required|Forbidden|Not Found|Request Time-?out|Payload Too Large|Request Entity Too Large|Content Too Large|Too Many Requests|Internal Server Error|Bad Gateway|Service Unavailable|Gateway Time-?out|Unprocessable)/i,
  // A message that opens with its status: `"message": "401 Invalid Authentication"`.
  /["']message["']\s*:\s*["'](\d{3})\b/i,
  /^[^{"]{0,80}?\b(?:error|failed|API Error|Reason)\b[^{"\d]{0,20}?\(?(\d{3})\b/i,
  /^\W*(\d{3})\b/,
  // An SDK exception named after the failure, then the status: `ResourceExhausted: 429 …`, `APIStatusError: 503 …`.
  /\b[A-Z]\w*(?:Error|Exception|Exhausted|Unavailable|NotFound|Denied)\s*:\s*(\d{3})\b/,
  // Not the first three digits of a provider's own longer code (`"code":40302`).
  /"code"\s*:\s*"?(\d{3})(?!\d)"?/,
  /<(\d{3})>/,
  // An error page's title or heading: `<title>401 Authorization Required</title>`, `<title>letta.com | 502: Bad gateway</title>`.
  /<(?:title|h1)\b[^>]*>[^<]{0,60}?\b(\d{3})\b/i,
  /\[(\d{3})\b[^\]]{0,30}\]/,
];

const KNOWN_TYPES =
  /\b(invalid_request_error|authentication_error|permission_error|not_found_error|rate_limit_error|overloaded_error|api_error|billing_error|insufficient_quota|server_error|context_length_exceeded|invalid_api_key|model_not_found|exceed_context_size_error|rate_limited|rate_limit_exceeded|invalid_encrypted_content|budget_exceeded|exceeded_current_quota_error|unsupported_value|unsupported_parameter|invalid_function_parameters|request_too_large|timeout_error|upstream_error|invalid_prompt)\b/g;

/** Values of the fields providers put codes in; the value is read by meaning (category-patterns.ts). */
const CODE_FIELDS =
  /(?:^|[\s{,([])["']?(?:type|code|error_type|errorType|error_code|errorCode|reason|status)["']?\s*[:=]\s*["']?([A-Za-z][\w.-]{2,60})/g;

/** Error classes of the OpenAI, Anthropic and Google SDKs and of LiteLLM, whose names say the kind of failure. */
const ERROR_CLASSES =
  /\b(AuthenticationError|PermissionDeniedError|RateLimitError|NotFoundError|InternalServerError|APIConnectionError|APITimeoutError|ServiceUnavailableError|ContextWindowExceededError|ContentPolicyViolationError|BudgetExceededError|UnprocessableEntityError)\b/g;

const GOOGLE_STATUS =
  /\b(INVALID_ARGUMENT|RESOURCE_EXHAUSTED|UNAVAILABLE|PERMISSION_DENIED|UNAUTHENTICATED|INTERNAL|DEADLINE_EXCEEDED|NOT_FOUND|FAILED_PRECONDITION)\b/;

const AWS_EXCEPTION =
  /\b(validation|accessDenied|throttling|serviceUnavailable|internalServer|modelStreamError|modelTimeout|modelError|modelNotReady|resourceNotFound|serviceQuotaExceeded|unrecognizedClient|expiredToken|invalidClientTokenId|invalidSignature)Exception\b/i;

const GATEWAYS: [RegExp, string][] = [
  [/\blitellm\b/i, 'litellm'],
  [/openrouter|"provider_name"|Provider returned error/i, 'openrouter'],
  [/copilot|CAPIError|githubcopilot/i, 'github-copilot'],
  [/cloudflare|cf-ray|cdn-cgi/i, 'cloudflare'],
  [/Error from provider\(|claude-code-router/i, 'claude-code-router'],
  [/\bportkey\b/i, 'portkey'],
  [/\bnginx\b/i, 'nginx'],
];

/** Phrases that only one family's API uses, strongest first. */
const FAMILY_HINTS: [RegExp, ErrorFamily][] = [
  [
    /Exception\b.{0,80}\b(?:toolUse|toolResult|ContentBlock|Converse|InvokeModel)|\b(?:toolUse|toolResult)\b blocks|ContentBlock object|bedrock/i,
    'bedrock',
  ],
  [
    /"type":\s*"error",\s*"error":|\btoolu_|\btool_use\b|\btool_result\b|redacted_thinking|invalid x-api-key|overloaded_error|docs\.(?:anthropic|claude)\.com/i,
    'anthropic',
  ],
  [
    /GenerateContentRequest|function_declarations|\bcontents\[\d+\]|generativelanguage|aiplatform|functionCall parts|function (?:call|response) turn|thought_signature|"status":\s*"(?:INVALID_ARGUMENT|RESOURCE_EXHAUSTED|UNAVAILABLE)"/i,
    'gemini',
  ],
  [
    /\binput\[\d+\]|function call output|No tool output found|\brs_[A-Za-z0-9]{6,}|encrypted content|store` is set to false|store is set to false|Duplicate item found/i,
    'openai-responses',
  ],
  [/"object":\s*"error"|'object':\s*'error'|mistral|Unexpected role '(?:user|tool)'|function calls and responses/i, 'mistral'],
  [
    /\bmessages\[\d+\]|role 'tool'|'tool_calls'|"tool_calls"|tool_call_id|reasoning_content|platform\.openai\.com|\binsufficient_quota\b/i,
    'openai-completions',
  ],
];

function statusOf(text: string): number | null {
  for (const pattern of STATUS_PATTERNS) {
    const m = pattern.exec(text);
    if (!m) continue;
    const status = Number(m[1]);
    if (status >= 400 && status <= 599) return status;
  }
  return null;
}

/** Read the envelope of a normalised error text. */
export function readEnvelope(text: string): ErrorEnvelope {
  const types = [...new Set([...text.matchAll(KNOWN_TYPES)].map((m) => m[1].toLowerCase()))];
  const codes = [...new Set([...text.matchAll(CODE_FIELDS)].map((m) => m[1].toLowerCase()))].filter((c) => !types.includes(c));
  const exception = AWS_EXCEPTION.exec(text);
  const google = GOOGLE_STATUS.exec(text);
  return {
    status: statusOf(text),
    types,
    codes,
    classes: [...new Set([...text.matchAll(ERROR_CLASSES)].map((m) => m[1]))],
    googleStatus: google ? google[1] : null,
    exception: exception ? `${exception[1][0].toUpperCase()}${exception[1].slice(1)}Exception` : null,
    html: /<(?:!doctype html|html|head|body|title|h1|center)\b/i.test(text),
    gateway: GATEWAYS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
    family: FAMILY_HINTS.find(([pattern]) => pattern.test(text))?.[1] ?? null,
  };
}

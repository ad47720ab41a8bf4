/**
 * What the categories other than transcript rest on: the phrase families (category-phrases*.ts),
 * and what the envelope's type and code fields, SDK error classes, AWS exceptions, Google statuses
 * and HTTP statuses say on their own. A phrase outranks a type field, which outranks a bare status:
 * gateways often wrap an error in a misleading class or status of their own.
 */
import type { CategoryPattern, OtherCategory } from './category-pattern.js';
import { PHRASES } from './category-phrases.js';
import { PHRASES_LIMITS } from './category-phrases-limits.js';
import { PHRASES_PLANS } from './category-phrases-plans.js';
import { PHRASES_ZH } from './category-phrases-zh.js';

export type { Capability, CategoryPattern, OtherCategory } from './category-pattern.js';

/** Phrase families of every language, by category. */
export const CATEGORY_PATTERNS: readonly CategoryPattern[] = [...PHRASES, ...PHRASES_LIMITS, ...PHRASES_PLANS, ...PHRASES_ZH];

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

/** What a code value means, read by its words (`API_KEY_SERVICE_BLOCKED`, `invalid_authentication_error`, `rateLimitExceeded`), first match wins. */
const CODE_MEANINGS: [RegExp, OtherCategory][] = [
  [/_(?:billing|balance|credits?|payment|budget|arrearage|overdue|insufficient_quota)(?=_)/, 'billing'],
  [
    /_(?:context_(?:length|window|size)|prompt_too_long|input_too_long|request_too_large|payload_too_large|entity_too_large|too_many_tokens|token_limit)(?=_)/,
    'context-length',
  ],
  [/_(?:rate_limit|ratelimit|throttl[a-z]*|too_many_requests|overload[a-z]*|capacity_exhausted|no_capacity)(?=_)/, 'rate-limit'],
  [
    /_(?:auth[a-z]*|unauthori[sz]ed|unauthenticated|forbidden|permission[a-z]*|access_denied|api_key|invalid_key|invalid_token|expired_token|token_expired)(?=_)/,
    'auth',
  ],
  [/_(?:model_not_found|not_found|content_filter[a-z]*|content_policy[a-z]*|moderation|decommissioned)(?=_)/, 'request'],
  [
    /_(?:server_error|internal_error|internal_server_error|service_unavailable|unavailable|timeout|timed_out|bad_gateway|gateway_timeout)(?=_)/,
    'server',
  ],
];

/** The category a code value's words name, if any. */
export function codeCategory(code: string): OtherCategory | null {
  const words = `_${code
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '_')}_`;
  const category = CODE_MEANINGS.find(([pattern]) => pattern.test(words))?.[1] ?? null;
  // Qwen files a malformed request under `InternalError.Algo.InvalidParameter`: not a server failure.
  return category === 'server' && words.includes('_invalid_') ? null : category;
}

/** Code words that only say the request was refused as invalid, without saying why. */
const GENERIC_INVALID =
  /_(?:invalid_request(?:_error|_body)?|bad_?request(?:_error)?|invalid_param(?:eter|s)?|invalid_argument|invalid_value|validation(?:_error|_exception)?)_/;

/** A type or code value that says no more than "invalid request": a weak prior for `request`, below any phrase. */
export function genericInvalidCode(code: string): boolean {
  const words = `_${code
    .replace(/([a-z\d])([A-Z])/g, '$1_$2')
    .toLowerCase()
    .replace(/[^a-z\d]+/g, '_')}_`;
  return GENERIC_INVALID.test(words);
}

/** SDK and gateway error classes, by name. */
export const CLASS_CATEGORY: Record<string, [OtherCategory, number]> = {
  AuthenticationError: ['auth', 0.85],
  PermissionDeniedError: ['auth', 0.8],
  RateLimitError: ['rate-limit', 0.85],
  NotFoundError: ['request', 0.55],
  InternalServerError: ['server', 0.7],
  APIConnectionError: ['server', 0.6],
  APITimeoutError: ['server', 0.75],
  ServiceUnavailableError: ['server', 0.7],
  ContextWindowExceededError: ['context-length', 0.9],
  ContentPolicyViolationError: ['request', 0.9],
  BudgetExceededError: ['billing', 0.9],
  UnprocessableEntityError: ['request', 0.45],
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
  if (status === 413) return ['context-length', 0.7];
  // A gateway's upstream (the model service behind it) failed.
  if (status === 424) return ['server', 0.6];
  if (status === 429) return ['rate-limit', 0.85];
  if (status === 529) return ['rate-limit', 0.9];
  if (status >= 500) return ['server', 0.7];
  if (status === 400 || status === 422) return ['request', 0.4];
  return null;
}

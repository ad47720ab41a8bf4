// The explainer's reading of an error on its own: envelopes, ranking, unknown text, indices and ids.
import { describe, expect, it } from 'vitest';
import { errorIds, errorMessageIndices, explainProviderError, normalizeErrorText } from '../../../../shared/errors/match-error.js';
import { codeCategory } from '../../../../shared/errors/category-patterns.js';
import { readEnvelope } from '../../../../shared/errors/envelope.js';

const top = (text: string) => explainProviderError(text)[0];

/** Each text's top answer has the category given and, as every answer outside transcript, no rule. */
function expectCategories(cases: [text: string, category: string][]): void {
  for (const [text, category] of cases) expect([top(text).category, top(text).rule], text).toEqual([category, undefined]);
}

describe('explainProviderError', () => {
  it('gives no answer for empty text and one unknown answer for text it cannot read', () => {
    expect(explainProviderError('')).toEqual([]);
    expect(explainProviderError('   \n')).toEqual([]);
    const [unknown, ...rest] = explainProviderError('something odd happened');
    expect(rest).toEqual([]);
    expect(unknown).toMatchObject({ category: 'unknown', turns: [], evidence: [] });
    expect(unknown.rule).toBeUndefined();
    expect(unknown.action).toMatch(/README/);
  });

  it('only gives transcript answers a check and a rule', () => {
    for (const text of [
      '429 Too Many Requests',
      'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A',
      '{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
    ]) {
      for (const answer of explainProviderError(text)) {
        if (answer.category === 'transcript') expect(answer.rule, text).toBeDefined();
        else expect([answer.check, answer.rule], text).toEqual([undefined, undefined]);
      }
    }
  });

  it('reads a bare status when nothing else is said', () => {
    expect(top('429 Too Many Requests').category).toBe('rate-limit');
    expect(top('Error: 401 - ').category).toBe('auth');
    expect(top('request failed with status code 402').category).toBe('billing');
    expect(top('HTTP 503').category).toBe('server');
    expect(top('status code 529').category).toBe('rate-limit');
  });

  it('lets a phrase outrank the type field and status a gateway wraps it in', () => {
    // A context-length error relayed as a 500 api_error by a gateway is still a context-length error.
    expect(top('{"error":{"message":"prompt is too long: 210000 tokens > 200000 maximum","type":"api_error","code":500}}').category).toBe(
      'context-length',
    );
    // A billing message sent with status 429.
    expect(top('429 {"error":{"message":"Your credit balance is too low to access the Anthropic API."}}').category).toBe('billing');
  });

  it('reads JSON nested as a string inside a gateway body', () => {
    const nested = JSON.stringify({
      error: {
        message: 'Provider returned error',
        code: 400,
        metadata: {
          raw: JSON.stringify({
            type: 'error',
            error: { type: 'invalid_request_error', message: 'messages.3: `tool_use` ids must be unique' },
          }),
        },
      },
    });
    expect(top(nested)).toMatchObject({ category: 'transcript', check: 'anthropic-duplicate-tool-id', rule: 'tool-call-id' });
    expect(
      top(nested)
        .evidence.map((e) => e.fact)
        .join(' '),
    ).toContain('openrouter');
  });

  it('reads HTML error pages', () => {
    const page =
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx</center></body></html>';
    expect(top(page).category).toBe('server');
    expect(readEnvelope(normalizeErrorText(page))).toMatchObject({ html: true, status: 502, gateway: 'nginx' });
  });

  it('reads a status in prose or at the start of the message', () => {
    expect(top('the response has a status code of 503 and the client was configured to throw').category).toBe('server');
    expect(top('{"error":{"error":{"message":"401 Something odd","run_id":"r1"}}}').category).toBe('auth');
    expect(readEnvelope(normalizeErrorText('unexpected status 413 Payload Too Large: openai_error')).status).toBe(413);
  });

  it('lets an HTML page answered with a 4xx status keep the status meaning', () => {
    const page = 'API Error: 413 <html><head><title>413 Request Entity Too Large</title></head><body></body></html>';
    expect(top(page).category).toBe('context-length');
  });

  it('reads code fields and SDK error classes by what their words say', () => {
    expect(codeCategory('invalid_authentication_error')).toBe('auth');
    expect(codeCategory('API_KEY_SERVICE_BLOCKED')).toBe('auth');
    expect(codeCategory('rateLimitExceeded')).toBe('rate-limit');
    expect(codeCategory('Arrearage')).toBe('billing');
    expect(codeCategory('content_filter')).toBe('request');
    expect(codeCategory('invalid_request_error')).toBeNull();
    expect(codeCategory('InternalError.Algo.InvalidParameter')).toBeNull();
    expect(codeCategory('badRequest')).toBeNull();
    expect(top('{"error":{"message":"Nope","type":"invalid_authentication_error"}}').category).toBe('auth');
    expect(top('litellm.AuthenticationError: SomeProviderException - Nope').category).toBe('auth');
    expect(top('litellm.ContextWindowExceededError: too much').category).toBe('context-length');
  });

  it('reads a family of wordings in either word order, not one message', () => {
    expect(top('Your paid balance is insufficient. Please top up and try again.').category).toBe('billing');
    expect(top('insufficient paid balance').category).toBe('billing');
    expect(top('tools is not supported in this model').category).toBe('model-capability');
    expect(top('this model does not support tools').category).toBe('model-capability');
    // The transcript shape still wins over the capability wording it contains.
    expect(top('Empty tool_calls is not supported in message').check).toBe('completions-empty-tool-calls');
    expect(top("This model's maximum prompt length is 131072 but the request contains 136973 tokens.").category).toBe('context-length');
    expect(top('Prompt exceeds max length').category).toBe('context-length');
    expect(top("Error: You don't have access to the model specified.").category).toBe('auth');
    expect(top('you have reached your session usage limit, upgrade for higher limits').category).toBe('rate-limit');
    expect(top('models/gemini-1.5-pro is not found for API version v1beta').category).toBe('request');
  });

  it('reads a transcript shape by meaning when no known wording matches, and picks the check by the family of the words', () => {
    // Made-up wordings: no provider says exactly this, so only the meanings can read them.
    const orphan = top('400 Unexpected tool call id abc123 in tool results');
    expect([orphan.category, orphan.rule]).toEqual(['transcript', 'tool-result-pairing']);
    expect(orphan.confidence).toBeLessThan(0.8);
    expect(top('tool_result block has no matching tool_use block').check).toBe('anthropic-tool-result-without-use');
    expect(top('toolResult found without a corresponding toolUse in the previous turn').check).toBe('bedrock-tool-result-without-use');
    expect(top('function_call_output with call_id call_1 has no preceding call').check).toBe('responses-orphan-output');
    expect(top('the tool call call_9 was never followed by a tool message').rule).toBe('tool-result-pairing');
    expect(top('found two consecutive assistant messages').rule).toBe('turn-validation');
    expect(top('the first message should be from the user').rule).toBe('turn-ordering');
    expect(top('the last message must be a user message').rule).toBe('prefill-strip');
    expect(top('message content must not be empty').rule).toBe('blank-text');
    expect(top('tool_call_id is too long, maximum is 40').rule).toBe('tool-call-id');
    expect(top("input[3].call_id must match pattern '^[a-zA-Z0-9_-]+$'").rule).toBe('responses-tool-call-id');
    // A known wording keeps its own, surer answer.
    expect(top('messages.1: `tool_use` ids must be unique').confidence).toBeGreaterThan(0.9);
    // Words about tools that are not a transcript shape stay what they are.
    expect(top('Invalid schema for function get_weather: tools[0].function.parameters is empty').category).toBe('request');
  });

  it("reads Chinese providers' Chinese messages", () => {
    expect(top('余额不足或无可用资源包,请充值。').category).toBe('billing');
    expect(top('您当前使用该API的并发数过高，请降低并发').category).toBe('rate-limit');
    expect(top('Prompt 超长').category).toBe('context-length');
    expect(top('身份验证失败').category).toBe('auth');
    expect(top('当前模型不支持工具调用').category).toBe('model-capability');
    expect(top('模型不存在，请检查模型代码').category).toBe('request');
    expect(top('服务器内部错误').category).toBe('server');
  });

  it('reads AWS exceptions and Google statuses', () => {
    expect(
      top('An error occurred (ThrottlingException) when calling the ConverseStream operation: Too many tokens, please wait').category,
    ).toBe('rate-limit');
    expect(top('An error occurred (AccessDeniedException) when calling the InvokeModel operation: something').category).toBe('auth');
    expect(top('{"error":{"code":429,"message":"x","status":"RESOURCE_EXHAUSTED"}}').category).toBe('rate-limit');
  });

  it('orders several candidates by confidence, at most four', () => {
    const both = explainProviderError('Please ensure that multiturn requests alternate between user and model.');
    expect(both.map((e) => e.check)).toEqual(['gemini-alternation', 'gemini-first-user']);
    expect(both[0].confidence).toBeGreaterThan(both[1].confidence);
    const many = explainProviderError(
      '429 rate limit exceeded, internal server error, invalid api key, insufficient balance, model not found, prompt is too long',
    );
    expect(many.length).toBeLessThanOrEqual(4);
    for (let i = 1; i < many.length; i++) expect(many[i - 1].confidence).toBeGreaterThanOrEqual(many[i].confidence);
  });

  it("says an overload is the provider's capacity, filed with rate limits because the remedy is the same", () => {
    const overloaded = top('API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}');
    expect(overloaded.category).toBe('rate-limit');
    expect(overloaded.explanation).toMatch(/capacity problem on its side, not a limit of your account/);
    expect(overloaded.action).toMatch(/status page/);
    const limited = top('429 Rate limit reached for gpt-4o on tokens per min (TPM): Limit 30000, Used 29937, Requested 385.');
    expect(limited.explanation).toMatch(/rate limit or a per-minute or per-day quota/);
    expect(limited.action).toMatch(/a single request over a per-minute token limit must be made smaller/);
  });

  it('files a quota of zero under billing: the plan does not include the model, waiting will not help', () => {
    const zero =
      '{"error":{"code":429,"message":"You exceeded your current quota. * Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_input_token_count, limit: 0, model: gemini-2.5-pro","status":"RESOURCE_EXHAUSTED"}}';
    expect(top(zero).category).toBe('billing');
    const perMinute =
      '{"error":{"code":429,"message":"Quota exceeded for metric: generativelanguage.googleapis.com/generate_content_free_tier_requests, limit: 10","status":"RESOURCE_EXHAUSTED"}}';
    expect(top(perMinute).category).toBe('rate-limit');
  });

  it('lets what a validator refused decide, and reads capabilities and alternatives in any word order', () => {
    // A validator's prefix is weak: a token limit under it is context-length, an output cap a request.
    expect(top('Input validation error: `inputs` must have less than 4096 tokens. Given: 4545').category).toBe('context-length');
    expect(top("Error 422: {'error': 'Input validation error: `max_new_tokens` must be <= 192").category).toBe('request');
    expect(top('400 model "claude-sonnet-4.6" not supported for vision').category).toBe('model-capability');
    // "No access or no such model" is a model id to check, as "does not exist or you do not have access" is.
    expect(top("You don't have access to this model or the model name is invalid").category).toBe('request');
    expect(top('No endpoints found for nousresearch/hermes-3-llama-3.1-405b:free.').category).toBe('request');
    expect(top('The maximum context length for this model has been exceeded.').category).toBe('context-length');
    // An invalid value of a setting is a request; a setting the model does not support, a capability.
    expect(top('invalid params, invalid thinking.type: "enabled" (allowed: adaptive, disabled) (2013)').category).toBe('request');
    expect(top('The thinking budget (52428) is invalid.').category).toBe('request');
  });

  it('keeps account states apart from connection failures, and capacity apart from server faults', () => {
    const terminated = top(
      'HTTP 403 {"error":{"message":"Access terminated. Review our Community Guidelines","type":"access_terminated_error"}}',
    );
    expect(terminated.category).toBe('auth');
    expect(top('TypeError: terminated').category).toBe('server');
    // What a session records when the stream was cut: the fetch error's message and nothing else.
    expect(top('terminated').category).toBe('server');
    expect(top('Your access was terminated').category).toBe('auth');
    expect(top('Your organization must be verified to stream this model.').category).toBe('auth');
    const capacity = top(
      '{"error":{"code":503,"message":"MODEL_CAPACITY_EXHAUSTED: The model is temporarily unable to serve your request.","status":"UNAVAILABLE"}}',
    );
    expect(capacity.category).toBe('rate-limit');
    expect(capacity.explanation).toMatch(/capacity problem on its side/);
    expect(top('Status Code: 424 Response Content: {"title":"Failed dependency","status":424}').category).toBe('server');
  });

  it('reads what local servers, relays and gateways say in their own words', () => {
    expect(top('vllm.v1.engine.exceptions.EngineDeadError: EngineCore encountered an issue.').category).toBe('server');
    expect(top('Error in RPC handler: Error: Model is unloaded.').category).toBe('server');
    expect(top('Rate Limit Error: Request too frequent, please try again later').category).toBe('rate-limit');
    expect(top('relay error (channel id 2, user id: 1): Open api daily request limit reached').category).toBe('rate-limit');
    expect(top("Problem in node 'HTTP Request': Authorization failed - please check your credentials.").category).toBe('auth');
    expect(top('https://ark.cn-beijing.volces.com/api/v3/chat/completions not found, verify your API base.').category).toBe('request');
    expect(top('* GenerateContentRequest.contents: contents is not specified').category).toBe('request');
    expect(top("message role is 'developer', not one of ['system', 'assistant', 'user', 'tool']").category).toBe('request');
    expect(top("API Error: 400 role 'system' is not supported on this model").category).toBe('model-capability');
    expect(top('Your account has reached the set inference limit for the model, and the model service has been paused.').category).toBe(
      'billing',
    );
  });

  it('reads the status of an error page from its title, and a bare invalid-request type as a request', () => {
    expect(top('<html><head><title>401 Authorization Required</title></head></html>').category).toBe('auth');
    expect(top('<title>letta.com | 502: Bad gateway</title>').category).toBe('server');
    const generic = top('{"error":{"message":"Something about the payload","type":"invalid_request_error"}}');
    expect(generic.category).toBe('request');
    expect(generic.confidence).toBeLessThan(0.6);
  });

  it('guesses from the vocabulary only when nothing specific matched, and says it is a guess', () => {
    const guess = top('Something went wrong while talking to the upstream gateway');
    expect(guess.category).toBe('server');
    expect(guess.confidence).toBeLessThan(0.5);
    expect(guess.evidence.map((e) => e.fact).join(' ')).toMatch(/a guess by vocabulary/);
    expect(top('Provider says: vision input unsupported for this deployment').category).toBe('model-capability');
    // Two vocabularies in equal measure: no guess.
    expect(top('invalid server').category).toBe('unknown');
    // A bare 400 with a vocabulary: the words decide; a phrase family is never overruled by them.
    expect(top('400 the upstream gateway lost the connection').category).toBe('server');
    expect(top('400 Incorrect API key provided, the upstream gateway said').category).toBe('auth');
  });

  it('lets the words outrank the status a provider chose: billing under a 429, capacity under a 503', () => {
    const inactive =
      "Error code: 429 - {'error': {'message': 'Your account is not active, please check your billing details on our website.', 'type': 'billing_not_active'}}";
    expect(top(inactive).category).toBe('billing');
    expect(top('503 every request returns an "at capacity error"').category).toBe('rate-limit');
    expect(top('[400 Bad Request] Multiturn chat is not enabled for models/gemini-1.0-pro-vision-latest').category).toBe(
      'model-capability',
    );
    expect(top('This model only support stream mode, please enable the stream parameter').category).toBe('model-capability');
    expect(top('400 length of prompt_tokens (163280) must be less than max_seq_len (32768).').category).toBe('context-length');
    // A parameter named after tokens is not a credential.
    expect(top('max_tokens参数非法。请检查文档。').category).toBe('request');
    expect(top('[abortWithMessage] 当前分组 svip 下对于模型 无可用渠道').category).toBe('request');
    expect(top('Please ensure that multiturn requests ends with a user role or a function response.').check).toBe('gemini-trailing-model');
  });

  it('reads thinking in the final assistant turn as a trailing turn to strip, with thinking on or off', () => {
    for (const text of [
      'messages.3: The final block in an assistant message cannot be `thinking`.',
      'messages.3: The last block of an assistant turn cannot be `redacted_thinking`.',
      'messages.5.content.0: When thinking is disabled, an `assistant` message in the final position cannot contain `thinking`.',
      // A wording no pattern knows, read by meaning.
      'the trailing assistant message must not end with a thinking block',
    ]) {
      const answer = top(text);
      expect([answer.category, answer.check, answer.rule], text).toEqual(['transcript', 'anthropic-trailing-prefill', 'prefill-strip']);
    }
    // Modified thinking in the latest turn is another constraint, with its own check.
    expect(
      top('messages.1.content.0: `thinking` or `redacted_thinking` blocks in the latest assistant message cannot be modified.').check,
    ).toBe('anthropic-thinking-modified');
  });

  it('files a plan usage cap that says when it resets under rate limits, with or without a status', () => {
    for (const text of [
      'Monthly usage limit reached. It will reset in 3 days 2 hours.',
      'Your weekly usage quota has been exhausted; it will reset on 2026-12-07.',
      'The usage cap was hit for this key. Access resets at 9:00 AM UTC.',
    ]) {
      const answer = top(text);
      expect([answer.category, answer.rule], text).toEqual(['rate-limit', undefined]);
    }
    // A connection reset is not a cap that resets.
    expect(top('upstream connect error or disconnect/reset before headers. reset reason: connection termination').category).toBe('server');
  });

  it("takes a 4xx status over a relay's server label, and reads a provider's longer numeric code as no status", () => {
    // Relays and compatible servers file every upstream failure as api_error; the 4xx says the request was refused.
    expect(top('400 {"type":"error","error":{"type":"api_error","message":"invalid params, unknown field (2013)"}}').category).toBe(
      'request',
    );
    expect(top('404 {"error":{"message":"model-x request failed (404)","type":"api_error"}}').category).toBe('request');
    // A 5xx, a timeout or a rate keeps the server label meaning what it says.
    expect(top('502 {"error":{"type":"api_error","message":"upstream failed"}}').category).toBe('server');
    expect(top('{"type":"error","error":{"type":"api_error","message":"Internal server error"}}').category).toBe('server');
    expect(readEnvelope(normalizeErrorText('{"object":"error","message":"bad value","code":40302}')).status).toBeNull();
    expect(readEnvelope('Invalid response object from API (HTTP response code was 422)').status).toBe(422);
    expect(top('{"object":"error","message":"-1 is less than the minimum of 0 - \'temperature\'","code":40302}').category).toBe('request');
  });

  it('reads the families widened after blind round 14, in wordings of their own', () => {
    const cases: [string, string, string?][] = [
      ['AccountOverdueError: 403 Forbidden', 'billing'],
      ['403 Access denied due to overdue account', 'billing'],
      ['Gemini is not available in your region unless you link a billing account first.', 'billing'],
      ['You have used up your daily quota for this model.', 'rate-limit'],
      ["You've reached your limit, resets at midnight", 'rate-limit'],
      ["The tool web_search cannot be used with reasoning.effort 'minimal'.", 'model-capability'],
      ['messages.content.type: invalid value: audio, supported values are: text, image', 'model-capability'],
      ['"auto" tool choice requires --enable-auto-tool-ch', 'model-capability'],
      ['400 "Invalid thought signature" for the call at position 3', 'transcript', 'gemini-thought-signature'],
      ['Error: "function call turn comes immediately after a user turn"', 'transcript', 'gemini-function-call-position'],
      ['A function call turn cannot be mixed with function_response parts.', 'transcript', 'gemini-function-call-position'],
      ['* contents[3].parts[0].function_response.name: Name cannot be empty.', 'transcript', 'gemini-orphan-function-response'],
      ["Item 'fc_0a1' was provided without its required 'reasoning' item", 'transcript', 'responses-orphan-reasoning'],
      ["Missing required parameter: 'input[7].summary'.", 'transcript', 'responses-orphan-reasoning'],
      ['the message at index 2 with role "user" must not be empty', 'transcript', 'completions-empty-content'],
      ['The request is missing messages[3].content', 'transcript', 'completions-empty-content'],
      ['Assistant response prefill is incompatible with the reasoning budget', 'transcript', 'completions-trailing-assistant'],
    ];
    for (const [text, category, check] of cases) {
      const answer = top(text);
      expect([answer.category, answer.check], text).toEqual([category, check]);
    }
    // A format mix-up in a content type is the request's, not a capability the model lacks.
    expect(top("Invalid value: 'text'. Supported values are: 'input_text' and 'input_image'.").category).toBe('request');
  });

  it('reads the families widened after blind round 16, in wordings of their own', () => {
    const cases: [string, string][] = [
      ['Service is temporarily unable to handle your request.', 'server'],
      ['The model foo-7b does not support parameter top_k', 'model-capability'],
      ['This model does not support the Responses API', 'model-capability'],
      ['This is not a chat model and thus not supported in the v1/chat/completions endpoint.', 'model-capability'],
      ['Please accept the license of this model before using it: gated model', 'auth'],
      ['Project `p` is not allowed to use Publisher Model `gemini-x`', 'auth'],
      ['Vertex AI API has not been used in project 42 before or it is disabled.', 'auth'],
      ['Not found the model kimi-x or Permission denied', 'request'],
      ['Could not resolve the foundation model from the provided model identifier.', 'request'],
      ["Invocation of model ID m with on-demand throughput isn't supported.", 'request'],
      ['The requested model is not supported.', 'request'],
      ['Another request is already in progress for this key', 'rate-limit'],
      ['{"message":"上一个请求仍在处理","status":10006}', 'rate-limit'],
      ['接口调用次数已达上限', 'rate-limit'],
      ['{"error":{"message":"当前分组上游负载已饱和，请稍后再试"}}', 'rate-limit'],
      ['令牌额度已用尽', 'billing'],
      ['Token allocation quota exceeded. Please increase your quota limit in the console.', 'rate-limit'],
    ];
    expectCategories(cases);
    // A model served on another API gets an action that says which way out there is.
    expect(top('This model is only supported in v1/responses and not in v1/chat/completions.').action).toBe(
      'Hygiene cannot fix this: call the model through the API it serves (chat completions, the Responses API, without streaming), or choose a model served on this one.',
    );
    // "Quota" is billing until the error documents it as a rate (a rate-limit page), and a quota of zero stays billing.
    expect(top('429 You exceeded your current quota, please check your plan and billing details.').category).toBe('billing');
    expect(
      top(
        '429 {"code":"insufficient_quota","message":"You exceeded your current quota, please check your plan and billing details. See https://example.com/error-code#token-limit"}',
      ).category,
    ).toBe('rate-limit');
    expect(
      top(
        '429 You exceeded your current quota. See https://ai.google.dev/gemini-api/docs/rate-limits. Quota exceeded for metric: free_tier_requests, limit: 0, model: x',
      ).category,
    ).toBe('billing');
    // Google's ErrorInfo reason outranks the RESOURCE_EXHAUSTED status it comes in.
    const credits = top('{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","details":[{"reason":"INSUFFICIENT_CREDITS_BALANCE"}]}}');
    expect([credits.category, credits.action]).toEqual([
      'billing',
      'Hygiene cannot fix this. Top up the balance (or link a billing account, or settle an overdue bill), or raise the budget, key or plan limit; with OpenRouter, a lower max_tokens also lowers the credit it reserves.',
    ]);
    expect(top('{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","details":[{"reason":"RATE_LIMIT_EXCEEDED"}]}}').category).toBe(
      'rate-limit',
    );
  });

  it('tells a cap that resets from a bill, and a paid plan or an account setup from a rate', () => {
    const cases: [string, string][] = [
      // A cap that names its reset time is a rate even in a spending limit's words; without one it stays a bill.
      ['Monthly limit exhausted. Your limit will reset at 2026-02-01 00:00.', 'rate-limit'],
      ["You've hit your key's monthly limit.", 'billing'],
      ['The free quota of qwen-max has been used up; continue to use it on a paid basis in the console.', 'billing'],
      ['This model requires a paid subscription.', 'billing'],
      ['Your account has not activated the model glm-x yet.', 'auth'],
      ['<title>Attention Required! | Cloudflare</title> Sorry, you have been blocked', 'auth'],
      ['The api_key client option must be set', 'auth'],
      ["Additional properties are not allowed ('seed' was unexpected)", 'request'],
      ['Your request was rejected as a result of our safety system.', 'request'],
      ['error encountered while running the model: unexpected EOF', 'server'],
      ['Invalid response body while trying to fetch https://api.x.ai/v1/chat: Premature close', 'server'],
      // Gemini's per-model quota in OpenAI's billing words, under its RESOURCE_EXHAUSTED status, is a rate.
      ['{"error":{"code":429,"message":"You exceeded your current quota.","status":"RESOURCE_EXHAUSTED"}}', 'rate-limit'],
      ['Quota gets reset at 00:00 UTC.', 'rate-limit'],
      ['Per-hour request limit exceeded.', 'rate-limit'],
      ['Your plan subscription lapsed; renew the subscription to continue.', 'billing'],
      ['The key looks invalid.', 'auth'],
      ['x-goog-api-key header missing', 'auth'],
      ['This project has been restricted.', 'auth'],
      ['The embeddings operation does not work with the specified model, chat-x.', 'model-capability'],
      ['Unavailable model: x-9', 'request'],
      ['model-x is not servable in region mars-1', 'request'],
      ['prompt tokens 70000 must not exceed the context of 65536', 'context-length'],
    ];
    expectCategories(cases);
  });

  it('reads the families widened after blind round 17, in wordings of their own', () => {
    const cases: [string, string][] = [
      // Usage bought on top of a plan is a bill; a plan window that names when it comes back is a rate.
      ['400 {"type":"invalid_request_error","message":"You have used all of your extra usage."}', 'billing'],
      ['Claim your extra usage at the settings page to keep going.', 'billing'],
      ['You are out of premium requests. Enable additional paid premium requests to continue.', 'billing'],
      ['5-hour limit reached · resets 11pm', 'rate-limit'],
      ['You have reached your weekly limit. Resets Monday at 9:00 AM.', 'rate-limit'],
      ['Your quota will reset after 2h28m5s.', 'rate-limit'],
      ['Upgrade, or wait for your allowance to renew.', 'rate-limit'],
      ['Claude AI usage limit reached|1751234400', 'rate-limit'],
      // A feature a model or an API version does not take, alone or with another one.
      [
        '{"error":{"code":400,"message":"Tool choice `required` is not supported for api version v1","status":"INVALID_ARGUMENT"}}',
        'model-capability',
      ],
      ['JSON mode with tools is not supported', 'model-capability'],
      ['response_format is not supported in combination with streaming', 'model-capability'],
      ['400 This model does not support system instructions', 'model-capability'],
      ['Structured outputs are not supported by this model', 'model-capability'],
      // A relay's label in front of a 4xx says nothing of what happened; the inner text does.
      ['Upstream error: 404 {"detail":"Deployment \'gpt-x\': Not found for account \'a1\'"}', 'request'],
      ['HTTP 404 upstream_error: engine "e-7" not found', 'request'],
      ['Upstream error: HTTP 502', 'server'],
      ['Access denied due to invalid subscription key or wrong API endpoint.', 'auth'],
      ['llama_decode: n_ctx = 4096, prompt has 5000 tokens: context shift is disabled', 'context-length'],
    ];
    expectCategories(cases);
    expectCategories([
      // Thin families hardened after round 17: each used to rest on a guess by vocabulary or on nothing.
      ["This model doesn't support the toolConfig.toolChoice.any field.", 'model-capability'],
      ["This action doesn't support the model that you provided.", 'model-capability'],
      ['"llava:7b" does not support insert', 'model-capability'],
      ['`temperature` and `top_p` cannot both be specified for this model.', 'model-capability'],
      ['Error 1101 Worker threw exception', 'server'],
      ['no healthy upstream', 'server'],
      ['Model org/x-7b is currently loading', 'server'],
      ['Error: stream ended unexpectedly', 'server'],
      ['httpx.ReadTimeout', 'server'],
      ['The caller does not have permission', 'auth'],
      ['The request signature we calculated does not match the signature you provided.', 'auth'],
      ['Unable to locate credentials', 'auth'],
      ["You didn't provide an API key.", 'auth'],
      ['{"message":"invalid api token"}', 'auth'],
      ['Quota exceeded', 'rate-limit'],
      ['The billing account for the owning project is disabled in state absent', 'billing'],
      ['The free tier is not available in your country. Please enable billing on your project.', 'billing'],
      ["You've exceeded your monthly budget.", 'billing'],
      ['token quota is not enough, token remain quota: $0.01', 'billing'],
      ['context length exceeded', 'context-length'],
      ['Number of input tokens exceeds maximum length.', 'context-length'],
      ['Request payload size exceeds the limit: 20971520 bytes.', 'context-length'],
    ]);
    // A transcript shape worded like a refused combination keeps its rule.
    expect(top('Requests ending with a model turn are not supported.').rule).toBe('prefill-strip');
  });

  it('reports the token counts of a context-length error', () => {
    expect(top('prompt is too long: 219898 tokens > 200000 maximum').explanation).toContain('219,898 tokens requested, 200,000 allowed');
  });
});

describe('error details', () => {
  it("reads message indices in every provider's notation, in the order the text names them", () => {
    expect(errorMessageIndices('messages.43.content.2: x')).toEqual([43]);
    expect(errorMessageIndices("param: 'messages.[3].role'")).toEqual([3]);
    expect(errorMessageIndices("Invalid 'input[12].id'")).toEqual([12]);
    expect(errorMessageIndices('GenerateContentRequest.contents[5].parts')).toEqual([5]);
    expect(errorMessageIndices('message[855].role')).toEqual([855]);
    expect(errorMessageIndices('tool call message at index 52')).toEqual([52]);
    expect(errorMessageIndices('(messages[10] and messages[11] in your input)')).toEqual([10, 11]);
  });

  it('reads the ids an error quotes', () => {
    expect(errorIds('immediately after: toolu_01HqfLWiAKQLsniF2fBGF2KD, toolu_01SJzDkeAZER935cpGFptTNk.')).toEqual([
      'toolu_01HqfLWiAKQLsniF2fBGF2KD',
      'toolu_01SJzDkeAZER935cpGFptTNk',
    ]);
    expect(errorIds('with call_id call_TnakLSVsqtVt5cJssAhRwMoe.')).toEqual(['call_TnakLSVsqtVt5cJssAhRwMoe']);
    expect(errorIds('Tool call id was 38f04d9ea185 but must be')).toEqual(['38f04d9ea185']);
  });

  it('normalises escaping, curly quotes and terminal borders', () => {
    expect(normalizeErrorText('⎿  API Error: 400 {\\"type\\":\\"error\\"}\n   more')).toBe('API Error: 400 {"type":"error"} more');
    expect(normalizeErrorText('“tool_use” ‘ids’ &quot;x&quot;')).toBe('"tool_use" \'ids\' "x"');
  });
});

// The explainer's reading of an error on its own: envelopes, ranking, unknown text, indices and ids.
import { describe, expect, it } from 'vitest';
import { errorIds, errorMessageIndices, explainProviderError, normalizeErrorText } from '../../../../shared/errors/match-error.js';
import { readEnvelope } from '../../../../shared/errors/envelope.js';

const top = (text: string) => explainProviderError(text)[0];

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

// Errors checked against a session: payload positions to turns, quoted ids, the catalogue's window and flags, the target's family, recorded errors.
import { describe, expect, it } from 'vitest';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { explainError, explainRecordedErrors } from '../../../../electron/host/explain.js';
import { inspect } from '../../../../electron/host/inspect.js';
import { createInspector } from '../../../../electron/host/inspector.js';
import type { ErrorExplanation } from '../../../../shared/inspection.js';
import type { Message, Target } from '../../../../shared/types.js';

const NOW = 1767225600000;
const CLAUDE: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const usage = (input = 1) => ({
  input,
  output: 1,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: input + 1,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
});
const sent = (t: Target) => ({ api: t.api, provider: t.provider, model: t.modelId });

const user = (content: string): Message => ({ role: 'user', content, timestamp: 1 });
const reply = (text: string, t: Target = CLAUDE, input = 1): Message => ({
  role: 'assistant',
  content: [{ type: 'text', text }],
  ...sent(t),
  usage: usage(input),
  stopReason: 'stop',
  timestamp: 2,
});
const calls = (id: string, t: Target = CLAUDE): Message => ({
  role: 'assistant',
  content: [{ type: 'toolCall', id, name: 'read', arguments: { path: 'a.txt' } }],
  ...sent(t),
  usage: usage(),
  stopReason: 'toolUse',
  timestamp: 2,
});
const result = (id: string): Message => ({
  role: 'toolResult',
  toolCallId: id,
  toolName: 'read',
  content: [{ type: 'text', text: 'x' }],
  isError: false,
  timestamp: 3,
});
const failed = (errorMessage: string, t: Target = CLAUDE): Message => ({
  role: 'assistant',
  content: [],
  ...sent(t),
  usage: usage(0),
  stopReason: 'error',
  errorMessage,
  timestamp: 4,
});

/** A JSONL session (one line per message, after the header line) so recorded errors have lines. */
function jsonl(messages: Message[]): string {
  const header = { type: 'session', version: 3, id: 's1', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/w' };
  const entries = messages.map((message, i) => ({
    type: 'message',
    id: `m${i}`,
    parentId: i === 0 ? null : `m${i - 1}`,
    timestamp: '2026-01-01T00:00:01.000Z',
    message,
  }));
  return `${[header, ...entries].map((e) => JSON.stringify(e)).join('\n')}\n`;
}

const run = (messages: Message[], target: Target = CLAUDE) => inspect({ text: jsonl(messages), name: 'case.jsonl' }, target, { now: NOW });
const facts = (answer: ErrorExplanation, confirmed?: boolean | null) =>
  answer.evidence.filter((e) => confirmed === undefined || e.confirmed === confirmed).map((e) => e.fact);

/** Turn 3 answers a tool call nobody made: Anthropic refuses payload message 2 (turns 2 and 3 grouped). */
const STRAY = [user('Read a.txt'), calls('toolu_01A'), result('toolu_01A'), result('toolu_01Z'), reply('done'), user('more')];
const strayError = (id: string) =>
  `messages.2.content.1: unexpected \`tool_use_id\` found in \`tool_result\` blocks: ${id}. Each \`tool_result\` block must have a corresponding \`tool_use\` block in the previous message.`;

describe('a transcript error checked against the session', () => {
  it('maps the payload position to its turn, finds the quoted id and preflight’s finding', async () => {
    const inspection = await run(STRAY);
    const [answer] = explainError(strayError('toolu_01Z'), inspection);
    expect(answer).toMatchObject({
      category: 'transcript',
      check: 'anthropic-tool-result-without-use',
      rule: 'tool-result-pairing',
      turns: [3],
    });
    expect(facts(answer, true)).toEqual(
      expect.arrayContaining([
        'Preflight finds the same defect in the original payload (hygiene removes it).',
        'toolu_01Z belongs to turn #3 (toolResult, line 5).',
        'messages[2] of the original payload is turn #2 (toolResult, line 4).',
      ]),
    );
    expect(answer.action).toMatch(/Send the replay/);
  });

  it('says when a quoted id is not in the session, and trusts the answer less', async () => {
    const inspection = await run(STRAY);
    const [found] = explainError(strayError('toolu_01Z'), inspection);
    const [missing] = explainError(strayError('toolu_01Q'), inspection);
    expect(facts(missing, false)).toContain("toolu_01Q is not in this session's original messages or payload.");
    expect(missing.confidence).toBeLessThan(found.confidence - 0.2);
  });

  it('says when a position is beyond the payload', async () => {
    const inspection = await run(STRAY);
    const [answer] = explainError(
      'messages.40: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01A',
      inspection,
    );
    expect(facts(answer, false)).toContain('messages[40]: the replay payload has only 5 entries.');
  });
});

describe('errors hygiene cannot fix, checked against the session and the catalogue', () => {
  it('compares a context-length error with the replay and the model window', async () => {
    const inspection = await run([user('hi'), reply('hello'), user('again')]);
    const [answer] = explainError('prompt is too long: 219898 tokens > 200000 maximum', inspection);
    expect(answer.category).toBe('context-length');
    expect(answer.rule).toBeUndefined();
    const all = facts(answer).join('\n');
    expect(all).toContain('claude-sonnet-4-5 accepts 200k tokens (pi-ai');
    expect(all).toMatch(/This replay is ≈ \d+ tokens/);
    // A few words against a 200k limit: the failing request was not this replay.
    expect(facts(answer, false).join('\n')).toMatch(/only 0 % of the 200k-token limit/);
  });

  it('notes a limit that is not the target model’s window', async () => {
    const inspection = await run([user('hi'), reply('hello', CLAUDE, 30000), user('again')]);
    const [answer] = explainError("This model's maximum context length is 32768 tokens. However, you requested 40000 tokens.", inspection);
    expect(facts(answer, false).join('\n')).toMatch(/The error's limit \(33k\) is not claude-sonnet-4-5's window \(200k\)/);
    expect(facts(answer).join('\n')).toContain('Turn #1 recorded 30,000 input tokens in its usage.');
  });

  it('checks a capability error against the session’s tools', async () => {
    const inspection = await run([user('Read a.txt'), calls('toolu_01A'), result('toolu_01A'), reply('done'), user('more')]);
    const [answer] = explainError('{"error":"registry.ollama.ai/library/qwen3:0.6b does not support tools"}', inspection);
    expect(answer).toMatchObject({ category: 'model-capability', turns: [1] });
    expect(facts(answer, true)).toContain('The session calls tools (1 turn with tool calls).');
    expect(facts(answer, false)).toContain('The error names the model qwen3:0.6b; the target is claude-sonnet-4-5.');
  });

  it('offers to switch target when the error is worded by another provider family', async () => {
    const inspection = await run([user('hi'), reply('hello'), user('again')]);
    const [answer] = explainError(
      '{"error":{"code":400,"message":"Please ensure that function call turn comes immediately after a user turn or after a function response turn.","status":"INVALID_ARGUMENT"}}',
      inspection,
    );
    expect(answer.check).toBe('gemini-function-call-position');
    expect(answer.switchTarget).toMatchObject({ provider: 'google', api: 'google-generative-ai' });
    expect(facts(answer, false).join('\n')).toMatch(/worded as Gemini, but the target builds Anthropic Messages payloads/);
    // Without an inspection there is nothing to compare with.
    expect(
      explainError('Please ensure that function call turn comes immediately after a user turn or after a function response turn.')[0]
        .switchTarget,
    ).toBeUndefined();
  });
});

describe('recorded errors', () => {
  const overloaded = '529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}';
  const unanswered =
    'messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: toolu_01B. Each `tool_use` block must have a corresponding `tool_result` block in the next message.';

  it('lists every failed turn with its line, grouped by answer, most frequent group first', async () => {
    const inspection = await run([
      user('go'),
      failed(overloaded),
      failed(unanswered),
      user('retry'),
      failed(overloaded),
      failed(''),
      user('once more'),
      reply('ok'),
    ]);
    const recorded = inspection.recordedErrors ?? [];
    expect(recorded.map((r) => [r.turn, r.line, r.group])).toEqual([
      [1, 3, 'rate-limit'],
      [4, 6, 'rate-limit'],
      [2, 4, 'transcript:anthropic-tool-use-without-result'],
      [5, 7, 'unknown'],
    ]);
    expect(recorded[0]).toMatchObject({
      provider: 'anthropic',
      api: 'anthropic-messages',
      model: 'claude-sonnet-4-5',
      message: overloaded,
    });
    expect(recorded[0].answers[0].category).toBe('rate-limit');
    expect(recorded[0].answers.length).toBeLessThanOrEqual(3);
    expect(recorded[3].answers[0].explanation).toMatch(/without recording an error message/);
    // The id is looked for in the session: it is not there.
    expect(facts(recorded[2].answers[0], false)).toContain("toolu_01B is not in this session's original messages or payload.");
  });

  it('judges a failed turn by the model it was sent to and offers that target', async () => {
    const gemini: Target = { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' };
    const inspection = await run([
      user('go'),
      failed('The input token count (1200293) exceeds the maximum number of tokens allowed (1048576).', gemini),
      user('again'),
    ]);
    const [error] = explainRecordedErrors(inspection);
    expect(error.answers[0].category).toBe('context-length');
    expect(facts(error.answers[0]).join('\n')).toContain('gemini-2.5-pro accepts');
    expect(error.answers[0].switchTarget).toEqual(gemini);
    expect(facts(error.answers[0]).join('\n')).toContain('Turn #1 was sent to google/gemini-2.5-pro (google-generative-ai)');
  });

  it('reach the app in the inspection summary, long messages shortened', async () => {
    const page = `<html><body>${'x'.repeat(5000)}</body></html> 502 Bad Gateway`;
    const host = createInspector({ recentFile: path.join(mkdtempSync(path.join(os.tmpdir(), 'ti-explain-')), 'recent.json') });
    const { sessionId } = await host.open({
      kind: 'text',
      name: 'r.jsonl',
      text: jsonl([user('go'), failed(page), user('again'), reply('ok')]),
    });
    const summary = await host.inspect(sessionId, CLAUDE);
    expect(summary.recordedErrors?.map((r) => [r.turn, r.line, r.group])).toEqual([[1, 3, 'server']]);
    expect(summary.recordedErrors?.[0].message).toMatch(/^<html><body>x+… \(5,042 characters\)$/);
    await host.close(sessionId);
  });

  it('is absent when nothing failed', async () => {
    expect((await run([user('hi'), reply('hello')])).recordedErrors).toBeUndefined();
  });
});

// The verdict: accepted or rejected for the target, problems grouped and most severe first, what the replay fixes, and the states that must never read as an all-clear.
import { describe, expect, it } from 'vitest';
import type { InspectionSummary, SummaryFinding } from '../../../../shared/api.js';
import type { Diagnostic } from '../../../../shared/types.js';
import { notASession, verdictOf } from '../../../../renderer/verdict/verdict-model.js';
import { summary as stubSummary } from '../stub-api.js';

const TARGET = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };

function finding(check: string, messageIndex: number | null, rule: string, turn: number | null = messageIndex): SummaryFinding {
  return {
    check,
    provider: 'anthropic',
    messageIndex,
    path: messageIndex === null ? '' : `messages[${messageIndex}]`,
    explanation: `explains ${check}`,
    rule: rule as SummaryFinding['rule'],
    typicalError: `error of ${check} at ${messageIndex}`,
    sideIndex: turn,
    turn,
  };
}

function summaryWith(preflight: Partial<InspectionSummary['preflight']>, extra: Partial<InspectionSummary> = {}): InspectionSummary {
  const base = stubSummary(TARGET);
  return {
    ...base,
    original: { ...base.original, payloadKey: 'messages' },
    replay: { ...base.replay, payloadKey: 'messages' },
    preflight: { original: [], replay: [], ...preflight },
    ...extra,
  };
}

const diag = (line: number, code: string, message: string, column = 0): Diagnostic => ({ line, column, severity: 'error', code, message });

describe('verdictOf', () => {
  it('accepts a replay with no finding, and lists what the replay fixed of the session as recorded', () => {
    const v = verdictOf(summaryWith({ original: [finding('anthropic-tool-result-without-use', 2, 'tool-result-pairing')] }));
    expect(v.state).toBe('accepted');
    expect(v.headline).toBe('Accepted');
    expect(v.detail).toBe('The replay passes every check known for anthropic / claude-sonnet-4-5.');
    expect(v.problems).toEqual([]);
    expect(v.fixed).toHaveLength(1);
    expect(v.fixed[0]).toMatchObject({
      side: 'original',
      check: 'anthropic-tool-result-without-use',
      title: 'Every tool_result must answer a tool_use of the message just before it.',
      typicalError: 'error of anthropic-tool-result-without-use at 2',
      rule: 'tool-result-pairing',
      ruleTitle: 'TOOL-RESULT-PAIRING',
      ruleFired: true,
      position: 'messages[2]',
      turn: 2,
    });
  });

  it('rejects with one problem per check, counting its places, most severe first', () => {
    const replay = [
      finding('anthropic-tool-id-format', 1, 'tool-call-id'),
      finding('anthropic-tool-id-format', 5, 'tool-call-id'),
      finding('anthropic-alternation', 7, 'turn-validation'),
    ];
    const v = verdictOf(summaryWith({ replay, original: replay }));
    expect(v.state).toBe('rejected');
    expect(v.headline).toBe('Would be rejected — 2 problems');
    expect(v.detail).toBe('anthropic / claude-sonnet-4-5 would refuse the replay (3 places).');
    // The conversation's structure before one message's ids, though the ids come first in the payload.
    expect(v.problems.map((p) => [p.check, p.severity, p.findings])).toEqual([
      ['anthropic-alternation', 1, [2]],
      ['anthropic-tool-id-format', 2, [0, 1]],
    ]);
    // The rule that fixes it did not run for this target: the panel says so.
    expect(v.problems[0].ruleFired).toBe(false);
    // A problem the session has as recorded too is not "fixed by the replay".
    expect(v.fixed).toEqual([]);
  });

  it('names a payload position in the provider’s own words and tells a made entry from a turn', () => {
    const made = finding('responses-dangling-function-call', 12, 'tool-result-pairing', null);
    const s = summaryWith({ replay: [made] });
    s.replay.payloadKey = 'input';
    const [p] = verdictOf(s).problems;
    expect([p.position, p.turn, p.made]).toEqual(['input[12]', null, true]);
  });

  it('an empty conversation is a finding, never an all-clear', () => {
    const s = summaryWith({});
    s.original = { turnCount: 0, payloadBytes: 20, payloadKey: 'messages' };
    s.replay = { turnCount: 0, payloadBytes: 20, payloadKey: 'messages' };
    const v = verdictOf(s, []);
    expect(v.state).toBe('rejected');
    expect(v.problems.map((p) => [p.check, p.severity, p.position])).toEqual([['empty-conversation', 0, 'messages[]']]);
    expect(v.problems[0].typicalError).toBe('messages: at least one message is required');
  });

  it('says it cannot tell when the replay’s request could not be built', () => {
    const s = summaryWith({});
    s.replay = { turnCount: 3, payloadBytes: null, payloadError: 'unknown api "x"' };
    const v = verdictOf(s);
    expect([v.state, v.headline]).toEqual(['unknown', 'Cannot tell']);
    expect(v.problems[0]).toMatchObject({ check: 'payload-not-built', typicalError: 'unknown api "x"', severity: 0 });
  });

  it('on a preview, says how much was read and never accepts', () => {
    const preview = { turns: 72, totalTurns: 9061, estimatedBytes: 1 };
    const clean = verdictOf(summaryWith({}, { preview }));
    expect(clean.state).toBe('partial');
    expect(clean.headline).toBe('Not known yet');
    expect(clean.detail).toBe(
      'Preview: the first 72 turns of 9,061 are read and show no problem for anthropic / claude-sonnet-4-5. The verdict comes with the whole session.',
    );
    const found = verdictOf(summaryWith({ replay: [finding('anthropic-alternation', 3, 'turn-validation')] }, { preview }));
    expect(found.headline).toBe('Would be rejected — 1 problem so far');
    expect(found.detail).toBe(
      'anthropic / claude-sonnet-4-5 would refuse the replay: found in the first 72 turns of 9,061, the rest is being read.',
    );
  });

  it('a file with no message and errors is not a session, whatever preflight says', () => {
    const s = summaryWith({});
    s.original = { turnCount: 0, payloadBytes: 20 };
    const v = verdictOf(s, [
      diag(1, 'missing-header', 'line 1: the first line is not a session header'),
      diag(1, 'entry-no-type', 'line 1: the entry has no "type"'),
    ]);
    expect(v.state).toBe('not-a-session');
    expect(v.headline).toBe('Not a session');
    expect(v.notASession).toEqual({
      reason: 'The file is JSON, but none of its lines is a session entry or a message.',
      details: ['line 1: the first line is not a session header', 'line 1: the entry has no "type"'],
      line: 1,
    });
    expect(v.damagedLines).toBe(1);
  });
});

describe('notASession', () => {
  it('tells an empty file, binary data and unreadable JSON apart', () => {
    expect(notASession([diag(1, 'empty', 'line 1: the file is empty')], 0)?.reason).toBe('The file is empty: there is no session in it.');
    expect(
      notASession(
        [diag(1, 'json-unexpected', 'line 1, column 1: unexpected byte — the line contains bytes that are not valid UTF-8', 1)],
        0,
      )?.reason,
    ).toMatch(/binary data/);
    expect(notASession([diag(2, 'binary-data', 'line 2, column 9: NUL bytes', 9)], 0)?.line).toBe(2);
    expect(notASession([diag(4, 'json-truncated', 'line 4, column 3: the JSON stops', 3)], 0)?.reason).toBe(
      'None of the file’s lines could be read as a session entry.',
    );
  });

  it('is null for a file with messages, or with no error', () => {
    expect(notASession([diag(1, 'json-truncated', 'x')], 4)).toBeNull();
    expect(notASession([], 0)).toBeNull();
  });
});

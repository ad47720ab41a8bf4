// Preflight with a checked payload: messages shared with it are skipped, and the findings stay the same as a full check's.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runPreflight, type PreflightContext } from '../../../../shared/preflight/run-preflight.js';
import type { JsonValue, Target } from '../../../../shared/types.js';

const ANTHROPIC: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
const API = 'anthropic-messages';

/**
 * Findings of a payload of `messages`, checked in full or against an already checked payload, where
 * each message is (`at`: the index of its first copy there, unless given).
 */
function findings(messages: unknown[], checked?: unknown[], at?: number[]): string[] {
  const context: PreflightContext = { target: ANTHROPIC, api: API };
  if (checked) {
    const payload = { messages: checked } as unknown as JsonValue;
    const findings = runPreflight(payload, { target: ANTHROPIC, api: API });
    context.checked = { payload, api: API, findings, at: Int32Array.from(at ?? messages.map((m) => checked.indexOf(m))) };
  }
  return runPreflight({ messages } as unknown as JsonValue, context).map((f) => `${f.check}@${f.messageIndex} ${f.path} ${f.explanation}`);
}

const user = (text: string) => ({ role: 'user', content: text });
const calls = (...ids: string[]) => ({ role: 'assistant', content: ids.map((id) => ({ type: 'tool_use', id, name: 'read', input: {} })) });
const results = (...ids: string[]) => ({
  role: 'user',
  content: ids.map((id) => ({ type: 'tool_result', tool_use_id: id, content: 'ok' })),
});
const says = (text: string) => ({ role: 'assistant', content: [{ type: 'text', text }] });

describe('preflight against a checked payload', () => {
  it('finds what a full check finds when shared messages get new neighbours', () => {
    const call = calls('toolu_1');
    const answer = results('toolu_1');
    const original = [user('hi'), call, answer, says('done'), user('more'), says('ok')];
    // The answer is dropped after the call, the call is now last, a stray result follows a shared user turn.
    const replay = [original[0], call, original[3], original[4], results('toolu_9'), says(' ')];
    expect(findings(replay, original)).toEqual(findings(replay));
    expect(findings(replay, original).map((f) => f.split(' ')[0])).toEqual([
      'anthropic-tool-use-without-result@1',
      'anthropic-alternation@2',
      'anthropic-tool-result-without-use@4',
      'anthropic-blank-text@5',
    ]);
  });

  it('reads the tool_use ids of a skipped message for the next one', () => {
    const original = [user('hi'), calls('toolu_1'), results('toolu_1', 'toolu_3'), says('done')];
    // The call is skipped (same neighbours); its results are checked (a new message after them).
    const replay = [...original.slice(0, 3), user('more')];
    expect(findings(replay, original)).toEqual(findings(replay));
    expect(findings(replay).map((f) => f.split(' ')[0])).toEqual(['anthropic-tool-result-without-use@2']);
  });

  it('finds the same as a full check on any edit of a checked payload', () => {
    const message = fc.oneof(
      fc.constantFrom('a', ' ', '').map(user),
      fc.constantFrom('ok', '').map(says),
      fc.subarray(['toolu_1', 'toolu_2', 'bad id'], { minLength: 1 }).map((ids) => calls(...ids)),
      fc.subarray(['toolu_1', 'toolu_2', 'toolu_3'], { minLength: 1 }).map((ids) => results(...ids)),
      fc.constant({ role: 'assistant', content: [{ type: 'thinking', thinking: 'x', signature: '' }] }),
      fc.constant({ role: 'user', content: [] }),
      fc.constant('not a message'),
    );
    // A replay: runs of original messages kept (as the same objects) or dropped, new ones in between.
    const edit = fc.array(fc.oneof(fc.tuple(fc.nat(), fc.nat({ max: 6 })), message), { maxLength: 8 });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 12 }), edit, (original, steps) => {
        const replay = steps.flatMap((step) => (Array.isArray(step) ? original.slice(step[0] % 12, (step[0] % 12) + step[1]) : [step]));
        expect(findings(replay, original)).toEqual(findings(replay));
      }),
      { numRuns: 2000 },
    );
  });

  it('finds the same as a full check whatever the hint of where each message is says', () => {
    const original = [user('hi'), calls('toolu_1'), results('toolu_1'), says('done'), user('more'), says('ok')];
    const replay = [...original.slice(0, 3), user('more'), ...original.slice(4)];
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1, max: 8 }), { minLength: replay.length, maxLength: replay.length }), (at) => {
        expect(findings(replay, original, at)).toEqual(findings(replay));
      }),
    );
  });
});

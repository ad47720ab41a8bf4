// The CLI's words for explained errors: grouping, long lists cut short, control characters shown as escapes.
import { describe, expect, it } from 'vitest';
import { explanationLines, recordedErrorLines } from '../../../../electron/cli/error-report.js';
import type { ErrorExplanation, RecordedError } from '../../../../shared/inspection.js';

const rateLimit: ErrorExplanation = {
  category: 'rate-limit',
  confidence: 0.9,
  explanation: 'The provider is throttling.',
  action: 'Hygiene cannot fix this. Retry later.',
  turns: [],
  evidence: [{ fact: 'The error says HTTP status 429.', confirmed: null }],
};
const recorded = (turn: number, message: string, answers: ErrorExplanation[] = [rateLimit]): RecordedError => ({
  turn,
  line: turn + 2,
  message,
  answers,
  group: answers[0] ? answers[0].category : 'unknown',
});

describe('recordedErrorLines', () => {
  it('says when nothing failed', () => {
    expect(recordedErrorLines(undefined)).toEqual(['recorded errors: none (no turn failed with an error)']);
  });

  it('groups errors, lists at most twelve turns and shows control characters as escapes', () => {
    const errors = Array.from({ length: 14 }, (_, i) => recorded(i, i === 0 ? '429 \u001b[31mslow down\u001b[0m' : '429'));
    errors.push(recorded(20, '', []));
    const lines = recordedErrorLines(errors);
    expect(lines[0]).toBe('recorded errors: this session recorded 15 provider errors (2 kinds)');
    expect(lines[1]).toBe(
      '  14 × rate limit or overload — turn #0, turn #1, turn #2, turn #3, turn #4, turn #5, turn #6, turn #7, turn #8, turn #9, turn #10, turn #11, … (2 more) (lines 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, … (2 more))',
    );
    expect(lines[2]).toBe('      "429 \\x1b[31mslow down\\x1b[0m"');
    expect(lines).toContain('  1 × unknown — turn #20 (line 22)');
    expect(lines).toContain('      "(no error message)"');
    expect(lines.join('\n')).not.toContain('\u001b');
  });
});

describe('explanationLines', () => {
  it('prints each answer with what to do, its evidence and the target to check it with', () => {
    const lines = explanationLines([
      {
        ...rateLimit,
        category: 'transcript',
        check: 'gemini-function-call-position',
        rule: 'turn-ordering',
        turns: [3],
        evidence: [{ fact: 'Worded as Gemini.', confirmed: false }],
        switchTarget: { provider: 'google', api: 'google-generative-ai', modelId: 'gemini-2.5-pro' },
      },
    ]);
    expect(lines).toEqual([
      'error explanation:',
      '  90% transcript shape: gemini-function-call-position (rule turn-ordering)',
      '      The provider is throttling.',
      '      what to do: Hygiene cannot fix this. Retry later.',
      '      ✗ Worded as Gemini.',
      '      at turn #3',
      '      to check it, inspect for that target: --provider google --api google-generative-ai --model gemini-2.5-pro',
    ]);
  });
});

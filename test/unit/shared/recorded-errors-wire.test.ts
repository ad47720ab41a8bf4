// An inspection summary's recorded errors packed for the web mode's wire, and unpacked by the page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ErrorExplanation, RecordedError } from '../../../shared/inspection.js';
import { packRecordedErrors, resultForWire, resultFromWire, unpackRecordedErrors } from '../../../shared/recorded-errors-wire.js';

const overloaded: ErrorExplanation[] = [
  {
    category: 'rate-limit',
    confidence: 0.97,
    explanation: 'The provider is overloaded.',
    action: 'Retry later.',
    turns: [],
    evidence: [{ fact: 'The error says HTTP status 529.', confirmed: null }],
  },
];
const pairing: ErrorExplanation[] = [
  {
    category: 'transcript',
    check: 'tool-result-pairing',
    rule: 'tool-result-pairing',
    confidence: 0.9,
    explanation: 'A tool call has no result.',
    action: 'Hygiene adds one.',
    turns: [4],
    evidence: [],
  },
];

function recorded(turn: number, message: string, answers: ErrorExplanation[], extra: Partial<RecordedError> = {}): RecordedError {
  return {
    turn,
    line: turn + 2,
    message,
    provider: 'anthropic',
    api: 'anthropic-messages',
    model: 'claude-sonnet-4-5',
    answers,
    group: answers[0].category,
    ...extra,
  };
}

/** Many errors sharing two lists of answers, as a session that failed again and again records them. */
function manyErrors(count: number): RecordedError[] {
  return Array.from({ length: count }, (_, i) =>
    i % 5 === 0 ? recorded(i, 'tool_use ids were found without tool_result blocks', pairing) : recorded(i, '529 overloaded', overloaded),
  );
}

describe('packRecordedErrors and unpackRecordedErrors', () => {
  it('give back the same errors, members in their order, sharing their answers again', () => {
    const errors = [...manyErrors(40), recorded(99, '', overloaded, { line: null, provider: undefined })];
    delete errors[40].provider;
    const back = unpackRecordedErrors(JSON.parse(JSON.stringify(packRecordedErrors(errors))));
    expect(back).toEqual(errors);
    // Same members in the same order: the JSON written again is byte for byte the original's.
    expect(JSON.stringify(back)).toBe(JSON.stringify(errors));
    expect(back[1].answers).toBe(back[2].answers);
    expect(back[0].answers).toBe(back[5].answers);
    expect(back[0].answers).not.toBe(back[1].answers);
  });

  it('write each list of answers and each message once', () => {
    const errors = manyErrors(1000);
    const packed = packRecordedErrors(errors);
    expect(packed.answers).toHaveLength(2);
    expect(packed.messages).toEqual(['tool_use ids were found without tool_result blocks', '529 overloaded']);
    // No more than the errors without their answers and messages, plus each list and message once.
    const bare = errors.map(({ turn, line, provider, api, model, group }) => ({
      turn,
      line,
      provider,
      api,
      model,
      group,
      message: 0,
      answers: 0,
    }));
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(bare).length + 1000);
  });

  it('keep errors whose answers are equal but not shared as they are', () => {
    const errors = [recorded(1, 'a', structuredClone(overloaded)), recorded(2, 'a', structuredClone(overloaded))];
    const packed = packRecordedErrors(errors);
    expect(packed.answers).toHaveLength(2);
    expect(unpackRecordedErrors(JSON.parse(JSON.stringify(packed)))).toEqual(errors);
  });

  it('give back any list of recorded errors', () => {
    const answers = fc.array(
      fc.record({
        category: fc.constantFrom('transcript', 'rate-limit', 'unknown'),
        confidence: fc.double({ min: 0, max: 1, noNaN: true }),
        explanation: fc.string(),
        action: fc.string(),
        turns: fc.array(fc.nat()),
        evidence: fc.array(fc.record({ fact: fc.string(), confirmed: fc.constantFrom(true, false, null) })),
      }),
      { minLength: 1, maxLength: 3 },
    ) as fc.Arbitrary<ErrorExplanation[]>;
    fc.assert(
      fc.property(
        fc.array(answers, { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.string(), fc.nat()), { maxLength: 30 }),
        (pool, picks) => {
          const errors = picks.map(([turn, message, pick]) => recorded(turn, message, pool[pick % pool.length]));
          const back = unpackRecordedErrors(JSON.parse(JSON.stringify(packRecordedErrors(errors))));
          return JSON.stringify(back) === JSON.stringify(errors);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuse a packing that is not one, saying which error is wrong', () => {
    expect(() => unpackRecordedErrors([recorded(1, 'a', overloaded)])).toThrow(
      'the recorded errors came packed in a form this page does not read',
    );
    expect(() => unpackRecordedErrors(null)).toThrow('the recorded errors came packed in a form this page does not read');
    const packed = JSON.parse(JSON.stringify(packRecordedErrors(manyErrors(3))));
    packed.errors[2].answers = 7;
    expect(() => unpackRecordedErrors(packed)).toThrow('recorded error 3 names answers or a message that its packing does not have');
    packed.errors[2].answers = 0;
    packed.errors[1].message = 'inline';
    expect(() => unpackRecordedErrors(packed)).toThrow('recorded error 2 names answers or a message that its packing does not have');
  });
});

describe('resultForWire and resultFromWire', () => {
  const summary = { inspectionId: 'I1', annotations: [], recordedErrors: manyErrors(12), elapsedMs: 3 };

  it('pack the recorded errors of the summaries inspect and preview give, and give them back', () => {
    for (const method of ['inspect', 'preview']) {
      const wire = JSON.parse(JSON.stringify(resultForWire(method, summary)));
      expect(Array.isArray(wire.recordedErrors)).toBe(false);
      expect(Object.keys(wire)).toEqual(Object.keys(summary));
      expect(resultFromWire(method, wire)).toEqual(summary);
    }
  });

  it('leave every other result as it is: other methods, a null preview, a summary without errors', () => {
    const folderRow = { file: 'a.jsonl', recordedErrors: 3 };
    expect(resultForWire('scanFolder', folderRow)).toBe(folderRow);
    expect(resultFromWire('scanFolder', folderRow)).toBe(folderRow);
    expect(resultForWire('getTurns', summary)).toBe(summary);
    expect(resultForWire('preview', null)).toBeNull();
    expect(resultFromWire('preview', null)).toBeNull();
    const clean = { inspectionId: 'I2', annotations: [] };
    expect(resultForWire('inspect', clean)).toBe(clean);
    expect(resultFromWire('inspect', clean)).toBe(clean);
  });
});

/** Gemini constraints on a payload's `contents`: what the API refuses, checked before sending. */
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';

function partsOf(content: unknown): unknown[] {
  return isRecord(content) && Array.isArray(content.parts) ? content.parts : [];
}

function count(content: unknown, key: 'functionCall' | 'functionResponse'): number {
  return partsOf(content).filter((p) => isRecord(p) && key in p).length;
}

/** Run the Gemini checks. */
export function geminiChecks(list: readonly JsonValue[]): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  list.forEach((content, i) => {
    if (!isRecord(content)) return;
    const here = `contents[${i}]`;
    const previous = list[i - 1];
    const calls = count(content, 'functionCall');
    const responses = count(content, 'functionResponse');
    if (i === 0 && content.role !== 'user') {
      if (calls > 0)
        out.push(
          finding(
            'gemini-function-call-position',
            { index: 0, path: here },
            'The conversation starts with a function-call turn; Gemini needs a user turn before it.',
          ),
        );
      else
        out.push(
          finding(
            'gemini-first-user',
            { index: 0, path: here },
            `The first content is a ${String(content.role)} turn; Gemini needs the conversation to start with the user.`,
          ),
        );
    }
    if (content.role === 'model' && isRecord(previous) && previous.role === 'model') {
      out.push(
        finding(
          calls > 0 ? 'gemini-function-call-position' : 'gemini-alternation',
          { index: i, path: here },
          `contents[${i - 1}] and contents[${i}] are both model turns.`,
        ),
      );
    }
    if (partsOf(content).length === 0)
      out.push(finding('gemini-empty-parts', { index: i, path: `${here}.parts` }, `contents[${i}] has no parts.`));
    if (responses > 0) {
      const previousCalls = count(previous, 'functionCall');
      if (!isRecord(previous) || previous.role !== 'model' || previousCalls === 0) {
        out.push(
          finding(
            'gemini-orphan-function-response',
            { index: i, path: here },
            `contents[${i}] holds ${responses} function response(s) but the turn before it calls no function.`,
          ),
        );
      } else if (previousCalls !== responses) {
        out.push(
          finding(
            'gemini-function-response-count',
            { index: i, path: here },
            `contents[${i - 1}] makes ${previousCalls} function call(s), contents[${i}] answers ${responses}.`,
          ),
        );
      }
    }
    if (calls > 0 && i + 1 < list.length && count(list[i + 1], 'functionResponse') === 0) {
      out.push(
        finding(
          'gemini-function-response-count',
          { index: i, path: here },
          `contents[${i}] makes ${calls} function call(s) but contents[${i + 1}] answers none.`,
        ),
      );
    }
  });
  return out;
}

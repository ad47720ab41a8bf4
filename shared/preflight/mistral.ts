/** Mistral constraints: 9-character alphanumeric tool-call ids and one answer per call (whatever gateway serves the model). */
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';
import { callIdsOf, dialectOf, toolPairingChecks } from './openai-completions.js';

const STRICT9 = /^[a-zA-Z0-9]{9}$/;

/**
 * Tool-call ids, on a Mistral payload or a Chat Completions payload for a Mistral model (the same
 * validator sits behind Mistral models on vLLM, OpenRouter and local servers).
 */
export function mistralIdChecks(list: readonly JsonValue[], mistralDialect: boolean): PreflightFinding[] {
  const dialect = dialectOf(mistralDialect);
  const out: PreflightFinding[] = [];
  list.forEach((message, i) => {
    if (!isRecord(message)) return;
    callIdsOf(message, dialect).forEach((id, k) => {
      if (!STRICT9.test(id))
        out.push(
          finding(
            'mistral-tool-call-id',
            { index: i, path: `messages[${i}].${dialect.toolCalls}[${k}].id`, ids: id },
            `Tool-call id ${JSON.stringify(id)} is not 9 letters or digits.`,
          ),
        );
    });
    const answered = message.role === 'tool' ? message[dialect.toolCallId] : undefined;
    if (typeof answered === 'string' && !STRICT9.test(answered)) {
      out.push(
        finding(
          'mistral-tool-call-id',
          { index: i, path: `messages[${i}].${dialect.toolCallId}`, ids: answered },
          `Tool message id ${JSON.stringify(answered)} is not 9 letters or digits.`,
        ),
      );
    }
  });
  return out;
}

/** Run the checks of a `mistral-conversations` payload. */
export function mistralChecks(list: readonly JsonValue[]): PreflightFinding[] {
  return [
    ...mistralIdChecks(list, true),
    ...toolPairingChecks(list, dialectOf(true), { orphan: 'mistral-tool-result-count', missing: 'mistral-tool-result-count' }),
  ];
}

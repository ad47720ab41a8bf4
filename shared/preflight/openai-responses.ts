/** OpenAI Responses constraints on a payload's `input` items: what the API refuses, checked before sending. */
import type { PreflightFinding } from '../inspection.js';
import { isRecord } from '../messages.js';
import type { JsonValue } from '../types.js';
import { finding } from './finding.js';

const MAX_CALL_ID = 64;

/** Run the OpenAI Responses checks (also Codex and Azure Responses). */
export function responsesChecks(list: readonly JsonValue[]): PreflightFinding[] {
  const out: PreflightFinding[] = [];
  // Where the last output of each call id is: a call is answered when one comes after it. (A list of
  // every output's position, copied at each output and searched for each call, was quadratic in the
  // calls sharing an id: 16 s for 40,000 calls of one id.)
  const lastOutputAt = new Map<string, number>();
  list.forEach((item, i) => {
    if (isRecord(item) && item.type === 'function_call_output' && typeof item.call_id === 'string') lastOutputAt.set(item.call_id, i);
  });
  const calledBefore = new Set<string>();
  list.forEach((item, i) => {
    if (!isRecord(item)) return;
    const here = `input[${i}]`;
    if (item.type === 'function_call') {
      const callId = typeof item.call_id === 'string' ? item.call_id : '';
      if (typeof item.id === 'string' && !item.id.startsWith('fc'))
        out.push(
          finding(
            'responses-function-call-id',
            { index: i, path: `${here}.id`, ids: item.id },
            `function_call item id ${JSON.stringify(item.id)} does not begin with "fc".`,
          ),
        );
      if (callId.length > MAX_CALL_ID)
        out.push(
          finding(
            'responses-call-id-length',
            { index: i, path: `${here}.call_id`, ids: String(callId.length) },
            `call_id is ${callId.length} characters long (at most ${MAX_CALL_ID}).`,
          ),
        );
      if (!((lastOutputAt.get(callId) ?? -1) > i))
        out.push(
          finding(
            'responses-dangling-function-call',
            { index: i, path: here, ids: callId },
            `function_call ${callId || '(no call_id)'} has no function_call_output after it.`,
          ),
        );
      calledBefore.add(callId);
    } else if (item.type === 'function_call_output') {
      const callId = typeof item.call_id === 'string' ? item.call_id : '';
      if (!calledBefore.has(callId))
        out.push(
          finding(
            'responses-orphan-output',
            { index: i, path: here, ids: callId },
            `function_call_output ${callId || '(no call_id)'} answers no earlier function_call.`,
          ),
        );
      if (callId.length > MAX_CALL_ID)
        out.push(
          finding(
            'responses-call-id-length',
            { index: i, path: `${here}.call_id`, ids: String(callId.length) },
            `call_id is ${callId.length} characters long (at most ${MAX_CALL_ID}).`,
          ),
        );
    } else if (item.type === 'reasoning') {
      const id = typeof item.id === 'string' ? item.id : '';
      if (id !== '' && !id.startsWith('rs'))
        out.push(
          finding(
            'responses-reasoning-id',
            { index: i, path: `${here}.id`, ids: id },
            `reasoning item id ${JSON.stringify(id)} does not begin with "rs".`,
          ),
        );
      // Consecutive reasoning items of one turn share the item that follows them.
      let k = i + 1;
      while (isRecord(list[k]) && (list[k] as Record<string, unknown>).type === 'reasoning') k += 1;
      const next = list[k];
      const followed =
        isRecord(next) &&
        (next.type === 'function_call' ||
          (next.type === 'message' && next.role === 'assistant') ||
          (next.type === undefined && next.role === 'assistant'));
      if (!followed)
        out.push(
          finding(
            'responses-orphan-reasoning',
            { index: i, path: here, ids: id || '(no id)' },
            `reasoning item ${id || '(no id)'} is not followed by the message or function_call it produced.`,
          ),
        );
    }
  });
  return out;
}

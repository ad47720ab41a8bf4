/** OpenAI Responses: every call answered right after it, no result without a call — or an error naming the turn. */
import type { Rule } from './rule.js';
import { toolResultCallId } from '../messages.js';
import { extractCalls } from './tool-result-pairing.js';

export const replayInvariantRule: Rule = {
  id: 'replay-invariant',
  title: 'OpenAI Responses replay invariant',
  explanation:
    'OpenAI Responses fails a request whose function_call has no function_call_output ("No tool output found for function call call_…") or whose output answers no call. After pairing repair this should always hold; the check walks the replay and, if a call is left dangling or a result is orphaned, reports it the way OpenClaw does ("invalid_replay_transcript: OpenAI Responses replay contains dangling_tool_call toolCallId=… at message index …") on the turn it names, so the cause is visible instead of a provider 400. It changes nothing.',
  providers: 'OpenAI Responses family',
  appliesWhen: (policy) => policy.isResponsesFamily,
  apply(turns, ctx) {
    const pending = new Map<string, number>();
    const fail = (reason: string, id: string | undefined, index: number) => {
      ctx.note(
        turns[index],
        'marked',
        `invalid_replay_transcript: OpenAI Responses replay contains ${reason}${id ? ` toolCallId=${id}` : ''} at message index ${index}`,
        { decision: ctx.decisionOf('isResponsesFamily') },
      );
    };
    for (let i = 0; i < turns.length; i += 1) {
      const m = turns[i].message;
      if (pending.size > 0 && m.role !== 'toolResult') {
        const [id, index] = pending.entries().next().value as [string, number];
        fail('dangling_tool_call', id, index);
        return [...turns];
      }
      if (m.role === 'toolResult') {
        const id = toolResultCallId(m);
        if (!id || !pending.has(id)) {
          fail('orphan_tool_result', id, i);
          return [...turns];
        }
        pending.delete(id);
        continue;
      }
      if (m.role === 'assistant') for (const c of extractCalls(m)) pending.set(c.id, i);
    }
    if (pending.size > 0) {
      const [id, index] = pending.entries().next().value as [string, number];
      fail('dangling_tool_call', id, index);
    }
    return [...turns];
  },
};

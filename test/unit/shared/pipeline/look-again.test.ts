// The pipeline's shortcuts, all at once: a rule passes over a list whose checks an earlier step proved
// (paired, ids kept, calls sent as is) or whose turns' trait bits say it holds nothing for the rule.
// Each shortcut has tests of its own; here the whole pipeline, for every target and both behaviours,
// must give the same replay when it trusts nothing it learnt (`lookAgain`), on every session file
// the tests keep and on random transcripts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pipelineInput } from '../../../../shared/engine.js';
import { runPipeline } from '../../../../shared/pipeline/run-pipeline.js';
import { resolvePolicy } from '../../../../shared/policy/resolve.js';
import { BEHAVIOURS } from '../../../../shared/policy/spec-decisions.js';
import { buildContext } from '../../../../shared/session/context.js';
import { parseSession } from '../../../../shared/session/parse.js';
import type { Message, Target } from '../../../../shared/types.js';
import { NOW, USAGE } from '../../helpers/messages.js';
import { TARGETS } from '../../helpers/pipeline.js';
import { sessionFiles } from '../../helpers/session-files.js';
import { rng, transcript } from '../../helpers/transcripts.js';

/** Check that the replay of a session's text for a target is the same when the run trusts nothing it learnt; its annotation count. */
async function compare(text: string, target: Target, behaviour: (typeof BEHAVIOURS)[number], label: string): Promise<number> {
  const context = buildContext(parseSession(text));
  const input = pipelineInput(context, target, resolvePolicy(target, behaviour), { now: NOW });
  const trusting = await runPipeline(context.messages, input);
  const looking = await runPipeline(context.messages, { ...input, lookAgain: true });
  expect(trusting.messages, label).toEqual(looking.messages);
  expect(trusting.origins, label).toEqual(looking.origins);
  expect(trusting.annotations, label).toEqual(looking.annotations);
  expect(trusting.sessionAppends, label).toEqual(looking.sessionAppends);
  return trusting.annotations.length;
}

// ---- transcripts with the odd tool-call shapes the proofs are about -----------------------------

const ROUTES = [
  { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' },
  { api: 'openai-responses', provider: 'openai', model: 'gpt-5' },
  { api: 'google-generative-ai', provider: 'google', model: 'gemini-2.5-pro' },
];
/** Ids in and out of each API's form: padded, empty, with a pipe, Anthropic's and OpenAI's own, shared between turns. */
const id = fc.constantFrom('call_1', 'call_2', 'toolu_01abc', 'toolu_01abd', 'call 3', ' call_1', 'call_1 ', 'call|x', 'fc_1|abc', '', 'x');
const name = fc.constantFrom('read', 'exec', ' read ', '', 'read-file', 'a.b');
const blankOrText = fc.constantFrom('text', 'more text', '', '  ', '[stream error]');

/** A tool call: the type OpenClaw reads it as, its id, name and input in the forms writers use. */
const call = fc
  .record({
    type: fc.constantFrom('toolCall', 'toolCall', 'toolCall', 'toolUse', 'functionCall', 'tool_use'),
    id,
    name,
    input: fc.constantFrom('arguments', 'arguments', 'input', 'none', 'partialJson'),
    callId: fc.option(id, { freq: 4 }),
  })
  .map(({ type, id: callId, name: toolName, input, callId: extraId }) => {
    const block: Record<string, unknown> = { type, id: callId, name: toolName };
    if (input === 'arguments') block.arguments = { path: 'a' };
    if (input === 'input') block.input = { path: 'a' };
    if (input === 'partialJson') block.partialJson = '{"path":';
    if (extraId !== null) block.call_id = extraId;
    return block;
  });

const thinkingBlock = fc.constantFrom<Record<string, unknown>>(
  { type: 'thinking', thinking: 'plan', thinkingSignature: 'EqQB' },
  { type: 'thinking', thinking: 'plan' },
  { type: 'thinking', thinking: '', thinkingSignature: 'EqQB' },
  { type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'enc', redacted: true },
  { type: 'redacted_thinking', data: 'enc' },
);

const assistant = fc
  .record({
    thinking: fc.array(thinkingBlock, { maxLength: 2 }),
    texts: fc.array(blankOrText, { maxLength: 2 }),
    calls: fc.array(call, { maxLength: 3 }),
    odd: fc.constantFrom<unknown[]>(
      [],
      [],
      [],
      [null],
      [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }],
      [{ text: 'no type' }],
    ),
    stop: fc.constantFrom('toolUse', 'stop', 'error', 'aborted', 'length', 'none'),
    route: fc.constantFrom(...ROUTES),
    usage: fc.boolean(),
  })
  .map(({ thinking, texts, calls, odd, stop, route, usage }): Message[] => {
    const content = [...thinking, ...texts.map((t) => ({ type: 'text', text: t })), ...odd, ...calls];
    const turn: Message = { role: 'assistant', content, ...(stop === 'none' ? {} : { stopReason: stop }), ...route, timestamp: NOW - 1000 };
    if (usage) turn.usage = USAGE;
    return [turn];
  });

/** A result naming its call in one field or several, pi's own or another writer's. */
const result = fc
  .record({
    id,
    field: fc.constantFrom('toolCallId', 'toolCallId', 'toolCallId', 'toolUseId', 'call_id', 'tool_call_id', 'both'),
    other: id,
    content: fc.constantFrom<unknown>([{ type: 'text', text: 'ok' }], [{ type: 'text', text: '' }], [], 'plain string', [
      { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
    ]),
    isError: fc.boolean(),
    details: fc.boolean(),
    name: fc.option(name, { freq: 3 }),
  })
  .map(({ id: resultId, field, other, content, isError, details, name: toolName }): Message[] => {
    const turn: Message = { role: 'toolResult', content, isError, timestamp: NOW - 500 };
    if (field === 'both') {
      turn.toolCallId = resultId;
      turn.call_id = other;
    } else turn[field] = resultId;
    if (toolName !== null) turn.toolName = toolName;
    if (details) turn.details = { exitCode: 0 };
    return [turn];
  });

/** An assistant turn with calls, then results for them: in order, some missing, moved, repeated or answering another id. */
const frame = fc
  .record({
    turn: assistant,
    order: fc.constantFrom(
      'in-order',
      'in-order',
      'reversed',
      'drop-first',
      'twice',
      'after-user',
      'cross-named',
      'cross-named',
      'cross-named',
    ),
  })
  .chain(({ turn, order }) => {
    const calls = (turn[0].content as Record<string, unknown>[]).filter((b) => b && typeof b === 'object' && 'name' in b);
    return fc.array(result, { minLength: calls.length, maxLength: calls.length }).map((results) => {
      // Each result names its call in the field it uses (a second field, when it has one, names what it drew).
      const answers = results.map(([r], k) => {
        const field = ['toolCallId', 'toolUseId', 'call_id', 'tool_call_id'].find((f) => f in r)!;
        const answer = { ...r, [field]: calls[k].id } as Message;
        // Two fields, the second naming the next call of the turn (writers disagree on which field wins).
        if ((order === 'cross-named' || (field === 'toolCallId' && 'call_id' in r)) && calls.length > 1) {
          answer[field] = calls[k].id;
          answer.call_id = calls[(k + 1) % calls.length].id;
          if (field === 'call_id') answer.toolCallId = calls[k].id;
        }
        return answer;
      });
      const ordered =
        order === 'reversed'
          ? answers.reverse()
          : order === 'drop-first'
            ? answers.slice(1)
            : order === 'twice'
              ? [...answers, ...answers.slice(0, 1)]
              : answers;
      return order === 'after-user'
        ? [...turn, { role: 'user', content: 'wait', timestamp: NOW - 400 } as Message, ...ordered]
        : [...turn, ...ordered];
    });
  });

const other = fc.constantFrom<Message[]>(
  [{ role: 'user', content: 'go', timestamp: NOW - 2000 }],
  [{ role: 'user', content: [{ type: 'text', text: '' }], timestamp: NOW - 2000 }],
  [{ role: 'user', content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }], timestamp: NOW - 2000 }],
  [{ role: 'branchSummary', summary: 'a branch', timestamp: NOW - 2000 }],
  [{ role: 'compactionSummary', summary: 'earlier', tokensBefore: 10, timestamp: NOW - 2000 }],
  [{ role: 'custom', content: 'hook output', timestamp: NOW - 2000 }],
  [{ role: 'bashExecution', command: 'ls', output: 'a', exitCode: 0, timestamp: NOW - 2000 }],
  [{ role: 'tool', toolCallId: 'call_1', content: 'legacy' }],
  [{ content: 'no role' } as Message],
);

const oddTranscript = fc
  .array(
    fc.oneof(
      { weight: 4, arbitrary: frame },
      { weight: 2, arbitrary: assistant },
      { weight: 2, arbitrary: result },
      { weight: 3, arbitrary: other },
    ),
    { maxLength: 12 },
  )
  .map((parts) => parts.flat());

describe('the pipeline trusting what it proved gives the replay of looking again', () => {
  it('on every session file the tests keep, for every target and behaviour', async () => {
    const files = sessionFiles();
    // The folders are all read: a moved folder must not make this test pass on nothing.
    expect(files.length).toBeGreaterThan(200);
    let annotated = 0;
    for (const { name, text } of files)
      for (const [key, target] of Object.entries(TARGETS))
        for (const behaviour of BEHAVIOURS)
          if ((await compare(text, target, behaviour, `${name}, ${key}, ${behaviour}`)) > 0) annotated += 1;
    // Most replays change something, so the rules after a change ran on lists a rule had made.
    expect(annotated).toBeGreaterThan(files.length * 10);
  }, 120_000);

  it('on random transcripts, for every target and behaviour', async () => {
    const random = rng(29);
    const options = [{}, { oneUnitIds: true }, { responses: true }, { noFailedCalls: true, wellFormed: true }];
    for (let round = 0; round < 160; round += 1) {
      const messages: Message[] = transcript(random, 2 + Math.floor(random() * 40), options[round % options.length]);
      const text = JSON.stringify(messages);
      for (const [key, target] of Object.entries(TARGETS))
        for (const behaviour of BEHAVIOURS) await compare(text, target, behaviour, `round ${round}, ${key}, ${behaviour}`);
    }
  }, 120_000);

  // Each of six guards of the proofs, removed, fails this within its 6,000 runs; LOOK_RUNS=60000 searches longer.
  it('on random transcripts of odd tool calls and results, for every target and behaviour', async () => {
    await fc.assert(
      fc.asyncProperty(
        oddTranscript,
        fc.constantFrom(...Object.values(TARGETS)),
        fc.constantFrom(...BEHAVIOURS),
        async (messages, target, behaviour) => {
          await compare(JSON.stringify(messages), target, behaviour, `${target.api}, ${behaviour}`);
        },
      ),
      { numRuns: Number(process.env.LOOK_RUNS ?? 6000) },
    );
  }, 120_000);
});

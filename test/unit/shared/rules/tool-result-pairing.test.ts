// tool-result-pairing: the cases OpenClaw's transcript-repair tests check, with the release's "frame" algorithm.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../../shared/messages.js';
import {
  answersInPlace,
  frameStarts,
  hasIdentifiedCall,
  isIdentifiedCall,
  isSyntheticResult,
} from '../../../../shared/rules/pairing-checks.js';
import type { Turn } from '../../../../shared/rules/rule.js';
import { toolResultPairingRule } from '../../../../shared/rules/tool-result-pairing.js';
import { TRAIT, traitsOf } from '../../../../shared/rules/traits.js';
import type { Message } from '../../../../shared/types.js';
import { applyRule, brief } from '../../helpers/apply-rule.js';
import { A, syntheticResult, tc, text, TR, U } from '../../helpers/messages.js';

const generic = (messages: Message[]) => applyRule(toolResultPairingRule, messages, { options: { flavour: 'generic' } });

describe('tool-result-pairing', () => {
  it('a session already paired (each call answered right after it, in call order, clean names) passes unchanged', async () => {
    const messages = [
      U('go'),
      A([tc('call_1', 'read'), tc('call_2', 'exec')], { stopReason: 'toolUse' }),
      TR('call_1', 'one'),
      TR('call_2', 'two', { toolName: 'exec' }),
      A([text('done')]),
      U('again'),
      A([tc('call_3', 'read')], { stopReason: 'toolUse' }),
      TR('call_3', 'three'),
    ];
    const run = await generic(messages);
    expect(run.messages).toEqual(messages);
    run.messages.forEach((m, i) => expect(m).toBe(messages[i]));
    expect(run.origins).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(run.annotations).toEqual([]);
  });

  it('near misses of an already paired session still go through the repair: results out of call order, a name or id to trim', async () => {
    const assistant = A([tc('call_1', 'read'), tc('call_2', 'exec')], { stopReason: 'toolUse' });
    const second = TR('call_2', 'two', { toolName: 'exec' });
    const first = TR('call_1', 'one');
    const reordered = await generic([assistant, second, first]);
    expect(reordered.messages).toEqual([assistant, first, second]);
    expect(brief(reordered.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'moved', turn: 1, replayTurn: 2 }]);

    const call = A([tc('call_1', 'read')], { stopReason: 'toolUse' });
    const named = await generic([call, TR('call_1', 'one', { toolName: ' read ' })]);
    expect(named.messages).toEqual([call, TR('call_1', 'one')]);
    expect(brief(named.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'rewritten', turn: 1, replayTurn: 1 }]);

    const spaced = await generic([call, TR(' call_1 ', 'one')]);
    expect(spaced.messages).toEqual([call, TR('call_1', 'one')]);
    expect(brief(spaced.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'rewritten', turn: 1, replayTurn: 1 }]);
  });

  it('a missing result is synthesised, the real one moved after its call, the user turn after both', async () => {
    const assistant = A([tc('call_1', 'read'), tc('call_2', 'exec')], { stopReason: 'toolUse' });
    const user = U('user message that should come after tool use');
    const result = TR('call_2', 'ok', { toolName: 'exec' });
    const run = await generic([assistant, user, result]);
    expect(run.messages).toEqual([assistant, syntheticResult('call_1', 'read'), result, user]);
    expect(run.origins).toEqual([0, null, 2, 1]);
    expect(brief(run.annotations)).toEqual([
      { rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 1 },
      { rule: 'tool-result-pairing', action: 'moved', turn: 2, replayTurn: 2 },
      { rule: 'tool-result-pairing', action: 'moved', turn: 1, replayTurn: 3 },
    ]);
  });

  it('a second result for the same call is dropped — exactly one toolResult remains', async () => {
    const assistant = A([tc('call_1', 'read')], { stopReason: 'toolUse' });
    const first = TR('call_1', 'first');
    const user = U('ok');
    const run = await generic([assistant, first, TR('call_1', 'second'), user]);
    expect(run.messages).toEqual([assistant, first, user]);
    expect(run.messages.filter((m) => m.role === 'toolResult')).toHaveLength(1);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'dropped', turn: 2, replayTurn: null }]);
  });

  it('a duplicate result after a later assistant turn is dropped; one result for call_1 remains', async () => {
    const assistant = A([tc('call_1', 'read')], { stopReason: 'toolUse' });
    const first = TR('call_1', 'first');
    const reply = A([text('ok')]);
    const run = await generic([assistant, first, reply, TR('call_1', 'second (duplicate)')]);
    expect(run.messages).toEqual([assistant, first, reply]);
    expect(run.messages.filter((m) => m.role === 'toolResult').map((m) => m.toolCallId)).toEqual(['call_1']);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'dropped', turn: 3, replayTurn: null }]);
  });

  it('a free-floating result with no call before it is dropped as an orphan', async () => {
    const user = U('hello');
    const reply = A([text('ok')]);
    const run = await generic([user, TR('call_orphan', 'orphan'), reply]);
    expect(run.messages).toEqual([user, reply]);
    expect(run.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'dropped', turn: 1, replayTurn: null }]);
  });

  // OpenClaw's older single-pass algorithm kept these failed turns; the release's frame algorithm (checked
  // with the oracle) drops a failed assistant that has tool calls, with its results, and synthesises nothing.
  it('frame algorithm: an errored assistant with a tool call is dropped, no synthetic result', async () => {
    const user = U('retry');
    const run = await generic([A([tc('call_error', 'read')], { stopReason: 'error' }), user]);
    expect(run.messages).toEqual([user]);
    expect(run.messages.some((m) => m.role === 'toolResult')).toBe(false);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'dropped', turn: 0, replayTurn: null }]);
  });

  it('frame algorithm: an aborted assistant with a tool call is dropped, no synthetic result', async () => {
    const user = U('retry');
    const run = await generic([A([tc('call_aborted', 'read')], { stopReason: 'aborted' }), user]);
    expect(run.messages).toEqual([user]);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'dropped', turn: 0, replayTurn: null }]);
  });

  it('a completed toolUse turn without a result gets exactly one synthetic result for call_normal', async () => {
    const assistant = A([tc('call_normal', 'read')], { stopReason: 'toolUse' });
    const user = U('next');
    const run = await generic([assistant, user]);
    expect(run.messages).toEqual([assistant, syntheticResult('call_normal', 'read'), user]);
    const inserted = run.annotations.filter((a) => a.action === 'inserted');
    expect(inserted).toHaveLength(1);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 1 }]);
  });

  it('frame algorithm: an aborted assistant and its partial result are both dropped', async () => {
    const user = U('retry');
    const run = await generic([A([tc('call_aborted', 'read')], { stopReason: 'aborted' }), TR('call_aborted', 'partial'), user]);
    expect(run.messages).toEqual([user]);
    expect(brief(run.annotations)).toEqual([
      { rule: 'tool-result-pairing', action: 'dropped', turn: 0, replayTurn: null },
      { rule: 'tool-result-pairing', action: 'dropped', turn: 1, replayTurn: null },
    ]);
  });

  it('the Responses flavour synthesises "aborted" instead of the OpenClaw text', async () => {
    const assistant = A([tc('call_1', 'read')], { stopReason: 'toolUse' });
    const run = await applyRule(toolResultPairingRule, [assistant], { options: { flavour: 'responses' } });
    expect(run.messages).toEqual([assistant, syntheticResult('call_1', 'read', TEXT.abortedToolResult)]);
    expect(brief(run.annotations)).toEqual([{ rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 1 }]);
  });

  it('a repair keeps the frames already paired as their own turns and repairs only the broken one', async () => {
    const paired = [
      A([tc('call_1', 'read'), tc('call_2', 'exec')], { stopReason: 'toolUse' }),
      TR('call_1', 'one'),
      TR('call_2', 'two', { toolName: 'exec' }),
      U('next'),
    ];
    const broken = A([tc('call_3', 'read')], { stopReason: 'toolUse' });
    const later = [A([tc('call_4', 'read')], { stopReason: 'toolUse' }), TR('call_4', 'four')];
    const messages = [U('go'), ...paired, broken, U('interrupting'), TR('call_3', 'three'), ...later];
    const run = await generic(messages);
    expect(run.messages).toEqual([U('go'), ...paired, broken, TR('call_3', 'three'), U('interrupting'), ...later]);
    for (const i of [1, 2, 3, 4, 8, 9]) expect(run.messages[i]).toBe(messages[i]);
    expect(brief(run.annotations)).toEqual([
      { rule: 'tool-result-pairing', action: 'moved', turn: 7, replayTurn: 6 },
      { rule: 'tool-result-pairing', action: 'moved', turn: 6, replayTurn: 7 },
    ]);
  });

  it('a synthetic result in an otherwise paired frame still gives way to the real result from a later frame', async () => {
    const first = A([tc('call_1', 'read')], { stopReason: 'toolUse' });
    const second = A([tc('call_2', 'read')], { stopReason: 'toolUse' });
    const messages = [first, syntheticResult('call_1', 'read'), U('go on'), second, TR('call_2', 'two'), TR('call_1', 'late')];
    const run = await generic(messages);
    expect(run.messages).toEqual([first, TR('call_1', 'late'), U('go on'), second, TR('call_2', 'two')]);
    expect(brief(run.annotations)).toEqual([
      { rule: 'tool-result-pairing', action: 'moved', turn: 5, replayTurn: 1 },
      { rule: 'tool-result-pairing', action: 'dropped', turn: 1, replayTurn: null },
    ]);
  });

  it('a well-paired transcript is left untouched, with no annotation', async () => {
    const messages = [U('go'), A([tc('call_1', 'read')], { stopReason: 'toolUse' }), TR('call_1', 'ok'), A([text('done')])];
    const run = await generic(messages);
    expect(run.untouched).toBe(true);
    expect(run.annotations).toEqual([]);
  });

  it('the embedded flavour keeps result blocks in a user turn that answer the call before it, under any id spelling', async () => {
    const assistant = A([tc('call_1', 'read')], { stopReason: 'toolUse' });
    const answer = (fields: Record<string, unknown>) => ({ type: 'toolResult', content: 'ok', ...fields });
    const user = U([answer({ toolUseId: 'call_1' }), answer({ call_id: ' call_1 ' }), answer({ toolCallId: 'call_9' }), text('more')]);
    const run = await applyRule(toolResultPairingRule, [assistant, user], {
      policy: { validateAnthropicTurns: true },
      options: { flavour: 'embedded' },
    });
    expect(run.messages).toEqual([
      assistant,
      { ...user, content: [answer({ toolUseId: 'call_1' }), answer({ call_id: ' call_1 ' }), text('more')] },
    ]);
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'tool-result-pairing', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[2]' },
    ]);
  });

  it('the embedded flavour leaves "[tool results omitted]" in a user turn whose blocks all answer nothing', async () => {
    const user = U([{ type: 'toolResult', toolCallId: 'call_1', content: 'ok' }]);
    const run = await applyRule(toolResultPairingRule, [A([text('no calls')]), user], { options: { flavour: 'embedded' } });
    expect(run.messages[1]).toEqual({ ...user, content: [text(TEXT.toolResultsOmitted)] });
    expect(brief(run.annotations, true)).toEqual([
      { rule: 'tool-result-pairing', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' },
    ]);
  });
});

// ---- frames judged in place in the walk that finds them ------------------------------------------

/**
 * The frames read the plain way, as the repair did before it judged them in its start walk: the starts
 * first, then each frame from its start to the next one read again (the reference for `frameStarts`).
 */
function framesReadTwice(turns: readonly Turn[]): { starts: number[]; inPlace: boolean[] } {
  const starts: number[] = [];
  for (let i = 0; i < turns.length; i += 1) {
    const t = turns[i];
    if (t.traits & TRAIT.call && t.message.role === 'assistant' && hasIdentifiedCall(t.message)) starts.push(i);
  }
  const inPlace = starts.map((start, f) => {
    const end = starts[f + 1] ?? turns.length;
    const m = turns[start].message;
    if (m.stopReason === 'error' || m.stopReason === 'aborted') return false;
    let i = start + 1;
    for (const b of m.content as unknown[]) {
      if (!isIdentifiedCall(b)) continue;
      if (i >= end || !answersInPlace(turns[i], b.id) || isSyntheticResult(turns[i].message)) return false;
      i += 1;
    }
    for (; i < end; i += 1) if (turns[i].traits & TRAIT.toolResult) return false;
    return true;
  });
  return { starts, inPlace };
}

const asTurns = (messages: readonly Message[]): Turn[] =>
  messages.map((message, index) => ({ message, origin: index, key: index, traits: traitsOf(message) }));

const frameCallId = fc.constantFrom('call_1', 'call_2', 'call_3', 'call_4', ' call_1', '');
/** How a frame's results differ from answering each call in place, if they do (in about half the frames). */
const flaws = fc.oneof(
  { weight: 6, arbitrary: fc.constant('none') },
  { weight: 7, arbitrary: fc.constantFrom('drop-last', 'reverse', 'duplicate', 'synthetic', 'interrupted', 'stray-later', 'name') },
);
/** An assistant turn with calls (some without an id), then its results, in place or flawed one way. */
const anyFrame = fc
  .record({
    ids: fc.array(frameCallId, { minLength: 1, maxLength: 3 }),
    stop: fc.constantFrom('toolUse', 'toolUse', 'toolUse', 'toolUse', 'error', 'aborted'),
    lead: fc.boolean(),
    flaw: flaws,
  })
  .map(({ ids, stop, lead, flaw }): Message[] => {
    const answered = ids.filter((id) => id !== '');
    let results = answered.map((id) => TR(id, 'ok'));
    if (flaw === 'drop-last') results = results.slice(0, -1);
    if (flaw === 'reverse') results = results.reverse();
    if (flaw === 'duplicate') results = [...results, ...results.slice(-1)];
    if (flaw === 'synthetic')
      results = results.map((r, i) => (i === 0 ? { ...r, isError: true, details: { openclawSyntheticMissingToolResult: true } } : r));
    if (flaw === 'name') results = results.map((r, i) => (i === 0 ? { ...r, toolName: ' read ' } : r));
    const after =
      flaw === 'interrupted'
        ? [U('interrupting'), ...results]
        : flaw === 'stray-later'
          ? [...results, U('later'), TR('call_9', 'stray')]
          : results;
    return [A([...(lead ? [text('first')] : []), ...ids.map((id) => tc(id))], { stopReason: stop }), ...after];
  });
const between = fc.constantFrom<Message[]>(
  [U('go')],
  [A([text('prose')])],
  [A('string reply')],
  [A([tc('', 'read')], { stopReason: 'toolUse' })],
  [TR('call_1', 'loose')],
  [{ role: 'tool', toolCallId: 'call_1', content: 'legacy' }],
  [{ role: 'compactionSummary', summary: 'earlier', timestamp: 0 }],
);
const framedTranscript = fc
  .array(fc.oneof({ weight: 3, arbitrary: anyFrame }, { weight: 2, arbitrary: between }), { maxLength: 10 })
  .map((parts) => parts.flat());

describe('frameStarts', () => {
  it('finds the frames and judges them in place exactly as reading each frame again does (random transcripts)', () => {
    const judged = { inPlace: 0, repaired: 0 };
    fc.assert(
      fc.property(framedTranscript, (messages) => {
        const turns = asTurns(messages);
        const found = frameStarts(turns);
        expect(found).toEqual(framesReadTwice(turns));
        for (const kept of found.inPlace) judged[kept ? 'inPlace' : 'repaired'] += 1;
      }),
      { numRuns: 1000 },
    );
    // The generator must reach both judgements, often.
    expect(judged.inPlace).toBeGreaterThan(300);
    expect(judged.repaired).toBeGreaterThan(500);
  });

  it('keeps a frame whose results answer its calls in place, and no other', () => {
    const messages = [
      TR('call_0', 'before any call'),
      A([text('looking'), tc('call_1'), tc('call_2')], { stopReason: 'toolUse' }),
      TR('call_1', 'one'),
      TR('call_2', 'two'),
      U('next'),
      A([tc('call_3')], { stopReason: 'toolUse' }),
      TR('call_3', 'three'),
      U('later'),
      TR('call_3', 'again'),
      A([tc('call_4')], { stopReason: 'toolUse' }),
      U('interrupting'),
      TR('call_4', 'four'),
      A([tc('call_5')], { stopReason: 'error' }),
      TR('call_5', 'five'),
      A([tc('call_6')], { stopReason: 'toolUse' }),
      TR('call_6', 'six'),
    ];
    expect(frameStarts(asTurns(messages))).toEqual({ starts: [1, 5, 9, 12, 14], inPlace: [true, false, false, false, true] });
  });
});

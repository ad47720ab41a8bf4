// The whole replay pipeline per target, on the cases OpenClaw's own history-sanitising tests check.
// Expected outputs were checked against openclaw 2026.9.6 (the oracle harness, stage "outgoing"), except
// where this tool departs from it on purpose (orphan reasoning: docs/rules.md#orphan-reasoning).
import { describe, expect, it } from 'vitest';
import { TEXT } from '../../../shared/messages.js';
import type { Message } from '../../../shared/types.js';
import { brief } from '../helpers/apply-rule.js';
import { A, deepFreeze, NOW, rsSignature, syntheticResult, tc, text, thinking, TR, U, USAGE, ZERO_USAGE } from '../helpers/messages.js';
import { replay, replayWithPolicy, sessionText, TARGETS, type CustomEntry } from '../helpers/pipeline.js';

/** A synthetic result as replayed: `details` is never sent (tool-result-details). */
const replayedSynthetic = (id: string, name: string, resultText: string) => syntheticResult(id, name, resultText, false);
const snapshot = (provider: string, modelApi: string, modelId: string, timestamp: number): CustomEntry => ({
  custom: 'model-snapshot',
  data: { timestamp, provider, modelApi, modelId },
});
const mirror: Message = {
  role: 'assistant',
  content: [text('channel mirror')],
  api: 'openclaw-transcript',
  provider: 'openclaw',
  model: 'delivery-mirror',
  stopReason: 'stop',
  usage: USAGE,
};

describe("replay pipeline — the cases of OpenClaw's history-sanitising tests", () => {
  it('Responses, a tool call left without a result gets an "aborted" error result before the next assistant', async () => {
    const call = A([tc('call_1', 'image_generate')], { stopReason: 'toolUse' });
    const done = A([text('done')]);
    const r = await replay([U('generate'), call, done], TARGETS.openai);
    expect(r.messages).toEqual([U('generate'), call, replayedSynthetic('call_1', 'image_generate', TEXT.abortedToolResult), done]);
    expect(r.messages[2]).toMatchObject({ isError: true, toolName: 'image_generate', content: [text('aborted')] });
    expect(brief(r.annotations)).toEqual([
      { rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 2 },
      { rule: 'tool-result-details', action: 'rewritten', turn: null, replayTurn: 2 },
    ]);
  });

  it('Responses, a message call followed by a delivery mirror: mirror removed, "aborted" result for call_message', async () => {
    const call = A([tc('call_message|fc_message', 'message')], { stopReason: 'toolUse' });
    const r = await replay([U('send'), call, mirror, U('thanks')], TARGETS.openai);
    expect(r.messages).toEqual([
      U('send'),
      { ...call, content: [tc('call_message', 'message')] },
      replayedSynthetic('call_message', 'message', TEXT.abortedToolResult),
      U('thanks'),
    ]);
    expect(r.messages.some((m) => m.model === 'delivery-mirror')).toBe(false);
    expect(brief(r.annotations)).toEqual([
      { rule: 'assistant-normalize', action: 'dropped', turn: 2, replayTurn: null },
      { rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 2 },
      { rule: 'openai-reasoning', action: 'rewritten', turn: 1, replayTurn: 1 },
      { rule: 'openai-reasoning', action: 'rewritten', turn: null, replayTurn: 2 },
      { rule: 'tool-result-details', action: 'rewritten', turn: null, replayTurn: 2 },
    ]);
  });

  it('Responses with pairing repair disabled, a dangling call is reported as invalid_replay_transcript naming call_1', async () => {
    const messages = [U('go'), A([tc('call_1')], { stopReason: 'toolUse' }), U('next')];
    const out = await replayWithPolicy(messages, TARGETS.openai, { repairToolUseResultPairing: false });
    expect(out.messages).toEqual(messages);
    const marked = out.annotations.filter((a) => a.rule === 'replay-invariant');
    expect(brief(marked)).toEqual([{ rule: 'replay-invariant', action: 'marked', turn: 1, replayTurn: 1 }]);
    expect(marked[0].detail).toMatch(/invalid_replay_transcript.*dangling_tool_call.*call_1/);
  });

  it('Responses, three calls with one real result: [A, aborted, ok, aborted, U] and no "missing tool result" text', async () => {
    const call = A([tc('call_1', 'read'), tc('call_2', 'exec'), tc('call_3', 'write')], { stopReason: 'toolUse' });
    const ok = TR('call_2', 'ok', { toolName: 'exec' });
    const r = await replay([call, U('interrupt'), ok], TARGETS.openai);
    expect(r.messages).toEqual([
      call,
      replayedSynthetic('call_1', 'read', 'aborted'),
      ok,
      replayedSynthetic('call_3', 'write', 'aborted'),
      U('interrupt'),
    ]);
    expect(JSON.stringify(r.messages)).not.toContain('missing tool result');
    expect(brief(r.annotations)).toEqual([
      { rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 1 },
      { rule: 'tool-result-pairing', action: 'moved', turn: 2, replayTurn: 2 },
      { rule: 'tool-result-pairing', action: 'inserted', turn: null, replayTurn: 3 },
      { rule: 'tool-result-pairing', action: 'moved', turn: 1, replayTurn: 4 },
      { rule: 'tool-result-details', action: 'rewritten', turn: null, replayTurn: 1 },
      { rule: 'tool-result-details', action: 'rewritten', turn: null, replayTurn: 3 },
    ]);
  });

  it('a pending write call with allowedToolNames [read] is dropped, and the turn with it — []', async () => {
    const r = await replay([A([tc('call_1', 'write')], { stopReason: 'toolUse' })], TARGETS.openai, { allowedToolNames: ['read'] });
    expect(r.messages).toEqual([]);
    expect(brief(r.annotations)).toEqual([
      { rule: 'tool-call-input', action: 'rewritten', turn: 0, replayTurn: null },
      { rule: 'tool-call-input', action: 'dropped', turn: 0, replayTurn: null },
    ]);
  });

  it('after a model switch (anthropic → openai) reasoning is dropped, and the next turn gives the same output', async () => {
    const before = A([thinking('old reasoning', rsSignature('rs_old')), text('before switch')], { timestamp: NOW - 60_000 });
    const fromAnthropic = snapshot('anthropic', 'anthropic-messages', 'claude-opus-4-6', NOW - 120_000);
    const first = await replay(sessionText([fromAnthropic, U('hi', { timestamp: NOW - 90_000 }), before]), TARGETS.openai);
    expect(first.messages).toEqual([U('hi', { timestamp: NOW - 90_000 }), { ...before, content: [text('before switch')] }]);
    expect(brief(first.annotations)).toEqual([{ rule: 'openai-reasoning', action: 'rewritten', turn: 1, replayTurn: 1 }]);
    expect(first.appends).toEqual([
      { customType: 'model-snapshot', data: { timestamp: NOW, provider: 'openai', modelApi: 'openai-responses', modelId: 'gpt-5' } },
    ]);

    // The next turn: the snapshot OpenClaw appended is now in the file, and the user wrote again.
    const next = await replay(
      sessionText([
        fromAnthropic,
        U('hi', { timestamp: NOW - 90_000 }),
        before,
        snapshot('openai', 'openai-responses', 'gpt-5', NOW),
        U('next', { timestamp: NOW + 1000 }),
      ]),
      TARGETS.openai,
      { now: NOW + 2000 },
    );
    expect(next.messages[1]).toEqual(first.messages[1]);
    expect(brief(next.annotations)).toEqual([{ rule: 'openai-reasoning', action: 'rewritten', turn: 1, replayTurn: 1 }]);
    expect(next.appends).toEqual([]);
  });

  it('on a model switch text signatures lose the message id (phase kept) and missing usage becomes the zero snapshot', async () => {
    const sig = (id: string, phase?: string) => JSON.stringify(phase ? { v: 1, id, phase } : { v: 1, id });
    const switched: Message = {
      role: 'assistant',
      content: [
        thinking('r', rsSignature('rs_1')),
        text('plain', { textSignature: sig('msg_plain') }),
        text('commentary', { textSignature: sig('msg_commentary', 'commentary') }),
        text('answer', { textSignature: sig('msg_final', 'final_answer') }),
      ],
      stopReason: 'stop',
      timestamp: NOW - 60_000,
    };
    // A turn without reasoning keeps its signatures (as the release does).
    const noReasoning = A([text('plain', { textSignature: sig('msg_plain') }), text('legacy', { textSignature: 'msg_legacy' })], {
      timestamp: NOW - 30_000,
    });
    const r = await replay(
      sessionText([
        snapshot('anthropic', 'anthropic-messages', 'claude-opus-4-6', NOW - 120_000),
        U('hi', { timestamp: NOW - 90_000 }),
        switched,
        U('again', { timestamp: NOW - 45_000 }),
        noReasoning,
      ]),
      TARGETS.openai,
    );
    expect(r.messages[1]).toEqual({
      ...switched,
      content: [
        text('plain'),
        text('commentary', { textSignature: '{"v":1,"phase":"commentary"}' }),
        text('answer', { textSignature: '{"v":1,"phase":"final_answer"}' }),
      ],
      usage: ZERO_USAGE,
    });
    expect(r.messages[3]).toEqual(noReasoning);
    expect(brief(r.annotations, true)).toEqual([
      { rule: 'openai-reasoning', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content' },
      { rule: 'usage', action: 'rewritten', turn: 1, replayTurn: 1, path: 'usage' },
    ]);
  });

  it('google-vertex prepends "(session bootstrap)" and records the marker; vLLM prepends it without the marker', async () => {
    const google = await replay([A('hello')], { provider: 'google-vertex', api: 'google-vertex', modelId: 'gemini-2.5-pro' });
    const bootstrap = { role: 'user', content: TEXT.sessionBootstrap, timestamp: NOW };
    // The lone assistant is then a trailing prefill, which the stream-time guard removes (Gemini validation).
    expect(google.messages).toEqual([bootstrap]);
    expect(google.appends).toContainEqual({ customType: 'google-turn-ordering-bootstrap', data: { timestamp: NOW } });
    expect(brief(google.annotations)).toEqual([
      { rule: 'assistant-normalize', action: 'rewritten', turn: 0, replayTurn: null },
      { rule: 'turn-ordering', action: 'inserted', turn: null, replayTurn: 0 },
      { rule: 'prefill-strip', action: 'dropped', turn: 0, replayTurn: null },
    ]);

    const vllm = await replay([A('hello')], TARGETS.vllm);
    expect(vllm.messages).toEqual([bootstrap]);
    expect(vllm.appends.map((a) => a.customType)).toEqual(['model-snapshot']);
    expect(brief(vllm.annotations)).toContainEqual({ rule: 'turn-ordering', action: 'inserted', turn: null, replayTurn: 0 });
  });

  it('an inter-session user turn (openai-responses) is marked with its source', async () => {
    const routed = U('forwarded instruction', {
      provenance: { kind: 'inter_session', sourceSessionKey: 'agent:main:req', sourceTool: 'sessions_send' },
    });
    const r = await replay([routed], TARGETS.openai);
    expect(r.messages).toEqual([
      {
        ...routed,
        content: `[Inter-session message] sourceSession=agent:main:req sourceTool=sessions_send isUser=false\n${TEXT.interSessionExplanation}\nforwarded instruction`,
      },
    ]);
    expect(r.messages[0].content).toContain('[Inter-session message]');
    expect(r.messages[0].content).toContain('sourceSession=agent:main:req');
    expect(brief(r.annotations)).toEqual([{ rule: 'inter-session-provenance', action: 'rewritten', turn: 0, replayTurn: 0 }]);
  });

  it('usage aliases are normalised (cache_read_input_tokens → cacheRead, totalTokens summed), cost kept as is', async () => {
    const cost = { input: 0.1, output: 0.2, cacheRead: 0.01, cacheWrite: 0, total: 0.31, totalOrigin: 'provider-billed' };
    const turn = A([text('x')], { usage: { output: 3, cache_read_input_tokens: 9, cost } });
    const r = await replay([U('hi'), turn], TARGETS.unknownApi);
    expect(r.messages[1].usage).toEqual({ input: 0, output: 3, cacheRead: 9, cacheWrite: 0, totalTokens: 12, cost });
    expect(brief(r.annotations, true)).toEqual([{ rule: 'usage', action: 'rewritten', turn: 1, replayTurn: 1, path: 'usage' }]);
  });

  it('usage recorded before the latest compaction is zeroed; later usage kept', async () => {
    const T = Date.parse('2026-02-26T12:00:00.000Z');
    const fresh = { input: 500, output: 20, cacheRead: 0, cacheWrite: 0, totalTokens: 520 };
    const messages: Message[] = [
      { role: 'compactionSummary', summary: 'compressed', tokensBefore: 191919, timestamp: '2026-02-26T12:00:00.000Z' },
      A([text('old')], { usage: { input: 120000, output: 3000, cacheRead: 0, cacheWrite: 0, totalTokens: 123000 }, timestamp: T - 2000 }),
      U('after', { timestamp: T + 1000 }),
      A([text('fresh')], { usage: fresh, timestamp: T + 2000 }),
    ];
    const r = await replay(messages, TARGETS.unknownApi);
    expect(r.messages[0]).toEqual({
      role: 'user',
      content: [
        text('The conversation history before this point was compacted into the following summary:\n\n<summary>\ncompressed\n</summary>'),
      ],
      timestamp: T,
    });
    expect(r.messages.slice(1)).toEqual([{ ...messages[1], usage: ZERO_USAGE }, messages[2], messages[3]]);
    expect(brief(r.annotations, true)).toEqual([
      { rule: 'usage', action: 'rewritten', turn: 1, replayTurn: 1, path: 'usage' },
      { rule: 'summary-conversion', action: 'rewritten', turn: 0, replayTurn: 0, path: 'role' },
    ]);
  });

  it('Anthropic claude-sonnet-4-6, unsigned and blank-signed thinking leave earlier turns; the latest turn is not edited', async () => {
    const blocks = [thinking('no signature'), thinking('blank signature', '   '), thinking('signed', 'sig_old'), text('answer')];
    const first = A(blocks);
    const r = await replay([U('one'), first, U('two'), A(blocks)], {
      provider: 'anthropic',
      api: 'anthropic-messages',
      modelId: 'claude-sonnet-4-6',
    });
    expect(r.messages).toEqual([U('one'), { ...first, content: [thinking('signed', 'sig_old'), text('answer')] }, U('two')]);
    // The latest assistant is exempt from the signature strip; it ends the history, so the stream-time guard pops it as a prefill.
    expect(brief(r.annotations, true)).toEqual([
      { rule: 'thinking-signature-invalid', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' },
      { rule: 'thinking-signature-invalid', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1]' },
      { rule: 'prefill-strip', action: 'dropped', turn: 3, replayTurn: null },
    ]);
  });

  it('Anthropic claude-3-7-sonnet drops earlier thinking: an emptied turn becomes [assistant reasoning omitted]', async () => {
    const first = A([thinking('old', 'sig_old')]);
    const r = await replay([U('one'), first, U('two'), A([thinking('latest', 'sig_new'), text('final')])], {
      provider: 'anthropic',
      api: 'anthropic-messages',
      modelId: 'claude-3-7-sonnet',
    });
    expect(r.messages).toEqual([U('one'), { ...first, content: [text(TEXT.reasoningOmitted)] }, U('two')]);
    expect(brief(r.annotations)).toEqual([
      { rule: 'thinking-drop', action: 'rewritten', turn: 1, replayTurn: 1 },
      { rule: 'prefill-strip', action: 'dropped', turn: 3, replayTurn: null },
    ]);
  });

  it('vLLM Qwen (Chat Completions) drops historic reasoning and keeps the current tool turn as is', async () => {
    const first = A([thinking('why', 'reasoning_content'), text('visible')]);
    const current = A([thinking('plan', 'reasoning_content'), tc('call123456')], { stopReason: 'toolUse' });
    const result = TR('call123456', 'ok');
    const r = await replay([U('one'), first, U('two'), current, result], TARGETS.vllm);
    expect(r.messages).toEqual([U('one'), { ...first, content: [text('visible')] }, U('two'), current, result]);
    expect(brief(r.annotations)).toEqual([{ rule: 'reasoning-history', action: 'rewritten', turn: 1, replayTurn: 1 }]);
  });

  it('anthropic-vertex, a signed thinking + tool-call turn that needs a name fix is dropped whole — [U(retry)]', async () => {
    const r = await replay([U('retry'), A([thinking('plan', 'sig_1'), tc('call_1', ' read ')], { stopReason: 'toolUse' })], {
      provider: 'anthropic-vertex',
      api: 'anthropic-messages',
      modelId: 'claude-opus-4-6',
    });
    expect(r.messages).toEqual([U('retry')]);
    expect(brief(r.annotations)).toEqual([{ rule: 'tool-call-input', action: 'dropped', turn: 1, replayTurn: null }]);
  });

  it('a signed turn reusing call1 is dropped with its result — one tool-call turn, one result, no [tool calls omitted]', async () => {
    const firstCall = A([thinking('a', 'sig_1'), tc('call1')], { stopReason: 'toolUse' });
    const firstResult = TR('call1', 'first');
    const r = await replay(
      [
        U('one'),
        firstCall,
        firstResult,
        U('two'),
        A([thinking('b', 'sig_2'), tc('call1')], { stopReason: 'toolUse' }),
        TR('call1', 'second'),
      ],
      TARGETS.anthropicOpus46,
    );
    expect(r.messages).toEqual([U('one'), firstCall, firstResult, U('two')]);
    expect(JSON.stringify(r.messages)).not.toContain(TEXT.toolCallsOmitted);
    expect(brief(r.annotations)).toEqual([
      { rule: 'tool-call-input', action: 'dropped', turn: 4, replayTurn: null },
      { rule: 'tool-result-pairing', action: 'dropped', turn: 5, replayTurn: null },
    ]);
  });

  it('an earlier unsigned call_1 is renamed away from call1, which the later signed turn keeps', async () => {
    const early = A([tc('call_1')], { stopReason: 'toolUse' });
    const signed = A([thinking('b', 'sig_2'), tc('call1')], { stopReason: 'toolUse' });
    const r = await replay([U('one'), early, TR('call_1', 'first'), U('two'), signed, TR('call1', 'second')], TARGETS.anthropicOpus46);
    const earlyId = (r.messages[1].content as { id: string }[])[0].id;
    expect(earlyId).not.toBe('call1');
    expect(earlyId).toBe('call174196fe7');
    expect(r.messages).toEqual([
      U('one'),
      { ...early, content: [tc(earlyId)] },
      TR(earlyId, 'first'),
      U('two'),
      signed,
      TR('call1', 'second'),
    ]);
    expect(brief(r.annotations)).toEqual([
      { rule: 'tool-call-id', action: 'rewritten', turn: 1, replayTurn: 1 },
      { rule: 'tool-call-id', action: 'rewritten', turn: 2, replayTurn: 2 },
    ]);
  });

  it('Bedrock, once a user turn follows the latest assistant its unsigned and empty-signed thinking go', async () => {
    const latest = A([thinking('a'), thinking('b', ''), thinking('c', 'sig_bedrock'), text('answer')]);
    const expected = [U('one'), { ...latest, content: [thinking('c', 'sig_bedrock'), text('answer')] }, U('next')];
    const r = await replay([U('one'), latest, U('next')], TARGETS.bedrockOpus46);
    expect(r.messages).toEqual(expected);
    expect(brief(r.annotations, true)).toEqual([
      { rule: 'thinking-signature-invalid', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0]' },
      { rule: 'thinking-signature-invalid', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[1]' },
    ]);
    // The reference's variant: a Bedrock policy with preserveSignatures=false still strips (signed-thinking provider).
    const unpreserved = await replayWithPolicy([U('one'), latest, U('next')], TARGETS.bedrockOpus46, {
      preserveSignatures: false,
      allowProviderOwnedThinkingReplay: false,
    });
    expect(unpreserved.messages).toEqual(expected);
  });

  it('Responses orphan reasoning is dropped, as this tool decides (string and object signatures); reasoning_content is kept; idempotent', async () => {
    const kept = A([thinking('z', 'reasoning_content')]);
    const messages = [
      A([thinking('x', rsSignature('rs_abc'))]),
      U('next'),
      A([thinking('y', { id: 'rs_obj', type: 'reasoning' })]),
      U('more'),
      kept,
      U('end'),
    ];
    const r = await replay(messages, TARGETS.openai);
    expect(r.messages).toEqual([U('next'), U('more'), kept, U('end')]);
    expect(brief(r.annotations)).toEqual([
      { rule: 'openai-reasoning', action: 'dropped', turn: 0, replayTurn: null },
      { rule: 'openai-reasoning', action: 'dropped', turn: 2, replayTurn: null },
    ]);
    const objectOnly = await replay([A([thinking('y', { id: 'rs_obj', type: 'reasoning' })])], TARGETS.openai);
    expect(objectOnly.messages).toEqual([]);
    const again = await replay(r.messages, TARGETS.openai);
    expect(again.messages).toEqual(r.messages);
    expect(again.annotations).toEqual([]);
  });

  it('call|fc ids lose |fc_ when no reasoning precedes the call, and only their paired results follow', async () => {
    const plain = A([tc('call_123|fc_123')], { stopReason: 'toolUse' });
    const reasoned = A([thinking('r', rsSignature('rs_1')), tc('call_456|fc_456')], { stopReason: 'toolUse' });
    const r = await replay([U('go'), plain, TR('call_123|fc_123', 'ok'), reasoned, TR('call_456|fc_456', 'ok')], TARGETS.openai);
    expect(r.messages).toEqual([
      U('go'),
      { ...plain, content: [tc('call_123')] },
      TR('call_123', 'ok'),
      reasoned,
      TR('call_456|fc_456', 'ok'),
    ]);
    expect(brief(r.annotations, true)).toEqual([
      { rule: 'openai-reasoning', action: 'rewritten', turn: 1, replayTurn: 1, path: 'content[0].id' },
      { rule: 'openai-reasoning', action: 'rewritten', turn: 2, replayTurn: 2, path: 'toolCallId' },
    ]);
  });
});

describe('replay pipeline — inputs are never mutated', () => {
  /** A transcript that fires most rules: every block the pipeline rewrites, drops or moves. */
  const busy = (): Message[] => [
    { role: 'compactionSummary', summary: 'earlier work', tokensBefore: 5000, timestamp: NOW - 50_000 },
    A([thinking('stale', 'sig_stale'), text('before compaction')], { timestamp: NOW - 60_000, usage: { input: 9, output: 1 } }),
    U('routed', { provenance: { kind: 'inter_session', sourceSessionKey: 'agent:main:req' }, timestamp: NOW - 40_000 }),
    U([text('   '), { type: 'image', data: 'not base64!', mimeType: 'image/png' }]),
    A('plain string reply'),
    A(
      [
        thinking('no sig'),
        thinking('r', rsSignature('rs_1')),
        text(' '),
        text('NO_REPLY'),
        tc('call a|b:1', ' read '),
        { type: 'toolCall', id: 'call_nope', name: 'read' },
        text('x', { thought_signature: 'msg_zzz' }),
      ],
      { stopReason: 'toolUse' },
    ),
    U('interrupting'),
    TR('call a|b:1', 'done', { details: { diff: '+1' } }),
    TR('call_orphan', 'nobody asked'),
    A([], { stopReason: 'error' }),
    mirror,
    A([tc('call_123|fc_456', 'exec')], { stopReason: 'toolUse', usage: { output: 3, cache_read_input_tokens: 9 } }),
    A([thinking('tail', 'sig_tail')], { stopReason: 'length' }),
    A([text('trailing prefill')]),
  ];
  const targets = [
    TARGETS.anthropicOpus46,
    TARGETS.anthropic,
    TARGETS.openai,
    TARGETS.openaiCodex,
    TARGETS.google,
    TARGETS.mistral,
    TARGETS.bedrockOpus46,
    TARGETS.ollama,
    TARGETS.openrouterGemini,
    TARGETS.unknownApi,
  ];

  it.each(targets.map((t) => [`${t.provider}/${t.api}/${t.modelId}`, t] as const))(
    'deep-frozen input replays for %s without a write and comes back unchanged',
    async (_name, target) => {
      const input = busy();
      const snapshot = structuredClone(input);
      deepFreeze(input);
      const out = await replayWithPolicy(input, target, {});
      expect(input).toEqual(snapshot);
      expect(out.annotations.length).toBeGreaterThan(0);
      // Freezing changes nothing: the same replay as from a mutable copy.
      const unfrozen = await replayWithPolicy(busy(), target, {});
      expect(out.messages).toEqual(unfrozen.messages);
      expect(out.annotations).toEqual(unfrozen.annotations);
    },
  );
});

// The spec's named decisions, each in both behaviours: `openclaw-2026.9.6` replays what the release
// replays (checked against the release's recorded replays in test/unit/oracle), `spec` departs exactly
// there, and every annotation the departure causes names the decision in one plain sentence.
import { describe, expect, it } from 'vitest';
import { policyValues, resolvePolicy } from '../../../../shared/policy/resolve.js';
import { SPEC_DECISIONS, specDecisionSentence } from '../../../../shared/policy/spec-decisions.js';
import { TEXT } from '../../../../shared/messages.js';
import type { Annotation, Behaviour, DecisionId, Message, Target } from '../../../../shared/types.js';
import { A, rsSignature, TR, tc, text, thinking, U, USAGE } from '../../helpers/messages.js';
import { replay, TARGETS } from '../../helpers/pipeline.js';

const both = async (messages: Message[], target: Target) => ({
  release: await replay(messages, target, { behaviour: 'openclaw-2026.9.6' }),
  spec: await replay(messages, target, { behaviour: 'spec' }),
});
const by = (annotations: Annotation[], id: DecisionId) => annotations.filter((a) => a.decision === id);
const expectNamed = (annotations: Annotation[], id: DecisionId) => {
  const named = by(annotations, id);
  expect(named.length, id).toBeGreaterThan(0);
  for (const a of named) expect(a.detail).toContain(specDecisionSentence(id));
};

describe('the decisions table', () => {
  it('words every decision as "OpenClaw 2026.9.6 …; the spec …, because …."', () => {
    expect(SPEC_DECISIONS.map((d) => d.id)).toEqual([
      'mistral-strict9',
      'codex-responses-family',
      'orphan-reasoning',
      'antigravity-claude-thinking',
      'bedrock-empty-error-turn',
      'bedrock-user-first',
    ]);
    for (const d of SPEC_DECISIONS) expect(specDecisionSentence(d.id)).toMatch(/^OpenClaw 2026\.9\.6 .+; the spec .+, because .+\.$/);
  });

  it('applies nothing in openclaw-2026.9.6, and names the decision on every flag it sets in spec', () => {
    for (const target of Object.values(TARGETS)) {
      const release = resolvePolicy(target, 'openclaw-2026.9.6');
      expect(
        Object.values(release).filter((s) => s.decision !== undefined),
        target.provider,
      ).toEqual([]);
      const spec = resolvePolicy(target, 'spec');
      for (const [flag, setting] of Object.entries(spec)) {
        if (setting.decision === undefined) expect(setting, flag).toEqual(release[flag as keyof typeof release]);
        else expect(setting.reason).toContain(specDecisionSentence(setting.decision));
      }
    }
    expect(resolvePolicy(TARGETS.anthropic)).toEqual(resolvePolicy(TARGETS.anthropic, 'spec'));
  });
});

describe('mistral-strict9', () => {
  const together: Target = { provider: 'together', api: 'openai-completions', modelId: 'mistralai/Mistral-7B-Instruct-v0.3' };
  const messages = [
    U('read it'),
    A([tc('call_abc123def456', 'read')], { stopReason: 'toolUse' }),
    TR('call_abc123def456', 'ok'),
    U('thanks'),
  ];

  it('release: a Mistral model behind another gateway keeps strict ids; spec: 9 alphanumerics, named', async () => {
    const { release, spec } = await both(messages, together);
    expect(release.messages[1].content).toEqual([tc('callabc123def456', 'read')]);
    const id = (spec.messages[1].content as { id: string }[])[0].id;
    expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    expect(spec.messages[2].toolCallId).toBe(id);
    expectNamed(spec.annotations, 'mistral-strict9');
    expect(by(release.annotations, 'mistral-strict9')).toEqual([]);
  });

  it('does not apply where the release already uses strict9 (OpenRouter mistralai/*)', () => {
    const t: Target = { provider: 'openrouter', api: 'openai-completions', modelId: 'mistralai/mistral-large' };
    expect(resolvePolicy(t, 'spec').toolCallIdMode).toEqual(resolvePolicy(t, 'openclaw-2026.9.6').toolCallIdMode);
    expect(resolvePolicy(t, 'spec').toolCallIdMode.value).toBe('strict9');
  });
});

describe('codex-responses-family', () => {
  const messages = [U('run it'), A([tc('toolu_01AbCdEf', 'bash')], { stopReason: 'toolUse' }), U('and?')];

  it('release: the generic missing-result text and raw ids; spec: Responses ids and "aborted", named', async () => {
    const { release, spec } = await both(messages, TARGETS.openaiCodex);
    expect(policyValues(resolvePolicy(TARGETS.openaiCodex, 'openclaw-2026.9.6')).isResponsesFamily).toBe(false);
    expect(release.messages[1].content).toEqual([tc('toolu_01AbCdEf', 'bash')]);
    expect(release.messages[2]).toMatchObject({
      role: 'toolResult',
      toolCallId: 'toolu_01AbCdEf',
      content: [text(TEXT.syntheticToolResult)],
    });
    const id = (spec.messages[1].content as { id: string }[])[0].id;
    expect(id).toMatch(/^call_toolu_01AbCdEf_[0-9a-f]{10}$/);
    expect(spec.messages[2]).toMatchObject({ role: 'toolResult', toolCallId: id, content: [text(TEXT.abortedToolResult)] });
    expectNamed(spec.annotations, 'codex-responses-family');
  });
});

describe('orphan-reasoning', () => {
  const orphan = thinking('', rsSignature('rs_orphan'));
  const messages = [U('plan'), A([text('Plan ready.'), orphan]), U('go')];

  it('release: a reasoning item nothing follows is replayed; spec: dropped, named', async () => {
    const { release, spec } = await both(messages, TARGETS.openai);
    expect(release.messages[1].content).toEqual([text('Plan ready.'), orphan]);
    expect(spec.messages[1].content).toEqual([text('Plan ready.')]);
    expectNamed(spec.annotations, 'orphan-reasoning');
  });
});

describe('antigravity-claude-thinking', () => {
  const target: Target = { provider: 'google-antigravity', api: 'google-gemini-cli', modelId: 'claude-sonnet-4-5' };
  const raw = { type: 'thinking', thinking: 'Signed, under signature.', signature: 'c2lnbmF0dXJl' };
  const messages = [
    U('read a'),
    A([raw, tc('call1', 'read')], { stopReason: 'toolUse' }),
    TR('call1', 'A'),
    U('read b'),
    A([thinking('Unsigned, in the latest tool turn.'), tc('call2', 'read')], { stopReason: 'toolUse' }),
    TR('call2', 'B'),
  ];

  it('release: thinking as recorded; spec: signature moved to thinkingSignature, unsigned thinking dropped even in the latest turn', async () => {
    const { release, spec } = await both(messages, target);
    expect(release.messages[1].content).toEqual([raw, tc('call1', 'read')]);
    expect(release.messages[4].content).toEqual([thinking('Unsigned, in the latest tool turn.'), tc('call2', 'read')]);
    expect(spec.messages[1].content).toEqual([thinking('Signed, under signature.', 'c2lnbmF0dXJl'), tc('call1', 'read')]);
    expect(spec.messages[4].content).toEqual([tc('call2', 'read')]);
    expectNamed(spec.annotations, 'antigravity-claude-thinking');
  });
});

describe('bedrock-empty-error-turn', () => {
  const messages = [U('export it'), A([], { stopReason: 'error', errorMessage: 'ThrottlingException', usage: USAGE }), U('retry')];

  it('release: the failed turn is dropped and the users merge; spec: kept with the placeholder, named', async () => {
    const { release, spec } = await both(messages, TARGETS.bedrock);
    expect(release.messages.map((m) => m.role)).toEqual(['user']);
    expect(release.messages[0].content).toEqual([text('export it'), text('retry')]);
    expect(spec.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(spec.messages[1].content).toEqual([text(TEXT.streamErrorSentinel)]);
    expectNamed(spec.annotations, 'bedrock-empty-error-turn');
  });
});

describe('bedrock-user-first', () => {
  const messages = [A([text('Hello! How can I help?')]), U('Summarise the PRs.')];

  it('release: an assistant-first history goes as it is; spec: "(session bootstrap)" first, named', async () => {
    const { release, spec } = await both(messages, TARGETS.bedrock);
    expect(release.messages.map((m) => m.role)).toEqual(['assistant', 'user']);
    expect(spec.messages[0]).toMatchObject({ role: 'user', content: TEXT.sessionBootstrap });
    expectNamed(spec.annotations, 'bedrock-user-first');
  });

  it('is not a decision where Google turn ordering already adds the turn', async () => {
    const { release, spec } = await both(messages, TARGETS.google);
    expect(release.messages[0]).toMatchObject({ role: 'user', content: TEXT.sessionBootstrap });
    expect(spec.messages).toEqual(release.messages);
    expect(spec.annotations.filter((a) => a.decision)).toEqual([]);
  });
});

describe('the behaviour of an inspection', () => {
  it('is spec unless asked', async () => {
    const b: Behaviour[] = [(await replay([U('hi')], TARGETS.anthropic)).inspection.behaviour];
    b.push((await replay([U('hi')], TARGETS.anthropic, { behaviour: 'openclaw-2026.9.6' })).inspection.behaviour);
    expect(b).toEqual(['spec', 'openclaw-2026.9.6']);
  });
});

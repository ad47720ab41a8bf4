/**
 * The spec's named decisions: the only places where the `spec` behaviour departs from what OpenClaw
 * 2026.9.6 replays. Each decision is one entry here; it applies by setting policy flags, and every
 * flag and annotation it causes carries its id and its sentence ("OpenClaw 2026.9.6 does X; the spec
 * does Y, because …"). The `openclaw-2026.9.6` behaviour applies none of them.
 */
import type { DecisionId, PolicyFlag, PolicyValues, Target } from '../types.js';
import { RESPONSES_APIS } from './decisions.js';
import { mistralHint } from './model-ids.js';

export type { Behaviour, DecisionId } from '../types.js';

/** The behaviours an inspection can follow; `spec` is the default. */
export const BEHAVIOURS = ['spec', 'openclaw-2026.9.6'] as const;
export const DEFAULT_BEHAVIOUR = 'spec' as const;

/** What a decision sees of the target: normalised ids plus the release's own flag values. */
export interface DecisionTarget {
  provider: string;
  api: string;
  modelId: string;
  target: Target;
  release: PolicyValues;
}

export interface SpecDecision {
  id: DecisionId;
  title: string;
  /** What OpenClaw 2026.9.6 does, as a clause after "OpenClaw 2026.9.6". */
  release: string;
  /** What the spec does instead, as a clause after "the spec". */
  spec: string;
  /** Why, as a clause after "because". */
  because: string;
  /** Why it applies to this target (null: it does not). */
  appliesTo(t: DecisionTarget): string | null;
  /** The flags it sets when it applies. */
  flags: { [K in PolicyFlag]?: PolicyValues[K] };
}

const isCodex = (t: DecisionTarget) => t.api === 'openai-codex-responses' || t.provider === 'openai-codex';

export const SPEC_DECISIONS: readonly SpecDecision[] = [
  {
    id: 'mistral-strict9',
    title: 'Mistral tool-call ids by model family',
    release: 'rewrites tool-call ids to 9 alphanumerics only for OpenRouter models named `mistralai/…`',
    spec: 'does it for every Mistral-family model, recognised by the provider `mistral` or a family name in the model id, under any provider',
    because:
      'Mistral models reject any other tool-call id ("Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9") whichever gateway serves them',
    appliesTo: (t) => (t.release.toolCallIdMode === 'strict9' ? null : mistralHint(t.provider, t.modelId)),
    flags: { sanitizeToolCallIds: true, toolCallIdMode: 'strict9' },
  },
  {
    id: 'codex-responses-family',
    title: 'Codex is an OpenAI Responses API',
    release:
      'gives `openai-codex-responses` the generic path: its ids are not normalised, `call|fc` pairs are not downgraded, and a missing result gets the generic synthetic text',
    spec: 'treats it as the OpenAI Responses family it is: Responses id normalisation, the `call|fc` downgrade, model-switch reasoning drop and `aborted` synthetic results',
    because: 'the Codex endpoint speaks the Responses protocol and rejects what any Responses endpoint rejects',
    appliesTo: (t) =>
      isCodex(t) && !RESPONSES_APIS.has(t.api)
        ? t.api === 'openai-codex-responses'
          ? 'the API is `openai-codex-responses`'
          : 'the provider is `openai-codex`'
        : null,
    flags: { isResponsesFamily: true },
  },
  {
    id: 'orphan-reasoning',
    title: 'Orphan reasoning items dropped',
    release: 'keeps a reasoning item (`rs_…`) that nothing follows in its turn and leaves it to the transport',
    spec: 'drops it',
    because:
      'the Responses API rejects a reasoning item without the item it belongs to ("Item rs_… of type reasoning was provided without its required following item")',
    appliesTo: (t) => (RESPONSES_APIS.has(t.api) || isCodex(t) ? 'an OpenAI Responses API' : null),
    flags: { dropOrphanReasoning: true },
  },
  {
    id: 'antigravity-claude-thinking',
    title: 'Antigravity Claude thinking normalised',
    release:
      'has no Antigravity replay policy: Claude thinking keeps whatever signature field it came with, and unsigned thinking is replayed',
    spec: 'normalises thinking signatures to `thinkingSignature` and drops thinking without a valid signature, in the latest turn too',
    because:
      'Claude behind Antigravity verifies every thinking signature, and the latest-turn exemption exists only to keep signed blocks intact',
    appliesTo: (t) =>
      t.provider === 'google-antigravity' && t.modelId.toLowerCase().includes('claude') ? 'Claude behind `google-antigravity`' : null,
    flags: { normalizeAntigravityThinkingBlocks: true, stripInvalidThinkingSignatures: true },
  },
  {
    id: 'bedrock-empty-error-turn',
    title: 'Bedrock keeps empty error turns as a placeholder',
    release: 'drops an assistant turn that failed before producing content',
    spec: 'replays it with the text "[assistant turn failed before producing content]" on Bedrock Converse',
    because:
      'dropping it leaves the user turns around it to be merged into one, hiding that a turn failed; Bedrock rejects empty content, so the turn needs text',
    appliesTo: (t) => (t.api === 'bedrock-converse-stream' ? 'the API is `bedrock-converse-stream`' : null),
    flags: { replayEmptyErrorTurnsWithPlaceholder: true },
  },
  {
    id: 'bedrock-user-first',
    title: 'Bedrock conversations start with a user turn',
    release: 'replays a history that starts with an assistant turn as it is',
    spec: 'puts the "(session bootstrap)" user turn before it on Bedrock Converse',
    because:
      'Bedrock Converse rejects a conversation that does not start with a user message ("A conversation must start with a user message")',
    appliesTo: (t) => (t.api === 'bedrock-converse-stream' ? 'the API is `bedrock-converse-stream`' : null),
    flags: { requireUserFirstTurn: true },
  },
];

const BY_ID = new Map(SPEC_DECISIONS.map((d) => [d.id, d]));

/** The decision with this id. */
export function specDecision(id: DecisionId): SpecDecision {
  const d = BY_ID.get(id);
  if (!d) throw new Error(`unknown decision ${id}`);
  return d;
}

/** The decision in one sentence: "OpenClaw 2026.9.6 does X; the spec does Y, because Z." */
export function specDecisionSentence(id: DecisionId): string {
  const d = specDecision(id);
  return `OpenClaw 2026.9.6 ${d.release}; the spec ${d.spec}, because ${d.because}.`;
}

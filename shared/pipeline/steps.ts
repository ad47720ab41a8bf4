/**
 * The replay pipeline as data: every step in the order it runs — the history steps (OpenClaw's
 * session-history sanitising, turn validation, the replay pass, the conversion and the guards that run
 * on every provider call), then the steps on the outgoing wire payload. See docs/rules.md#the-pipeline.
 */
import { assistantNormalizeRule } from '../rules/assistant-normalize.js';
import { blankTextRule } from '../rules/blank-text.js';
import { emptyErrorTurnRule } from '../rules/empty-error-turn.js';
import { heartbeatFilterRule } from '../rules/heartbeat-filter.js';
import { imagesRule } from '../rules/images.js';
import { interSessionProvenanceRule } from '../rules/inter-session-provenance.js';
import { lengthReasoningOnlyRule } from '../rules/length-reasoning-only.js';
import { openaiReasoningRule } from '../rules/openai-reasoning.js';
import { prefillStripRule } from '../rules/prefill-strip.js';
import { reasoningHistoryRule } from '../rules/reasoning-history.js';
import { replayInvariantRule } from '../rules/replay-invariant.js';
import { responsesToolCallIdRule } from '../rules/responses-tool-call-id.js';
import type { Turn } from '../rules/rule.js';
import { TRAIT } from '../rules/traits.js';
import { runtimeContextRule } from '../rules/runtime-context.js';
import { summaryConversionRule } from '../rules/summary-conversion.js';
import { thinkingDropRule } from '../rules/thinking-drop.js';
import { thinkingSignatureCompactionRule } from '../rules/thinking-signature-compaction.js';
import { thinkingSignatureInvalidRule } from '../rules/thinking-signature-invalid.js';
import { thoughtSignatureRule } from '../rules/thought-signature.js';
import { toolCallIdRule } from '../rules/tool-call-id.js';
import { toolCallInputRule } from '../rules/tool-call-input.js';
import { toolResultDetailsRule } from '../rules/tool-result-details.js';
import { toolResultPairingRule } from '../rules/tool-result-pairing.js';
import { turnOrderingRule } from '../rules/turn-ordering.js';
import { turnValidationRule } from '../rules/turn-validation.js';
import { usageRule } from '../rules/usage.js';
import { payloadStep, ruleStep, type HistoryStep, type PayloadStep, type RunView, type SessionStep, type Step } from './runner.js';

// ---- conditions ---------------------------------------------------------------------------------

const responses = ({ env }: RunView) => env.policy.isResponsesFamily;
const notResponses = (run: RunView) => !responses(run);

/** True when two turn lists hold the same messages in the same order (nothing changed between them). */
function sameTurns(a: readonly Turn[], b: readonly Turn[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i].message !== b[i].message) return false;
  return true;
}
function assistants(turns: readonly Turn[]): number {
  let count = 0;
  for (const t of turns) if (t.traits & TRAIT.assistant) count += 1;
  return count;
}

/**
 * The guards stripped a trailing prefill. A preview holds the first turns only: there, whether a prefill
 * goes is the whole branch's to say, and its own last turns are left alone.
 */
const prefillStripped = (run: RunView) =>
  run.env.truncated
    ? run.env.truncated.endsWithAssistantPrefill
    : run.marked('prefill-strip').length !== run.marked('after-prefill-strip').length;
/** The send-time guards changed nothing up to the prefill strip. */
const guardsChangedNothing = (run: RunView) =>
  sameTurns(run.marked('send-guards'), run.marked('after-prefill-strip')) && !prefillStripped(run);
/** The input guard dropped an assistant turn (the count is taken only when the guard changed the list). */
const inputGuardDroppedAssistant = (run: RunView) => {
  const before = run.marked('send-guards');
  const after = run.marked('after-input-guard');
  return before !== after && assistants(before) > assistants(after);
};
/**
 * When the guards changed something, turn validation runs again if the input guard dropped an assistant
 * turn, the provider validates Anthropic turns, or a prefill was stripped (the cheap looks first).
 */
const revalidate = (run: RunView) =>
  !guardsChangedNothing(run) && (run.env.policy.validateAnthropicTurns || prefillStripped(run) || inputGuardDroppedAssistant(run));
const dropsThinking = ({ env }: RunView) => env.policy.dropThinkingBlocks;
const sanitisesIds = ({ env }: RunView) =>
  env.policy.sanitizeToolCallIds && env.policy.toolCallIdMode !== null && !env.policy.isResponsesFamily;

/** The session records the target as its model when it had none or another one. */
const modelSnapshot: SessionStep = {
  stage: 'session',
  name: 'model-snapshot',
  entry({ target, modelSnapshot: prior, modelChanged, now }) {
    if (!target.provider && !target.api && !target.modelId) return null;
    if (prior && !modelChanged) return null;
    return {
      customType: 'model-snapshot',
      data: { timestamp: now, provider: target.provider, modelApi: target.api, modelId: target.modelId },
    };
  },
};

// ---- the list -----------------------------------------------------------------------------------

/** OpenClaw normalises assistant replay content in one pass; this engine runs it as these rules, in this order. */
export const NORMALIZE_STEPS: readonly HistoryStep[] = [
  ruleStep(blankTextRule, { phase: 'user-turns' }),
  ruleStep(assistantNormalizeRule, { phase: 'artefacts' }),
  ruleStep(emptyErrorTurnRule, undefined),
  ruleStep(runtimeContextRule, undefined),
  ruleStep(assistantNormalizeRule, { phase: 'content' }),
  ruleStep(lengthReasoningOnlyRule, undefined),
  ruleStep(assistantNormalizeRule, { phase: 'mirror-duplicates' }),
];

/** The history steps, in order: what reaches the provider adapter as the replay's messages. */
export const HISTORY_STEPS: readonly HistoryStep[] = [
  // Sanitising the session history.
  ruleStep(interSessionProvenanceRule, undefined),
  ...NORMALIZE_STEPS,
  ruleStep(thoughtSignatureRule, undefined),
  ruleStep(imagesRule, undefined),
  ruleStep(blankTextRule, { phase: 'content' }),
  ruleStep(thinkingSignatureCompactionRule, undefined),
  ruleStep(thinkingSignatureInvalidRule, undefined),
  ruleStep(reasoningHistoryRule, undefined),
  ruleStep(thinkingDropRule, { scope: 'all-but-latest' }, { when: dropsThinking }),
  ruleStep(toolCallInputRule, { flavour: 'history' }),
  ruleStep(toolResultPairingRule, { flavour: 'responses' }, { when: responses }),
  ruleStep(openaiReasoningRule, (env) => ({ phase: 'reasoning' as const, dropBefore: env.reasoningStaleBefore })),
  ruleStep(responsesToolCallIdRule, undefined),
  ruleStep(openaiReasoningRule, { phase: 'fc-downgrade' }),
  ruleStep(toolResultPairingRule, { flavour: 'generic' }, { when: notResponses }),
  ruleStep(toolCallIdRule, undefined),
  ruleStep(toolResultDetailsRule, undefined),
  ruleStep(usageRule, undefined),
  // The provider plugin's own replay sanitising: Google's bootstrap turn (recorded in the session),
  // Copilot's removal of every thinking block.
  ruleStep(turnOrderingRule, undefined, { when: ({ env }) => env.policy.persistGoogleBootstrapMarker }),
  ruleStep(thinkingDropRule, { scope: 'all' }, { when: ({ env }) => env.policy.dropAllThinkingBlocks }),
  ruleStep(toolResultPairingRule, { flavour: 'responses' }, { when: responses }),
  ruleStep(replayInvariantRule, undefined),
  modelSnapshot,
  ruleStep(turnOrderingRule, undefined),

  // Validating the replay turns.
  ruleStep(turnValidationRule, {}),

  // The replay: heartbeat artefacts filtered, then the last pairing pass before the agent state.
  ruleStep(heartbeatFilterRule, undefined),
  ruleStep(toolResultPairingRule, { flavour: 'responses' }, { when: responses }),
  ruleStep(toolResultPairingRule, { flavour: 'generic' }, { when: notResponses }),

  // Outgoing: summaries converted to user turns, then the guards that run on every provider call.
  // A summary next to a user turn goes out as two user turns, as OpenClaw 2026.9.6 sends them.
  ruleStep(summaryConversionRule, undefined),
  ruleStep(toolCallInputRule, { flavour: 'stream' }, { mark: 'send-guards' }),
  ruleStep(toolResultPairingRule, { flavour: 'responses' }, { mark: 'after-input-guard', when: responses }),
  ruleStep(
    toolResultPairingRule,
    { flavour: 'generic' },
    { when: (run) => notResponses(run) && !sameTurns(run.marked('send-guards'), run.marked('after-input-guard')) },
  ),
  ruleStep(toolResultPairingRule, { flavour: 'embedded' }, { when: ({ env }) => env.policy.validateAnthropicTurns }),
  ruleStep(prefillStripRule, undefined, { mark: 'prefill-strip', when: ({ env }) => !env.truncated }),
  ruleStep(
    turnValidationRule,
    { usersOnly: true },
    { mark: 'after-prefill-strip', when: (run) => run.env.target.api === 'bedrock-converse-stream' && guardsChangedNothing(run) },
  ),
  ruleStep(turnValidationRule, { only: 'gemini' }, { when: (run) => run.env.policy.validateGeminiTurns && revalidate(run) }),
  ruleStep(turnValidationRule, { only: 'anthropic' }, { when: (run) => run.env.policy.validateAnthropicTurns && revalidate(run) }),
  ruleStep(toolResultPairingRule, { flavour: 'responses' }, { when: responses }),
  ruleStep(responsesToolCallIdRule, undefined, { when: responses }),
  ruleStep(openaiReasoningRule, { phase: 'fc-downgrade' }, { when: responses }),
  ruleStep(toolResultPairingRule, { flavour: 'generic' }, { when: sanitisesIds }),
  ruleStep(toolCallIdRule, undefined, { when: sanitisesIds }),
  ruleStep(reasoningHistoryRule, undefined),
  ruleStep(thinkingDropRule, { scope: 'all-but-latest' }, { when: dropsThinking }),
];

/**
 * The history steps up to the outgoing ones: what OpenClaw installs as the agent's history before a call
 * (the messages its trajectory records as `context.compiled`), summaries not yet turned into user turns.
 */
export const COMPILED_STEPS: readonly HistoryStep[] = HISTORY_STEPS.slice(
  0,
  HISTORY_STEPS.findIndex((step) => step.stage === 'history' && step.rule.id === 'summary-conversion'),
);

/** The steps on the outgoing wire payload the host builds from the replay, in order. */
export const PAYLOAD_STEPS: readonly PayloadStep[] = [payloadStep(prefillStripRule), payloadStep(turnValidationRule)];

/** The whole pipeline, history steps then payload steps. */
export const PIPELINE: readonly Step[] = [...HISTORY_STEPS, ...PAYLOAD_STEPS];

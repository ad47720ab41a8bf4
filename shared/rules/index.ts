/** The rule registry: every rule module, and the rules in the order they first run. The UI, the CLI and the docs read it. */
import { assistantNormalizeRule } from './assistant-normalize.js';
import { blankTextRule } from './blank-text.js';
import { emptyErrorTurnRule } from './empty-error-turn.js';
import { heartbeatFilterRule } from './heartbeat-filter.js';
import { imagesRule } from './images.js';
import { interSessionProvenanceRule } from './inter-session-provenance.js';
import { lengthReasoningOnlyRule } from './length-reasoning-only.js';
import { openaiReasoningRule } from './openai-reasoning.js';
import { prefillStripRule } from './prefill-strip.js';
import { reasoningHistoryRule } from './reasoning-history.js';
import { replayInvariantRule } from './replay-invariant.js';
import { responsesToolCallIdRule } from './responses-tool-call-id.js';
import type { Rule } from './rule.js';
import { runtimeContextRule } from './runtime-context.js';
import { summaryConversionRule } from './summary-conversion.js';
import { thinkingDropRule } from './thinking-drop.js';
import { thinkingSignatureCompactionRule } from './thinking-signature-compaction.js';
import { thinkingSignatureInvalidRule } from './thinking-signature-invalid.js';
import { thoughtSignatureRule } from './thought-signature.js';
import { toolCallIdRule } from './tool-call-id.js';
import { toolCallInputRule } from './tool-call-input.js';
import { toolResultDetailsRule } from './tool-result-details.js';
import { toolResultPairingRule } from './tool-result-pairing.js';
import { turnOrderingRule } from './turn-ordering.js';
import { turnValidationRule } from './turn-validation.js';
import { usageRule } from './usage.js';
import type { RuleId } from '../types.js';
import { PIPELINE } from '../pipeline/steps.js';

export {
  assistantNormalizeRule,
  blankTextRule,
  emptyErrorTurnRule,
  heartbeatFilterRule,
  imagesRule,
  interSessionProvenanceRule,
  lengthReasoningOnlyRule,
  openaiReasoningRule,
  prefillStripRule,
  reasoningHistoryRule,
  replayInvariantRule,
  responsesToolCallIdRule,
  runtimeContextRule,
  summaryConversionRule,
  thinkingDropRule,
  thinkingSignatureCompactionRule,
  thinkingSignatureInvalidRule,
  thoughtSignatureRule,
  toolCallIdRule,
  toolCallInputRule,
  toolResultDetailsRule,
  toolResultPairingRule,
  turnOrderingRule,
  turnValidationRule,
  usageRule,
};

/**
 * Every rule, once, in the order it first runs: read off the pipeline's list of steps, so the registry
 * cannot drift from what runs.
 */
export const RULES: readonly Rule<never>[] = PIPELINE.flatMap((step) => (step.stage === 'session' ? [] : [step.rule])).filter(
  (rule, index, all) => all.indexOf(rule) === index,
);

/** The registered rule with this id. */
export function ruleById(id: RuleId): Rule<never> | undefined {
  return RULES.find((r) => r.id === id);
}

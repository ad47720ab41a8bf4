/**
 * The replay pipeline: every hygiene rule in OpenClaw's order (reference §3), turn validation, the
 * replay pairing pass, the summary conversion and the stream-time guards — one annotation per change.
 */
import type { ImageCodec } from './images/codec.js';
import { previewValue } from './messages.js';
import {
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
} from './rules/index.js';
import type { Note, Rule, RuleContext, Turn } from './rules/rule.js';
import { imageMaxSide } from './rules/images.js';
import { specDecisionSentence } from './policy/spec-decisions.js';
import type { Annotation, JsonValue, Message, PolicyDecisions, PolicyValues, Target } from './types.js';

export interface ModelSnapshot {
  provider: string;
  modelApi: string;
  modelId: string;
}

export interface PipelineInput {
  target: Target;
  policy: PolicyValues;
  /** The flags a spec decision set (none in the `openclaw-2026.9.6` behaviour). */
  decisions?: PolicyDecisions;
  now: number;
  allowedToolNames?: readonly string[];
  imageMaxDimensionPx?: number;
  codec?: ImageCodec;
  /** The last model-snapshot entry on the branch. */
  modelSnapshot: ModelSnapshot | null;
  /** When the branch's snapshots last switched model (ms), if ever. */
  latestModelSwitchTimestamp: number | null;
  hasGoogleBootstrapMarker: boolean;
  /** The messages are the first of a longer branch (a preview): how the whole branch ends. */
  truncated?: { endsWithAssistantPrefill: boolean };
}

export interface PipelineOutput {
  messages: Message[];
  /** For each replay message, its index in the input (null for created turns). */
  origins: (number | null)[];
  annotations: Annotation[];
  sessionAppends: { customType: string; data: JsonValue }[];
}

const sameSnapshot = (a: ModelSnapshot, b: ModelSnapshot) =>
  (a.provider ?? '') === (b.provider ?? '') && (a.modelApi ?? '') === (b.modelApi ?? '') && (a.modelId ?? '') === (b.modelId ?? '');

/** True when two turn lists hold the same messages in the same order (nothing changed). */
function unchanged(a: readonly Turn[], b: readonly Turn[]): boolean {
  return a.length === b.length && a.every((t, i) => t.message === b[i].message);
}

/** Run every applicable step. The input array and its messages are never mutated. */
export async function runPipeline(messages: readonly Message[], input: PipelineInput): Promise<PipelineOutput> {
  const { policy, target } = input;
  let nextKey = 0;
  const notes: Note[] = [];
  const aliases = new Map<number, number>();
  const sessionAppends: { customType: string; data: JsonValue }[] = [];
  const hasTarget = Boolean(target.provider || target.api || target.modelId);
  const current: ModelSnapshot | null = hasTarget ? { provider: target.provider, modelApi: target.api, modelId: target.modelId } : null;
  const prior = input.modelSnapshot;
  const modelChanged = !!prior && !!current && !sameSnapshot(prior, current);
  const dropBefore = modelChanged ? input.now : input.latestModelSwitchTimestamp;
  let rule: Note['rule'] = 'assistant-normalize';
  const origins = new Map<number, number | null>();
  const ctx: RuleContext = {
    target,
    policy,
    now: input.now,
    allowedToolNames: input.allowedToolNames,
    imageMaxDimensionPx: imageMaxSide(input.imageMaxDimensionPx),
    codec: input.codec,
    modelChanged,
    hasGoogleBootstrapMarker: input.hasGoogleBootstrapMarker,
    decisionOf: (flag) => input.decisions?.[flag],
    note(turn, action, detail, extra) {
      const note: Note = {
        rule,
        key: turn.key,
        action,
        detail: extra?.decision ? `${detail}. ${specDecisionSentence(extra.decision)}` : detail,
      };
      if (extra?.decision) note.decision = extra.decision;
      if (extra?.path !== undefined) note.path = extra.path;
      if (extra && 'before' in extra && extra.before !== undefined) note.before = previewValue(extra.before);
      if (extra && 'after' in extra && extra.after !== undefined) note.after = previewValue(extra.after);
      notes.push(note);
    },
    merged(absorbed, into, detail) {
      notes.push({ rule, key: absorbed.key, action: 'merged', detail });
      notes.push({ rule, key: into.key, action: 'rewritten', detail: `${detail}: this turn absorbed the next one` });
      aliases.set(absorbed.key, into.key);
    },
    create(message) {
      const turn = { message, origin: null, key: nextKey++ };
      origins.set(turn.key, null);
      return turn;
    },
    with(turn, message) {
      return { message, origin: turn.origin, key: turn.key };
    },
    append(customType, data) {
      sessionAppends.push({ customType, data });
    },
  };

  let turns: Turn[] = messages.map((message, index) => {
    const turn = { message, origin: index, key: nextKey++ };
    origins.set(turn.key, index);
    return turn;
  });
  const run = async <O>(r: Rule<O>, options: O, when = true): Promise<void> => {
    if (!when || !r.appliesWhen(policy)) return;
    rule = r.id;
    turns = await r.apply(turns, ctx, options);
  };
  const responses = policy.isResponsesFamily;
  const pairing = policy.repairToolUseResultPairing;

  // ---- sanitizeSessionHistory (reference §3 steps 1–19) ----
  await run(interSessionProvenanceRule, undefined);
  await run(blankTextRule, { phase: 'user-turns' });
  await run(assistantNormalizeRule, { phase: 'artefacts' });
  await run(emptyErrorTurnRule, undefined);
  await run(runtimeContextRule, undefined);
  await run(assistantNormalizeRule, { phase: 'content' });
  await run(lengthReasoningOnlyRule, undefined);
  await run(assistantNormalizeRule, { phase: 'mirror-duplicates' });
  await run(thoughtSignatureRule, undefined);
  await run(imagesRule, undefined);
  await run(blankTextRule, { phase: 'content' });
  await run(thinkingSignatureCompactionRule, undefined);
  await run(thinkingSignatureInvalidRule, undefined);
  await run(reasoningHistoryRule, undefined);
  await run(thinkingDropRule, { scope: 'all-but-latest' }, policy.dropThinkingBlocks);
  await run(toolCallInputRule, { flavour: 'history' });
  await run(toolResultPairingRule, { flavour: 'responses' }, responses && pairing);
  await run(openaiReasoningRule, { phase: 'reasoning', dropBefore });
  await run(responsesToolCallIdRule, undefined);
  await run(openaiReasoningRule, { phase: 'fc-downgrade' });
  await run(toolResultPairingRule, { flavour: 'generic' }, !responses && pairing);
  await run(toolCallIdRule, undefined);
  await run(toolResultDetailsRule, undefined);
  await run(usageRule, undefined);
  // The provider plugin's own replay sanitising: Google's bootstrap turn (recorded in the session),
  // Copilot's removal of every thinking block.
  await run(turnOrderingRule, undefined, policy.persistGoogleBootstrapMarker);
  await run(thinkingDropRule, { scope: 'all' }, policy.dropAllThinkingBlocks);
  await run(toolResultPairingRule, { flavour: 'responses' }, responses && pairing);
  await run(replayInvariantRule, undefined);
  if (current && (!prior || modelChanged))
    sessionAppends.push({
      customType: 'model-snapshot',
      data: { timestamp: input.now, provider: current.provider, modelApi: current.modelApi, modelId: current.modelId },
    });
  await run(turnOrderingRule, undefined);

  // ---- validateReplayTurns ----
  await run(turnValidationRule, {});

  // ---- replay: heartbeat artefacts filtered, then the final pairing pass before the agent state ----
  await run(heartbeatFilterRule, undefined);
  await run(toolResultPairingRule, { flavour: responses ? 'responses' : 'generic' }, pairing);

  // ---- outgoing: convertToLlm, then the stream-time guards (outermost first) ----
  await run(summaryConversionRule, undefined);
  const beforeGuard = turns;
  await run(toolCallInputRule, { flavour: 'stream' });
  const afterInputs = turns;
  const droppedAssistants =
    beforeGuard.filter((t) => t.message.role === 'assistant').length - afterInputs.filter((t) => t.message.role === 'assistant').length;
  if (responses) await run(toolResultPairingRule, { flavour: 'responses' });
  else if (!unchanged(beforeGuard, afterInputs)) await run(toolResultPairingRule, { flavour: 'generic' });
  if (policy.validateAnthropicTurns) await run(toolResultPairingRule, { flavour: 'embedded' });
  let strippedPrefill = false;
  if ((policy.validateAnthropicTurns || policy.validateGeminiTurns) && input.truncated) {
    // A preview holds the first turns only: whether a trailing prefill goes is the whole branch's to say.
    strippedPrefill = input.truncated.endsWithAssistantPrefill;
  } else if (policy.validateAnthropicTurns || policy.validateGeminiTurns) {
    const before = turns;
    await run(prefillStripRule, undefined);
    strippedPrefill = turns.length !== before.length;
  }
  if (unchanged(beforeGuard, turns) && !strippedPrefill) {
    if (target.api === 'bedrock-converse-stream') await run(turnValidationRule, { usersOnly: true });
  } else if (droppedAssistants > 0 || policy.validateAnthropicTurns || strippedPrefill) {
    await run(turnValidationRule, { only: 'gemini' }, policy.validateGeminiTurns);
    await run(turnValidationRule, { only: 'anthropic' }, policy.validateAnthropicTurns);
  }
  if (responses) {
    await run(toolResultPairingRule, { flavour: 'responses' });
    await run(responsesToolCallIdRule, undefined);
    await run(openaiReasoningRule, { phase: 'fc-downgrade' });
  }
  if (policy.sanitizeToolCallIds && policy.toolCallIdMode && !responses) {
    await run(toolResultPairingRule, { flavour: 'generic' }, pairing);
    await run(toolCallIdRule, undefined);
  }
  await run(reasoningHistoryRule, undefined);
  await run(thinkingDropRule, { scope: 'all-but-latest' }, policy.dropThinkingBlocks);

  // ---- resolve annotations to indices ----
  const finalIndex = new Map<number, number>();
  turns.forEach((turn, index) => finalIndex.set(turn.key, index));
  const resolve = (key: number): number | null => {
    const seen = new Set<number>();
    let k = key;
    while (!finalIndex.has(k) && aliases.has(k) && !seen.has(k)) {
      seen.add(k);
      k = aliases.get(k)!;
    }
    return finalIndex.get(k) ?? null;
  };
  const annotations: Annotation[] = notes.map((n) => {
    const a: Annotation = {
      rule: n.rule,
      turn: origins.get(n.key) ?? null,
      replayTurn: n.action === 'dropped' ? null : resolve(n.key),
      action: n.action,
      detail: n.detail,
    };
    if (n.path !== undefined) a.path = n.path;
    if (n.before !== undefined) a.before = n.before;
    if (n.after !== undefined) a.after = n.after;
    if (n.decision !== undefined) a.decision = n.decision;
    return a;
  });
  return { messages: turns.map((t) => t.message), origins: turns.map((t) => t.origin), annotations, sessionAppends };
}

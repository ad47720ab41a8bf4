/**
 * The policy flags in words: what each one does to the replay when it is on, for people who have not
 * read OpenClaw's source. The app's status bar lists these sentences; the flag names stay in tooltips.
 */
import type { PolicyFlag, PolicyValues } from '../types.js';

type Words = { [K in PolicyFlag]: (value: PolicyValues[K]) => string | null };

/** For each flag, the sentence it stands for at this value; null when it changes nothing worth saying. */
const WORDS: Words = {
  sanitizeMode: (v) => (v === 'full' ? 'The whole history is cleaned' : 'Only images are cleaned'),
  sanitizeToolCallIds: (v) => (v ? 'Tool-call ids are rewritten to what the provider accepts' : null),
  toolCallIdMode: (v) =>
    v === 'strict9' ? 'Tool-call ids become 9 letters or digits' : v === 'strict' ? 'Tool-call ids keep only letters and digits' : null,
  preserveNativeAnthropicToolUseIds: (v) => (v ? 'Anthropic’s own toolu_ ids are kept' : null),
  repairToolUseResultPairing: (v) => (v ? 'Every tool call gets exactly one result' : null),
  preserveSignatures: (v) => (v ? 'Thinking signatures are kept' : null),
  sanitizeThoughtSignatures: (v) => (v ? 'Thought signatures that are not base64 are removed' : null),
  dropThinkingBlocks: (v) => (v ? 'Thinking is kept on the latest turn only' : null),
  dropReasoningFromHistory: (v) => (v ? 'Reasoning of earlier turns is removed' : null),
  dropAllThinkingBlocks: (v) => (v ? 'Thinking is removed from every turn, the latest included' : null),
  dropOrphanReasoning: (v) => (v ? 'A reasoning item with nothing after it in its turn is removed' : null),
  applyGoogleTurnOrdering: (v) => (v ? 'A history must start with a user turn (one is added)' : null),
  validateGeminiTurns: (v) => (v ? 'Consecutive assistant turns are merged' : null),
  validateAnthropicTurns: (v) => (v ? 'Turns must alternate: unanswered tool calls go, consecutive turns merge' : null),
  allowSyntheticToolResults: (v) => (v ? 'Missing tool results may be made up as errors' : null),
  appendOnlyRuntimeContext: (v) => (v ? 'Consecutive user turns stay separate (the model binds its thinking to them)' : null),
  normalizeAntigravityThinkingBlocks: (v) => (v ? 'Antigravity’s thinking signatures are normalised' : null),
  isResponsesFamily: (v) => (v ? 'OpenAI Responses ids and reasoning items are checked' : null),
  stripInvalidThinkingSignatures: (v) => (v ? 'Thinking without a signature is removed' : null),
  allowProviderOwnedThinkingReplay: (v) => (v ? 'Turns with signed thinking and tool calls are replayed untouched' : null),
  replayEmptyErrorTurnsWithPlaceholder: (v) => (v ? 'Failed empty turns are replayed with a placeholder' : null),
  persistGoogleBootstrapMarker: (v) => (v ? 'The added first user turn is recorded in the session' : null),
  stripPayloadPrefillWhenThinking: (v) => (v ? 'A trailing assistant turn is removed when thinking is on' : null),
  requireUserFirstTurn: (v) => (v ? 'The conversation must start with a user message' : null),
  mergePayloadUserMessages: (v) => (v ? 'Consecutive user messages are merged in the request' : null),
};

/** The sentence of one flag at a value (null: nothing worth saying), or null for a flag this version does not know. */
export function flagSentence(flag: string, value: unknown): string | null {
  const words = (WORDS as Record<string, ((v: unknown) => string | null) | undefined>)[flag];
  return words ? words(value) : null;
}

/** Every flag that says something at its value, in the policy's order: the sentence and the raw flag. */
export function policySentences(policy: Record<string, { value: unknown }>): { flag: string; sentence: string }[] {
  const out: { flag: string; sentence: string }[] = [];
  for (const [flag, setting] of Object.entries(policy)) {
    const sentence = flagSentence(flag, setting.value);
    if (sentence) out.push({ flag, sentence });
  }
  return out;
}

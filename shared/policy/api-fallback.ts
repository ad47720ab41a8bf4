/** The replay policy of a provider without its own: chosen by the API it is reached through. */
import { claudeBindsThinkingPrefix, claudeDropsThinking, isClaudeToken, requiresReasoningReplay } from './model-ids.js';
import { ANTHROPIC_APIS, GOOGLE_APIS, RESPONSES_APIS, set, type PolicyContext, type Decisions } from './decisions.js';

/** The transport fallback for providers without their own replay policy (by API). */
export function apiFallback(ctx: PolicyContext, who: string): Decisions {
  const d: Decisions = {};
  const { api, modelId, target } = ctx;
  const google = GOOGLE_APIS.has(api);
  const anthropic = ANTHROPIC_APIS.has(api);
  const completions = api === 'openai-completions';
  const responses = RESPONSES_APIS.has(api);
  if (!google && !anthropic && !completions && !responses) return d;
  const family = google
    ? 'Google API'
    : anthropic
      ? 'Anthropic API'
      : completions
        ? 'OpenAI-compatible Chat Completions'
        : 'OpenAI Responses API';
  const why = `${who}: ${family} \`${api}\``;
  if (google || anthropic) set(d, 'sanitizeMode', 'full', `${why} — strict transcript shape`);
  set(d, 'sanitizeToolCallIds', true, `${why} accepts only alphanumeric tool-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${why}: strict (alphanumeric, ≤40 chars)`);
  if (anthropic) {
    set(d, 'preserveSignatures', true, `${why}: thinking signatures must be replayed`);
    if (claudeBindsThinkingPrefix(modelId, target.canonicalModelId))
      set(d, 'appendOnlyRuntimeContext', true, `${why}: \`${modelId}\` binds thinking to the prompt prefix`);
    if (claudeDropsThinking(modelId, target.canonicalModelId))
      set(d, 'dropThinkingBlocks', true, `${why}: \`${modelId}\` does not keep earlier thinking`);
    if (target.compat?.supportsReasoningEffort === false)
      set(d, 'dropThinkingBlocks', true, `${why}: the model does not support reasoning effort`);
  }
  if (google)
    set(
      d,
      'sanitizeThoughtSignatures',
      { allowBase64Only: true, includeCamelCase: true },
      `${why}: Gemini accepts only base64 thought signatures`,
    );
  if (completions) {
    const keep =
      target.reasoning === true
        ? 'the model is a reasoning model'
        : requiresReasoningReplay(modelId)
          ? `\`${modelId}\` requires reasoning replay`
          : null;
    set(
      d,
      'dropReasoningFromHistory',
      keep === null,
      keep ? `${why}: kept because ${keep}` : `${why}: local/proxy servers reject historic reasoning fields`,
    );
  }
  if (google || completions) {
    set(d, 'applyGoogleTurnOrdering', true, `${why}: the history must start with a user turn`);
    set(d, 'validateGeminiTurns', true, `${why}: consecutive assistant turns are merged`);
  }
  if (anthropic || completions || (responses && isClaudeToken(modelId))) {
    set(
      d,
      'validateAnthropicTurns',
      true,
      responses ? `${why}: Claude model \`${modelId}\` on a Responses route` : `${why}: strict user/assistant alternation`,
    );
  }
  if (google || anthropic || responses) set(d, 'allowSyntheticToolResults', true, `${why}: accepts synthetic tool results`);
  return d;
}

/** The replay policies providers own in OpenClaw's release, by provider id (and api where a provider serves several). */
import { claudeBindsThinkingPrefix, claudeDropsThinking } from './model-ids.js';
import { ANTHROPIC_APIS, RESPONSES_APIS, set, type PolicyContext, type Decisions } from './decisions.js';

/** The strict Anthropic policy a provider plugin builds for its Anthropic models. */
function strictAnthropic(
  ctx: PolicyContext,
  who: string,
  opts: { nativeIds: boolean; dropThinking?: [boolean, string]; sanitizeIds?: boolean },
): Decisions {
  const d: Decisions = {};
  const { modelId, target } = ctx;
  set(d, 'sanitizeMode', 'full', `${who}: strict Anthropic transcript`);
  if (opts.sanitizeIds !== false) {
    set(d, 'sanitizeToolCallIds', true, `${who}: Anthropic accepts only [a-zA-Z0-9_-] tool-use ids`);
    set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  } else {
    set(d, 'sanitizeToolCallIds', false, `${who}: the provider keeps its own tool-call ids`);
  }
  if (opts.nativeIds) set(d, 'preserveNativeAnthropicToolUseIds', true, `${who}: native \`toolu_…\` ids are kept on first use`);
  set(d, 'preserveSignatures', true, `${who}: thinking signatures must be replayed`);
  set(d, 'validateAnthropicTurns', true, `${who}: strict user/assistant alternation`);
  set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
  if (claudeBindsThinkingPrefix(modelId, target.canonicalModelId))
    set(d, 'appendOnlyRuntimeContext', true, `${who}: \`${modelId}\` binds thinking to the prompt prefix`);
  const drop = opts.dropThinking ?? [
    claudeDropsThinking(modelId, target.canonicalModelId),
    `\`${modelId}\` does not keep earlier thinking`,
  ];
  if (drop[0]) set(d, 'dropThinkingBlocks', true, `${who}: ${drop[1]}`);
  if (target.compat?.supportsReasoningEffort === false)
    set(d, 'dropThinkingBlocks', true, `${who}: the model does not support reasoning effort`);
  return d;
}

function geminiPolicy(who: string): Decisions {
  const d: Decisions = {};
  set(d, 'sanitizeMode', 'full', `${who}: strict Gemini transcript`);
  set(d, 'sanitizeToolCallIds', true, `${who}: Gemini accepts only alphanumeric function-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  set(
    d,
    'sanitizeThoughtSignatures',
    { allowBase64Only: true, includeCamelCase: true },
    `${who}: Gemini accepts only base64 thought signatures`,
  );
  set(d, 'applyGoogleTurnOrdering', true, `${who}: Gemini requires the first turn to be a user turn`);
  set(d, 'validateGeminiTurns', true, `${who}: Gemini requires alternating turns (consecutive assistants merged)`);
  set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
  return d;
}

/** Chat Completions through a plugin that uses the OpenAI-compatible replay helper. */
function compatibleCompletions(ctx: PolicyContext, who: string, dropReasoning: [boolean, string] | null): Decisions {
  const d: Decisions = {};
  set(d, 'sanitizeToolCallIds', true, `${who}: OpenAI-compatible servers accept only alphanumeric tool-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  if (dropReasoning) set(d, 'dropReasoningFromHistory', dropReasoning[0], `${who}: ${dropReasoning[1]}`);
  set(d, 'applyGoogleTurnOrdering', true, `${who}: the history must start with a user turn`);
  set(d, 'validateGeminiTurns', true, `${who}: consecutive assistant turns are merged`);
  set(d, 'validateAnthropicTurns', true, `${who}: strict user/assistant alternation`);
  return d;
}

function compatibleResponses(who: string): Decisions {
  const d: Decisions = {};
  set(d, 'sanitizeToolCallIds', true, `${who}: strict tool-call ids`);
  set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
  set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
  return d;
}

function passthrough(ctx: PolicyContext, who: string, opts: { strict9ForMistralai: boolean }): Decisions {
  const d: Decisions = {};
  const id = ctx.modelId.toLowerCase();
  if (id.includes('gemini'))
    set(
      d,
      'sanitizeThoughtSignatures',
      { allowBase64Only: true, includeCamelCase: true },
      `${who}: Gemini model \`${ctx.modelId}\` accepts only base64 thought signatures`,
    );
  if (opts.strict9ForMistralai && id.startsWith('mistralai/')) {
    set(d, 'sanitizeToolCallIds', true, `${who}: Mistral model \`${ctx.modelId}\``);
    set(d, 'toolCallIdMode', 'strict9', `${who}: Mistral requires 9 alphanumeric characters`);
  }
  return d;
}

/** Ollama and xAI: the compatible helper with historic reasoning always dropped. */
function alwaysDropReasoning(ctx: PolicyContext, who: string): Decisions {
  if (ctx.api === 'openai-completions')
    return compatibleCompletions(ctx, who, [true, 'historic reasoning is always dropped for this provider']);
  if (RESPONSES_APIS.has(ctx.api)) return compatibleResponses(who);
  return {};
}

/** Providers that own their replay policy in OpenClaw's current release. */
export function providerOwned(ctx: PolicyContext): Decisions | null {
  const { provider, api, modelId } = ctx;
  const who = `provider \`${provider}\``;
  switch (provider) {
    case 'anthropic':
      return strictAnthropic(ctx, who, { nativeIds: true });
    case 'google':
    case 'google-vertex':
    case 'google-gemini-cli':
      return geminiPolicy(who);
    case 'google-antigravity':
      return modelId.toLowerCase().includes('gemini') ? geminiPolicy(`${who} (Gemini model)`) : null;
    case 'openai':
    case 'azure-openai-responses': {
      const d: Decisions = {};
      if (RESPONSES_APIS.has(api)) {
        set(d, 'appendOnlyRuntimeContext', true, `${who}: Responses replay keeps runtime context append-only`);
        set(d, 'allowSyntheticToolResults', true, `${who}: accepts synthetic tool results`);
      } else if (api === 'openai-completions') {
        set(d, 'sanitizeToolCallIds', true, `${who}: Chat Completions ids are sanitised`);
        set(d, 'toolCallIdMode', 'strict', `${who}: strict (alphanumeric, ≤40 chars)`);
      }
      return d;
    }
    case 'github-copilot': {
      // Copilot's own replay sanitising removes every thinking block on its Claude and Responses routes.
      const strip: Decisions = {};
      if (api === 'anthropic-messages' || api === 'openai-responses')
        set(strip, 'dropAllThinkingBlocks', true, `${who}: Copilot replays no thinking on \`${api}\`, the latest turn's included`);
      if (api !== 'anthropic-messages') return strip;
      return {
        ...strictAnthropic(ctx, who, {
          nativeIds: false,
          sanitizeIds: false,
          dropThinking: [true, 'Copilot does not replay Claude thinking'],
        }),
        ...strip,
      };
    }
    case 'ollama':
      if (api === 'ollama') {
        // Ollama's native chat API: the same turn rules as Chat Completions, but its own tool-call ids.
        const d = compatibleCompletions(ctx, who, [true, 'historic reasoning is always dropped for this provider']);
        delete d.sanitizeToolCallIds;
        delete d.toolCallIdMode;
        return d;
      }
      return alwaysDropReasoning(ctx, who);
    case 'xai':
      return alwaysDropReasoning(ctx, who);
    case 'sglang':
      if (api === 'openai-completions') return compatibleCompletions(ctx, who, null);
      if (RESPONSES_APIS.has(api)) return compatibleResponses(who);
      return {};
    case 'clawrouter':
      if (api === 'anthropic-messages') return strictAnthropic(ctx, who, { nativeIds: true });
      if (api === 'openai-completions') return compatibleCompletions(ctx, who, null);
      if (RESPONSES_APIS.has(api)) return compatibleResponses(who);
      if (api === 'google-generative-ai') return geminiPolicy(who);
      return {};
    case 'minimax':
    case 'minimax-cn':
    case 'minimax-portal':
      if (ANTHROPIC_APIS.has(api)) return strictAnthropic(ctx, who, { nativeIds: false });
      if (api === 'openai-completions')
        return compatibleCompletions(ctx, who, [true, 'historic reasoning is always dropped for this provider']);
      if (RESPONSES_APIS.has(api)) return compatibleResponses(who);
      return {};
    case 'openrouter':
      return passthrough(ctx, who, { strict9ForMistralai: true });
    case 'opencode-go':
      return passthrough(ctx, who, { strict9ForMistralai: false });
    default:
      return null;
  }
}

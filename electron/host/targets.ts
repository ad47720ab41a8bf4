/** Completing a partial target from the session's own record (last model) and the catalogue. */
import { readInputSession } from './stream-session.js';
import { buildContext } from '../../shared/session/context.js';
import type { Target } from '../../shared/types.js';
import type { InspectInput } from '../../shared/inspection.js';
import { InputError } from './read-input.js';
import { openStoredSession } from './store/index.js';

export interface PartialTarget {
  provider?: string;
  api?: string;
  modelId?: string;
  reasoning?: boolean;
}

/** The API a provider uses when nothing else says (pi-ai's catalogue conventions). */
const PROVIDER_DEFAULT_API: Record<string, string> = {
  anthropic: 'anthropic-messages',
  'amazon-bedrock': 'bedrock-converse-stream',
  openai: 'openai-responses',
  'openai-codex': 'openai-codex-responses',
  'azure-openai-responses': 'azure-openai-responses',
  google: 'google-generative-ai',
  'google-vertex': 'google-vertex',
  'google-gemini-cli': 'google-gemini-cli',
  'google-antigravity': 'google-gemini-cli',
  mistral: 'mistral-conversations',
  minimax: 'anthropic-messages',
  'minimax-cn': 'anthropic-messages',
  'kimi-coding': 'anthropic-messages',
  'github-copilot': 'openai-completions',
};

/**
 * Fill in what the caller left out: provider and model from the session's last model, the API from
 * the session, the catalogue or the provider's usual API. Throws an InputError when it cannot.
 */
export async function completeTarget(partial: PartialTarget, source: InspectInput): Promise<Target> {
  let { provider, api, modelId } = partial;
  if (!provider || !api || !modelId) {
    const recorded =
      'store' in source
        ? (await openStoredSession({ file: source.store }, source.sessionId)).context.lastModel
        : buildContext(await readInputSession(source)).lastModel;
    if (recorded && (!provider || provider === recorded.provider) && (!modelId || modelId === recorded.modelId)) {
      provider ??= recorded.provider;
      modelId ??= recorded.modelId;
      api ??= recorded.api;
    }
  }
  if (!provider || !modelId)
    throw new InputError('no target: pass --provider, --api and --model (the session records no model to default to)');
  if (!api) {
    const { lookupCatalogModel } = await import('./catalog.js').catch(() => ({ lookupCatalogModel: undefined }));
    api = lookupCatalogModel?.(provider, modelId)?.api ?? PROVIDER_DEFAULT_API[provider];
  }
  if (!api) throw new InputError(`no API known for provider "${provider}": pass --api`);
  const target: Target = { provider, api, modelId };
  if (partial.reasoning !== undefined) target.reasoning = partial.reasoning;
  return target;
}

/** Completing a partial target from the session's own record (last model) and the catalogue. */
import { readInputSession } from './stream-session.js';
import { buildContext, type SessionContext } from '../../shared/session/context.js';
import type { Target } from '../../shared/types.js';
import { emptyInputProblem } from './input-problem.js';
import type { InspectInput } from '../../shared/inspection.js';
import type { ParsedSession } from '../../shared/session/types.js';
import { InputError } from './read-input.js';

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

/** Why a partial target does not go with the model the session recorded, and what to pass. */
function mismatchMessage(recorded: { provider: string; modelId: string }, provider?: string, modelId?: string): string {
  const last = `the session's last model is ${recorded.provider}/${recorded.modelId}`;
  if (provider)
    return `no model for --provider ${provider}: ${last}, of another provider — pass --model (and --api if it is not the provider's usual one), or leave out --provider to use the recorded model`;
  return `no provider for --model ${modelId}: ${last} — pass --provider (and --api if needed), or leave out --model to use the recorded model`;
}

/**
 * Fill in what the caller left out: provider and model from the session's last model, the API from
 * the session, the catalogue or the provider's usual API. Throws an InputError when it cannot.
 */
export async function completeTarget(partial: PartialTarget, source: InspectInput): Promise<Target> {
  if (partial.provider && partial.api && partial.modelId) return completeTargetFrom(partial, source, null);
  // A session file is parsed here: when it gives no model, what is wrong with it is said.
  if ('store' in source) {
    const { openStoredSession } = await import('./store/index.js');
    return completeTargetFrom(partial, source, {
      parsed: null,
      context: (await openStoredSession({ file: source.store }, source.sessionId)).context,
    });
  }
  const parsed = await readInputSession(source);
  return completeTargetFrom(partial, source, { parsed, context: buildContext(parsed) });
}

/** A session already read, as `completeTargetFrom` needs it: its entries (null for a stored session) and its branch's last model. */
export interface ReadForTarget {
  parsed: ParsedSession | null;
  context: Pick<SessionContext, 'lastModel'>;
}

/**
 * `completeTarget` for a session already read (`read`; null when the partial target is whole and
 * nothing need be read): `inspect()` completes its target this way, so the session is read once.
 */
export async function completeTargetFrom(partial: PartialTarget, source: InspectInput, read: ReadForTarget | null): Promise<Target> {
  let { provider, api, modelId } = partial;
  if ((!provider || !api || !modelId) && read) {
    const recorded = read.context.lastModel;
    if (recorded && (!provider || provider === recorded.provider) && (!modelId || modelId === recorded.modelId)) {
      provider ??= recorded.provider;
      modelId ??= recorded.modelId;
      api ??= recorded.api;
    }
    if (!provider || !modelId) {
      const problem = read.parsed === null || 'store' in source ? null : await emptyInputProblem(read.parsed, source);
      if (problem !== null) throw new InputError(problem);
      if (recorded) throw new InputError(mismatchMessage(recorded, provider, modelId));
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

/**
 * The target a bench inspects for: `claude-sonnet-4-5` on Anthropic (what every baseline figure is
 * for), or another given as `provider/api/model` (`--target=` of the shapes bench; the model id may
 * hold slashes, as OpenRouter's do). Its reasoning flag is pi-ai's catalogue's, as the app sets it.
 */
import { lookupCatalogModel } from '../../electron/host/payloads/catalog.js';
import type { Target } from '../../shared/types.js';
import { BenchUsageError } from './usage-error.js';

export const DEFAULT_TARGET: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };

/** `provider/api/model` as a target; a usage error when a part is missing. */
export function parseBenchTarget(spec: string): Target {
  const first = spec.indexOf('/');
  const second = first < 0 ? -1 : spec.indexOf('/', first + 1);
  if (first <= 0 || second <= first + 1 || second === spec.length - 1)
    throw new BenchUsageError(`--target=${spec}: expected provider/api/model, e.g. openai/openai-responses/gpt-5`);
  const provider = spec.slice(0, first);
  const modelId = spec.slice(second + 1);
  return { provider, api: spec.slice(first + 1, second), modelId, reasoning: lookupCatalogModel(provider, modelId)?.reasoning ?? false };
}

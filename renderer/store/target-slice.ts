/** Target slice: pi-ai's catalogue and the provider/model the session is replayed to. */
import type { TargetCatalog } from '../../shared/api.js';
import type { Target } from '../../shared/types.js';
import { errorMessage } from '../format.js';
import { patch, type SliceCreator } from './slice.js';
import type { TargetSlice } from './types.js';

/** The catalogue's entry for a target, when it has one. */
export function catalogModel(catalog: TargetCatalog | null, provider: string, modelId: string) {
  return catalog?.providers.find((p) => p.id === provider)?.models.find((m) => m.id === modelId);
}

/** A sensible first target when the session records none: Claude Sonnet if known, else the first model. */
export function fallbackTarget(catalog: TargetCatalog): Target | null {
  const preferred = catalogModel(catalog, 'anthropic', 'claude-sonnet-4-5');
  if (preferred) return { provider: 'anthropic', api: preferred.api, modelId: preferred.id, reasoning: preferred.reasoning };
  for (const provider of catalog.providers) {
    const model = provider.models[0];
    if (model) return { provider: provider.id, api: model.api, modelId: model.id, reasoning: model.reasoning };
  }
  return null;
}

/** Fill the `reasoning` flag from the catalogue when the target does not say. */
function completeTarget(target: Target, catalog: TargetCatalog | null): Target {
  if (target.reasoning !== undefined) return target;
  const model = catalogModel(catalog, target.provider, target.modelId);
  return model ? { ...target, reasoning: model.reasoning } : target;
}

/** Creates the target slice. */
export const createTargetSlice: SliceCreator<TargetSlice> = (set, get, { api }) => ({
  target: { catalog: null, current: null, behaviour: 'spec', loading: false, error: null },

  async loadCatalog() {
    patch(set, 'target', { loading: true, error: null });
    try {
      const catalog = await api.listTargets();
      const current = get().target.current;
      patch(set, 'target', { catalog, loading: false, current: current ? completeTarget(current, catalog) : current });
    } catch (error) {
      patch(set, 'target', { loading: false, error: `Could not load the model catalogue: ${errorMessage(error)}` });
    }
  },

  async setTarget(target) {
    patch(set, 'target', { current: completeTarget(target, get().target.catalog) });
    await get().runInspection();
  },

  async setBehaviour(behaviour) {
    if (behaviour === get().target.behaviour) return;
    patch(set, 'target', { behaviour });
    await get().runInspection();
  },
});

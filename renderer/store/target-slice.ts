/** Target slice: pi-ai's catalogue, the provider/model the session is replayed to, recent targets and the reasoning switch. */
import type { CatalogModel, TargetCatalog } from '../../shared/api.js';
import { flagshipOf, modelForProvider } from '../../shared/targets/model-choice.js';
import type { Target } from '../../shared/types.js';
import { errorMessage } from '../format.js';
import { readStored, writeStored } from '../storage.js';
import { patch, type SliceCreator } from './slice.js';
import type { TargetSlice } from './types.js';

/** Targets remembered as recent. */
export const RECENT_TARGETS = 6;
const RECENT_KEY = 'recent-targets';

/** The catalogue's entry for a target, when it has one. */
export function catalogModel(catalog: TargetCatalog | null, provider: string, modelId: string): CatalogModel | undefined {
  return catalog?.providers.find((p) => p.id === provider)?.models.find((m) => m.id === modelId);
}

/** A provider's flagship: the host's choice, else the same choice made here. */
export function flagshipModel(catalog: TargetCatalog | null, provider: string): CatalogModel | undefined {
  const entry = catalog?.providers.find((p) => p.id === provider);
  if (!entry) return undefined;
  const named = entry.flagship ? entry.models.find((m) => m.id === entry.flagship) : undefined;
  return named ?? flagshipOf(entry.models.map((m) => ({ ...m, outputCost: m.cost?.output })));
}

/** A sensible first target when the session records none: Anthropic's flagship if known, else any provider's. */
export function fallbackTarget(catalog: TargetCatalog): Target | null {
  for (const provider of ['anthropic', ...catalog.providers.map((p) => p.id)]) {
    const model = flagshipModel(catalog, provider);
    if (model) return { provider, api: model.api, modelId: model.id, reasoning: model.reasoning };
  }
  return null;
}

/** Fill the `reasoning` flag from the catalogue when the target does not say. */
function completeTarget(target: Target, catalog: TargetCatalog | null): Target {
  if (target.reasoning !== undefined) return target;
  const model = catalogModel(catalog, target.provider, target.modelId);
  return model ? { ...target, reasoning: model.reasoning } : target;
}

/** The same target for the recent list: provider, api and model. */
export function sameTarget(a: Target, b: Target): boolean {
  return a.provider === b.provider && a.api === b.api && a.modelId === b.modelId;
}

function isTargetList(value: unknown): value is Target[] {
  return (
    Array.isArray(value) &&
    value.every(
      (t) =>
        typeof t === 'object' &&
        t !== null &&
        typeof (t as Target).provider === 'string' &&
        typeof (t as Target).api === 'string' &&
        typeof (t as Target).modelId === 'string',
    )
  );
}

/** Creates the target slice. */
export const createTargetSlice: SliceCreator<TargetSlice> = (set, get, { api }) => {
  const stored = readStored(RECENT_KEY);
  return {
    target: {
      catalog: null,
      current: null,
      behaviour: 'spec',
      loading: false,
      error: null,
      recent: isTargetList(stored) ? stored.slice(0, RECENT_TARGETS) : [],
      notice: null,
    },

    async loadCatalog() {
      patch(set, 'target', { loading: true, error: null });
      try {
        const catalog = await api.listTargets();
        const current = get().target.current;
        patch(set, 'target', { catalog, loading: false, current: current ? completeTarget(current, catalog) : current });
        // A session that opened before the catalogue arrived, with no model of its own to replay to, waited for it.
        const { session, inspection } = get();
        if (!current && session.info && !inspection.summary && !inspection.loading) void get().runInspection();
      } catch (error) {
        patch(set, 'target', { loading: false, error: `Could not load the model catalogue: ${errorMessage(error)}` });
      }
    },

    async setTarget(target) {
      const current = completeTarget(target, get().target.catalog);
      patch(set, 'target', { current, notice: null });
      await get().runInspection();
    },

    async chooseTarget(target) {
      const current = completeTarget(target, get().target.catalog);
      // The targets the user picks are remembered, newest first (the session's own is offered anyway).
      const { provider, api: targetApi, modelId } = current;
      const recent = [{ provider, api: targetApi, modelId }, ...get().target.recent.filter((t) => !sameTarget(t, current))].slice(
        0,
        RECENT_TARGETS,
      );
      writeStored(RECENT_KEY, recent);
      patch(set, 'target', { recent });
      await get().setTarget(current);
    },

    async chooseProvider(provider) {
      const { catalog, current } = get().target;
      const models = catalog?.providers.find((p) => p.id === provider)?.models ?? [];
      const choice = modelForProvider(
        provider,
        models.map((m) => ({ ...m, outputCost: m.cost?.output })),
        current?.modelId ?? null,
      );
      if (!choice) {
        get().pushToast({ kind: 'error', text: `${provider} has no model in the catalogue: use a custom target.` });
        return;
      }
      const model = choice.model;
      const keepReasoning = choice.how === 'kept' && current?.reasoning !== undefined && model.reasoning;
      // Rules depend on the model: a change of model is said, never silent.
      if (choice.how === 'flagship' || choice.model.id !== current?.modelId) get().pushToast({ kind: 'info', text: choice.message });
      await get().chooseTarget({
        provider,
        api: model.api,
        modelId: model.id,
        reasoning: keepReasoning ? current?.reasoning : model.reasoning,
      });
      patch(set, 'target', { notice: choice.message });
    },

    async setReasoning(on) {
      const current = get().target.current;
      if (!current || current.reasoning === on) return;
      await get().setTarget({ ...current, reasoning: on });
    },

    async setBehaviour(behaviour) {
      if (behaviour === get().target.behaviour) return;
      patch(set, 'target', { behaviour });
      // A run shown in the Recorded view is held against the hygiene just chosen.
      void get().compareChosenRun();
      await get().runInspection();
    },
  };
};

/** pi-ai's model catalogue as the target picker and target completion see it. */
import { getModel, getModels, getProviders, type Api, type KnownProvider, type Model } from '@mariozechner/pi-ai';
import type { CatalogModel, TargetCatalog } from '../../../shared/api.js';
import { flagshipOf } from '../../../shared/targets/model-choice.js';

/**
 * APIs the engine understands beyond pi-ai's registered ones: OpenClaw's own ids and the Gemini CLI
 * API that pi-ai 0.73 no longer registers (its payload is built with `google-generative-ai`).
 */
const EXTRA_APIS = ['google-gemini-cli', 'openai-chatgpt-responses', 'ollama'];

const KNOWN_APIS = [
  'anthropic-messages',
  'openai-responses',
  'openai-completions',
  'openai-codex-responses',
  'azure-openai-responses',
  'google-generative-ai',
  'google-vertex',
  'bedrock-converse-stream',
  'mistral-conversations',
];

/** The raw pi-ai model for a provider and id, when the catalogue has it. */
export function catalogModel(provider: string, modelId: string): Model<Api> | undefined {
  if (!getProviders().includes(provider as KnownProvider)) return undefined;
  return (getModel as (p: string, id: string) => Model<Api> | undefined)(provider, modelId);
}

/** Every catalogue model of a provider (empty for providers pi-ai does not know). */
export function catalogModels(provider: string): Model<Api>[] {
  if (!getProviders().includes(provider as KnownProvider)) return [];
  return getModels(provider as KnownProvider) as Model<Api>[];
}

function toCatalogModel(model: Model<Api>): CatalogModel {
  return {
    id: model.id,
    name: model.name,
    api: model.api,
    reasoning: model.reasoning,
    images: model.input.includes('image'),
    contextWindow: model.contextWindow,
    cost: { input: model.cost.input, output: model.cost.output },
  };
}

/** A provider's models and its flagship (what choosing the provider takes when the model in use is not its). */
function providerEntry(id: KnownProvider): TargetCatalog['providers'][number] {
  const models = getModels(id).map((m) => toCatalogModel(m as Model<Api>));
  const flagship = flagshipOf(models.map((m) => ({ ...m, outputCost: m.cost?.output })));
  return flagship ? { id, models, flagship: flagship.id } : { id, models };
}

/** The catalogue model for a provider and id, when pi-ai knows it. */
export function lookupCatalogModel(provider: string, modelId: string): CatalogModel | undefined {
  const model = catalogModel(provider, modelId);
  return model ? toCatalogModel(model) : undefined;
}

let cached: TargetCatalog | undefined;

/** pi-ai's providers and models (sorted by provider, catalogue order within one) with their flagships, plus known APIs. */
export function listTargets(): TargetCatalog {
  if (cached) return cached;
  const providers = [...getProviders()].sort().map(providerEntry);
  const apis = new Set<string>(KNOWN_APIS);
  for (const p of providers) for (const m of p.models) apis.add(m.api);
  for (const api of EXTRA_APIS) apis.add(api);
  cached = { providers, apis: [...apis].sort() };
  return cached;
}

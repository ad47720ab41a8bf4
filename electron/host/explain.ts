/**
 * Explaining provider errors with pi-ai's catalogue at hand: the pure explainer (shared/errors/)
 * is told the model's window, reasoning flag and inputs, and a target of each provider family to
 * offer when an error belongs to another family than the inspected target.
 */
import { recordedErrorsOf } from '../../shared/errors/recorded.js';
import { explainProviderError, type ExplainFacts, type ModelFacts } from '../../shared/errors/match-error.js';
import type { ErrorExplanation, Inspection, RecordedError } from '../../shared/inspection.js';
import { payloadFamily, type PayloadFamily } from '../../shared/preflight/family.js';
import type { Target } from '../../shared/types.js';
import { catalogModel, catalogModels } from './payloads/catalog.js';

/** The catalogue provider and model that stand for each family when a switch is offered (a current, common model; else the first of the family). */
const FAMILY_PROVIDER: Record<PayloadFamily, [string, RegExp]> = {
  anthropic: ['anthropic', /^claude-sonnet-4-5$/],
  bedrock: ['amazon-bedrock', /^(?:\w+\.)?anthropic\.claude-sonnet-4-5/],
  gemini: ['google', /^gemini-2\.5-pro$/],
  'openai-responses': ['openai', /^gpt-5$/],
  'openai-completions': ['openai', /^gpt-5$/],
  mistral: ['mistral', /^mistral-large-latest$/],
};

let familyTargets: Partial<Record<PayloadFamily, Target>> | undefined;

/** One catalogue target per family (the first model of the family's provider that builds that family's payloads). */
function defaultFamilyTargets(): Partial<Record<PayloadFamily, Target>> {
  if (familyTargets) return familyTargets;
  const out: Partial<Record<PayloadFamily, Target>> = {};
  for (const [family, [provider, preferred]] of Object.entries(FAMILY_PROVIDER) as [PayloadFamily, [string, RegExp]][]) {
    const models = catalogModels(provider).filter((m) => payloadFamily(m.api) === family);
    const model = models.find((m) => preferred.test(m.id)) ?? models[0];
    if (model) out[family] = { provider, api: model.api, modelId: model.id, reasoning: model.reasoning };
  }
  familyTargets = out;
  return out;
}

/** What the catalogue says about a model, when it lists it. */
function modelFacts(provider: string | undefined, modelId: string | undefined): ModelFacts | undefined {
  if (!provider || !modelId) return undefined;
  const model = catalogModel(provider, modelId);
  if (!model) return undefined;
  return {
    provider,
    modelId,
    contextWindow: model.contextWindow,
    maxTokens: model.maxTokens,
    reasoning: model.reasoning,
    input: [...model.input],
  };
}

function targetFacts(inspection: Inspection | undefined): ExplainFacts {
  const facts: ExplainFacts = { familyTargets: defaultFamilyTargets() };
  const model = inspection ? modelFacts(inspection.target.provider, inspection.target.modelId) : undefined;
  if (model) facts.model = model;
  return facts;
}

/**
 * Explain a provider error: ranked answers with category, action, evidence and (for transcript
 * errors) the hygiene rule and preflight check; checked against the session when an inspection
 * is given.
 */
export function explainError(errorText: string, inspection?: Inspection): ErrorExplanation[] {
  return explainProviderError(errorText, inspection, targetFacts(inspection));
}

/** The failed turns the session recorded, each explained against the model it was sent to. */
export function explainRecordedErrors(inspection: Inspection): RecordedError[] {
  const base = targetFacts(inspection);
  return recordedErrorsOf(inspection, (turn, message) => {
    const provider = typeof message.provider === 'string' ? message.provider : undefined;
    const modelId = typeof message.model === 'string' ? message.model : undefined;
    // A turn that records its model is judged by that model (or by none, when the catalogue lacks it), not by the target.
    if (!provider || !modelId) return { ...base, turn };
    const model = modelFacts(provider, modelId);
    return { familyTargets: base.familyTargets, ...(model ? { model } : {}), turn };
  });
}

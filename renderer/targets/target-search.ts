/**
 * Searching pi-ai's catalogue for a target: providers and models in one list, the session's own model
 * first, then recent targets; with no query, each provider's flagship.
 */
import type { CatalogModel, TargetCatalog } from '../../shared/api.js';
import type { Target } from '../../shared/types.js';

/** Why an option is offered. */
export type OptionTag = 'session' | 'recent' | 'current' | 'flagship';

/** One row of the picker: a model of a provider, or a provider (which keeps the model or takes its flagship). */
export interface TargetOption {
  kind: 'model' | 'provider';
  provider: string;
  /** The model (for a provider row: its flagship, when it has one). */
  model: CatalogModel | null;
  tags: OptionTag[];
}

/** A titled group of options. */
export interface OptionSection {
  title: string;
  options: TargetOption[];
}

/** What the search knows besides the catalogue. */
export interface SearchContext {
  /** The session's own (last) model. */
  session: Target | null;
  recent: readonly Target[];
  current: Target | null;
}

/** Options listed at most; the rest are counted ("refine the search"). */
export const MAX_OPTIONS = 60;

function modelOf(catalog: TargetCatalog, target: Target): CatalogModel {
  const known = catalog.providers.find((p) => p.id === target.provider)?.models.find((m) => m.id === target.modelId);
  return known ?? { id: target.modelId, name: target.modelId, api: target.api, reasoning: target.reasoning ?? false };
}

const key = (provider: string, modelId: string): string => `${provider}\u0000${modelId}`;

/** The tags of a model of a provider. */
function tagsOf(provider: string, model: CatalogModel, context: SearchContext, flagships: Map<string, string>): OptionTag[] {
  const tags: OptionTag[] = [];
  const is = (t: Target | null) => t !== null && t.provider === provider && t.modelId === model.id;
  if (is(context.session)) tags.push('session');
  if (context.recent.some(is)) tags.push('recent');
  if (is(context.current)) tags.push('current');
  if (flagships.get(provider) === model.id) tags.push('flagship');
  return tags;
}

/** The words of a query: lower-case, split on spaces and slashes. */
export function queryWords(query: string): string[] {
  return query
    .toLowerCase()
    .split(/[\s/]+/)
    .filter(Boolean);
}

/** How well a model matches the words (0: it does not). */
function score(provider: string, model: CatalogModel, words: readonly string[], tags: readonly OptionTag[], query: string): number {
  const id = model.id.toLowerCase();
  const haystack = `${provider} ${id} ${model.name.toLowerCase()}`;
  if (!words.every((w) => haystack.includes(w))) return 0;
  let points = 1;
  if (id === query || `${provider}/${id}` === query) points += 50;
  if (words.some((w) => id.startsWith(w) || id.includes(`-${w}`) || id.includes(`/${w}`))) points += 10;
  if (tags.includes('session')) points += 100;
  if (tags.includes('current')) points += 30;
  if (tags.includes('recent')) points += 20;
  if (tags.includes('flagship')) points += 8;
  if (model.reasoning) points += 2;
  return points;
}

/** The picker's sections for a query. */
export function searchTargets(
  catalog: TargetCatalog,
  query: string,
  context: SearchContext,
  flagships: Map<string, string>,
): { sections: OptionSection[]; more: number } {
  const words = queryWords(query);
  const option = (provider: string, model: CatalogModel): TargetOption => ({
    kind: 'model',
    provider,
    model,
    tags: tagsOf(provider, model, context, flagships),
  });
  if (words.length === 0) {
    const seen = new Set<string>();
    const sessionOptions = context.session ? [option(context.session.provider, modelOf(catalog, context.session))] : [];
    for (const o of sessionOptions) seen.add(key(o.provider, o.model!.id));
    const recent = context.recent
      .map((t) => option(t.provider, modelOf(catalog, t)))
      .filter((o) => !seen.has(key(o.provider, o.model!.id)));
    for (const o of recent) seen.add(key(o.provider, o.model!.id));
    const flagshipOptions = catalog.providers.flatMap((p) => {
      const model = p.models.find((m) => m.id === flagships.get(p.id));
      return model && !seen.has(key(p.id, model.id)) ? [option(p.id, model)] : [];
    });
    return {
      sections: [
        { title: 'This session’s model', options: sessionOptions },
        { title: 'Recent', options: recent },
        { title: 'Each provider’s flagship', options: flagshipOptions },
      ].filter((s) => s.options.length > 0),
      more: 0,
    };
  }
  const text = words.join(' ');
  const providers: TargetOption[] = catalog.providers
    .filter((p) => words.every((w) => p.id.includes(w)))
    .map((p) => ({ kind: 'provider', provider: p.id, model: p.models.find((m) => m.id === flagships.get(p.id)) ?? null, tags: [] }));
  const scored: { option: TargetOption; points: number; order: number }[] = [];
  let order = 0;
  const pool = context.session && !catalog.providers.some((p) => p.id === context.session!.provider) ? [context.session] : [];
  for (const extra of pool) {
    const model = modelOf(catalog, extra);
    const o = option(extra.provider, model);
    const points = score(extra.provider, model, words, o.tags, text);
    if (points > 0) scored.push({ option: o, points, order: order++ });
  }
  for (const p of catalog.providers)
    for (const model of p.models) {
      const o = option(p.id, model);
      const points = score(p.id, model, words, o.tags, text);
      if (points > 0) scored.push({ option: o, points, order: order++ });
    }
  scored.sort((a, b) => b.points - a.points || a.order - b.order);
  const models = scored.slice(0, MAX_OPTIONS).map((s) => s.option);
  return {
    sections: [
      { title: 'Providers', options: providers },
      { title: 'Models', options: models },
    ].filter((s) => s.options.length > 0),
    more: Math.max(0, scored.length - MAX_OPTIONS),
  };
}

/** The flagship of every provider (the host's choice), by provider. */
export function flagshipsOf(catalog: TargetCatalog | null): Map<string, string> {
  const map = new Map<string, string>();
  for (const p of catalog?.providers ?? []) if (p.flagship) map.set(p.id, p.flagship);
  return map;
}

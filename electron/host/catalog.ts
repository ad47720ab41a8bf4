/** pi-ai's model catalogue for targets (owned by the host issue; pi-ai is imported under payloads/). */
import type { CatalogModel } from '../../shared/api.js';

/** The catalogue model for a provider and id, when pi-ai knows it. */
export function lookupCatalogModel(_provider: string, _modelId: string): CatalogModel | undefined {
  return undefined;
}

/** pi-ai's model catalogue for targets (pi-ai itself is imported only under payloads/). */
export { listTargets, lookupCatalogModel } from './payloads/catalog.js';

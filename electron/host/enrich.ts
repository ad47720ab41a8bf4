/**
 * Adds what needs the host to an engine inspection: wire payloads (pi-ai) and preflight findings.
 * (Filled in by the host issue; until then the inspection is returned as the engine made it.)
 */
import type { Inspection } from '../../shared/inspection.js';
import type { InspectOptions } from '../../shared/types.js';

/** Build payloads and run preflight for an engine inspection. */
export async function enrichInspection(inspection: Inspection, _options: InspectOptions = {}): Promise<Inspection> {
  return inspection;
}

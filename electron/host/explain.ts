/** Matching a pasted provider error to the check that explains it (the pure matcher lives in shared/errors/). */
import { explainProviderError } from '../../shared/errors/match-error.js';
import type { ErrorExplanation, Inspection } from '../../shared/inspection.js';

/**
 * Explain a provider error: the checks it matches (with the hygiene rule that prevents each), most
 * likely first, and the transcript turns it points at when an inspection is given.
 */
export function explainError(errorText: string, inspection?: Inspection): ErrorExplanation[] {
  return explainProviderError(errorText, inspection);
}

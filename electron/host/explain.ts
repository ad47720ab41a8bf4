/** Matching a pasted provider error to the check that explains it (owned by the host issue). */
import type { ErrorExplanation, Inspection } from '../../shared/inspection.js';

export function explainError(_errorText: string, _inspection?: Inspection): ErrorExplanation[] {
  return [];
}

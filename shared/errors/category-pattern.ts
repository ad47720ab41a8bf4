/** The shape of a phrase family of errors hygiene cannot fix, and the helper that writes one ({Q} stands for a quote). */
import type { ErrorCategory } from '../inspection.js';

/** A category other than the transcript one. */
export type OtherCategory = Exclude<ErrorCategory, 'transcript' | 'unknown'>;

/** What a capability error is about. */
export type Capability = 'tools' | 'thinking' | 'images' | 'parameter' | 'endpoint';

/** One recognisable family of wordings. */
export interface CategoryPattern {
  category: OtherCategory;
  pattern: RegExp;
  confidence: number;
  /** What the wording says, for the evidence list. */
  says: string;
  capability?: Capability;
}

export function family(
  category: OtherCategory,
  confidence: number,
  says: string,
  source: string,
  capability?: Capability,
): CategoryPattern {
  const pattern = new RegExp(source.replaceAll('{Q}', `["'\`]`), 'i');
  return { category, pattern, confidence, says, ...(capability ? { capability } : {}) };
}

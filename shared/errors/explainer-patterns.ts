/** Every regular expression the provider-error explainer may run on an error's text. */
import { CATEGORY_PATTERNS } from './category-patterns.js';
import { TRANSCRIPT_MEANINGS } from './transcript-meanings.js';
import { TRANSCRIPT_PATTERNS } from './transcript-patterns.js';
import { UNFIXED_SHAPES } from './unfixed-shapes.js';

export function explainerPatterns(): RegExp[] {
  return [...CATEGORY_PATTERNS, ...TRANSCRIPT_PATTERNS, ...TRANSCRIPT_MEANINGS, ...UNFIXED_SHAPES].map((p) => p.pattern);
}

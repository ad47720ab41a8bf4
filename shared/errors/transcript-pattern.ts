/** The shape of a transcript-error pattern and the helper that writes one ({Q} stands for an optional quote). */
import type { CheckId } from '../preflight/checks.js';

/** One recognisable transcript error. */
export interface TranscriptPattern {
  check: CheckId;
  pattern: RegExp;
  confidence: number;
  /** Who says this, for the explanation. */
  source: string;
}

/** A quote as errors print it around names: ', ", ` or nothing. */
const Q = `["'\`]?`;

export function re(source: string): RegExp {
  return new RegExp(source.replaceAll('{Q}', Q), 'i');
}

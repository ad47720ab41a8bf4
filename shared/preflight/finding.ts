/** Building a preflight finding from a check of the catalogue. */
import type { PreflightFinding } from '../inspection.js';
import { CHECKS, typicalErrorFor, type CheckId } from './checks.js';

/** Where a finding points and what fills its typical error. */
export interface FindingAt {
  /** Index in the payload's conversation array, null when not message-specific. */
  index: number | null;
  /** JSON path inside the payload. */
  path: string;
  /** Block index inside the message, when the provider's error names one. */
  block?: number;
  /** Ids, sizes or other specifics the provider's error quotes. */
  ids?: string;
}

/** A finding for a check, with the catalogue's provider, rule and typical error. */
export function finding(check: CheckId, at: FindingAt, explanation: string): PreflightFinding {
  const info = CHECKS[check];
  return {
    check,
    provider: info.provider,
    messageIndex: at.index,
    path: at.path,
    explanation,
    rule: info.rule,
    typicalError: typicalErrorFor(check, { n: at.index, m: at.block, ids: at.ids }),
  };
}

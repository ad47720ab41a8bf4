// Types of targets.mjs, for the TypeScript tests that read the oracle corpora.
import type { Target } from '../../../shared/types.js';

export interface ManifestTarget {
  provider: string;
  api: string;
  model: string;
  options?: { reasoning?: boolean; compat?: { supportsReasoningEffort?: boolean }; params?: { canonicalModelId?: string } };
}
export const SEED_TARGETS: Record<string, ManifestTarget>;
export const WIDE_TARGETS: Record<string, ManifestTarget>;
export const ALL_TARGETS: Record<string, ManifestTarget>;
export function engineTarget(t: ManifestTarget, caseModel?: ManifestTarget['options']): Target;
export function oracleModel(t: ManifestTarget, caseModel?: ManifestTarget['options']): object | undefined;

/** The rule registry, in pipeline order (reference §3). The UI, the CLI and the docs read it. */
import type { PolicyValues } from '../types.js';
import type { Rule } from './rule.js';

/** One step of the pipeline: a rule, its options, and an extra condition for this position. */
export interface PipelineStep {
  rule: Rule<never>;
  options?: unknown;
  when?: (policy: PolicyValues) => boolean;
}

export const PIPELINE: PipelineStep[] = [];

/** Every rule, once, in the order it first runs. */
export const RULES: Rule<never>[] = [];

/** What the explainer is told besides the error and the inspection: catalogue facts the pure engine cannot read itself. */
import type { PayloadFamily } from '../preflight/family.js';
import type { Target } from '../types.js';

/** The target model as pi-ai's catalogue describes it. */
export interface ModelFacts {
  provider: string;
  modelId: string;
  contextWindow?: number;
  maxTokens?: number;
  reasoning?: boolean;
  /** Input kinds (`text`, `image`). */
  input?: string[];
}

/** Facts and scope for explaining one error. */
export interface ExplainFacts {
  /** The target model in the catalogue (absent for a custom model). */
  model?: ModelFacts;
  /** A catalogue target for each provider family, offered when an error belongs to another family than the target. */
  familyTargets?: Partial<Record<PayloadFamily, Target>>;
  /** The error was recorded by this failed turn (original index): checks look at the request it sent. */
  turn?: number;
}

// Types of decisions.mjs, for the TypeScript tests that read the oracle corpora.
import type { DecisionId } from '../../../shared/types.js';
import type { Inspection } from '../../../shared/inspection.js';

export function decisionExplainer(oracleRoot: string): {
  decisionsOf(inspection: Inspection): DecisionId[];
  explains(id: DecisionId, line: string): boolean;
};

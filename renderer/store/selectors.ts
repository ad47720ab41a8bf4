/** Derived views of the state shared by the panels and the keyboard shortcuts. */
import type { InspectionSummary } from '../../shared/api.js';
import type { Annotation, RuleId } from '../../shared/types.js';
import type { PreflightFinding } from '../../shared/inspection.js';

/** Annotations grouped by rule, in the pipeline order of `summary.rules`. */
export interface RuleGroup {
  rule: RuleId;
  title: string;
  explanation: string;
  /** Indices into `summary.annotations`. */
  indices: number[];
}

/** Group annotations by rule, rules in pipeline order, unknown rules last. */
export function groupAnnotations(summary: InspectionSummary | null): RuleGroup[] {
  if (!summary) return [];
  const byRule = new Map<RuleId, number[]>();
  summary.annotations.forEach((annotation: Annotation, index) => {
    const list = byRule.get(annotation.rule);
    if (list) list.push(index);
    else byRule.set(annotation.rule, [index]);
  });
  const groups: RuleGroup[] = [];
  for (const rule of summary.rules) {
    const indices = byRule.get(rule.rule);
    if (!indices) continue;
    groups.push({ rule: rule.rule, title: rule.title, explanation: rule.explanation, indices });
    byRule.delete(rule.rule);
  }
  for (const [rule, indices] of byRule) groups.push({ rule, title: rule, explanation: '', indices });
  return groups;
}

/** Annotation indices in the order the side panel lists them (what F8 steps through). */
export function annotationOrder(summary: InspectionSummary | null): number[] {
  return groupAnnotations(summary).flatMap((group) => group.indices);
}

/** Preflight findings grouped by check, keeping each finding's index. */
export interface FindingGroup {
  check: string;
  provider: string;
  explanation: string;
  rule: RuleId;
  typicalError: string;
  indices: number[];
}

/** Group one side's preflight findings by check, in first-seen order. */
export function groupFindings(findings: readonly PreflightFinding[]): FindingGroup[] {
  const groups = new Map<string, FindingGroup>();
  findings.forEach((finding, index) => {
    const group = groups.get(finding.check);
    if (group) group.indices.push(index);
    else
      groups.set(finding.check, {
        check: finding.check,
        provider: finding.provider,
        explanation: finding.explanation,
        rule: finding.rule,
        typicalError: finding.typicalError,
        indices: [index],
      });
  });
  return [...groups.values()];
}

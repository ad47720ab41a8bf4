/** Whether a redacted copy reproduces the original's inspection for a target, and the sentences that say so. */
import type { Inspection, InspectInput } from '../../../shared/inspection.js';
import { keyDifferences, reproducedKeys, type ReproducedKeys } from '../../../shared/redact/compare.js';
import type { RedactCounts } from '../../../shared/redact/redact-json.js';
import type { InspectOptions, Target } from '../../../shared/types.js';
import { inspect } from '../inspect.js';

/** The outcome of checking a redacted copy against the original's inspection. */
export interface RedactionCheck {
  target: Target;
  reproduces: boolean;
  /** What differs, in words (empty when it reproduces). */
  differences: string[];
  ruleChanges: number;
  preflightFindings: number;
  fileProblems: number;
}

/** What the check needs of the original's inspection (plain data: another thread may have made it). */
export interface CheckedOriginal {
  target: Target;
  keys: ReproducedKeys;
}

export function checkedOriginal(original: Inspection): CheckedOriginal {
  return { target: original.target, keys: reproducedKeys(original) };
}

/** Inspect the redacted copy like the original was and compare. */
export async function checkRedaction(
  original: CheckedOriginal,
  redacted: InspectInput,
  options: InspectOptions = {},
): Promise<RedactionCheck> {
  const again = await inspect(redacted, original.target, options);
  const { keys } = original;
  const differences = keyDifferences(keys, reproducedKeys(again));
  return {
    target: original.target,
    reproduces: differences.length === 0,
    differences,
    ruleChanges: keys.annotations.length,
    preflightFindings: keys.originalFindings.length + keys.replayFindings.length,
    fileProblems: keys.diagnostics.length,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** One sentence: it reproduces (with what), or what differs first. */
export function describeCheck(check: RedactionCheck): string {
  const target = `${check.target.provider}/${check.target.modelId}`;
  if (check.reproduces)
    return `It reproduces this inspection for ${target}: ${plural(check.ruleChanges, 'rule change')}, ${plural(check.preflightFindings, 'preflight finding')}, ${plural(check.fileProblems, 'file problem')}.`;
  const first = check.differences.slice(0, 2).join('; ');
  const more = check.differences.length > 2 ? `; ${check.differences.length - 2} more` : '';
  return `It does not reproduce this inspection exactly for ${target} (${first}${more}): attach the inspection report too.`;
}

/** What was replaced, and a warning when recorded provider errors were kept. */
export function describeCounts(counts: RedactCounts): string[] {
  const out = [`Replaced: ${plural(counts.texts, 'text')}, ${plural(counts.images, 'image')}, ${plural(counts.signatures, 'signature')}.`];
  if (counts.errorMessages > 0)
    out.push(
      `${plural(counts.errorMessages, 'recorded provider error is', 'recorded provider errors are')} kept word for word (keys, account ids and e-mail addresses masked): read ${counts.errorMessages === 1 ? 'it' : 'them'} before you share the file.`,
    );
  return out;
}

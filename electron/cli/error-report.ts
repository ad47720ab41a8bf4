/** The CLI's words for explained errors: the answers to `--explain` and the errors a session recorded, grouped. */
import { CATEGORY_LABELS } from '../../shared/errors/labels.js';
import { groupRecordedErrors } from '../../shared/errors/recorded-groups.js';
import type { ErrorExplanation, RecordedError } from '../../shared/inspection.js';
// Error texts come from session files and pasted text: they must not drive the terminal.
import { visibleControls as visible } from '../../shared/text/visible-controls.js';
import { turnsLabel } from '../../shared/text/numbering.js';

/** Turns and lines listed per group before "…". */
const LISTED = 12;

function flat(text: string, max: number): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

function list(values: number[]): string {
  const shown = values.slice(0, LISTED).join(', ');
  return values.length > LISTED ? `${shown}, … (${values.length - LISTED} more)` : shown;
}

function headline(answer: ErrorExplanation): string {
  const check = answer.check ? `: ${answer.check} (rule ${answer.rule})` : '';
  return `${CATEGORY_LABELS[answer.category]}${check}`;
}

function mark(confirmed: boolean | null): string {
  return confirmed === true ? '✓' : confirmed === false ? '✗' : '·';
}

/** One answer: headline, explanation, what to do, evidence, turns, the target to switch to. */
function answerLines(answer: ErrorExplanation, indent: string): string[] {
  const out = [`${indent}${answer.explanation}`, `${indent}what to do: ${answer.action}`];
  for (const e of answer.evidence) out.push(`${indent}${mark(e.confirmed)} ${e.fact}`);
  if (answer.turns.length > 0) out.push(`${indent}at ${turnsLabel(answer.turns, LISTED)}`);
  const t = answer.switchTarget;
  if (t) out.push(`${indent}to check it, inspect for that target: --provider ${t.provider} --api ${t.api} --model ${t.modelId}`);
  return out;
}

/** The answers to a pasted error (`--explain`), most likely first. */
export function explanationLines(explanations: ErrorExplanation[]): string[] {
  if (explanations.length === 0) return ['error explanation: the text is empty'];
  const out = ['error explanation:'];
  for (const answer of explanations) {
    out.push(`  ${Math.round(answer.confidence * 100)}% ${headline(answer)}`);
    out.push(...answerLines(answer, '      '));
  }
  return out.map(visible);
}

/** "This session recorded N provider errors", grouped by answer, the largest group first. */
export function recordedErrorLines(recorded: RecordedError[] | undefined): string[] {
  if (!recorded || recorded.length === 0) return ['recorded errors: none (no turn failed with an error)'];
  const groups = groupRecordedErrors(recorded);
  const out = [
    `recorded errors: this session recorded ${recorded.length} provider error${recorded.length === 1 ? '' : 's'} (${groups.length} kind${groups.length === 1 ? '' : 's'})`,
  ];
  for (const { answer, errors } of groups) {
    const lines = errors.flatMap((e) => (e.line === null ? [] : [e.line]));
    out.push(
      `  ${errors.length} × ${answer ? headline(answer) : 'unknown'} — ${turnsLabel(
        errors.map((e) => e.turn),
        LISTED,
      )}${lines.length ? ` (line${lines.length === 1 ? '' : 's'} ${list(lines)})` : ''}`,
    );
    out.push(`      "${flat(errors[0].message, 160) || '(no error message)'}"`);
    if (answer) {
      out.push(`      what to do: ${answer.action}`);
      for (const e of answer.evidence.slice(0, 4)) out.push(`      ${mark(e.confirmed)} ${e.fact}`);
    }
  }
  return out.map(visible);
}

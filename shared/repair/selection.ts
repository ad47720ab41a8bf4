/**
 * Leaving rewrites out of a repair: the user may untick a rewrite they do not want (a blank user
 * turn they would rather keep blank). Drops and inserted results are what makes the file
 * readable again and always go together with the plan.
 */
import type { RepairPlan } from '../inspection.js';
import { judgeEntry } from './entry-repairs.js';
import type { RepairDraft } from './plan.js';

/** A selection that does not fit the plan (a line that is not an optional rewrite of it). */
export class SelectionError extends Error {
  override name = 'SelectionError';
}

/**
 * The lines whose rewrite may be left out: a rewrite that is the only change to its line apart from
 * results inserted after it (a line recovered from a damaged one is rewritten as a whole).
 */
export function optionalRewriteLines(plan: RepairPlan): number[] {
  // One pass (16,000 rewrites of a line each took 0.3 s when each looked for its line among the others).
  const others = new Set<number>();
  const rewrites = new Map<number, number>();
  for (const a of plan.actions) {
    if (a.kind === 'rewrite') rewrites.set(a.line, (rewrites.get(a.line) ?? 0) + 1);
    else if (a.kind !== 'insert') others.add(a.line);
  }
  const lines: number[] = [];
  for (const [line, count] of rewrites) if (count === 1 && !others.has(line)) lines.push(line);
  return lines;
}

const decoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/** The counters one rewritten line added to the plan (its entry judged again). */
function lineCounts(bytes: Uint8Array, start: number, end: number): Partial<RepairPlan['counts']> {
  try {
    const verdict = judgeEntry(JSON.parse(decoder.decode(bytes.subarray(start, end))));
    return verdict.kind === 'rewrite' ? verdict.counts : {};
  } catch {
    return {};
  }
}

/**
 * The draft without the rewrites of `skip` (lines of the original file), with its counts adjusted.
 * Throws a SelectionError for a line that is not an optional rewrite of this plan; an empty `skip`
 * returns the draft itself.
 */
export function withoutRewrites(draft: RepairDraft, bytes: Uint8Array, skip: readonly number[]): RepairDraft {
  if (skip.length === 0) return draft;
  const optional = new Set(optionalRewriteLines(draft.plan));
  for (const line of skip)
    if (!optional.has(line)) throw new SelectionError(`line ${line} is not a rewrite of this plan that can be left out`);
  const left = new Set(skip);
  // A rewrite's edit replaces the line's content; an insertion after the same line is empty (start === end).
  const skipped = draft.edits.filter((e) => left.has(e.line) && e.end > e.start);
  const leftOut = new Set(skipped);
  const counts: Record<string, number> = { ...draft.plan.counts };
  for (const edit of skipped)
    for (const [key, n] of Object.entries(lineCounts(bytes, edit.start, edit.end))) counts[key] = (counts[key] ?? 0) - (n ?? 0);
  const actions = draft.plan.actions.filter((a) => !(a.kind === 'rewrite' && left.has(a.line)));
  return {
    ...draft,
    plan: { ...draft.plan, needed: actions.length > 0, actions, counts: counts as RepairPlan['counts'] },
    edits: draft.edits.filter((e) => !leftOut.has(e)),
  };
}

/**
 * A repair with some of the plan's rewrites left out: the whole plan is needed to know which lines
 * may be left out, so it is made first (or taken from the plan just shown), then narrowed, and
 * written like a plan made moments ago.
 */
import { planRepairBytes, repairedChunks } from '../../../shared/repair/plan.js';
import { SelectionError, withoutRewrites } from '../../../shared/repair/selection.js';
import type { PreparedRepair } from './draft-cache.js';
import { digestOf, digestOfChunks } from './read-session.js';

/**
 * The repair of `bytes` without the rewrites of `skip`: null when the bytes are not the ones
 * planned (digest `expected`), a SelectionError when a line is not a rewrite that can be left out,
 * undefined when the file cannot be planned at all (the writer then refuses it with its reason).
 */
export function selectedRepair(
  bytes: Buffer,
  expected: string,
  prepared: PreparedRepair | undefined,
  skip: readonly number[],
): PreparedRepair | SelectionError | null | undefined {
  let draft = prepared?.draft;
  if (draft === undefined) {
    if (digestOf(bytes) !== expected) return null;
    draft = planRepairBytes(bytes, expected);
    if (draft.refusalKind !== undefined) return undefined;
  }
  try {
    const chosen = withoutRewrites(draft, bytes, skip);
    return { draft: chosen, bytes, digestAfter: digestOfChunks(repairedChunks(bytes, chosen.edits)) };
  } catch (error) {
    if (error instanceof SelectionError) return error;
    throw error;
  }
}

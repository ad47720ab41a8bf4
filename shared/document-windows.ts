/**
 * How documents are cut into windows of turns: the renderer fetches them this way, and the host's
 * preview sends its first window along (the same plan on both sides, so it is the one asked for).
 *
 * Documents of 100 MB sessions are 25 MB and more when whole; a window keeps what the renderer parses,
 * what Monaco holds and what the diff worker compares to about a megabyte.
 */

/** How a document is fetched: whole, or in windows of `size` original turns. */
export type DocumentPlan = { kind: 'whole' } | { kind: 'windowed'; size: number };

/** A document estimated below this many bytes is fetched whole, however many turns it has. */
export const WHOLE_MAX_BYTES = 2 * 1024 * 1024;
/** Up to this many turns a document is fetched whole when it is not huge (below `WHOLE_MAX_TURNS_BYTES`). */
const WHOLE_MAX_TURNS = 200;
/** The byte limit that goes with `WHOLE_MAX_TURNS`: 150 turns of 60 KB tool outputs are still windowed. */
const WHOLE_MAX_TURNS_BYTES = 8 * 1024 * 1024;
/** Bytes of document text a window aims at. */
const WINDOW_BUDGET_BYTES = 1024 * 1024;
/** Bounds of a window, in original turns. */
export const MIN_WINDOW_TURNS = 20;
export const MAX_WINDOW_TURNS = 60;

/**
 * Decide how to fetch a document of `totalTurns` original turns estimated at `estimatedBytes`.
 *
 * The estimate (the payload's bytes, or the session file's) counts base64 the document elides, so it
 * errs on the side of smaller windows. Small documents stay whole: one window, nothing to navigate.
 */
export function planDocument(totalTurns: number, estimatedBytes: number): DocumentPlan {
  const bytes = Number.isFinite(estimatedBytes) && estimatedBytes > 0 ? estimatedBytes : 0;
  if (bytes <= WHOLE_MAX_BYTES) return { kind: 'whole' };
  if (totalTurns <= WHOLE_MAX_TURNS && bytes <= WHOLE_MAX_TURNS_BYTES) return { kind: 'whole' };
  const perTurn = bytes / Math.max(1, totalTurns);
  const size = Math.max(MIN_WINDOW_TURNS, Math.min(MAX_WINDOW_TURNS, Math.floor(WINDOW_BUDGET_BYTES / perTurn)));
  // Even sizes keep the half-window grid of `windowAround` exact.
  return { kind: 'windowed', size: size - (size % 2) };
}

/**
 * The first window of a preview holding `turns` of the branch's `totalTurns` turns, whose lines are
 * `estimatedBytes`: planned as for the whole branch, within the turns the preview holds.
 */
export function previewWindow(turns: number, totalTurns: number, estimatedBytes: number): { from: number; to: number } {
  const plan = planDocument(totalTurns, estimatedBytes);
  return { from: 0, to: plan.kind === 'whole' ? turns : Math.min(turns, plan.size) };
}

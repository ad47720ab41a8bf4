/** Where the selection (annotation, turn, preflight finding) is in the documents shown, and what to say when a side has nothing. */
import type { DocumentText, DocumentView, InspectionSummary, Side } from '../../shared/api.js';
import type { Focus } from '../store/types.js';
import { annotationSpans, turnSpans, type DiffSpans } from './line-map.js';
import { findingSpans } from './marks.js';

/** The spans to reveal and a note explaining an empty side (null when there is nothing to say). */
export interface SelectionReveal {
  spans: DiffSpans;
  note: string | null;
}

/** The lines of the selection in both documents, or null when the selection no longer exists. */
export function selectionSpans(
  summary: InspectionSummary,
  focus: Focus,
  docs: Record<Side, DocumentText | null>,
  view: DocumentView,
): SelectionReveal | null {
  let spans: DiffSpans | null = null;
  // What each side is expected to show, to explain an empty side instead of silently not moving.
  let wanted: { original: number | null; replay: number | null } = { original: null, replay: null };
  if (focus.kind === 'annotation') {
    const annotation = summary.annotations[focus.index];
    if (annotation) {
      spans = annotationSpans(annotation, docs.original, docs.replay);
      wanted = { original: annotation.turn, replay: annotation.replayTurn };
    }
  } else if (focus.kind === 'turn') {
    spans = turnSpans(focus.side, focus.index, docs.original, docs.replay);
    wanted = focus.side === 'original' ? { original: focus.index, replay: null } : { original: null, replay: focus.index };
  } else if (focus.kind === 'entry') {
    spans = findingSpans(focus.side, { messageIndex: focus.entry, path: focus.path, sideIndex: focus.sideIndex }, docs, view);
    if (!spans[focus.side]) return { spans, note: `${focus.path} is not in the ${focus.side} payload shown` };
  } else {
    const finding = summary.preflight[focus.side][focus.index];
    if (finding) spans = findingSpans(focus.side, finding, docs, view);
  }
  if (!spans) return null;
  const notes: string[] = [];
  if (focus.kind === 'annotation' && wanted.replay === null) notes.push('dropped from the replay');
  for (const side of ['original', 'replay'] as const) {
    const turn = wanted[side];
    if (turn !== null && !spans[side])
      notes.push(
        `turn #${turn} has no lines in the ${side} ${view}${view === 'payload' ? ' (the payload builder leaves it out: see the transcript view)' : ''}`,
      );
  }
  return { spans, note: notes.length ? notes.join(' · ') : null };
}

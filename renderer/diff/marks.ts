/** Builds the gutter marks of each side from annotations, preflight findings and explained turns. */
import type { DocumentText, DocumentView, InspectionSummary, Side } from '../../shared/api.js';
import type { ErrorExplanation, PreflightFinding } from '../../shared/inspection.js';
import { annotationSpans, locateJsonPath, rangeByIndex, turnSpans, type DiffSpans, type LineSpan } from './line-map.js';

/** A mark before it is handed to the editor (same shape as the editor's GutterMark). */
export interface Mark extends LineSpan {
  kind: 'annotation' | 'preflight' | 'explained';
  hover: string;
}

/** Where a preflight finding sits: its JSON path in a payload, else its message's turn range. */
export function findingSpan(finding: PreflightFinding, doc: DocumentText | null, view: DocumentView): LineSpan | null {
  if (!doc) return null;
  if (view === 'payload' && finding.path) {
    const located = locateJsonPath(doc.text, finding.path);
    if (located) return located;
  }
  return rangeByIndex(doc.ranges, finding.messageIndex);
}

function addMark(byKey: Map<string, Mark>, span: LineSpan | null, kind: Mark['kind'], line: string): void {
  if (!span) return;
  const key = `${kind}:${span.startLine}:${span.endLine}`;
  const existing = byKey.get(key);
  if (existing) {
    if (!existing.hover.includes(line)) existing.hover += `\n\n${line}`;
  } else {
    byKey.set(key, { ...span, kind, hover: line });
  }
}

/** The marks of both sides. */
export function buildMarks(
  summary: InspectionSummary,
  docs: Record<Side, DocumentText | null>,
  view: DocumentView,
  explanations: readonly ErrorExplanation[],
): Record<Side, Mark[]> {
  const out: Record<Side, Map<string, Mark>> = { original: new Map(), replay: new Map() };
  const titles = new Map(summary.rules.map((r) => [r.rule, r.title]));
  for (const annotation of summary.annotations) {
    const spans = annotationSpans(annotation, docs.original, docs.replay);
    const line = `**${titles.get(annotation.rule) ?? annotation.rule}** — ${annotation.action}: ${annotation.detail}`;
    addMark(out.original, spans.original, 'annotation', line);
    addMark(out.replay, spans.replay, 'annotation', line);
  }
  for (const side of ['original', 'replay'] as const) {
    // Locating a path scans the document: bound the work on pathological inspections.
    for (const finding of summary.preflight[side].slice(0, 500)) {
      addMark(out[side], findingSpan(finding, docs[side], view), 'preflight', `**Preflight ${finding.check}** — ${finding.explanation}`);
    }
  }
  for (const explanation of explanations) {
    for (const turn of explanation.turns) {
      const spans = turnSpans('original', turn, docs.original, docs.replay);
      const line = `**Explains the pasted error** (${explanation.check}) — ${explanation.explanation}`;
      addMark(out.original, spans.original, 'explained', line);
      addMark(out.replay, spans.replay, 'explained', line);
    }
  }
  return { original: [...out.original.values()], replay: [...out.replay.values()] };
}

/** The spans to reveal for a preflight finding: its side only. */
export function findingSpans(side: Side, finding: PreflightFinding, docs: Record<Side, DocumentText | null>, view: DocumentView): DiffSpans {
  const span = findingSpan(finding, docs[side], view);
  return side === 'original' ? { original: span, replay: null } : { original: null, replay: span };
}

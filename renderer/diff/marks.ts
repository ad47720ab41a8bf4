/** Builds the gutter marks of each side from annotations, preflight findings and explained turns. */
import type { DocumentText, DocumentView, InspectionSummary, Side } from '../../shared/api.js';
import type { ErrorExplanation, PreflightFinding } from '../../shared/inspection.js';
import {
  annotationSpans,
  locateJsonPath,
  locateJsonPaths,
  parseJsonPath,
  rangeByIndex,
  turnSpans,
  type DiffSpans,
  type LineSpan,
} from './line-map.js';
import { markdownText } from '../monaco/markdown-text.js';
import { isWhole } from './windows.js';

/** A mark before it is handed to the editor (same shape as the editor's GutterMark). */
export interface Mark extends LineSpan {
  kind: 'annotation' | 'preflight' | 'explained';
  /** Markdown: our own bold labels, and text from the session escaped by markdownText. */
  hover: string;
}

/** Offsets where each line of a text starts (index 0 is line 1), built once per text. */
const lineStarts = new WeakMap<DocumentText, Int32Array>();

function lineStartsOf(doc: DocumentText): Int32Array {
  let starts = lineStarts.get(doc);
  if (!starts) {
    let count = 1;
    for (let i = doc.text.indexOf('\n'); i >= 0; i = doc.text.indexOf('\n', i + 1)) count += 1;
    starts = new Int32Array(count);
    let n = 1;
    for (let i = doc.text.indexOf('\n'); i >= 0; i = doc.text.indexOf('\n', i + 1)) starts[n++] = i + 1;
    lineStarts.set(doc, starts);
  }
  return starts;
}

/** The text of lines [startLine, endLine] of a document. */
function linesOf(doc: DocumentText, span: LineSpan): string {
  const starts = lineStartsOf(doc);
  const from = starts[Math.max(0, span.startLine - 1)] ?? doc.text.length;
  const to = span.endLine < starts.length ? starts[span.endLine] : doc.text.length;
  return doc.text.slice(from, to);
}

/** `content[1].id` from the steps after `messages[3]`. */
function joinPath(steps: readonly (string | number)[]): string {
  return steps.map((step, i) => (typeof step === 'number' ? `[${step}]` : i === 0 ? step : `.${step}`)).join('');
}

/** True when a document is one window of a larger one (its JSON paths do not index the whole list). */
function isPartial(doc: DocumentText): boolean {
  return doc.window !== undefined && !isWhole(doc.window);
}

/** What locating a finding needs: its payload position, its JSON path, and the message on its side. */
type Locatable = Pick<PreflightFinding, 'messageIndex' | 'path'> & { sideIndex?: number | null };

/** The range of a payload entry: by its position in the payload's list, else by the message it came from. */
function entryRange(doc: DocumentText, f: Locatable): LineSpan | null {
  if (f.messageIndex !== null) {
    const byEntry = doc.ranges.find((r) => r.entry === f.messageIndex);
    if (byEntry) return { startLine: byEntry.startLine, endLine: byEntry.endLine };
  }
  // Older hosts name no entries: the finding's message on its side, else its position taken as one.
  return rangeByIndex(doc.ranges, f.sideIndex ?? f.messageIndex);
}

/**
 * Where preflight findings sit in one document, in one scan: by JSON path in a whole payload; in a
 * window, the path's list index does not count from the window's first entry, so the finding's
 * entry is found by its range and the rest of the path inside it; in the transcript, the message its
 * payload entry was built from.
 */
export function findingSpansOf(findings: readonly Locatable[], doc: DocumentText | null, view: DocumentView): (LineSpan | null)[] {
  if (!doc) return findings.map(() => null);
  if (view !== 'payload') return findings.map((f) => rangeByIndex(doc.ranges, f.sideIndex ?? f.messageIndex));
  const byEntry = findings.map((f) => entryRange(doc, f));
  if (!isPartial(doc)) {
    const located = locateJsonPaths(
      doc.text,
      findings.map((f) => f.path).filter((path) => path),
    );
    return findings.map((f, i) => located.get(f.path) ?? byEntry[i]);
  }
  return findings.map((f, i) => {
    const range = byEntry[i];
    const steps = f.path ? parseJsonPath(f.path) : null;
    if (!range || !steps || steps.length < 3 || typeof steps[1] !== 'number') return range;
    const inner = locateJsonPath(linesOf(doc, range), joinPath(steps.slice(2)));
    return inner ? { startLine: range.startLine + inner.startLine - 1, endLine: range.startLine + inner.endLine - 1 } : range;
  });
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
    // Most annotations of a long session are outside the window shown.
    if (!spans.original && !spans.replay) continue;
    const line = `**${markdownText(titles.get(annotation.rule) ?? annotation.rule)}** — ${markdownText(`${annotation.action}: ${annotation.detail}`)}`;
    addMark(out.original, spans.original, 'annotation', line);
    addMark(out.replay, spans.replay, 'annotation', line);
  }
  for (const side of ['original', 'replay'] as const) {
    const findings = summary.preflight[side];
    const spans = findingSpansOf(findings, docs[side], view);
    findings.forEach((finding, i) =>
      addMark(out[side], spans[i], 'preflight', `**Preflight ${markdownText(finding.check)}** — ${markdownText(finding.explanation)}`),
    );
  }
  for (const explanation of explanations) {
    for (const turn of explanation.turns) {
      const spans = turnSpans('original', turn, docs.original, docs.replay);
      const line = `**Explains the pasted error** (${markdownText(explanation.check ?? explanation.category)}) — ${markdownText(explanation.explanation)}`;
      addMark(out.original, spans.original, 'explained', line);
      addMark(out.replay, spans.replay, 'explained', line);
    }
  }
  return { original: [...out.original.values()], replay: [...out.replay.values()] };
}

/** The spans to reveal for a preflight finding (or a payload position), on its side only: its JSON path in a payload, else its message's range. */
export function findingSpans(side: Side, finding: Locatable, docs: Record<Side, DocumentText | null>, view: DocumentView): DiffSpans {
  const span = findingSpansOf([finding], docs[side], view)[0];
  return side === 'original' ? { original: span, replay: null } : { original: null, replay: span };
}

/** The decorations the diff editor draws from plain data: gutter marks, elided-string chips and the payload builder's notes. */
import type { Elision } from '../../shared/api.js';
import type { LineSpan } from '../diff/line-map.js';
import { monaco } from './setup.js';

/** A gutter mark over a line span (an annotated turn, a preflight finding, an explained turn). */
export interface GutterMark extends LineSpan {
  kind: 'annotation' | 'preflight' | 'explained';
  /** Markdown shown when hovering the glyph. */
  hover: string;
}

/** A note at the end of a line: a few words shown, the full text on hover. */
export interface LineNote {
  line: number;
  label: string;
  text: string;
}

const MARK_CLASS: Record<GutterMark['kind'], { line: string; glyph: string; ruler: string }> = {
  annotation: { line: 'ti-mark-annotation', glyph: 'ti-glyph-annotation', ruler: '#d19a2a' },
  preflight: { line: 'ti-mark-preflight', glyph: 'ti-glyph-preflight', ruler: '#d1453b' },
  explained: { line: 'ti-mark-explained', glyph: 'ti-glyph-explained', ruler: '#a34fd1' },
};

/** The whole lines of a span, clamped to the model. */
export function spanRange(span: LineSpan, model: monaco.editor.ITextModel): monaco.IRange {
  const last = Math.min(Math.max(span.endLine, span.startLine), model.getLineCount());
  const first = Math.min(span.startLine, last);
  return { startLineNumber: first, startColumn: 1, endLineNumber: last, endColumn: model.getLineMaxColumn(last) };
}

/** Gutter marks: a bar beside the lines, a glyph with the hover on the first one, a tick in the overview ruler. */
export function markDecorations(marks: readonly GutterMark[], model: monaco.editor.ITextModel): monaco.editor.IModelDeltaDecoration[] {
  const decorations: monaco.editor.IModelDeltaDecoration[] = [];
  for (const mark of marks) {
    const range = spanRange(mark, model);
    const cls = MARK_CLASS[mark.kind];
    decorations.push({
      range,
      options: {
        isWholeLine: true,
        linesDecorationsClassName: cls.line,
        overviewRuler: { color: cls.ruler, position: monaco.editor.OverviewRulerLane.Left },
      },
    });
    decorations.push({
      range: { startLineNumber: range.startLineNumber, startColumn: 1, endLineNumber: range.startLineNumber, endColumn: 1 },
      options: { glyphMarginClassName: cls.glyph, glyphMarginHoverMessage: { value: mark.hover } },
    });
  }
  return decorations;
}

/** Chips over elided strings, and the elisions of each line (for hover and click). */
export function elisionDecorations(
  elisions: readonly Elision[],
  model: monaco.editor.ITextModel,
): { decorations: monaco.editor.IModelDeltaDecoration[]; byLine: Map<number, Elision[]> } {
  const decorations: monaco.editor.IModelDeltaDecoration[] = [];
  const byLine = new Map<number, Elision[]>();
  for (const elision of elisions) {
    if (elision.line < 1 || elision.line > model.getLineCount()) continue;
    const at = model.getLineContent(elision.line).indexOf(elision.placeholder);
    if (at < 0) continue;
    decorations.push({
      range: {
        startLineNumber: elision.line,
        startColumn: at + 1,
        endLineNumber: elision.line,
        endColumn: at + 1 + elision.placeholder.length,
      },
      options: { inlineClassName: elision.imageRef ? 'ti-elision ti-elision-image' : 'ti-elision' },
    });
    const list = byLine.get(elision.line);
    if (list) list.push(elision);
    else byLine.set(elision.line, [elision]);
  }
  return { decorations, byLine };
}

/** Notes shown after the end of their line, explained on hover (plain text: the hover is not Markdown-escaped input). */
export function noteDecorations(notes: readonly LineNote[], model: monaco.editor.ITextModel): monaco.editor.IModelDeltaDecoration[] {
  const out: monaco.editor.IModelDeltaDecoration[] = [];
  for (const note of notes) {
    if (note.line < 1 || note.line > model.getLineCount()) continue;
    // The whole line carries the hover; the label follows its end.
    out.push({
      range: { startLineNumber: note.line, startColumn: 1, endLineNumber: note.line, endColumn: model.getLineMaxColumn(note.line) },
      options: {
        after: { content: `  ⓘ ${note.label}`, inlineClassName: 'ti-builder-note' },
        hoverMessage: { value: note.text, isTrusted: false, supportHtml: false },
      },
    });
  }
  return out;
}

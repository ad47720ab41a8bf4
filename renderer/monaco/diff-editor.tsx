/** The Monaco diff editor (original payload left, replay right) with gutter marks, highlights and elision chips. */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Elision, Side } from '../../shared/api.js';
import type { DiffSpans, LineSpan } from '../diff/line-map.js';
import { monaco } from './setup.js';

/** A gutter mark over a line span (an annotated turn, a preflight finding, an explained turn). */
export interface GutterMark extends LineSpan {
  kind: 'annotation' | 'preflight' | 'explained';
  /** Markdown shown when hovering the glyph. */
  hover: string;
}

/** The imperative surface of the diff editor; big texts go straight into Monaco models. */
export interface DiffEditorHandle {
  setDocuments(original: string, replay: string): void;
  setMarks(side: Side, marks: GutterMark[], elisions: Elision[]): void;
  /** Reveal and highlight spans on both sides (null clears a side). */
  reveal(spans: DiffSpans): void;
}

/** Props of the diff editor. */
export interface DiffEditorProps {
  theme: 'light' | 'dark';
  hideUnchanged: boolean;
  /** Called when the pointer rests on (or leaves) an elided base64 placeholder. */
  onElisionHover?: (hover: { side: Side; elision: Elision; x: number; y: number } | null) => void;
  /** Called with the spans actually revealed, for tests and the status line. */
  onRevealed?: (spans: DiffSpans) => void;
  /** True from new documents until their diff is computed (seconds on long sessions). */
  onDiffing?: (diffing: boolean) => void;
  /** Called once the editor exists and the handle's methods work (Monaco is loaded lazily). */
  onReady?: () => void;
  /** Called when both editors show lines of the documents last set (the frame after Monaco drew them). */
  onPainted?: () => void;
  /** Called when a placeholder is clicked: the user wants to see what it stands for. */
  onElisionClick?: (side: Side, elision: Elision) => void;
}

const MARK_CLASS: Record<GutterMark['kind'], { line: string; glyph: string; ruler: string }> = {
  annotation: { line: 'ti-mark-annotation', glyph: 'ti-glyph-annotation', ruler: '#d19a2a' },
  preflight: { line: 'ti-mark-preflight', glyph: 'ti-glyph-preflight', ruler: '#d1453b' },
  explained: { line: 'ti-mark-explained', glyph: 'ti-glyph-explained', ruler: '#a34fd1' },
};

function spanRange(span: LineSpan, model: monaco.editor.ITextModel): monaco.IRange {
  const last = Math.min(Math.max(span.endLine, span.startLine), model.getLineCount());
  const first = Math.min(span.startLine, last);
  return { startLineNumber: first, startColumn: 1, endLineNumber: last, endColumn: model.getLineMaxColumn(last) };
}

/** Replaced models kept at most while their diffs may be running. */
const MAX_RETIRED = 8;

/** Dispose replaced models, keeping the newest `keep`. */
function retire(s: { retired: monaco.editor.ITextModel[] }, keep: number): void {
  while (s.retired.length > keep) s.retired.shift()?.dispose();
}

/** What the component keeps between renders (never React state: the texts can be megabytes). */
interface EditorState {
  editor: monaco.editor.IStandaloneDiffEditor;
  models: Record<Side, monaco.editor.ITextModel>;
  marks: Record<Side, monaco.editor.IEditorDecorationsCollection>;
  highlight: Record<Side, monaco.editor.IEditorDecorationsCollection>;
  elisions: Record<Side, Map<number, Elision[]>>;
  /** The last reveal on the current documents: re-applied when a (slow) diff lands and folds regions. */
  lastReveal: DiffSpans | null;
  /**
   * Models replaced but not disposed yet. A diff of them may still be running in the worker, and
   * disposing a model removes it from the worker, which then answers "no diff result" (an uncaught
   * error in Monaco) — so they go when the diff of the models that replaced them is in.
   */
  retired: monaco.editor.ITextModel[];
  sides: Record<Side, monaco.editor.ICodeEditor>;
}

/** The Monaco diff editor in `host`, with an empty JSON model on each side. */
function createEditor(host: HTMLElement, hideUnchanged: boolean): EditorState {
  const editor = monaco.editor.createDiffEditor(host, {
    readOnly: true,
    originalEditable: false,
    automaticLayout: true,
    renderSideBySide: true,
    useInlineViewWhenSpaceIsLimited: false,
    glyphMargin: true,
    folding: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    renderOverviewRuler: true,
    ignoreTrimWhitespace: false,
    diffAlgorithm: 'advanced',
    // The diff runs in a worker: a long session may take seconds, and a partial diff would mislead.
    maxComputationTime: 0,
    maxFileSize: 200,
    fontSize: 12.5,
    lineNumbersMinChars: 4,
    hideUnchangedRegions: { enabled: hideUnchanged, contextLineCount: 3, minimumLineCount: 6, revealLineCount: 20 },
  });
  const models = {
    original: monaco.editor.createModel('', 'json'),
    replay: monaco.editor.createModel('', 'json'),
  };
  editor.setModel({ original: models.original, modified: models.replay });
  const sides: Record<Side, monaco.editor.ICodeEditor> = { original: editor.getOriginalEditor(), replay: editor.getModifiedEditor() };
  return {
    editor,
    models,
    marks: { original: sides.original.createDecorationsCollection(), replay: sides.replay.createDecorationsCollection() },
    highlight: { original: sides.original.createDecorationsCollection(), replay: sides.replay.createDecorationsCollection() },
    elisions: { original: new Map<number, Elision[]>(), replay: new Map<number, Elision[]>() },
    lastReveal: null,
    retired: [],
    sides,
  };
}

/** The elision under the pointer, if any. */
function elisionAt(s: EditorState, side: Side, position: monaco.Position | null): Elision | undefined {
  const list = position ? s.elisions[side].get(position.lineNumber) : undefined;
  if (!position || !list) return undefined;
  const lineText = s.models[side].getLineContent(position.lineNumber);
  return list.find((elision) => {
    const at = lineText.indexOf(elision.placeholder);
    return at >= 0 && position.column >= at + 1 && position.column <= at + 1 + elision.placeholder.length;
  });
}

/** Highlight spans on both sides (null clears a side) and scroll them into view. */
function revealSpans(s: EditorState, spans: DiffSpans): void {
  for (const side of ['original', 'replay'] as const) {
    const span = spans[side];
    const code = s.sides[side];
    if (!span) {
      s.highlight[side].clear();
      continue;
    }
    const range = spanRange(span, s.models[side]);
    s.highlight[side].set([
      {
        range,
        options: {
          isWholeLine: true,
          className: 'ti-line-highlight',
          linesDecorationsClassName: 'ti-mark-selected',
          overviewRuler: { color: '#3b82f6', position: monaco.editor.OverviewRulerLane.Full },
        },
      },
    ]);
    // Moving the cursor into a collapsed unchanged region is what makes Monaco unfold it.
    code.setSelections([
      new monaco.Selection(range.startLineNumber, 1, range.startLineNumber, 1),
      new monaco.Selection(range.endLineNumber, 1, range.endLineNumber, 1),
    ]);
    code.revealLinesInCenter(
      range.startLineNumber,
      Math.min(range.endLineNumber, range.startLineNumber + 40),
      monaco.editor.ScrollType.Immediate,
    );
  }
}

/** Decorations of gutter marks and elision chips on one side, and the elisions by line for hit tests. */
function markDecorations(
  model: monaco.editor.ITextModel,
  marks: GutterMark[],
  elisions: Elision[],
): { decorations: monaco.editor.IModelDeltaDecoration[]; byLine: Map<number, Elision[]> } {
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
  const byLine = new Map<number, Elision[]>();
  for (const elision of elisions) {
    if (elision.line < 1 || elision.line > model.getLineCount()) continue;
    const text = model.getLineContent(elision.line);
    const at = text.indexOf(elision.placeholder);
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

/** The diff editor component. */
export const DiffEditor = forwardRef<DiffEditorHandle, DiffEditorProps>(function DiffEditor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const state = useRef<EditorState | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  useEffect(() => {
    if (!host.current) return;
    const s = createEditor(host.current, propsRef.current.hideUnchanged);
    state.current = s;
    const reveal = (spans: DiffSpans): void => {
      revealSpans(s, spans);
      propsRef.current.onRevealed?.(spans);
    };
    const disposables: monaco.IDisposable[] = [
      s.editor.onDidUpdateDiff(() => {
        retire(s, 0);
        propsRef.current.onDiffing?.(false);
        // Collapsing unchanged regions moves lines around: bring the selection back into view.
        if (s.lastReveal) reveal(s.lastReveal);
      }),
    ];
    for (const side of ['original', 'replay'] as const) {
      const code = s.sides[side];
      disposables.push(
        code.onMouseMove((event) => {
          const hover = propsRef.current.onElisionHover;
          if (!hover) return;
          const hit = elisionAt(s, side, event.target.position);
          const browserEvent = event.event.browserEvent;
          hover(hit ? { side, elision: hit, x: browserEvent.clientX, y: browserEvent.clientY } : null);
        }),
        code.onMouseLeave(() => propsRef.current.onElisionHover?.(null)),
        code.onMouseDown((event) => {
          if (!event.event.leftButton || event.target.type !== monaco.editor.MouseTargetType.CONTENT_TEXT) return;
          const hit = elisionAt(s, side, event.target.position);
          if (hit) propsRef.current.onElisionClick?.(side, hit);
        }),
      );
    }

    propsRef.current.onReady?.();

    return () => {
      for (const d of disposables) d.dispose();
      s.editor.dispose();
      s.models.original.dispose();
      s.models.replay.dispose();
      retire(s, 0);
      state.current = null;
    };
  }, []);

  useEffect(() => {
    monaco.editor.setTheme(props.theme === 'dark' ? 'vs-dark' : 'vs');
  }, [props.theme]);

  useEffect(() => {
    state.current?.editor.updateOptions({ hideUnchangedRegions: { enabled: props.hideUnchanged } });
  }, [props.hideUnchanged]);

  /** Call `onPainted` once both editors show a non-empty line of `models` (checked each frame). */
  const whenPainted = (models: EditorState['models']): void => {
    const shows = (selector: string): boolean => {
      const lines = host.current?.querySelectorAll(`${selector} .view-lines .view-line`) ?? [];
      for (const line of lines) if (line.textContent?.trim()) return true;
      return false;
    };
    let frames = 0;
    const check = (): void => {
      const s = state.current;
      if (!s || s.models !== models) return;
      if (shows('.editor.original') && shows('.editor.modified')) propsRef.current.onPainted?.();
      else if ((frames += 1) < 600) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };

  useImperativeHandle(ref, () => ({
    setDocuments(original, replay) {
      const s = state.current;
      if (!s) return;
      s.lastReveal = null;
      propsRef.current.onDiffing?.(true);
      s.highlight.original.clear();
      s.highlight.replay.clear();
      // New models swapped in one setModel call: editing the two old models one after the other lets
      // Monaco diff a new left side against an old right side (and trip over stale line ranges).
      const previous = s.models;
      const models = { original: monaco.editor.createModel(original, 'json'), replay: monaco.editor.createModel(replay, 'json') };
      s.models = models;
      s.editor.setModel({ original: models.original, modified: models.replay });
      s.retired.push(previous.original, previous.replay);
      // Stepping through windows faster than diffs complete: keep the latest few only.
      retire(s, MAX_RETIRED);
      if (original || replay) whenPainted(models);
    },
    setMarks(side, marks, elisions) {
      const s = state.current;
      if (!s) return;
      const { decorations, byLine } = markDecorations(s.models[side], marks, elisions);
      s.elisions[side] = byLine;
      s.marks[side].set(decorations);
    },
    reveal(spans) {
      const s = state.current;
      if (!s) return;
      s.lastReveal = spans;
      revealSpans(s, spans);
      propsRef.current.onRevealed?.(spans);
    },
  }));

  return <div className="diff-editor-host" ref={host} />;
});

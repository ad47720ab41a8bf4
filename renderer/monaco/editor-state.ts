/** The diff editor's Monaco side: creating it, listening to each side (cursor, context menu, placeholders), and revealing spans. */
import type { Elision, Side } from '../../shared/api.js';
import type { DiffSpans } from '../diff/line-map.js';
import { spanRange } from './decorations.js';
import { DiffSearch } from './diff-search.js';
import { monaco } from './setup.js';

/** Where the cursor is: the side whose editor had it last, and its line. */
export interface CursorPlace {
  side: Side;
  line: number;
}

/** What the editor tells the component (read through a ref: the latest props). */
export interface EditorCallbacks {
  onCursor?: (place: CursorPlace) => void;
  onCopy?: (what: 'message' | 'path', place: CursorPlace) => void;
  onElisionHover?: (hover: { side: Side; elision: Elision; x: number; y: number } | null) => void;
  onElisionClick?: (side: Side, elision: Elision) => void;
  onRevealed?: (spans: DiffSpans) => void;
  onDiffing?: (diffing: boolean) => void;
}

/** What the component keeps between renders (never React state: the texts can be megabytes). */
export interface EditorState {
  editor: monaco.editor.IStandaloneDiffEditor;
  sides: Record<Side, monaco.editor.IStandaloneCodeEditor>;
  models: Record<Side, monaco.editor.ITextModel>;
  marks: Record<Side, monaco.editor.IEditorDecorationsCollection>;
  highlight: Record<Side, monaco.editor.IEditorDecorationsCollection>;
  notes: Record<Side, monaco.editor.IEditorDecorationsCollection>;
  elisions: Record<Side, Map<number, Elision[]>>;
  search: DiffSearch;
  cursor: CursorPlace | null;
  /** The last reveal on the current documents: re-applied when a (slow) diff lands and folds regions. */
  lastReveal: DiffSpans | null;
  /**
   * Models replaced but not disposed yet. A diff of them may still be running in the worker, and
   * disposing a model removes it from the worker, which then answers "no diff result" (an uncaught
   * error in Monaco) — so they go when the diff of the models that replaced them is in.
   */
  retired: monaco.editor.ITextModel[];
}

/** Show the empty models, unless documents were set since the editor was created. */
export function showEmpty(s: EditorState): void {
  if (!s.editor.getModel()) s.editor.setModel({ original: s.models.original, modified: s.models.replay });
}

/**
 * Options of the models the editor creates (the standalone editor passes them on to every new model).
 * The documents are `JSON.stringify(value, null, 2)` text: guessing their indentation would only scan
 * up to 10 000 lines of each new model before its first paint, to find 2.
 */
const MODEL_OPTIONS: monaco.editor.IGlobalEditorOptions = { detectIndentation: false, tabSize: 2 };

/** Dispose replaced models, keeping the newest `keep`. */
export function retire(s: { retired: monaco.editor.ITextModel[] }, keep: number): void {
  while (s.retired.length > keep) s.retired.shift()?.dispose();
}

/**
 * Create the diff editor in `host`, with empty models not shown yet: the first documents, when they
 * are in already, replace them before Monaco lays out anything (`showEmpty` shows them otherwise).
 */
export function createEditorState(
  host: HTMLElement,
  initial: { inline: boolean; wordWrap: boolean; hideUnchanged: boolean; splitRatio?: number },
): EditorState {
  const wrap = initial.wordWrap ? 'on' : 'off';
  const editor = monaco.editor.createDiffEditor(host, {
    ...MODEL_OPTIONS,
    enableSplitViewResizing: true,
    ...(initial.splitRatio === undefined ? {} : { splitViewDefaultRatio: initial.splitRatio }),
    readOnly: true,
    originalEditable: false,
    automaticLayout: true,
    renderSideBySide: !initial.inline,
    wordWrap: wrap,
    diffWordWrap: wrap,
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
    hideUnchangedRegions: { enabled: initial.hideUnchanged, contextLineCount: 3, minimumLineCount: 6, revealLineCount: 20 },
  });
  const models = { original: monaco.editor.createModel('', 'json'), replay: monaco.editor.createModel('', 'json') };
  const sides: Record<Side, monaco.editor.IStandaloneCodeEditor> = {
    original: editor.getOriginalEditor(),
    replay: editor.getModifiedEditor(),
  };
  const collections = () => ({
    original: sides.original.createDecorationsCollection(),
    replay: sides.replay.createDecorationsCollection(),
  });
  return {
    editor,
    sides,
    models,
    marks: collections(),
    highlight: collections(),
    notes: collections(),
    elisions: { original: new Map<number, Elision[]>(), replay: new Map<number, Elision[]>() },
    search: new DiffSearch(sides),
    cursor: null,
    lastReveal: null,
    retired: [],
  };
}

/** The elision under the pointer on one side, if any. */
function elisionAt(s: EditorState, side: Side, position: monaco.Position | null): Elision | undefined {
  const list = position ? s.elisions[side].get(position.lineNumber) : undefined;
  if (!position || !list) return undefined;
  const lineText = s.models[side].getLineContent(position.lineNumber);
  return list.find((elision) => {
    const at = lineText.indexOf(elision.placeholder);
    return at >= 0 && position.column >= at + 1 && position.column <= at + 1 + elision.placeholder.length;
  });
}

/** Listen to one side: its cursor, its context menu's copy actions, and the placeholders under the pointer. */
export function listenToSide(s: EditorState, side: Side, callbacks: () => EditorCallbacks): monaco.IDisposable[] {
  const code = s.sides[side];
  const place = (line: number): CursorPlace => ({ side, line });
  const setCursor = (line: number) => {
    s.cursor = place(line);
    callbacks().onCursor?.(s.cursor);
  };
  return [
    code.onDidChangeCursorPosition((event) => {
      // Only the editor the user is in speaks: a reveal moves both cursors.
      if (!code.hasTextFocus() && s.cursor !== null) return;
      setCursor(event.position.lineNumber);
    }),
    code.onDidFocusEditorText(() => {
      const position = code.getPosition();
      if (position) setCursor(position.lineNumber);
    }),
    code.addAction({
      id: `ti.copy-path.${side}`,
      label: 'Copy JSON path of this line',
      contextMenuGroupId: '9_cutcopypaste',
      contextMenuOrder: 10,
      run: (ed) => callbacks().onCopy?.('path', place(ed.getPosition()?.lineNumber ?? 1)),
    }),
    code.addAction({
      id: `ti.copy-message.${side}`,
      label: 'Copy this message’s JSON',
      contextMenuGroupId: '9_cutcopypaste',
      contextMenuOrder: 11,
      run: (ed) => callbacks().onCopy?.('message', place(ed.getPosition()?.lineNumber ?? 1)),
    }),
    code.onMouseMove((event) => {
      const hover = callbacks().onElisionHover;
      if (!hover) return;
      const hit = elisionAt(s, side, event.target.position);
      const browserEvent = event.event.browserEvent;
      hover(hit ? { side, elision: hit, x: browserEvent.clientX, y: browserEvent.clientY } : null);
    }),
    code.onMouseLeave(() => callbacks().onElisionHover?.(null)),
    code.onMouseDown((event) => {
      if (!event.event.leftButton || event.target.type !== monaco.editor.MouseTargetType.CONTENT_TEXT) return;
      const hit = elisionAt(s, side, event.target.position);
      if (hit) callbacks().onElisionClick?.(side, hit);
    }),
  ];
}

/** Highlight and scroll to spans on both sides (a null side is cleared). */
export function revealSpans(s: EditorState, spans: DiffSpans): void {
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

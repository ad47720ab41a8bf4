/**
 * The Monaco diff editor (original payload left, replay right, or one inline column) with gutter
 * marks, highlights, elision chips, the payload builder's notes, search in both sides, word wrap, and
 * the cursor's place for "copy JSON path" and "copy message JSON".
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Elision, Side } from '../../shared/api.js';
import type { DiffSpans } from '../diff/line-map.js';
import { elisionDecorations, markDecorations, noteDecorations, spanRange, type GutterMark, type LineNote } from './decorations.js';
import { DiffSearch, type SearchState } from './diff-search.js';
import { monaco } from './setup.js';

export type { GutterMark, LineNote } from './decorations.js';
export type { SearchState } from './diff-search.js';

/** Where the cursor is: the side whose editor had it last, and its line. */
export interface CursorPlace {
  side: Side;
  line: number;
}

/** The imperative surface of the diff editor; big texts go straight into Monaco models. */
export interface DiffEditorHandle {
  setDocuments(original: string, replay: string): void;
  setMarks(side: Side, marks: GutterMark[], elisions: Elision[]): void;
  /** Reveal and highlight spans on both sides (null clears a side). */
  reveal(spans: DiffSpans): void;
  /** Notes at the end of lines (the payload builder's additions). */
  setNotes(side: Side, notes: LineNote[]): void;
  /** Find text in both sides (empty clears); then step through the matches. */
  search(query: string): SearchState;
  stepSearch(direction: 1 | -1): SearchState;
  /** The cursor's place, null before the user put it anywhere. */
  cursor(): CursorPlace | null;
}

/** Props of the diff editor. */
export interface DiffEditorProps {
  theme: 'light' | 'dark';
  hideUnchanged: boolean;
  /** Long lines wrap instead of scrolling sideways. */
  wordWrap: boolean;
  /** One column with the changes inline, instead of two sides. */
  inline: boolean;
  /** The cursor moved (a click, the keys, a reveal). */
  onCursor?: (place: CursorPlace) => void;
  /** "Copy message JSON" or "Copy JSON path" from an editor's context menu, at its cursor. */
  onCopy?: (what: 'message' | 'path', place: CursorPlace) => void;
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
  doReveal: (spans: DiffSpans) => void;
}

/** The diff editor component. */
export const DiffEditor = forwardRef<DiffEditorHandle, DiffEditorProps>(function DiffEditor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const state = useRef<EditorState | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  useEffect(() => {
    if (!host.current) return;
    const editor = monaco.editor.createDiffEditor(host.current, {
      readOnly: true,
      originalEditable: false,
      automaticLayout: true,
      renderSideBySide: !propsRef.current.inline,
      wordWrap: propsRef.current.wordWrap ? 'on' : 'off',
      diffWordWrap: propsRef.current.wordWrap ? 'on' : 'off',
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
      hideUnchangedRegions: { enabled: propsRef.current.hideUnchanged, contextLineCount: 3, minimumLineCount: 6, revealLineCount: 20 },
    });
    const models = {
      original: monaco.editor.createModel('', 'json'),
      replay: monaco.editor.createModel('', 'json'),
    };
    editor.setModel({ original: models.original, modified: models.replay });
    const sides: Record<Side, monaco.editor.IStandaloneCodeEditor> = {
      original: editor.getOriginalEditor(),
      replay: editor.getModifiedEditor(),
    };
    const s: EditorState = {
      editor,
      models,
      marks: { original: sides.original.createDecorationsCollection(), replay: sides.replay.createDecorationsCollection() },
      highlight: { original: sides.original.createDecorationsCollection(), replay: sides.replay.createDecorationsCollection() },
      notes: { original: sides.original.createDecorationsCollection(), replay: sides.replay.createDecorationsCollection() },
      elisions: { original: new Map<number, Elision[]>(), replay: new Map<number, Elision[]>() },
      search: new DiffSearch(sides),
      cursor: null,
      lastReveal: null,
      retired: [],
      doReveal: (spans) => doReveal(spans),
    };
    state.current = s;
    const disposables: monaco.IDisposable[] = [
      editor.onDidUpdateDiff(() => {
        retire(s, 0);
        propsRef.current.onDiffing?.(false);
        // Collapsing unchanged regions moves lines around: bring the selection back into view.
        if (s.lastReveal) doReveal(s.lastReveal);
      }),
    ];
    /** The elision under the pointer, if any. */
    const elisionAt = (side: Side, position: monaco.Position | null): Elision | undefined => {
      const list = position ? s.elisions[side].get(position.lineNumber) : undefined;
      if (!position || !list) return undefined;
      const lineText = s.models[side].getLineContent(position.lineNumber);
      return list.find((elision) => {
        const at = lineText.indexOf(elision.placeholder);
        return at >= 0 && position.column >= at + 1 && position.column <= at + 1 + elision.placeholder.length;
      });
    };
    for (const side of ['original', 'replay'] as const) {
      const code = sides[side];
      const place = (line: number): CursorPlace => ({ side, line });
      disposables.push(
        code.onDidChangeCursorPosition((event) => {
          // Only the editor the user is in speaks: a reveal moves both cursors.
          if (!code.hasTextFocus() && s.cursor !== null) return;
          s.cursor = place(event.position.lineNumber);
          propsRef.current.onCursor?.(s.cursor);
        }),
        code.onDidFocusEditorText(() => {
          const position = code.getPosition();
          if (position) {
            s.cursor = place(position.lineNumber);
            propsRef.current.onCursor?.(s.cursor);
          }
        }),
        code.addAction({
          id: `ti.copy-path.${side}`,
          label: 'Copy JSON path of this line',
          contextMenuGroupId: '9_cutcopypaste',
          contextMenuOrder: 10,
          run: (ed) => propsRef.current.onCopy?.('path', place(ed.getPosition()?.lineNumber ?? 1)),
        }),
        code.addAction({
          id: `ti.copy-message.${side}`,
          label: 'Copy this message’s JSON',
          contextMenuGroupId: '9_cutcopypaste',
          contextMenuOrder: 11,
          run: (ed) => propsRef.current.onCopy?.('message', place(ed.getPosition()?.lineNumber ?? 1)),
        }),
        code.onMouseMove((event) => {
          const hover = propsRef.current.onElisionHover;
          if (!hover) return;
          const hit = elisionAt(side, event.target.position);
          const browserEvent = event.event.browserEvent;
          hover(hit ? { side, elision: hit, x: browserEvent.clientX, y: browserEvent.clientY } : null);
        }),
        code.onMouseLeave(() => propsRef.current.onElisionHover?.(null)),
        code.onMouseDown((event) => {
          if (!event.event.leftButton || event.target.type !== monaco.editor.MouseTargetType.CONTENT_TEXT) return;
          const hit = elisionAt(side, event.target.position);
          if (hit) propsRef.current.onElisionClick?.(side, hit);
        }),
      );
    }

    function doReveal(spans: DiffSpans): void {
      for (const side of ['original', 'replay'] as const) {
        const span = spans[side];
        const code = sides[side];
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
      propsRef.current.onRevealed?.(spans);
    }

    propsRef.current.onReady?.();

    return () => {
      for (const d of disposables) d.dispose();
      editor.dispose();
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

  useEffect(() => {
    const wrap = props.wordWrap ? 'on' : 'off';
    state.current?.editor.updateOptions({ wordWrap: wrap, diffWordWrap: wrap });
  }, [props.wordWrap]);

  useEffect(() => {
    state.current?.editor.updateOptions({ renderSideBySide: !props.inline });
  }, [props.inline]);

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
      const model = s.models[side];
      const chips = elisionDecorations(elisions, model);
      s.elisions[side] = chips.byLine;
      s.marks[side].set([...markDecorations(marks, model), ...chips.decorations]);
    },
    setNotes(side, notes) {
      const s = state.current;
      if (s) s.notes[side].set(noteDecorations(notes, s.models[side]));
    },
    search(query) {
      const s = state.current;
      return s ? s.search.find(query) : { query, total: 0, original: 0, replay: 0, current: 0, capped: false };
    },
    stepSearch(direction) {
      const s = state.current;
      return s ? s.search.step(direction) : { query: '', total: 0, original: 0, replay: 0, current: 0, capped: false };
    },
    cursor() {
      return state.current?.cursor ?? null;
    },
    reveal(spans) {
      const s = state.current;
      if (!s) return;
      s.lastReveal = spans;
      s.doReveal(spans);
    },
  }));

  return <div className="diff-editor-host" ref={host} />;
});

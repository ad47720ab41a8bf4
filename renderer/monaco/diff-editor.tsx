/**
 * The Monaco diff editor (original payload left, replay right, or one inline column) with gutter
 * marks, highlights, elision chips, the payload builder's notes, search in both sides, word wrap, and
 * the cursor's place for "copy JSON path" and "copy message JSON".
 */
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import type { Elision, Side } from '../../shared/api.js';
import type { DiffSpans } from '../diff/line-map.js';
import { elisionDecorations, markDecorations, noteDecorations, type GutterMark, type LineNote } from './decorations.js';
import type { SearchState } from './diff-search.js';
import { createEditorState, listenToSide, retire, revealSpans, showEmpty, type CursorPlace, type EditorState } from './editor-state.js';
import { monaco } from './setup.js';
import { watchSplit } from './split-ratio.js';

export type { GutterMark, LineNote } from './decorations.js';
export type { SearchState } from './diff-search.js';
export type { CursorPlace } from './editor-state.js';

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
  /** Where the two sides split at first (the original side's share of the width, 0.1–0.9). */
  splitRatio?: number;
  /** The user moved the split (or reset it): its new ratio, to remember. */
  onSplitRatio?: (ratio: number) => void;
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
  /**
   * Called once the editor exists and the handle's methods work (Monaco is loaded lazily). Documents
   * set from it are the first the editor lays out and draws (no empty models drawn before them).
   */
  onReady?: () => void;
  /** Called when both editors show lines of the documents last set (the frame after Monaco drew them). */
  onPainted?: () => void;
  /** Called when a placeholder is clicked: the user wants to see what it stands for. */
  onElisionClick?: (side: Side, elision: Elision) => void;
}

/** Replaced models kept at most while their diffs may be running. */
const MAX_RETIRED = 8;

/** The diff editor component. */
export const DiffEditor = forwardRef<DiffEditorHandle, DiffEditorProps>(function DiffEditor(props, ref) {
  const host = useRef<HTMLDivElement>(null);
  const state = useRef<EditorState | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;
  // The split's ratio as last set: Monaco resets its starting ratio to the middle on any options update without it.
  const split = useRef(props.splitRatio ?? 0.5);
  const setOptions = (options: monaco.editor.IDiffEditorOptions) =>
    state.current?.editor.updateOptions({ ...options, splitViewDefaultRatio: split.current });

  useEffect(() => {
    if (!host.current) return;
    const { inline, wordWrap, hideUnchanged, splitRatio } = propsRef.current;
    const s = createEditorState(host.current, { inline, wordWrap, hideUnchanged, splitRatio });
    state.current = s;
    const unwatchSplit = watchSplit(host.current, s.editor, (ratio) => {
      split.current = ratio;
      propsRef.current.onSplitRatio?.(ratio);
    });
    const disposables: monaco.IDisposable[] = [
      s.editor.onDidUpdateDiff(() => {
        retire(s, 0);
        propsRef.current.onDiffing?.(false);
        // Collapsing unchanged regions moves lines around: bring the selection back into view.
        if (s.lastReveal) {
          revealSpans(s, s.lastReveal);
          propsRef.current.onRevealed?.(s.lastReveal);
        }
      }),
      ...listenToSide(s, 'original', () => propsRef.current),
      ...listenToSide(s, 'replay', () => propsRef.current),
    ];
    propsRef.current.onReady?.();
    showEmpty(s);
    return () => {
      unwatchSplit();
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
    setOptions({ hideUnchangedRegions: { enabled: props.hideUnchanged } });
  }, [props.hideUnchanged]);

  useEffect(() => {
    const wrap = props.wordWrap ? 'on' : 'off';
    setOptions({ wordWrap: wrap, diffWordWrap: wrap });
  }, [props.wordWrap]);

  useEffect(() => {
    setOptions({ renderSideBySide: !props.inline });
  }, [props.inline]);

  /** Call `onPainted` once the editors show a non-empty line of `models` (checked each frame). */
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
      // Inline, the original side draws no lines of its own.
      if ((propsRef.current.inline || shows('.editor.original')) && shows('.editor.modified')) propsRef.current.onPainted?.();
      else if ((frames += 1) < 600) requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  };

  useImperativeHandle(
    ref,
    () => ({
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
        revealSpans(s, spans);
        propsRef.current.onRevealed?.(spans);
      },
    }),
    // One handle for the editor's life: its methods read only refs, and callers tell editors apart by it.
    [],
  );

  return <div className="diff-editor-host" ref={host} />;
});

/**
 * Keeps the diff editor in step with the store: the shown documents, their gutter marks and the
 * payload builder's notes, the reveal of the selection, and a search that runs again on new documents.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { builderNotes } from '../diff/builder-notes.js';
import { buildMarks } from '../diff/marks.js';
import { selectionSpans } from '../diff/selection.js';
import { windowHas } from '../diff/windows.js';
import type { DiffEditorHandle, SearchState } from '../monaco/diff-editor.js';
import { perfMark } from '../perf.js';
import { useApp, useAppStore } from '../store/context.js';
import type { ShownDocuments } from '../store/types.js';

const NONE: ShownDocuments = { key: '', original: null, replay: null };

/** What the diff pane reads back: the documents in the editor (a ref: they can be megabytes) and their key. */
export interface DiffDocuments {
  applied: RefObject<ShownDocuments>;
  appliedKey: string;
  /** Put the documents the store shows into the editor now (the editor just became ready). */
  applyDocuments(): void;
  revealNote: string | null;
  setRevealNote(note: string | null): void;
}

/** Apply documents, marks and reveals to `editor` once it is ready. */
export function useDiffDocuments(
  editor: RefObject<DiffEditorHandle | null>,
  editorReady: boolean,
  search: SearchState | null,
  setSearch: (state: SearchState | null) => void,
): DiffDocuments {
  const store = useAppStore();
  const summary = useApp((s) => s.inspection.summary);
  const view = useApp((s) => s.ui.view);
  const focus = useApp((s) => s.ui.focus);
  const focusSeq = useApp((s) => s.ui.focusSeq);
  const explanations = useApp((s) => s.ui.explanations);
  const diffKey = useApp((s) => s.diff.key);
  const diffWindow = useApp((s) => s.diff.window);
  const diffLoading = useApp((s) => s.diff.loading);
  const locating = useApp((s) => s.diff.locating);
  const focusTurn = useApp((s) => s.diff.focusTurn);
  const applied = useRef<ShownDocuments>(NONE);
  const [appliedKey, setAppliedKey] = useState('');
  const [revealNote, setRevealNote] = useState<string | null>(null);
  // What was last applied to the editor, so an effect re-running for the same inputs does nothing.
  const lastMarks = useRef<{ key: string; summary: unknown; explanations: unknown; view: string }>({
    key: '',
    summary: null,
    explanations: null,
    view: '',
  });
  const lastReveal = useRef({ key: '', focusSeq: -1 });

  /** Gutter marks of the documents in the editor (annotations, findings, explained turns). */
  const applyMarks = useCallback((): void => {
    const s = store.getState();
    const summary = s.inspection.summary;
    const docs = applied.current;
    if (!summary || !docs.key) return;
    const inputs = { key: docs.key, summary, explanations: s.ui.explanations, view: s.ui.view };
    const last = lastMarks.current;
    if (
      last.key === inputs.key &&
      last.summary === inputs.summary &&
      last.explanations === inputs.explanations &&
      last.view === inputs.view
    )
      return;
    lastMarks.current = inputs;
    const d = { original: docs.original, replay: docs.replay };
    const marks = buildMarks(summary, d, s.ui.view, s.ui.explanations);
    for (const side of ['original', 'replay'] as const) {
      editor.current?.setMarks(side, marks[side], d[side]?.elisions ?? []);
      // What the payload builder adds is explained where it appears (the transcript has none of it).
      editor.current?.setNotes(side, s.ui.view === 'payload' && d[side] ? builderNotes(d[side].text) : []);
    }
  }, [store, editor]);

  /** Reveal the selection in the documents in the editor, when they show it. */
  const applyReveal = useCallback((): void => {
    const s = store.getState();
    const summary = s.inspection.summary;
    const focus = s.ui.focus;
    const docs = applied.current;
    if (!summary || !focus || !docs.key || docs.key !== s.diff.key) return;
    // The selection's window is still being found or fetched: reveal when it is in.
    if (s.diff.locating || s.diff.loading) return;
    if (lastReveal.current.key === docs.key && lastReveal.current.focusSeq === s.ui.focusSeq) return;
    // The user stepped to another window: the selection is not in it.
    if (s.diff.focusTurn !== null && s.diff.window && !windowHas(s.diff.window, s.diff.focusTurn)) {
      setRevealNote(null);
      return;
    }
    const reveal = selectionSpans(summary, focus, docs, s.ui.view);
    if (!reveal) return;
    lastReveal.current = { key: docs.key, focusSeq: s.ui.focusSeq };
    editor.current?.reveal(reveal.spans);
    setRevealNote(reveal.note);
  }, [store, editor]);

  // The editor the documents were last put into: a new editor gets them again.
  const appliedTo = useRef<DiffEditorHandle | null>(null);

  /**
   * Put the documents the store shows into the editor, with their marks and the selection in the
   * same task: Monaco then lays out and draws the new documents once.
   */
  const applyDocuments = useCallback((): void => {
    const docs = store.getState().shownDocuments();
    if (docs.key !== store.getState().diff.key || !editor.current) return;
    if (appliedTo.current === editor.current && applied.current === docs) return;
    editor.current.setDocuments(docs.original?.text ?? '', docs.replay?.text ?? '');
    appliedTo.current = editor.current;
    applied.current = docs;
    if (docs.key) perfMark('models-set');
    applyMarks();
    applyReveal();
    setAppliedKey(docs.key);
  }, [store, editor, applyMarks, applyReveal]);

  // New documents in the store go into the editor (once Monaco is loaded; the documents in already
  // when it loads went in from its onReady).
  useEffect(() => {
    if (editorReady) applyDocuments();
  }, [diffKey, editorReady, applyDocuments]);

  // A search runs again on new documents (another window, target or view); typing searches by itself.
  const query = search?.query ?? '';
  useEffect(() => {
    if (appliedKey && query) setSearch(editor.current?.search(query) ?? null);
  }, [appliedKey]);

  // Gutter marks follow the inspection and the pasted-error explanations.
  useEffect(() => {
    if (appliedKey) applyMarks();
  }, [appliedKey, summary, view, explanations, applyMarks]);

  // Reveal what the user selects (annotation, turn, finding) once the window that shows it is in.
  useEffect(() => {
    if (appliedKey && focus) applyReveal();
  }, [appliedKey, focus, focusSeq, locating, diffLoading, focusTurn, diffWindow, applyReveal]);

  return { applied, appliedKey, applyDocuments, revealNote, setRevealNote };
}

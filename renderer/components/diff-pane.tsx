/**
 * The center of the app: the original/replay diff of the payload or transcript — whole for small
 * sessions, one window of turns for large ones — with marks, reveals and elided-string previews.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import type { Elision, Side } from '../../shared/api.js';
import type { DiffSpans } from '../diff/line-map.js';
import { buildMarks } from '../diff/marks.js';
import { selectionSpans } from '../diff/selection.js';
import { windowHas } from '../diff/windows.js';
import { fetchThumbnail, thumbnailSrc } from '../documents.js';
import { loadEditor } from '../editor-loader.js';
import { formatBytes } from '../format.js';
import type { DiffEditorHandle } from '../monaco/diff-editor.js';
import { perfMark } from '../perf.js';
import { useApp, useAppStore, useHost } from '../store/context.js';
import type { ShownDocuments } from '../store/types.js';
import { useColorScheme } from './use-color-scheme.js';
import { WindowBar } from './window-bar.js';

// Monaco loads once a session is being opened: its start-up then overlaps the host's work instead
// of delaying the app's first requests (see editor-loader.ts).
const DiffEditor = lazy(() => loadEditor().then((module) => ({ default: module.DiffEditor })));

type Status = 'idle' | 'loading' | 'ready' | 'error';

/** A thumbnail floating next to the pointer. */
interface Preview {
  x: number;
  y: number;
  elision: Elision;
  src: string | null;
  note: string | null;
}

function spanText(spans: DiffSpans | null, side: Side): string {
  const span = spans?.[side];
  return span ? `${span.startLine}-${span.endLine}` : '';
}

const NONE: ShownDocuments = { key: '', original: null, replay: null };

/** The diff pane. */
export function DiffPane() {
  const { api } = useHost();
  const store = useAppStore();
  const summary = useApp((s) => s.inspection.summary);
  // Monaco is loaded when a session is first opened, and then stays (a failed open must not unmount it).
  const sessionWanted = useApp((s) => s.session.info !== null || s.session.loading);
  const [wantEditor, setWantEditor] = useState(false);
  if (sessionWanted && !wantEditor) setWantEditor(true);
  const view = useApp((s) => s.ui.view);
  const focus = useApp((s) => s.ui.focus);
  const focusSeq = useApp((s) => s.ui.focusSeq);
  const explanations = useApp((s) => s.ui.explanations);
  const diffKey = useApp((s) => s.diff.key);
  const diffWindow = useApp((s) => s.diff.window);
  const diffLoading = useApp((s) => s.diff.loading);
  const diffError = useApp((s) => s.diff.error);
  const locating = useApp((s) => s.diff.locating);
  const focusTurn = useApp((s) => s.diff.focusTurn);
  const scheme = useColorScheme();
  const [hideUnchanged, setHideUnchanged] = useState(true);
  const [editorReady, setEditorReady] = useState(false);
  const [revealed, setRevealed] = useState<DiffSpans | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [revealNote, setRevealNote] = useState<string | null>(null);
  const [diffing, setDiffing] = useState(false);
  const [firstDiffMs, setFirstDiffMs] = useState<number | null>(null);
  const [diffComputedMs, setDiffComputedMs] = useState<number | null>(null);
  const editor = useRef<DiffEditorHandle>(null);
  // The documents in the editor (never React state: they can be megabytes); `appliedKey` names them.
  const applied = useRef<ShownDocuments>(NONE);
  const [appliedKey, setAppliedKey] = useState('');

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
    for (const side of ['original', 'replay'] as const) editor.current?.setMarks(side, marks[side], d[side]?.elisions ?? []);
  }, [store]);

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
  }, [store]);

  // Put the documents the store shows into the editor (once Monaco is loaded), with their marks and
  // the selection in the same task: Monaco then lays out and draws the new documents once.
  useEffect(() => {
    if (!editorReady) return;
    const docs = store.getState().shownDocuments();
    if (docs.key !== diffKey) return;
    editor.current?.setDocuments(docs.original?.text ?? '', docs.replay?.text ?? '');
    applied.current = docs;
    if (docs.key) perfMark('models-set');
    applyMarks();
    applyReveal();
    setAppliedKey(docs.key);
  }, [store, diffKey, editorReady, applyMarks, applyReveal]);

  // Gutter marks follow the inspection and the pasted-error explanations.
  useEffect(() => {
    if (appliedKey) applyMarks();
  }, [appliedKey, summary, view, explanations, applyMarks]);

  // Reveal what the user selects (annotation, turn, finding) once the window that shows it is in.
  useEffect(() => {
    if (appliedKey && focus) applyReveal();
  }, [appliedKey, focus, focusSeq, locating, diffLoading, focusTurn, diffWindow, applyReveal]);

  const onElisionHover = (hover: { side: Side; elision: Elision; x: number; y: number } | null): void => {
    if (!hover || !summary) {
      setPreview(null);
      return;
    }
    const { elision } = hover;
    setPreview((prev) =>
      prev && prev.elision === elision
        ? { ...prev, x: hover.x, y: hover.y }
        : { x: hover.x, y: hover.y, elision, src: null, note: elision.imageRef ? 'loading preview…' : null },
    );
    if (!elision.imageRef) return;
    fetchThumbnail(api, summary.inspectionId, elision.imageRef).then(
      (thumb) => {
        const src = thumbnailSrc(thumb);
        setPreview((prev) => (prev && prev.elision === elision ? { ...prev, src, note: src ? null : 'no preview for this image' } : prev));
      },
      () => setPreview((prev) => (prev && prev.elision === elision ? { ...prev, note: 'preview failed' } : prev)),
    );
  };

  const onPainted = (): void => {
    if (firstDiffMs !== null || !applied.current.key) return;
    perfMark('first-diff');
    setFirstDiffMs(Math.round(performance.now()));
  };
  const onDiffing = (value: boolean): void => {
    setDiffing(value);
    if (!value && applied.current.key && diffComputedMs === null) {
      perfMark('diff-computed');
      setDiffComputedMs(Math.round(performance.now()));
    }
  };

  let status: Status = 'idle';
  if (summary) {
    if (diffError) status = 'error';
    else if (diffLoading || !diffKey || appliedKey !== diffKey) status = 'loading';
    else status = 'ready';
  }
  const label = view === 'payload' ? 'payload' : 'transcript';
  const sideInfo = (side: Side) => {
    if (!summary) return null;
    const s = summary[side];
    if (view === 'payload' && s.payloadError)
      return (
        <span className="pane-warning" title={s.payloadError}>
          payload not built: {s.payloadError}
        </span>
      );
    return (
      <span className="muted">
        {s.turnCount} turns{view === 'payload' && s.payloadBytes !== null ? ` · ${formatBytes(s.payloadBytes)}` : ''}
      </span>
    );
  };

  return (
    <section
      className="diff-pane"
      data-testid="diff-view"
      data-status={status}
      data-view={view}
      data-diffing={diffing ? 'true' : 'false'}
      data-revealed-original={spanText(revealed, 'original')}
      data-revealed-replay={spanText(revealed, 'replay')}
      data-window-from={diffWindow?.from ?? ''}
      data-window-to={diffWindow?.to ?? ''}
      data-first-diff-ms={firstDiffMs ?? ''}
      data-diff-computed-ms={diffComputedMs ?? ''}
      aria-label="Original and replay diff"
    >
      <header className="pane-header diff-header">
        <div className="diff-title">
          <strong>Original {label}</strong> {sideInfo('original')}
        </div>
        <div className="diff-title">
          <strong>Replay {label}</strong> {sideInfo('replay')}
          {diffing && status === 'ready' && (
            <span className="muted small" role="status" data-testid="diffing">
              <span className="spinner" /> computing the diff…
            </span>
          )}
          <label className="inline-check" title="Collapse regions that hygiene did not change">
            <input type="checkbox" checked={hideUnchanged} onChange={(e) => setHideUnchanged(e.target.checked)} /> hide unchanged
          </label>
        </div>
      </header>
      <WindowBar />
      <div className="diff-body">
        {wantEditor && (
          <Suspense fallback={<div className="diff-editor-host" data-testid="editor-loading" />}>
            <DiffEditor
              ref={editor}
              theme={scheme}
              hideUnchanged={hideUnchanged}
              onReady={() => setEditorReady(true)}
              onPainted={onPainted}
              onElisionHover={onElisionHover}
              onElisionClick={(side, elision) => {
                setPreview(null);
                store.getState().openElision({ side, elision });
              }}
              onRevealed={setRevealed}
              onDiffing={onDiffing}
            />
          </Suspense>
        )}
        {!summary && <EmptyState />}
        {status === 'loading' && !diffKey && (
          <div className="overlay-note" role="status">
            Loading the {label}…
          </div>
        )}
        {summary && !editorReady && status !== 'error' && (
          <div className="overlay-note" role="status">
            Loading the editor…
          </div>
        )}
        {status === 'ready' && revealNote && (
          <div className="overlay-note subtle" role="status" data-testid="reveal-note">
            {revealNote}
            <button type="button" className="link" onClick={() => setRevealNote(null)} aria-label="Dismiss">
              ×
            </button>
          </div>
        )}
        {status === 'error' && (
          <div className="overlay-note error" role="alert">
            {diffError}
            <button type="button" onClick={() => store.getState().setView(view === 'payload' ? 'transcript' : 'payload')}>
              Show the {view === 'payload' ? 'transcript' : 'payload'} instead
            </button>
          </div>
        )}
      </div>
      {preview && (
        <div className="thumb-popover" style={{ left: preview.x + 16, top: preview.y + 16 }} role="tooltip">
          <div className="thumb-caption">{preview.elision.placeholder}</div>
          {preview.src ? (
            <img src={preview.src} alt={`preview of ${preview.elision.mimeType ?? 'image'}`} />
          ) : preview.note ? (
            <div className="muted">{preview.note}</div>
          ) : null}
          <div className="thumb-hint small">click to show the full {preview.elision.kind === 'text' ? 'text' : 'string'}</div>
        </div>
      )}
    </section>
  );
}

function EmptyState() {
  const loading = useApp((s) => s.session.loading || s.inspection.loading);
  const info = useApp((s) => s.session.info);
  const error = useApp((s) => s.inspection.error ?? s.session.error);
  return (
    <div className="empty-state">
      {loading ? (
        <p role="status">Working…</p>
      ) : error ? (
        <p className="error" role="alert">
          {error}
        </p>
      ) : info ? (
        <p>Pick a target to inspect {info.name}.</p>
      ) : (
        <>
          <h2>Open a session to inspect it</h2>
          <p>
            Drop a <code>.jsonl</code> session (pi / OpenClaw) or a JSON array of messages here, press <kbd>Ctrl</kbd>+<kbd>O</kbd>, or open
            the sample.
          </p>
        </>
      )}
    </div>
  );
}

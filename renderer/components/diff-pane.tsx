/** The center of the app: the original/replay diff of the payload or transcript, with marks and reveals. */
import { useEffect, useRef, useState } from 'react';
import type { DocumentText, Elision, Side } from '../../shared/api.js';
import { annotationSpans, turnSpans, type DiffSpans } from '../diff/line-map.js';
import { buildMarks, findingSpans } from '../diff/marks.js';
import { fetchDocument, fetchThumbnail } from '../documents.js';
import { errorMessage, formatBytes } from '../format.js';
import { DiffEditor, type DiffEditorHandle } from '../monaco/diff-editor.js';
import { useApp, useAppStore, useHost } from '../store/context.js';
import { useColorScheme } from './use-color-scheme.js';

type Status = { kind: 'idle' } | { kind: 'loading' } | { kind: 'ready' } | { kind: 'error'; message: string };

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

/** The diff pane. */
export function DiffPane() {
  const { api } = useHost();
  const store = useAppStore();
  const summary = useApp((s) => s.inspection.summary);
  const view = useApp((s) => s.ui.view);
  const focus = useApp((s) => s.ui.focus);
  const focusSeq = useApp((s) => s.ui.focusSeq);
  const explanations = useApp((s) => s.ui.explanations);
  const scheme = useColorScheme();
  const [hideUnchanged, setHideUnchanged] = useState(true);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [revealed, setRevealed] = useState<DiffSpans | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [revealNote, setRevealNote] = useState<string | null>(null);
  const [diffing, setDiffing] = useState(false);
  const editor = useRef<DiffEditorHandle>(null);
  const docs = useRef<{ key: string; original: DocumentText | null; replay: DocumentText | null }>({ key: '', original: null, replay: null });
  const [docsKey, setDocsKey] = useState('');

  // Load both documents whenever the inspection or the view changes.
  useEffect(() => {
    if (!summary) {
      docs.current = { key: '', original: null, replay: null };
      editor.current?.setDocuments('', '');
      setDocsKey('');
      setStatus({ kind: 'idle' });
      return;
    }
    let cancelled = false;
    const key = `${summary.inspectionId}:${view}`;
    setStatus({ kind: 'loading' });
    Promise.all([fetchDocument(api, summary.inspectionId, 'original', view), fetchDocument(api, summary.inspectionId, 'replay', view)]).then(
      ([original, replay]) => {
        if (cancelled) return;
        docs.current = { key, original, replay };
        editor.current?.setDocuments(original.text, replay.text);
        setDocsKey(key);
        setStatus({ kind: 'ready' });
      },
      (error: unknown) => {
        if (cancelled) return;
        setStatus({ kind: 'error', message: `Could not load the ${view}: ${errorMessage(error)}` });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, summary, view]);

  // Gutter marks follow the documents and the pasted-error explanations.
  useEffect(() => {
    if (!summary || !docsKey || docs.current.key !== docsKey) return;
    const d = { original: docs.current.original, replay: docs.current.replay };
    const marks = buildMarks(summary, d, view, explanations);
    for (const side of ['original', 'replay'] as const) editor.current?.setMarks(side, marks[side], d[side]?.elisions ?? []);
  }, [summary, docsKey, view, explanations]);

  // Reveal what the user selected (annotation, turn, finding) once its documents are in.
  useEffect(() => {
    if (!summary || !focus || !docsKey || docs.current.key !== docsKey) return;
    const d = { original: docs.current.original, replay: docs.current.replay };
    let spans: DiffSpans | null = null;
    // What each side is expected to show, to explain an empty side instead of silently not moving.
    let wanted: { original: number | null; replay: number | null } = { original: null, replay: null };
    if (focus.kind === 'annotation') {
      const annotation = summary.annotations[focus.index];
      if (annotation) {
        spans = annotationSpans(annotation, d.original, d.replay);
        wanted = { original: annotation.turn, replay: annotation.replayTurn };
      }
    } else if (focus.kind === 'turn') {
      spans = turnSpans(focus.side, focus.index, d.original, d.replay);
      wanted = focus.side === 'original' ? { original: focus.index, replay: null } : { original: null, replay: focus.index };
    } else {
      const finding = summary.preflight[focus.side][focus.index];
      if (finding) spans = findingSpans(focus.side, finding, d, view);
    }
    if (!spans) return;
    editor.current?.reveal(spans);
    const notes: string[] = [];
    if (focus.kind === 'annotation' && wanted.replay === null) notes.push('dropped from the replay');
    for (const side of ['original', 'replay'] as const) {
      const turn = wanted[side];
      if (turn !== null && !spans[side]) notes.push(`turn #${turn} has no lines in the ${side} ${view}${view === 'payload' ? ' (the payload builder leaves it out: see the transcript view)' : ''}`);
    }
    setRevealNote(notes.length ? notes.join(' · ') : null);
  }, [summary, focus, focusSeq, docsKey, view]);

  const onElisionHover = (hover: { side: Side; elision: Elision; x: number; y: number } | null): void => {
    if (!hover || !summary) {
      setPreview(null);
      return;
    }
    const { elision } = hover;
    setPreview((prev) => (prev && prev.elision === elision ? { ...prev, x: hover.x, y: hover.y } : { x: hover.x, y: hover.y, elision, src: null, note: elision.imageRef ? 'loading preview…' : 'not an image' }));
    if (!elision.imageRef) return;
    fetchThumbnail(api, summary.inspectionId, elision.imageRef).then(
      (thumb) => {
        // Only PNG data URLs are ever built: an SVG (which could carry script) never reaches an <img>.
        const src = thumb && thumb.mimeType === 'image/png' && /^[A-Za-z0-9+/=]+$/.test(thumb.base64) ? `data:image/png;base64,${thumb.base64}` : null;
        setPreview((prev) => (prev && prev.elision === elision ? { ...prev, src, note: src ? null : 'no preview for this image' } : prev));
      },
      () => setPreview((prev) => (prev && prev.elision === elision ? { ...prev, note: 'preview failed' } : prev)),
    );
  };

  const label = view === 'payload' ? 'payload' : 'transcript';
  const sideInfo = (side: Side) => {
    if (!summary) return null;
    const s = summary[side];
    if (view === 'payload' && s.payloadError) return <span className="pane-warning" title={s.payloadError}>payload not built: {s.payloadError}</span>;
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
      data-status={status.kind}
      data-view={view}
      data-diffing={diffing ? 'true' : 'false'}
      data-revealed-original={spanText(revealed, 'original')}
      data-revealed-replay={spanText(revealed, 'replay')}
      aria-label="Original and replay diff"
    >
      <header className="pane-header diff-header">
        <div className="diff-title">
          <strong>Original {label}</strong> {sideInfo('original')}
        </div>
        <div className="diff-title">
          <strong>Replay {label}</strong> {sideInfo('replay')}
          {diffing && status.kind === 'ready' && (
            <span className="muted small" role="status" data-testid="diffing">
              <span className="spinner" /> computing the diff…
            </span>
          )}
          <label className="inline-check" title="Collapse regions that hygiene did not change">
            <input type="checkbox" checked={hideUnchanged} onChange={(e) => setHideUnchanged(e.target.checked)} /> hide unchanged
          </label>
        </div>
      </header>
      <div className="diff-body">
        <DiffEditor ref={editor} theme={scheme} hideUnchanged={hideUnchanged} onElisionHover={onElisionHover} onRevealed={setRevealed} onDiffing={setDiffing} />
        {!summary && <EmptyState />}
        {status.kind === 'loading' && <div className="overlay-note" role="status">Loading the {label}…</div>}
        {status.kind === 'ready' && revealNote && (
          <div className="overlay-note subtle" role="status" data-testid="reveal-note">
            {revealNote}
            <button type="button" className="link" onClick={() => setRevealNote(null)} aria-label="Dismiss">
              ×
            </button>
          </div>
        )}
        {status.kind === 'error' && (
          <div className="overlay-note error" role="alert">
            {status.message}
            <button type="button" onClick={() => store.getState().setView(view === 'payload' ? 'transcript' : 'payload')}>
              Show the {view === 'payload' ? 'transcript' : 'payload'} instead
            </button>
          </div>
        )}
      </div>
      {preview && (
        <div className="thumb-popover" style={{ left: preview.x + 16, top: preview.y + 16 }} role="tooltip">
          <div className="thumb-caption">{preview.elision.placeholder}</div>
          {preview.src ? <img src={preview.src} alt={`preview of ${preview.elision.mimeType ?? 'image'}`} /> : <div className="muted">{preview.note}</div>}
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
        <p className="error" role="alert">{error}</p>
      ) : info ? (
        <p>Pick a target to inspect {info.name}.</p>
      ) : (
        <>
          <h2>Open a session to inspect it</h2>
          <p>
            Drop a <code>.jsonl</code> session (pi / OpenClaw) or a JSON array of messages here, press <kbd>Ctrl</kbd>+<kbd>O</kbd>, or open the sample.
          </p>
        </>
      )}
    </div>
  );
}

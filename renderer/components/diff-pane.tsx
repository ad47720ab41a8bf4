/**
 * The center of the app: the original/replay diff of the payload or transcript — whole for small
 * sessions, one window of turns for large ones — with marks, reveals and elided-string previews.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import type { Side } from '../../shared/api.js';
import type { DiffSpans } from '../diff/line-map.js';
import { loadEditor } from '../editor-loader.js';
import { formatBytes } from '../format.js';
import type { DiffEditorHandle } from '../monaco/diff-editor.js';
import { perfMark } from '../perf.js';
import { useApp, useAppStore, useHost } from '../store/context.js';
import { ElisionPopover, useElisionPreview } from './elision-preview.js';
import { useColorScheme } from './use-color-scheme.js';
import { useEditorSync } from './use-editor-sync.js';
import { WindowBar } from './window-bar.js';

// Monaco loads once a session is being opened: its start-up then overlaps the host's work instead
// of delaying the app's first requests (see editor-loader.ts).
const DiffEditor = lazy(() => loadEditor().then((module) => ({ default: module.DiffEditor })));

type Status = 'idle' | 'loading' | 'ready' | 'error';

function spanText(spans: DiffSpans | null, side: Side): string {
  const span = spans?.[side];
  return span ? `${span.startLine}-${span.endLine}` : '';
}

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
  const diffKey = useApp((s) => s.diff.key);
  const diffWindow = useApp((s) => s.diff.window);
  const diffLoading = useApp((s) => s.diff.loading);
  const diffError = useApp((s) => s.diff.error);
  const scheme = useColorScheme();
  const [hideUnchanged, setHideUnchanged] = useState(true);
  const [editorReady, setEditorReady] = useState(false);
  const [revealed, setRevealed] = useState<DiffSpans | null>(null);
  const [diffing, setDiffing] = useState(false);
  const [firstDiffMs, setFirstDiffMs] = useState<number | null>(null);
  const [diffComputedMs, setDiffComputedMs] = useState<number | null>(null);
  const editor = useRef<DiffEditorHandle>(null);
  const { applied, appliedKey, revealNote, dismissRevealNote } = useEditorSync(editor, editorReady);
  const [preview, onElisionHover, hidePreview] = useElisionPreview(api, summary?.inspectionId ?? null);

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
      <DiffHeader computing={diffing && status === 'ready'} hideUnchanged={hideUnchanged} onHideUnchanged={setHideUnchanged} />
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
                hidePreview();
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
            <button type="button" className="link" onClick={dismissRevealNote} aria-label="Dismiss">
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
      {preview && <ElisionPopover preview={preview} />}
    </section>
  );
}

/** The titles of both sides with their sizes, the diff's progress and the "hide unchanged" switch. */
function DiffHeader({
  computing,
  hideUnchanged,
  onHideUnchanged,
}: {
  computing: boolean;
  hideUnchanged: boolean;
  onHideUnchanged: (hide: boolean) => void;
}) {
  const summary = useApp((s) => s.inspection.summary);
  const view = useApp((s) => s.ui.view);
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
    <header className="pane-header diff-header">
      <div className="diff-title">
        <strong>Original {label}</strong> {sideInfo('original')}
      </div>
      <div className="diff-title">
        <strong>Replay {label}</strong> {sideInfo('replay')}
        {computing && (
          <span className="muted small" role="status" data-testid="diffing">
            <span className="spinner" /> computing the diff…
          </span>
        )}
        <label className="inline-check" title="Collapse regions that hygiene did not change">
          <input type="checkbox" checked={hideUnchanged} onChange={(e) => onHideUnchanged(e.target.checked)} /> hide unchanged
        </label>
      </div>
    </header>
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

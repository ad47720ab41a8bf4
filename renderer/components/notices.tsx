/** Toasts, the file-changed banner and the error boundary: every problem is a readable message. */
import { Component, useState, type ErrorInfo, type ReactNode } from 'react';
import { formatBytes, formatCount } from '../format.js';
import { useApp, useAppStore } from '../store/context.js';

/** Transient messages; errors stay until dismissed. */
export function Toasts() {
  const toasts = useApp((s) => s.ui.toasts);
  const store = useAppStore();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div
          key={t.id}
          className={`toast toast-${t.kind}`}
          data-testid="toast"
          data-kind={t.kind}
          role={t.kind === 'error' ? 'alert' : 'status'}
        >
          <div className="toast-text">
            {t.text}
            {t.detail && <div className="small">{t.detail}</div>}
          </div>
          <button type="button" aria-label="Dismiss" onClick={() => store.getState().dismissToast(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

/** Says the file changed on disk and offers to reload. */
export function FileChangedBanner() {
  const changed = useApp((s) => s.session.changed);
  const info = useApp((s) => s.session.info);
  const store = useAppStore();
  if (!changed || !info) return null;
  return (
    <div className="banner" role="alert" data-testid="file-changed">
      <span>
        <strong>{info.name}</strong> {changed.kind === 'deleted' ? 'was deleted or moved on disk.' : 'changed on disk.'} What you see is the
        version you opened.
      </span>
      {changed.kind === 'changed' && (
        <button type="button" className="primary" data-testid="file-changed-reload" onClick={() => void store.getState().reloadSession()}>
          Reload
        </button>
      )}
      <button type="button" onClick={() => store.getState().dismissFileChanged()}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * A file opened with a kept backup of its last repair, unchanged since: says when and what that
 * repair did, and offers to put the bytes from before it back. Hidden while the repair dialog or the
 * file-changed banner is up, and dismissible per session.
 */
export function LastRepairBanner() {
  const info = useApp((s) => s.session.info);
  const changed = useApp((s) => s.session.changed);
  const busy = useApp((s) => s.repair.phase !== 'idle');
  const store = useAppStore();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const last = info?.lastRepair;
  if (!info || !last || changed || busy || dismissed === info.sessionId) return null;
  const when = new Date(last.repairedAt);
  return (
    <div className="banner banner-info" role="status" data-testid="last-repair">
      <span>
        {last.summary.replace(/\.$/, '')} on {Number.isNaN(when.getTime()) ? last.repairedAt : when.toLocaleString()}, and the file is
        unchanged since: the bytes from before are kept at <code title={last.backupPath}>{last.backupPath}</code>.
      </span>
      <button
        type="button"
        className="primary"
        data-testid="undo-last-repair"
        title="Put the bytes from before that repair back (atomically; refused if the file changed meanwhile)"
        onClick={() => void store.getState().undoLastRepair()}
      >
        Undo last repair
      </button>
      <button type="button" onClick={() => setDismissed(info.sessionId)}>
        Dismiss
      </button>
    </div>
  );
}

/** From this size the app says what it does differently for a session. */
export const LARGE_SESSION_BYTES = 256 * 1024 * 1024;
/** Files above this cannot be repaired on disk (repair holds the whole file in memory). */
const REPAIR_LIMIT_BYTES = 2 * 1024 ** 3;

/**
 * For a large session, says once what does not scale: the diff shows windows of turns, whole-text
 * exports over 512 MB need the streaming command line, and repair has a size limit. Hidden while the
 * file-changed banner is up (they share the banner row), and dismissible per session.
 */
export function LargeSessionBanner() {
  const info = useApp((s) => s.session.info);
  const changed = useApp((s) => s.session.changed);
  const [dismissed, setDismissed] = useState<string | null>(null);
  if (!info || changed || info.sizeBytes < LARGE_SESSION_BYTES || dismissed === info.sessionId) return null;
  return (
    <div className="banner banner-info" role="status" data-testid="large-session-notice">
      <span>
        <strong>{info.name}</strong> is a large session ({formatBytes(info.sizeBytes)}): the diff shows it by windows of turns (Alt+PageUp /
        Alt+PageDown). Exports and copies of more than 512 MB of text cannot be made here — the command line streams them (
        <code>transcript-inspector inspect FILE --json</code>).
        {info.sizeBytes > REPAIR_LIMIT_BYTES ? ' Files over 2 GiB cannot be repaired on disk.' : ''}
      </span>
      <button type="button" onClick={() => setDismissed(info.sessionId)}>
        Dismiss
      </button>
    </div>
  );
}

/**
 * While a large file is read, the diff shows a preview of its first turns: says so, and what comes
 * with the full read (the other turns, every annotation and check, repair).
 */
export function PreviewBanner() {
  const preview = useApp((s) => s.inspection.summary?.preview);
  const opening = useApp((s) => s.session.opening);
  if (!preview) return null;
  return (
    <div className="banner banner-info" role="status" data-testid="preview-notice">
      <span>
        Preview: the first {formatCount(preview.turns)} of {formatCount(preview.totalTurns)} turns
        {opening ? ` of ${opening}` : ''}, from a quick read. The whole session is being read; every turn, annotation and check — and repair
        — come with it.
      </span>
    </div>
  );
}

/** Catches render errors so a bug shows a message, never a blank window. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Transcript Inspector crashed while rendering', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="crash" role="alert">
        <h1>Something went wrong while drawing this view</h1>
        <p>{this.state.error.message}</p>
        <p className="muted">
          The session file was not changed. You can try again; if it keeps happening, the stack below helps a bug report.
        </p>
        <pre>{this.state.error.stack}</pre>
        <button type="button" className="primary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}

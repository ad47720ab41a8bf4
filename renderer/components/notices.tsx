/** Toasts, the file-changed banner and the error boundary: every problem is a readable message. */
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useApp, useAppStore } from '../store/context.js';

/** Transient messages; errors stay until dismissed. */
export function Toasts() {
  const toasts = useApp((s) => s.ui.toasts);
  const store = useAppStore();
  return (
    <div className="toasts" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} data-testid="toast" data-kind={t.kind} role={t.kind === 'error' ? 'alert' : 'status'}>
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
        <strong>{info.name}</strong> {changed.kind === 'deleted' ? 'was deleted or moved on disk.' : 'changed on disk.'} What you see is the version you opened.
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
        <p className="muted">The session file was not changed. You can try again; if it keeps happening, the stack below helps a bug report.</p>
        <pre>{this.state.error.stack}</pre>
        <button type="button" className="primary" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}

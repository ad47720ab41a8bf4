/** The status bar: diagnostics (click to list), policy summary (click for every flag and reason), watch state, progress. */
import { useCallback, useState } from 'react';
import { formatReadProgress } from '../format.js';
import { useApp } from '../store/context.js';
import { useDismiss } from './use-dismiss.js';
import { activePolicyFlags } from '../store/selectors.js';

/** A popover's open state, closed by an outside click or Escape (useDismiss). */
function usePopover() {
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const ref = useDismiss(open, close);
  return { open, setOpen, ref };
}

function Diagnostics() {
  const info = useApp((s) => s.session.info);
  const { open, setOpen, ref } = usePopover();
  const diagnostics = info?.diagnostics ?? [];
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  return (
    <div className="status-item menu" ref={ref}>
      <button
        type="button"
        className={`status-button${errors ? ' bad' : diagnostics.length ? ' warn' : ''}`}
        data-testid="diagnostics-button"
        onClick={() => setOpen(!open)}
        disabled={!info}
      >
        {diagnostics.length} diagnostic{diagnostics.length === 1 ? '' : 's'}
        {diagnostics[0] ? ` (line ${diagnostics[0].line}: ${diagnostics[0].message.slice(0, 60)})` : ''}
      </button>
      {open && info && (
        <div className="popover status-popover" data-testid="diagnostics-list">
          {diagnostics.length === 0 && <p className="muted">The file has no problems.</p>}
          <ul>
            {diagnostics.map((d, i) => (
              <li key={i} className={`diag diag-${d.severity}`}>
                <code>
                  {info.name}:{d.line}
                  {d.column ? `:${d.column}` : ''}
                </code>{' '}
                {d.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function PolicySummary() {
  const summary = useApp((s) => s.inspection.summary);
  const { open, setOpen, ref } = usePopover();
  if (!summary) return <div className="status-item muted">no policy</div>;
  const flags = activePolicyFlags(summary);
  return (
    <div className="status-item menu" ref={ref}>
      <button
        type="button"
        className="status-button"
        data-testid="policy-button"
        onClick={() => setOpen(!open)}
        title="Every policy flag with its reason"
      >
        policy: {flags.slice(0, 4).join(', ') || 'nothing on'}
        {flags.length > 4 ? ` +${flags.length - 4}` : ''}
      </button>
      {open && (
        <div className="popover status-popover policy-popover" data-testid="policy-list">
          <h3>
            Policy for {summary.target.provider} / {summary.target.modelId} <span className="muted small">({summary.target.api})</span>
          </h3>
          <table>
            <tbody>
              {Object.entries(summary.policy).map(([flag, setting]) => (
                <tr key={flag} className={setting.value === false || setting.value === null ? 'off' : 'on'}>
                  <td>
                    <code>{flag}</code>
                  </td>
                  <td>
                    <code>{typeof setting.value === 'object' ? JSON.stringify(setting.value) : String(setting.value)}</code>
                  </td>
                  <td className="small">{setting.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {summary.notes.length > 0 && (
            <ul className="notes">
              {summary.notes.map((n, i) => (
                <li key={i} className="small">
                  {n}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

/** The status bar. */
export function StatusBar({ mode }: { mode: 'desktop' | 'web' }) {
  const info = useApp((s) => s.session.info);
  const summary = useApp((s) => s.inspection.summary);
  const opening = useApp((s) => s.session.opening);
  const read = useApp((s) => s.session.progress);
  const inspecting = useApp((s) => s.inspection.loading);
  const changed = useApp((s) => s.session.changed);
  const progress = opening ? `Opening ${opening}…` : inspecting ? 'Inspecting…' : null;
  const readText = opening && read ? formatReadProgress(read.done, read.total) : null;
  return (
    <footer className="status-bar">
      <Diagnostics />
      <span className="status-sep" />
      <PolicySummary />
      <span className="status-grow" />
      {progress && (
        <span className="status-item" role="status" data-testid="progress">
          {readText ? (
            <span
              className="read-progress"
              role="progressbar"
              aria-label={`Reading ${opening}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={readText.percent}
              data-testid="open-progress"
            >
              <span className="read-progress-done" style={{ width: `${readText.percent}%` }} />
            </span>
          ) : (
            <span className="spinner" />
          )}{' '}
          {progress}
          {/* The bar carries the value for assistive technology: the figures, ten updates a second, would flood this live region. */}
          {readText && <span aria-hidden="true"> {readText.text}</span>}
        </span>
      )}
      {summary && !progress && <span className="status-item muted">inspected in {Math.round(summary.elapsedMs)} ms</span>}
      <span className="status-item muted" data-testid="watch-state">
        {info?.path
          ? changed
            ? 'changed on disk'
            : info.watched
              ? 'watching file'
              : 'not watched'
          : info?.store
            ? 'OpenClaw store, read-only (Reload to re-read it)'
            : info
              ? 'not from disk'
              : ''}
      </span>
      <span className="status-item muted">{mode === 'web' ? 'web mode' : 'desktop'}</span>
    </footer>
  );
}

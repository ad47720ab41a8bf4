/** The status bar: diagnostics (click to list), policy summary (click for every flag and reason), watch state, progress. */
import { useCallback, useState } from 'react';
import { diagnosticText, formatReadProgress } from '../format.js';
import { useApp } from '../store/context.js';
import { useDismiss } from './use-dismiss.js';
import { flagSentence, policySentences } from '../../shared/policy/flag-words.js';

/** `text` cut to `max` characters with an ellipsis. */
function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

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
        {diagnostics[0] ? ` (${clip(diagnosticText(diagnostics[0]), 70)})` : ''}
      </button>
      {open && info && (
        <div className="popover status-popover" data-testid="diagnostics-list">
          {diagnostics.length === 0 && <p className="muted">The file has no problems.</p>}
          <ul>
            {diagnostics.map((d, i) => (
              <li key={i} className={`diag diag-${d.severity}`}>
                <code>{info.name}</code> {diagnosticText(d)}
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
  const said = policySentences(summary.policy);
  const shown = said.slice(0, 3);
  return (
    <div className="status-item menu policy-item" ref={ref}>
      <button
        type="button"
        className="status-button policy-summary"
        data-testid="policy-button"
        onClick={() => setOpen(!open)}
        title={said.map((s) => `${s.sentence} (${s.flag})`).join('\n') || 'Every policy flag with its reason'}
      >
        {shown.map((s) => s.sentence).join(' · ') || 'Hygiene changes nothing for this target'}
        {said.length > shown.length ? ` · +${said.length - shown.length} more` : ''}
      </button>
      {open && (
        <div className="popover status-popover policy-popover" data-testid="policy-list">
          <h3>
            What hygiene does for {summary.target.provider} / {summary.target.modelId}{' '}
            <span className="muted small">({summary.target.api})</span>
          </h3>
          <table>
            <tbody>
              {Object.entries(summary.policy).map(([flag, setting]) => {
                const sentence = flagSentence(flag, setting.value);
                return (
                  <tr key={flag} className={sentence ? 'on' : 'off'} data-flag={flag}>
                    <td>{sentence ?? <span className="muted">—</span>}</td>
                    <td className="small">{setting.reason}</td>
                    <td title={`${flag} = ${typeof setting.value === 'object' ? JSON.stringify(setting.value) : String(setting.value)}`}>
                      <code className="small">{flag}</code>
                    </td>
                  </tr>
                );
              })}
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
              <span className="read-progress-done" style={{ transform: `scaleX(${readText.percent / 100})` }} />
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

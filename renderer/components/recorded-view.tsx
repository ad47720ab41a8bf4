/**
 * The Recorded view: what OpenClaw recorded as the history of one run (`context.compiled`) beside this
 * tool's replay of the same branch, turn by turn; each difference explained, the recorder's cuts and
 * redactions shown as marks of the recorder, not as differences.
 */
import type { AttemptComparison } from '../../shared/trajectory/types.js';
import type { JsonValue } from '../../shared/types.js';
import { useApp, useAppStore } from '../store/context.js';

const VERDICT_WORDS = {
  identical: 'Identical',
  differs: 'Differs',
  truncated: 'Truncated by the recorder',
  'no-context': 'Not compared',
} as const;

const show = (value: JsonValue | undefined) => (value === undefined ? '(none)' : JSON.stringify(value, null, 2));

function Attempt({ attempt, behaviour }: { attempt: AttemptComparison; behaviour: string }) {
  const recorded = Array.isArray(attempt.recorded) ? attempt.recorded : null;
  const rows = Math.max(recorded?.length ?? 1, attempt.replay.length);
  return (
    <section className="recorded-attempt" data-testid="recorded-attempt" data-verdict={attempt.verdict}>
      <h3>
        {attempt.provider ?? '?'} / {attempt.modelApi ?? '?'} / {attempt.modelId ?? '?'} —{' '}
        <span className={`verdict-${attempt.verdict}`}>{VERDICT_WORDS[attempt.verdict]}</span>
      </h3>
      <p className="muted small">{attempt.summary}</p>
      <div className="recorded-grid">
        <div className="recorded-head">Recorded by OpenClaw ({attempt.recordedCount ?? '—'} messages)</div>
        <div className="recorded-head">
          This tool’s replay, {behaviour} ({attempt.replayCount} messages)
        </div>
        {Array.from({ length: rows }, (_, turn) => {
          const differences = attempt.differences.filter((d) => d.turn === turn);
          const marks = attempt.marks.filter((m) => m.turn === turn);
          const state = differences.length ? 'differs' : marks.length ? 'marked' : 'same';
          return (
            <div key={turn} className={`recorded-row ${state}`} data-testid="recorded-turn" data-turn={turn} data-state={state}>
              <div className="recorded-turn-label">turn {turn}</div>
              <pre className="recorded-cell">{recorded ? show(recorded[turn]) : turn === 0 ? show(attempt.recorded) : ''}</pre>
              <pre className="recorded-cell">{show(attempt.replay[turn])}</pre>
              {differences.map((d, i) => (
                <p key={`d${i}`} className="recorded-note differs" data-testid="recorded-difference">
                  <strong>Differs</strong> at <code>{d.path}</code>: {d.explanation}
                </p>
              ))}
              {marks.map((m, i) => (
                <p key={`m${i}`} className={`recorded-note ${m.kind}`} data-testid="recorded-mark" data-kind={m.kind}>
                  <strong>{m.kind === 'truncated' ? 'Truncated by the recorder' : 'Redacted by the recorder'}</strong> at{' '}
                  <code>{m.path}</code>: {m.detail}
                </p>
              ))}
            </div>
          );
        })}
      </div>
    </section>
  );
}

/** The third view, in place of the diff. */
export function RecordedView() {
  const store = useAppStore();
  const trajectory = useApp((s) => s.trajectory);
  const behaviour = useApp((s) => s.target.behaviour);
  const index = trajectory.listing?.runs.findIndex((r) => r.runId === trajectory.runId) ?? -1;
  const run = index >= 0 ? trajectory.listing!.runs[index] : null;
  const comparison = trajectory.comparison;
  return (
    <section
      className="recorded-view"
      data-testid="recorded-view"
      data-verdict={comparison?.verdict ?? ''}
      aria-label="Recorded run beside the replay"
    >
      <header className="pane-header">
        <strong>Recorded</strong>
        {run && (
          <span className="muted small">
            run {index + 1} · {run.startedAt ?? 'unknown time'} · {run.provider}/{run.modelId} · {run.outcome}
          </span>
        )}
        <span className="toolbar-grow" />
        <button type="button" data-testid="recorded-close" onClick={() => store.getState().showRecorded(false)} title="Back to the diff">
          Back to the diff
        </button>
      </header>
      <div className="recorded-body">
        {trajectory.comparing && <p role="status">Comparing the run with the replay…</p>}
        {trajectory.error && <p className="error-text">{trajectory.error}</p>}
        {comparison && (
          <>
            <p className={`recorded-summary verdict-${comparison.verdict}`} data-testid="recorded-summary">
              {comparison.summary}
            </p>
            <p className="muted small">
              The recording holds the history OpenClaw compiled (after its hygiene), cut and redacted by its recorder; it does not hold the
              send-time transforms or the body sent on the wire.
            </p>
            {comparison.attempts.map((attempt, i) => (
              <Attempt key={i} attempt={attempt} behaviour={behaviour} />
            ))}
          </>
        )}
      </div>
    </section>
  );
}

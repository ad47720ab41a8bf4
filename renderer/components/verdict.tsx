/**
 * The verdict at the top of the side panel: would the provider accept the replay for this target, and
 * if not, each problem with the provider's own error text, where it is and the rule that fixes it;
 * then what the replay fixes of the session as recorded. A file that is not a session says so.
 */
import { useMemo, useRef } from 'react';
import type { InspectionSummary } from '../../shared/api.js';
import { useApp, useAppStore } from '../store/context.js';
import { verdictOf, type NotASession, type Verdict, type VerdictProblem } from '../verdict/verdict-model.js';
import { formatCount } from '../format.js';

const ICONS: Record<Verdict['state'], string> = {
  accepted: '✓',
  rejected: '✕',
  partial: '…',
  'not-a-session': '!',
  unknown: '?',
};

/** Where a problem is, in the numbering the app uses everywhere: payload position, then transcript turn. */
function whereText(p: VerdictProblem): string {
  const parts: string[] = [];
  if (p.position) parts.push(p.position);
  if (p.turn !== null) parts.push(`turn #${p.turn}`);
  else if (p.made) parts.push('a turn hygiene or the payload builder added');
  if (p.findings.length > 1) parts.push(`${p.findings.length} places, the first here`);
  return parts.join(' · ');
}

/** What fixes a problem: its rule (and whether it ran for this target), or what to do when no rule can. */
function fixText(p: VerdictProblem): { rule: string | null; note: string } {
  if (p.check === 'empty-conversation')
    return { rule: null, note: 'Nothing to replay: check that this is the session you meant, or pick the file the agent writes to.' };
  if (p.check === 'payload-not-built') return { rule: null, note: 'Pick another API for this provider, or a model pi-ai knows.' };
  if (p.side === 'original') return { rule: p.ruleTitle, note: 'fixes it in the replay' };
  return {
    rule: p.ruleTitle,
    note: p.ruleFired
      ? 'fixes this kind of problem, but not this one for this target'
      : 'fixes it, but it is off or found nothing for this target',
  };
}

function ProblemItem({ problem, explains }: { problem: VerdictProblem; explains: boolean }) {
  const store = useAppStore();
  // Clicking again goes to the problem's next place.
  const cursor = useRef(0);
  const fix = fixText(problem);
  const clickable = problem.findings.length > 0;
  const onClick = () => {
    if (!clickable) return;
    const index = problem.findings[cursor.current % problem.findings.length];
    cursor.current += 1;
    store.getState().focusPreflight(problem.side, index);
  };
  return (
    <li
      className={`verdict-item severity-${problem.severity}${explains ? ' explains' : ''}`}
      data-testid="verdict-item"
      data-side={problem.side}
      data-check={problem.check}
      data-rule={problem.rule ?? ''}
      data-turn={problem.turn ?? ''}
      data-places={problem.findings.length}
    >
      <button
        type="button"
        className="verdict-problem"
        onClick={onClick}
        disabled={!clickable}
        title={clickable ? 'Show it in the diff' : undefined}
      >
        <span className="problem-title">{problem.title}</span>
        <span className="problem-where">{whereText(problem)}</span>
        <span className="typical-error" data-testid="typical-error">
          <span className="typical-error-who">{problem.provider} answers:</span> {problem.typicalError}
        </span>
        <span className="problem-fix">
          {fix.rule ? (
            <>
              <span className="muted">Rule:</span> <strong>{fix.rule}</strong> <span className="muted">— {fix.note}</span>
            </>
          ) : (
            <span className="muted">{fix.note}</span>
          )}
        </span>
      </button>
    </li>
  );
}

function NotASessionBox({ info }: { info: NotASession }) {
  return (
    <div className="not-a-session" data-testid="not-a-session" data-line={info.line ?? ''} role="alert">
      <p>{info.reason}</p>
      <ul>
        {info.details.map((d, i) => (
          <li key={i}>
            <code>{d}</code>
          </li>
        ))}
      </ul>
      <p className="muted small">Nothing here can be replayed or checked: open the session file itself (a .jsonl the agent writes).</p>
    </div>
  );
}

function VerdictBody({ verdict, summary }: { verdict: Verdict; summary: InspectionSummary }) {
  const explanations = useApp((s) => s.ui.explanations);
  const explained = useMemo(() => new Set(explanations.flatMap((e) => (e.check ? [e.check] : []))), [explanations]);
  const recordedProvider = verdict.fixed[0]?.provider ?? summary.target.provider;
  return (
    <>
      {verdict.notASession && <NotASessionBox info={verdict.notASession} />}
      {verdict.problems.length > 0 && (
        <ol className="verdict-problems" aria-label="Why the provider would reject the replay">
          {verdict.problems.map((p) => (
            <ProblemItem key={`${p.side}:${p.check}`} problem={p} explains={explained.has(p.check)} />
          ))}
        </ol>
      )}
      {verdict.fixed.length > 0 && (
        <div className="verdict-fixed" data-testid="verdict-fixed">
          <h3>Fixed by the replay</h3>
          <p className="muted small">
            Sent as recorded (without hygiene), {recordedProvider} would reject the session for{' '}
            {verdict.fixed.length === 1 ? 'this problem' : `these ${verdict.fixed.length} problems`}; the replay does not have{' '}
            {verdict.fixed.length === 1 ? 'it' : 'them'}:
          </p>
          <ol className="verdict-problems">
            {verdict.fixed.map((p) => (
              <ProblemItem key={`${p.side}:${p.check}`} problem={p} explains={explained.has(p.check)} />
            ))}
          </ol>
        </div>
      )}
      {verdict.damagedLines > 0 && verdict.state !== 'not-a-session' && (
        <p className="verdict-file small" data-testid="verdict-damaged">
          {verdict.damagedLines === 1 ? '1 line' : `${formatCount(verdict.damagedLines)} lines`} of the file could not be read: the replay
          leaves {verdict.damagedLines === 1 ? 'it' : 'them'} out (diagnostics in the status bar; Repair on disk drops or mends them).
        </p>
      )}
    </>
  );
}

/** The verdict panel. */
export function VerdictPanel() {
  const summary = useApp((s) => s.inspection.summary);
  const info = useApp((s) => s.session.info);
  const loading = useApp((s) => s.inspection.loading || s.session.loading);
  const error = useApp((s) => s.inspection.error);
  // The file's own diagnostics when it is open; a preview has only the summary's.
  const diagnostics = info && summary && info.sessionId === summary.sessionId ? info.diagnostics : summary?.diagnostics;
  const verdict = useMemo(() => (summary ? verdictOf(summary, diagnostics) : null), [summary, diagnostics]);
  if (!summary || !verdict) {
    const text = loading ? 'Inspecting…' : error ? error : info ? 'Pick a target to get a verdict.' : 'Open a session to get a verdict.';
    return (
      <section className="verdict verdict-none" data-testid="verdict" data-state={loading ? 'loading' : 'none'} aria-live="polite">
        <p className={error && !loading ? 'error' : 'muted'}>{text}</p>
      </section>
    );
  }
  return (
    <section
      className={`verdict verdict-${verdict.state}`}
      data-testid="verdict"
      data-state={verdict.state}
      data-problems={verdict.problems.length}
      data-inspection={summary.inspectionId}
      aria-live="polite"
    >
      <header className="verdict-head">
        <span className="verdict-icon" aria-hidden="true">
          {ICONS[verdict.state]}
        </span>
        <div>
          <h2 className="verdict-headline" data-testid="verdict-headline">
            {verdict.headline}
            {loading && <span className="spinner" role="status" aria-label="Inspecting" />}
          </h2>
          <p className="verdict-detail">{verdict.detail}</p>
        </div>
      </header>
      <VerdictBody verdict={verdict} summary={summary} />
    </section>
  );
}

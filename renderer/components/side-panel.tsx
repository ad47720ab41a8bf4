/** The right panel: rules fired (grouped), preflight findings (original vs replay), the session's recorded errors and the pasted-error box. */
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Side } from '../../shared/api.js';
import type { RuleId } from '../../shared/types.js';
import { useApp, useAppStore } from '../store/context.js';
import { groupAnnotations, groupFindings } from '../store/selectors.js';
import { ErrorBox } from './error-box.js';
import { RecordedErrors } from './recorded-errors.js';

function turnRef(turn: number | null, replayTurn: number | null): string {
  const left = turn === null ? 'new' : `#${turn}`;
  const right = replayTurn === null ? 'dropped' : `#${replayTurn}`;
  return `${left} → ${right}`;
}

function preview(value: unknown): string {
  if (value === undefined) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

/** Annotations shown per rule before "Show more". */
const ANNOTATION_PAGE = 100;

/** Rules that explain the pasted error, for highlighting. */
function useExplainedRules(): Set<RuleId> {
  const explanations = useApp((s) => s.ui.explanations);
  return useMemo(() => new Set(explanations.flatMap((e) => (e.rule ? [e.rule] : []))), [explanations]);
}

/** A rule's explanation: two lines until clicked (they can be long paragraphs). */
function Explanation({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  return (
    <p
      className={`rule-explanation${open ? '' : ' clamped'}`}
      title={open ? undefined : 'Click to read all'}
      onClick={() => setOpen(!open)}
    >
      {text}
    </p>
  );
}

/** Rules fired, grouped by rule; clicking an item reveals its lines. */
function AnnotationList() {
  const summary = useApp((s) => s.inspection.summary);
  const focus = useApp((s) => s.ui.focus);
  const store = useAppStore();
  const explained = useExplainedRules();
  const groups = useMemo(() => groupAnnotations(summary), [summary]);
  const [collapsed, setCollapsed] = useState<Set<RuleId>>(new Set());
  // A rule can fire thousands of times on a long session: items are shown a page at a time.
  const [limits, setLimits] = useState<Map<RuleId, number>>(new Map());
  const selected = focus?.kind === 'annotation' ? focus.index : null;
  const selectedRef = useRef<HTMLLIElement>(null);

  useEffect(() => {
    selectedRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  if (!summary) return <div className="panel-empty muted">No inspection yet.</div>;
  return (
    <div
      className="annotation-list"
      data-testid="annotation-list"
      data-count={summary.annotations.length}
      data-inspection={summary.inspectionId}
    >
      {groups.length === 0 && <div className="panel-empty">No rule fired: the replay equals the original for this target.</div>}
      {groups.map((group) => {
        const position = selected === null ? -1 : group.indices.indexOf(selected);
        // The annotation F8 stepped to is always shown, even in a collapsed or paged group.
        const isCollapsed = collapsed.has(group.rule) && position < 0;
        const limit = Math.max(limits.get(group.rule) ?? ANNOTATION_PAGE, position + 1);
        const shown = group.indices.slice(0, limit);
        return (
          <section key={group.rule} className={`rule-group${explained.has(group.rule) ? ' explains' : ''}`} data-rule={group.rule}>
            <button
              type="button"
              className="rule-header"
              aria-expanded={!isCollapsed}
              onClick={() => {
                const next = new Set(collapsed);
                if (isCollapsed) next.delete(group.rule);
                else next.add(group.rule);
                setCollapsed(next);
              }}
              title={group.explanation}
            >
              <span className="chevron">{isCollapsed ? '▸' : '▾'}</span>
              <span className="rule-title">{group.title}</span>
              <code className="rule-id">{group.rule}</code>
              <span className="count">{group.indices.length}</span>
            </button>
            {!isCollapsed && (
              <>
                {group.explanation && <Explanation text={group.explanation} />}
                <ul>
                  {shown.map((index) => {
                    const a = summary.annotations[index];
                    const isSelected = selected === index;
                    return (
                      <li key={index} ref={isSelected ? selectedRef : undefined}>
                        <button
                          type="button"
                          className={`annotation-item${isSelected ? ' selected' : ''}`}
                          data-testid="annotation-item"
                          data-rule={a.rule}
                          data-index={index}
                          data-turn={a.turn ?? ''}
                          data-replay-turn={a.replayTurn ?? ''}
                          data-decision={a.decision ?? ''}
                          aria-pressed={isSelected}
                          onClick={() => store.getState().selectAnnotation(index)}
                        >
                          <span className={`action action-${a.action}`}>{a.action}</span>
                          {a.decision && (
                            <span className="decision-badge" title="The spec departs from OpenClaw 2026.9.6 here, on purpose">
                              spec decision
                            </span>
                          )}
                          <span className="turn-ref">{turnRef(a.turn, a.replayTurn)}</span>
                          {a.path && <code className="path">{a.path}</code>}
                          <span className="detail">{a.detail}</span>
                          {(a.before !== undefined || a.after !== undefined) && (
                            <span className="before-after">
                              {a.before !== undefined && <span className="before">{preview(a.before)}</span>}
                              {a.after !== undefined && <span className="after">{preview(a.after)}</span>}
                            </span>
                          )}
                        </button>
                      </li>
                    );
                  })}
                </ul>
                {shown.length < group.indices.length && (
                  <button
                    type="button"
                    className="link more"
                    onClick={() => setLimits(new Map(limits).set(group.rule, limit + ANNOTATION_PAGE))}
                  >
                    Show {Math.min(ANNOTATION_PAGE, group.indices.length - shown.length)} more of {group.indices.length - shown.length}
                  </button>
                )}
              </>
            )}
          </section>
        );
      })}
    </div>
  );
}

/** Preflight findings of both payloads, grouped by check. */
function PreflightList() {
  const summary = useApp((s) => s.inspection.summary);
  const focus = useApp((s) => s.ui.focus);
  const explanations = useApp((s) => s.ui.explanations);
  const store = useAppStore();
  const explainedChecks = useMemo(() => new Set(explanations.flatMap((e) => (e.check ? [e.check] : []))), [explanations]);
  if (!summary) return null;
  const side = (which: Side) => {
    const findings = summary.preflight[which];
    const groups = groupFindings(findings);
    return (
      <section className="preflight-side" data-side={which} data-count={findings.length}>
        <h4>
          {which === 'original' ? 'Original' : 'Replay'}{' '}
          <span className={`count ${findings.length ? (which === 'replay' ? 'bad' : 'warn') : 'good'}`}>{findings.length}</span>
        </h4>
        {findings.length === 0 ? (
          <p className="muted small">{which === 'replay' ? 'The provider should accept the replay.' : 'No predicted rejection.'}</p>
        ) : (
          groups.map((group) => (
            <div
              key={group.check}
              className={`finding-group${explainedChecks.has(group.check) ? ' explains' : ''}`}
              data-check={group.check}
            >
              <div className="finding-title" title={group.typicalError}>
                <code>{group.check}</code> <span className="muted">{group.provider}</span>{' '}
                <span className="count">{group.indices.length}</span>
              </div>
              <Explanation text={group.explanation} />
              <ul>
                {group.indices.map((index) => {
                  const f = findings[index];
                  const isSelected = focus?.kind === 'preflight' && focus.side === which && focus.index === index;
                  return (
                    <li key={index}>
                      <button
                        type="button"
                        className={`finding-item${isSelected ? ' selected' : ''}`}
                        data-testid="preflight-item"
                        onClick={() => store.getState().focusPreflight(which, index)}
                      >
                        <span className="turn-ref">{f.messageIndex === null ? '—' : `#${f.messageIndex}`}</span>
                        <code className="path">{f.path}</code>
                        <span className="muted small">fixed by {f.rule}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))
        )}
      </section>
    );
  };
  return (
    <div className="preflight-list" data-testid="preflight-list">
      {side('original')}
      {side('replay')}
    </div>
  );
}

/** The right panel: rules fired on top (the longest list), preflight and the error box below. */
export function SidePanel() {
  const summary = useApp((s) => s.inspection.summary);
  const total = summary?.annotations.length ?? 0;
  const original = summary?.preflight.original.length ?? 0;
  const replay = summary?.preflight.replay.length ?? 0;
  const recorded = summary?.recordedErrors?.length ?? 0;
  return (
    <aside className="side-panel" aria-label="Rules, preflight and errors">
      <header className="pane-header">
        <strong>Rules fired</strong> <span className="count">{total}</span>
        <span className="muted small keys">F8 / ⇧F8</span>
      </header>
      <div className="side-scroll rules-scroll">
        <AnnotationList />
      </div>
      <header className="pane-header sub">
        <strong>Preflight</strong>
        <span className="muted small">
          original {original} · replay {replay}
        </span>
      </header>
      <div className="side-scroll preflight-scroll">
        <PreflightList />
      </div>
      {recorded > 0 && (
        <>
          <header className="pane-header sub">
            <strong>Recorded errors</strong> <span className="count bad">{recorded}</span>
            <span className="muted small">failed turns of this session</span>
          </header>
          <div className="side-scroll recorded-scroll">
            <RecordedErrors />
          </div>
        </>
      )}
      <header className="pane-header sub">
        <strong>Paste a provider error</strong>
      </header>
      <ErrorBox />
    </aside>
  );
}

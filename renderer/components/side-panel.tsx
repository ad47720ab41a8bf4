/**
 * The right panel, answer first: the verdict; then the errors the session recorded; then the rules
 * fired (grouped, collapsed) and preflight of both sides; the pasted-error box stays at the bottom.
 */
import { useState, type ReactNode } from 'react';
import { useApp } from '../store/context.js';
import { ErrorBox } from './error-box.js';
import { PreflightList } from './preflight-list.js';
import { RecordedErrors } from './recorded-errors.js';
import { TrajectoryRuns } from './trajectory-runs.js';
import { AnnotationList } from './rules-fired.js';
import { isBoolean, usePersistentState } from '../storage.js';
import { VerdictPanel } from './verdict.js';
import { formatCount } from '../format.js';

/** A titled part of the panel that opens and closes, remembered between sessions. */
function Section(props: { id: string; title: string; count?: ReactNode; extra?: ReactNode; defaultOpen: boolean; children: ReactNode }) {
  const [open, setOpen] = usePersistentState(`section:${props.id}`, props.defaultOpen, isBoolean);
  return (
    <section className={`side-section${open ? ' open' : ''}`} data-testid={`section-${props.id}`} data-open={open ? 'true' : 'false'}>
      <header className="pane-header sub side-section-header">
        <button type="button" className="section-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
          <span className="chevron">{open ? '▾' : '▸'}</span> <strong>{props.title}</strong> {props.count}
        </button>
        {props.extra}
      </header>
      {open && props.children}
    </section>
  );
}

/** The right panel. */
export function SidePanel() {
  const summary = useApp((s) => s.inspection.summary);
  const total = summary?.annotations.length ?? 0;
  const groups = summary ? new Set(summary.annotations.map((a) => a.rule)).size : 0;
  const original = summary?.preflight.original.length ?? 0;
  const replay = summary?.preflight.replay.length ?? 0;
  const recorded = summary?.recordedErrors?.length ?? 0;
  const [expandAll, setExpandAll] = useState(0);
  const runs = useApp((s) => s.trajectory.listing?.runs.length ?? null);
  const hasSession = useApp((s) => s.session.info !== null);
  return (
    <aside className="side-panel" aria-label="Verdict, rules, preflight and errors">
      <div className="side-scroll">
        <VerdictPanel />
        {recorded > 0 && (
          <Section
            id="recorded"
            title="Recorded errors"
            count={<span className="count bad">{recorded}</span>}
            extra={<span className="muted small">failed turns of this session</span>}
            defaultOpen
          >
            <RecordedErrors />
          </Section>
        )}
        {hasSession && (
          <Section
            id="trajectory"
            title="Recorded runs"
            count={runs === null ? undefined : <span className="count">{runs}</span>}
            extra={<span className="muted small">what OpenClaw compiled, run by run</span>}
            defaultOpen
          >
            <TrajectoryRuns />
          </Section>
        )}
        <Section
          id="rules"
          title="Rules fired"
          count={
            <span className="count" title={`${total} changes by ${groups} rules`}>
              {formatCount(total)}
            </span>
          }
          extra={
            <>
              {groups > 1 && (
                <button type="button" className="link small" data-testid="rules-expand-all" onClick={() => setExpandAll(expandAll + 1)}>
                  open / close all
                </button>
              )}
              <span className="muted small keys" title="Step through every change (the diff follows)">
                F8 / ⇧F8
              </span>
            </>
          }
          defaultOpen
        >
          <AnnotationList expandAll={expandAll} />
        </Section>
        <Section
          id="preflight"
          title="Preflight, both sides"
          count={
            <span className="muted small">
              as recorded {original} · replay {replay}
            </span>
          }
          defaultOpen={false}
        >
          <PreflightList />
        </Section>
      </div>
      <header className="pane-header sub">
        <strong>Paste a provider error</strong>
      </header>
      <ErrorBox />
    </aside>
  );
}

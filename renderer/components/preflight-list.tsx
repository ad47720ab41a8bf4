/** Preflight findings of both payloads side by side (original as recorded, replay), grouped by check. */
import { useMemo } from 'react';
import type { InspectionSummary, Side, SummaryFinding } from '../../shared/api.js';
import { useApp, useAppStore } from '../store/context.js';
import { groupFindings, type FindingGroup } from '../store/selectors.js';
import { Explanation } from './rules-fired.js';
import { RunButton, useInViewWhenSelected, useShownRun } from './shown-run.js';

/** Where a finding is: its payload position in the provider's words, and the transcript turn it comes from. */
export function findingPlace(finding: SummaryFinding, payloadKey: string | undefined): string {
  if (finding.messageIndex === null) return finding.path || 'the whole request';
  const position = `${payloadKey ?? 'messages'}[${finding.messageIndex}]`;
  if (finding.turn !== undefined && finding.turn !== null) return `${position} · turn #${finding.turn}`;
  return finding.turn === null ? `${position} · added by hygiene or the payload builder` : position;
}

function PreflightSide({ summary, side }: { summary: InspectionSummary; side: Side }) {
  const focus = useApp((s) => s.ui.focus);
  const explanations = useApp((s) => s.ui.explanations);
  const explainedChecks = useMemo(() => new Set(explanations.flatMap((e) => (e.check ? [e.check] : []))), [explanations]);
  const findings = summary.preflight[side];
  const groups = useMemo(() => groupFindings(findings), [findings]);
  const selected = focus?.kind === 'preflight' && focus.side === side ? focus.index : null;
  return (
    <section className="preflight-side" data-side={side} data-count={findings.length}>
      <h4>
        {side === 'original' ? 'The session as recorded' : 'The replay'}{' '}
        <span className={`count ${findings.length ? (side === 'replay' ? 'bad' : 'warn') : 'good'}`}>{findings.length}</span>
      </h4>
      {findings.length === 0 ? (
        <p className="muted small">No check fails{summary.preview ? ' in the turns read so far' : ''}.</p>
      ) : (
        groups.map((group) => (
          <div key={group.check} className={`finding-group${explainedChecks.has(group.check) ? ' explains' : ''}`} data-check={group.check}>
            <div className="finding-title">
              <code>{group.check}</code> <span className="muted">{group.provider}</span>{' '}
              <span className="count">{group.indices.length}</span>
            </div>
            <Explanation text={group.explanation} />
            <FindingItems summary={summary} side={side} group={group} selected={selected} />
          </div>
        ))
      )}
    </section>
  );
}

/** One finding; chosen elsewhere (a verdict's problem), it is scrolled into view. */
function FindingItem({ summary, side, index, selected }: { summary: InspectionSummary; side: Side; index: number; selected: boolean }) {
  const store = useAppStore();
  const ref = useInViewWhenSelected(selected);
  const finding = summary.preflight[side][index];
  return (
    <li ref={ref}>
      <button
        type="button"
        className={`finding-item${selected ? ' selected' : ''}`}
        data-testid="preflight-item"
        onClick={() => store.getState().focusPreflight(side, index)}
      >
        <span className="turn-ref">{findingPlace(finding, summary[side].payloadKey)}</span>
        <span className="muted small">fixed by {finding.rule}</span>
      </button>
    </li>
  );
}

/** One check's findings, a page at a time, the selected one always drawn. */
function FindingItems(props: { summary: InspectionSummary; side: Side; group: FindingGroup; selected: number | null }) {
  const { summary, side, group, selected } = props;
  const run = useShownRun(group.indices, selected);
  return (
    <>
      <RunButton run={run} which="earlier" />
      <ul>
        {run.shown.map((index) => (
          <FindingItem key={index} summary={summary} side={side} index={index} selected={selected === index} />
        ))}
      </ul>
      <RunButton run={run} which="later" />
    </>
  );
}

/** Preflight findings of both payloads, grouped by check. */
export function PreflightList() {
  const summary = useApp((s) => s.inspection.summary);
  if (!summary) return null;
  return (
    <div className="preflight-list" data-testid="preflight-list">
      <PreflightSide summary={summary} side="original" />
      <PreflightSide summary={summary} side="replay" />
    </div>
  );
}

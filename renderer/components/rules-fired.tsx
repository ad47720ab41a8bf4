/** The rules that fired, one group per rule with its count, collapsed until opened; clicking an item reveals its lines. */
import { memo, useMemo, useState } from 'react';
import { sha256Hex } from '../../shared/hash/sha256.js';
import { turnMapping } from '../../shared/text/numbering.js';
import { withPlaceholders } from '../../shared/text/placeholder.js';
import type { Annotation, RuleId } from '../../shared/types.js';
import { useApp, useAppStore } from '../store/context.js';
import { groupAnnotations, type RuleGroup } from '../store/selectors.js';
import { formatCount } from '../format.js';
import { RunButton, useInViewWhenSelected, useShownRun } from './shown-run.js';

/** Characters of a before/after value shown in the panel. */
const VALUE_CHARS = 160;

/** Where an annotation sits: its transcript turn, and the replay turn it became. */
export const turnRef = turnMapping;

/** A before/after value in one short line, long strings as the diff's placeholders (never raw base64). */
export function valuePreview(value: unknown): string {
  if (value === undefined) return '';
  const shown = withPlaceholders(value, sha256Hex);
  const text = typeof shown === 'string' ? shown : JSON.stringify(shown);
  return text.length > VALUE_CHARS ? `${text.slice(0, VALUE_CHARS - 1)}…` : text;
}

/** Rules that explain the pasted error, for highlighting. */
function useExplainedRules(): Set<RuleId> {
  const explanations = useApp((s) => s.ui.explanations);
  return useMemo(() => new Set(explanations.flatMap((e) => (e.rule ? [e.rule] : []))), [explanations]);
}

/** A rule's explanation: two lines until clicked (they can be long paragraphs). */
export function Explanation({ text }: { text: string }) {
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

/** One annotation; drawn again only when it is selected or let go (F8 through a long run redraws two). */
const AnnotationItem = memo(function AnnotationItem(props: { annotation: Annotation; index: number; selected: boolean }) {
  const { annotation, index, selected } = props;
  const store = useAppStore();
  const ref = useInViewWhenSelected(selected);
  const a = annotation;
  return (
    <li ref={ref}>
      <button
        type="button"
        className={`annotation-item${selected ? ' selected' : ''}`}
        data-testid="annotation-item"
        data-rule={a.rule}
        data-index={index}
        data-turn={a.turn ?? ''}
        data-replay-turn={a.replayTurn ?? ''}
        data-decision={a.decision ?? ''}
        aria-pressed={selected}
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
            {a.before !== undefined && <span className="before">{valuePreview(a.before)}</span>}
            {a.after !== undefined && <span className="after">{valuePreview(a.after)}</span>}
          </span>
        )}
      </button>
    </li>
  );
});

/** One rule's group: header with title and count; the explanation and items when open. */
function RuleGroupView(props: { group: RuleGroup; open: boolean; explains: boolean; selected: number | null; onToggle(): void }) {
  const { group, open, explains, selected } = props;
  const summary = useApp((s) => s.inspection.summary);
  // The annotation F8 stepped to is always shown, even in a collapsed or paged group.
  const run = useShownRun(group.indices, selected, open);
  if (!summary) return null;
  return (
    <section
      className={`rule-group${explains ? ' explains' : ''}`}
      data-testid="rule-group"
      data-rule={group.rule}
      data-count={group.indices.length}
      data-open={open ? 'true' : 'false'}
    >
      <button type="button" className="rule-header" aria-expanded={open} onClick={props.onToggle} title={group.explanation}>
        <span className="chevron">{open ? '▾' : '▸'}</span>
        <span className="rule-title">{group.title}</span>
        <span className="count">{formatCount(group.indices.length)}</span>
      </button>
      {open && (
        <div className="rule-about">
          {group.explanation && <Explanation text={group.explanation} />}
          <code className="rule-id" title="The rule's id (docs/rules.md, the CLI and exports use it)">
            {group.rule}
          </code>
        </div>
      )}
      <RunButton run={run} which="earlier" />
      {run.shown.length > 0 && (
        <ul>
          {run.shown.map((index) => (
            <AnnotationItem key={index} annotation={summary.annotations[index]} index={index} selected={selected === index} />
          ))}
        </ul>
      )}
      <RunButton run={run} which="later" />
    </section>
  );
}

/** Rules fired, grouped by rule in pipeline order; groups open on click (all with `expandAll`). */
export function AnnotationList({ expandAll }: { expandAll: number }) {
  const summary = useApp((s) => s.inspection.summary);
  const focus = useApp((s) => s.ui.focus);
  const explained = useExplainedRules();
  const groups = useMemo(() => groupAnnotations(summary), [summary]);
  // Which groups are open outlives an inspection: a user following one rule across targets keeps it open.
  const [opened, setOpened] = useState<Set<RuleId>>(new Set());
  const [lastExpandAll, setLastExpandAll] = useState(expandAll);
  if (expandAll !== lastExpandAll) {
    setLastExpandAll(expandAll);
    setOpened(opened.size >= groups.length ? new Set() : new Set(groups.map((g) => g.rule)));
  }
  const selected = focus?.kind === 'annotation' ? focus.index : null;

  if (!summary) return <div className="panel-empty muted">No inspection yet.</div>;
  return (
    <div
      className="annotation-list"
      data-testid="annotation-list"
      data-count={summary.annotations.length}
      data-inspection={summary.inspectionId}
    >
      {groups.length === 0 && <div className="panel-empty muted">No rule fired: the replay equals the original for this target.</div>}
      {groups.map((group) => (
        <RuleGroupView
          key={group.rule}
          group={group}
          open={opened.has(group.rule)}
          explains={explained.has(group.rule)}
          selected={selected}
          onToggle={() => {
            const next = new Set(opened);
            if (next.has(group.rule)) next.delete(group.rule);
            else next.add(group.rule);
            setOpened(next);
          }}
        />
      ))}
    </div>
  );
}

/** The rules that fired, one group per rule with its count, collapsed until opened; clicking an item reveals its lines. */
import { useEffect, useMemo, useRef, useState } from 'react';
import { sha256Hex } from '../../shared/hash/sha256.js';
import { turnMapping } from '../../shared/text/numbering.js';
import { withPlaceholders } from '../../shared/text/placeholder.js';
import type { Annotation, RuleId } from '../../shared/types.js';
import { useApp, useAppStore } from '../store/context.js';
import { groupAnnotations, type RuleGroup } from '../store/selectors.js';
import { formatCount } from '../format.js';

/** Annotations shown per rule before "Show more". */
const ANNOTATION_PAGE = 100;
/** The most annotations of one group that following the selection (F8) keeps drawn. */
const MAX_FOLLOWED = 1_000;
/** Annotations shown above a selection far from those shown. */
const BEFORE_SELECTED = 10;

/** The run of a group's annotations shown: positions `from` to `to` (exclusive) of the group. */
export interface ShownRange {
  from: number;
  to: number;
}

const FIRST_PAGE: ShownRange = { from: 0, to: ANNOTATION_PAGE };

/**
 * The run to show with the selection at `position` of a group of `count` (-1: not in this group). The
 * same run while the selection is in it; grown by the steps F8 takes just past either end (up to
 * `MAX_FOLLOWED`, the far end let go); a page from a little above a selection anywhere else, so that a
 * jump to the last of 40,000 draws a page, not 40,000 items.
 */
export function shownRange(range: ShownRange, position: number, count: number): ShownRange {
  if (position < 0 || position >= count || (position >= range.from && position < range.to)) return range;
  if (position >= range.to && position < range.to + ANNOTATION_PAGE) {
    const to = position + 1;
    return { from: Math.max(range.from, to - MAX_FOLLOWED), to };
  }
  if (position < range.from && position >= range.from - ANNOTATION_PAGE)
    return { from: position, to: Math.min(range.to, position + MAX_FOLLOWED) };
  const from = Math.max(0, position - BEFORE_SELECTED);
  return { from, to: Math.min(count, from + ANNOTATION_PAGE) };
}

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

function AnnotationItem({ annotation, index, selected }: { annotation: Annotation; index: number; selected: boolean }) {
  const store = useAppStore();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (selected) ref.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
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
}

/** One rule's group: header with title and count; the explanation and items when open. */
function RuleGroupView(props: { group: RuleGroup; open: boolean; explains: boolean; selected: number | null; onToggle(): void }) {
  const { group, open, explains, selected } = props;
  const summary = useApp((s) => s.inspection.summary);
  // The run shown belongs to this inspection's group: a new one starts from the top.
  const [shownOf, setShownOf] = useState({ indices: group.indices, range: FIRST_PAGE });
  const position = selected === null ? -1 : group.indices.indexOf(selected);
  const kept = shownOf.indices === group.indices ? shownOf.range : FIRST_PAGE;
  // The annotation F8 stepped to is always shown, even in a collapsed or paged group.
  const range = open ? shownRange(kept, position, group.indices.length) : kept;
  if (shownOf.indices !== group.indices || shownOf.range !== range) setShownOf({ indices: group.indices, range });
  const show = (next: ShownRange) => setShownOf({ indices: group.indices, range: next });
  const shown = open ? group.indices.slice(range.from, range.to) : position >= 0 ? [selected as number] : [];
  const earlier = open ? range.from : 0;
  const later = open ? group.indices.length - range.from - shown.length : 0;
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
      {earlier > 0 && (
        <button type="button" className="link more" onClick={() => show({ from: Math.max(0, range.from - ANNOTATION_PAGE), to: range.to })}>
          Show {formatCount(Math.min(ANNOTATION_PAGE, earlier))} earlier of {formatCount(earlier)}
        </button>
      )}
      {shown.length > 0 && (
        <ul>
          {shown.map((index) => (
            <AnnotationItem key={index} annotation={summary.annotations[index]} index={index} selected={selected === index} />
          ))}
        </ul>
      )}
      {later > 0 && (
        <button
          type="button"
          className="link more"
          onClick={() => show({ from: range.from, to: Math.min(group.indices.length, range.to + ANNOTATION_PAGE) })}
        >
          Show {formatCount(Math.min(ANNOTATION_PAGE, later))} more of {formatCount(later)}
        </button>
      )}
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

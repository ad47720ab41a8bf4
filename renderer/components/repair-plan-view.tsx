/** A file's repair plan as support staff read it: the damage first, identical changes once with a count, rewrites that can be unticked. */
import { useEffect, useMemo, useRef } from 'react';
import type { RepairPlan } from '../../shared/inspection.js';
import { groupLines, plannedCounts, viewPlan, type ActionGroup } from '../../shared/repair/plan-view.js';
import { useApp, useAppStore } from '../store/context.js';
import { RunButton, useShownRun } from './shown-run.js';

function clip(text: string | undefined): string {
  if (text === undefined) return '';
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

/** "line 7", "lines 2, 4 and 6", "after line 3". */
const whereText = (group: ActionGroup): string => groupLines(group);

const KIND_WORD: Record<ActionGroup['kind'], string> = { drop: 'drop', rewrite: 'rewrite', insert: 'insert', recover: 'recover' };

/** A checkbox that can show "some of them". */
function GroupCheckbox({ group, skipped }: { group: ActionGroup; skipped: ReadonlySet<number> }) {
  const store = useAppStore();
  const box = useRef<HTMLInputElement>(null);
  const left = group.optional.filter((l) => skipped.has(l)).length;
  useEffect(() => {
    if (box.current) box.current.indeterminate = left > 0 && left < group.optional.length;
  }, [left, group.optional.length]);
  return (
    <input
      type="checkbox"
      ref={box}
      data-testid="repair-group-toggle"
      checked={left === 0}
      aria-label={`Apply this rewrite (${whereText(group)})`}
      onChange={(e) => store.getState().chooseRewrites(group.optional, e.target.checked)}
    />
  );
}

function GroupRow({ group, skipped }: { group: ActionGroup; skipped: ReadonlySet<number> }) {
  const optional = group.optional.length > 0;
  const count = group.lines.length;
  return (
    <li className={`repair-group repair-${group.kind}`} data-testid="repair-group" data-code={group.code} data-count={count}>
      <div className="repair-group-head">
        {optional && <GroupCheckbox group={group} skipped={skipped} />}
        <span className={`action action-${group.kind}`}>{KIND_WORD[group.kind]}</span>
        {count > 1 && (
          <span className="repair-count" data-testid="repair-group-count">
            × {count}
          </span>
        )}
        <span className="turn-ref">{whereText(group)}</span>
      </div>
      <div className="small">{group.reason}</div>
      {optional && count > 1 && <LineToggles lines={group.optional} skipped={skipped} />}
      {group.before !== undefined && <pre className="before">{clip(group.before)}</pre>}
      {group.after !== undefined && <pre className="after">{clip(group.after)}</pre>}
    </li>
  );
}

/** One checkbox per line a rewrite may be left out of, a hundred at a time (a plan can rewrite 16,000 lines). */
function LineToggles({ lines, skipped }: { lines: number[]; skipped: ReadonlySet<number> }) {
  const store = useAppStore();
  const run = useShownRun(lines, null);
  return (
    <div className="repair-lines small">
      {run.shown.map((line) => (
        <label key={line}>
          <input
            type="checkbox"
            data-testid="repair-line-toggle"
            data-line={line}
            checked={!skipped.has(line)}
            onChange={(e) => store.getState().chooseRewrites([line], e.target.checked)}
          />
          line {line}
        </label>
      ))}
      <RunButton run={run} which="later" />
    </div>
  );
}

function Section({
  title,
  groups,
  skipped,
  testId,
}: {
  title: string;
  groups: ActionGroup[];
  skipped: ReadonlySet<number>;
  testId: string;
}) {
  if (groups.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h3 className="repair-section">{title}</h3>
      <ol className="repair-actions">
        {groups.map((g) => (
          <GroupRow key={g.key} group={g} skipped={skipped} />
        ))}
      </ol>
    </section>
  );
}

/** The plan of a session file that needs repair. */
export function FilePlanView({ plan }: { plan: RepairPlan }) {
  const skippedLines = useApp((s) => s.repair.skipped);
  const skipped = new Set(skippedLines);
  const view = useMemo(() => viewPlan(plan), [plan]);
  const counts = plannedCounts(plan.counts);
  return (
    <div data-testid="repair-file-plan">
      <p data-testid="repair-summary">
        {counts.join(', ')}.
        {skipped.size > 0 && <strong> {skipped.size === 1 ? '1 rewrite is' : `${skipped.size} rewrites are`} left out.</strong>}
      </p>
      <p className="small muted">
        Lines not listed are written back byte for byte. The file is replaced atomically, and its original bytes are kept next to it so the
        repair can be undone.
      </p>
      <Section title="Damage: lines that cannot be read or replayed" groups={view.damage} skipped={skipped} testId="repair-damage" />
      <Section title="Fixes: entries rewritten so the provider accepts them" groups={view.fixes} skipped={skipped} testId="repair-fixes" />
      <Section title="Additions: missing tool results" groups={view.additions} skipped={skipped} testId="repair-additions" />
    </div>
  );
}

/** How many actions a plan still makes once the unticked rewrites are left out. */
export function chosenActions(plan: RepairPlan, skipped: readonly number[]): number {
  const left = new Set(skipped);
  return plan.actions.filter((a) => !(a.kind === 'rewrite' && left.has(a.line))).length;
}

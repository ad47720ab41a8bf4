/**
 * A repair plan as a support person reads it: the damage first (lines that cannot be read), then
 * the fixes, each kind of change once with the lines it applies to, and counts in words without
 * the zeros. What the repair dialog shows.
 */
import type { RepairAction, RepairPlan } from '../inspection.js';
import { optionalRewriteLines } from './selection.js';

/** Identical actions (same kind, code and reason) on several lines, shown once. */
export interface ActionGroup {
  key: string;
  kind: RepairAction['kind'];
  code: string;
  reason: string;
  /** The lines it applies to (the line after which, for an insertion), in file order. */
  lines: number[];
  /** One example of what it changes. */
  before?: string;
  after?: string;
  /** The lines of the group the user may leave out (optional rewrites). */
  optional: number[];
}

/** The plan in reading order. */
export interface PlanView {
  /** What is wrong with the file: the lines dropped, and damaged lines whose whole entries are kept. */
  damage: ActionGroup[];
  /** Entries rewritten so a provider accepts them. */
  fixes: ActionGroup[];
  /** Entries added (missing tool results). */
  additions: ActionGroup[];
}

function group(actions: readonly RepairAction[], optional: ReadonlySet<number>): ActionGroup[] {
  const groups = new Map<string, ActionGroup>();
  for (const a of actions) {
    const key = `${a.kind}\u0000${a.code}\u0000${a.reason}`;
    let g = groups.get(key);
    if (!g) {
      g = { key, kind: a.kind, code: a.code, reason: a.reason, lines: [], before: a.before, after: a.after, optional: [] };
      groups.set(key, g);
    }
    g.lines.push(a.line);
    if (a.kind === 'rewrite' && optional.has(a.line)) g.optional.push(a.line);
  }
  return [...groups.values()];
}

/** The plan's actions grouped, damage first. */
export function viewPlan(plan: RepairPlan): PlanView {
  const optional = new Set(optionalRewriteLines(plan));
  const of = (kinds: readonly string[]) =>
    group(
      plan.actions.filter((a) => kinds.includes(a.kind)),
      optional,
    );
  return { damage: of(['drop', 'recover']), fixes: of(['rewrite']), additions: of(['insert']) };
}

/** "line 7", "lines 2, 4 and 6", "after line 3", "lines 1, 2 … and 40 more": where a group applies, `max` lines named. */
export function groupLines(group: Pick<ActionGroup, 'kind' | 'lines'>, max = 8): string {
  const named = group.lines.slice(0, max).map(String);
  if (group.lines.length > max) named.push(`${group.lines.length - max} more`);
  return `${group.kind === 'insert' ? 'after ' : ''}${group.lines.length === 1 ? 'line' : 'lines'} ${listing(named)}`;
}

/** How each counter reads, as a past action: [singular, plural]. */
const DONE: Record<string, [string, string]> = {
  droppedLines: ['dropped 1 line that could not be read or replayed', 'dropped {n} lines that could not be read or replayed'],
  rewrittenAssistantMessages: ['gave 1 failed assistant turn a placeholder text', 'gave {n} failed assistant turns a placeholder text'],
  rewrittenUserMessages: ['rewrote 1 blank user turn as "(continue)"', 'rewrote {n} blank user turns as "(continue)"'],
  removedCorruptedImageBlocks: ['replaced 1 corrupted image by a note', 'replaced {n} corrupted images by a note'],
  insertedToolResults: ['inserted 1 missing tool result', 'inserted {n} missing tool results'],
  recoveredLines: ['recovered the entries of 1 damaged line', 'recovered the entries of {n} damaged lines'],
};

/** How each counter reads in the plan's summary: [singular, plural]. */
const PLANNED: Record<string, [string, string]> = {
  droppedLines: ['1 line dropped', '{n} lines dropped'],
  rewrittenAssistantMessages: ['1 failed assistant turn rewritten', '{n} failed assistant turns rewritten'],
  rewrittenUserMessages: ['1 blank user turn rewritten', '{n} blank user turns rewritten'],
  removedCorruptedImageBlocks: ['1 corrupted image replaced', '{n} corrupted images replaced'],
  insertedToolResults: ['1 missing tool result inserted', '{n} missing tool results inserted'],
  recoveredLines: ['1 damaged line recovered', '{n} damaged lines recovered'],
};

function phrases(counts: RepairPlan['counts'], table: Record<string, [string, string]>): string[] {
  return Object.entries(table).flatMap(([key, [one, many]]) => {
    const n = (counts as unknown as Record<string, number | undefined>)[key] ?? 0;
    return n > 0 ? [n === 1 ? one : many.replace('{n}', String(n))] : [];
  });
}

/** The plan's counts that are not zero, each in words ("4 blank user turns rewritten"). */
export function plannedCounts(counts: RepairPlan['counts']): string[] {
  return phrases(counts, PLANNED);
}

/** "a, b and c". */
function listing(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** What a repair did, in one sentence: "Repaired s.jsonl: dropped 1 line … and inserted 2 missing tool results." */
export function repairedSentence(name: string, counts: RepairPlan['counts']): string {
  const done = phrases(counts, DONE);
  return done.length === 0 ? `${name} needed no change.` : `Repaired ${name}: ${listing(done)}.`;
}

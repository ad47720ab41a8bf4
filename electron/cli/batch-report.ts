/** The text summaries of `inspect --all` and `repair --all`: a line per file worth naming, then a table of counts. */
import path from 'node:path';
import { groupLines } from '../../shared/repair/plan-view.js';
import type { InspectSummary, RepairSummary } from '../host/repair/batch-jobs.js';
import { describeCounts } from '../host/repair/index.js';
import type { SkippedPath } from './session-files.js';
import { terminalLines } from './terminal-text.js';
import { statusTable } from './folder-statuses.js';

function rel(dir: string, file: string): string {
  const r = path.relative(dir, file);
  return r === '' || r.startsWith('..') ? file : r;
}

function table(rows: (string | number)[][]): string[] {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c]).length)));
  return rows.map((r) => r.map((cell, c) => String(cell).padStart(widths[c])).join('  '));
}

export function renderInspect(dir: string, results: InspectSummary[], skipped: readonly SkippedPath[]): string {
  const out: string[] = skippedLines(dir, skipped);
  for (const r of results) {
    if (r.status === 'clean') continue;
    if (r.status === 'unusable') {
      out.push(`  unusable  ${rel(dir, r.file)} — ${r.reason}`);
      continue;
    }
    const rules = Object.entries(r.rules)
      .map(([rule, n]) => `${rule} ×${n}`)
      .join(', ');
    const diag = r.errors ? `; ${r.errors} error(s) in the file` : '';
    out.push(`  findings  ${rel(dir, r.file)} — ${r.annotations} change(s)${rules ? `: ${rules}` : ''}${diag}`);
  }
  const count = (s: InspectSummary['status']) => results.filter((r) => r.status === s).length;
  out.push('');
  out.push(
    ...table([
      ['files', 'clean', 'with findings', 'unusable', 'changes', 'file errors'],
      [
        results.length,
        count('clean'),
        count('findings'),
        count('unusable'),
        results.reduce((n, r) => n + r.annotations, 0),
        results.reduce((n, r) => n + r.errors, 0),
      ],
    ]),
  );
  out.push('', ...table(statusTable(results)));
  return terminalLines(out);
}

export function repairTotals(results: RepairSummary[]) {
  const sum = (pick: (r: RepairSummary) => number) => results.reduce((n, r) => n + pick(r), 0);
  return {
    linesDropped: sum((r) => r.lines?.dropped ?? 0),
    linesRewritten: sum((r) => r.lines?.rewritten ?? 0),
    linesRecovered: sum((r) => r.lines?.recovered ?? 0),
    imagesReplaced: sum((r) => r.counts?.removedCorruptedImageBlocks ?? 0),
    resultsInserted: sum((r) => r.lines?.inserted ?? 0),
  };
}

export function renderRepair(dir: string, results: RepairSummary[], dryRun: boolean, skipped: readonly SkippedPath[]): string {
  const out: string[] = skippedLines(dir, skipped);
  for (const r of results) {
    const left = r.skippedLines?.length
      ? `${r.skippedLines.length} rewrite(s) left out: ${groupLines({ kind: 'rewrite', lines: r.skippedLines })}`
      : '';
    if (r.status === 'clean') {
      // Only rewrites, all left out by --no-rewrites: nothing is written, but the user asked about them.
      if (left) out.push(`  ${'clean'.padEnd(12)} ${rel(dir, r.file)} — ${left}`);
      continue;
    }
    const what = r.counts && (r.status === 'repaired' || r.status === 'needs-repair') ? describeCounts(r.counts) : (r.reason ?? '');
    const label = r.status === 'needs-repair' ? 'needs repair' : r.status;
    const extra = [left, r.backupPath ? `backup kept: ${r.backupPath}` : ''].filter(Boolean).join('; ');
    out.push(`  ${label.padEnd(12)} ${rel(dir, r.file)} — ${what}${extra ? ` (${extra})` : ''}`);
  }
  const count = (s: RepairSummary['status']) => results.filter((r) => r.status === s).length;
  const changed = results.filter((r) => r.status === 'repaired' || r.status === 'needs-repair');
  const totals = repairTotals(changed);
  out.push('');
  out.push(
    ...table([
      [
        'files',
        'clean',
        dryRun ? 'need repair' : 'repaired',
        'refused',
        'unreadable',
        'lines dropped',
        'lines rewritten',
        'lines recovered',
        'images replaced',
        'results inserted',
      ],
      [
        results.length,
        count('clean'),
        dryRun ? count('needs-repair') : count('repaired'),
        count('refused'),
        count('unreadable'),
        totals.linesDropped,
        totals.linesRewritten,
        totals.linesRecovered,
        totals.imagesReplaced,
        totals.resultsInserted,
      ],
    ]),
  );
  if (dryRun) out.push('dry run: nothing was written');
  else if (count('needs-repair') > 0) out.push(`${count('needs-repair')} file(s) need repair; nothing was written`);
  return terminalLines(out);
}

/** What the walk skipped, one line each, as the summary lists files. */
export function skippedLines(dir: string, skipped: readonly SkippedPath[]): string[] {
  return skipped.map((s) => `  skipped   ${rel(dir, s.file)} — ${s.reason}`);
}

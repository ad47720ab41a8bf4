/**
 * `inspect FILE --trajectory [RUN]`: OpenClaw's recorded runs of a session against this tool's replay —
 * per run, identical / differs at turn N / truncated by the recorder; `--json` the details.
 */
import type { TrajectoryReport } from '../host/trajectory/compare-trajectory.js';
import type { TrajectorySource } from '../host/trajectory/read-trajectory.js';
import { ExitCode } from '../host/exit-code.js';
import type { Behaviour } from '../../shared/types.js';
import type { TrajectoryRun } from '../../shared/trajectory/types.js';
import { outputClosed } from './closed-output.js';
import { writeJson } from './json-stream.js';
import type { SessionArgument } from './store-argument.js';
import { terminalLines } from './terminal-text.js';

/** What `--trajectory` was given: the run to show (all when null), and a trajectory file named by hand. */
export interface TrajectoryRequest {
  run: string | null;
  file: string | null;
}

/**
 * Take `--trajectory [RUN]`, `--trajectory=RUN` and `--trajectory-file PATH` out of the arguments. RUN
 * is the argument after `--trajectory` when FILE came before it and it is not an option.
 */
export function takeTrajectoryArgs(argv: readonly string[]): { rest: string[]; request: TrajectoryRequest | null; error?: string } {
  const rest: string[] = [];
  let request: TrajectoryRequest | null = null;
  const ask = () => (request ??= { run: null, file: null });
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    if (arg.startsWith('--trajectory=')) ask().run = arg.slice('--trajectory='.length) || null;
    else if (arg === '--trajectory') {
      const next = argv[i + 1];
      const fileGiven = rest.some((a) => !a.startsWith('--'));
      ask();
      if (next !== undefined && !next.startsWith('--') && fileGiven) request!.run = argv[++i];
    } else if (arg === '--trajectory-file' || arg.startsWith('--trajectory-file=')) {
      const value = arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : argv[++i];
      if (!value || value.startsWith('--')) return { rest, request, error: '--trajectory-file needs a path' };
      ask().file = value;
    } else rest.push(arg);
  }
  return { rest, request };
}

const when = (ts: string | null) => (ts ? ts.replace('T', ' ').replace(/\.\d+Z$/, 'Z') : 'unknown time');

function usageOf(run: TrajectoryRun): string {
  const u = run.usage;
  if (!u || typeof u !== 'object' || Array.isArray(u)) return '';
  const n = (k: string) => (typeof u[k] === 'number' ? (u[k] as number) : null);
  const input = n('input');
  const output = n('output');
  return input === null && output === null ? '' : `, tokens in ${input ?? '?'} / out ${output ?? '?'}`;
}

/** The human report: one paragraph per run. */
export function renderTrajectoryReport(session: string, report: TrajectoryReport): string {
  const out = [`${session}`, `trajectory: ${report.source}`, `hygiene: ${report.behaviour}`, `runs: ${report.runs.length}`, ''];
  report.runs.forEach(({ run, comparison }, i) => {
    out.push(
      `run ${i + 1} ${run.runId} — ${when(run.startedAt)} — ${run.provider ?? '?'} / ${run.modelApi ?? '?'} / ${run.modelId ?? '?'}`,
    );
    out.push(`  outcome: ${run.outcome}${run.error ? ` (${run.error.slice(0, 160)})` : ''}${usageOf(run)}`);
    for (const step of run.fallbackSteps)
      out.push(`  fallback: ${step.from ?? '?'} → ${step.to ?? 'none'}${step.reason ? ` (${step.reason})` : ''}`);
    out.push(`  ${comparison.summary}`);
    for (const attempt of comparison.attempts) {
      if (comparison.attempts.length > 1) out.push(`  attempt ${attempt.provider}/${attempt.modelId}: ${attempt.summary}`);
      for (const d of attempt.differences.slice(0, 5)) out.push(`    turn ${d.turn} ${d.path}: ${d.explanation}`);
      if (attempt.differences.length > 5) out.push(`    … ${attempt.differences.length - 5} more difference(s) (--json lists them)`);
    }
    out.push('');
  });
  if (report.problems.length) {
    out.push(`unreadable: ${report.problems.length}`);
    for (const p of report.problems) out.push(`  ${p}`);
  }
  return terminalLines(out);
}

/** Run the comparison and print it. Exit 0 when every run agrees, 1 when one differs or a line is unreadable. */
export async function runTrajectory(
  source: SessionArgument,
  label: string,
  request: TrajectoryRequest,
  options: { behaviour: Behaviour; json: boolean },
): Promise<number> {
  const trajectory: TrajectorySource | undefined = request.file ? { file: request.file } : undefined;
  // Loaded here: `inspect` without --trajectory starts without the trajectory reader and comparison.
  const { compareTrajectory } = await import('../host/trajectory/compare-trajectory.js');
  const report = await compareTrajectory(source, { trajectory, run: request.run ?? undefined, behaviour: options.behaviour });
  if (options.json)
    await writeJson(process.stdout, report).catch((error: unknown) => {
      if (!outputClosed()) throw error;
    });
  else process.stdout.write(renderTrajectoryReport(label, report));
  const differs = report.runs.some((r) => r.comparison.verdict === 'differs');
  return differs || report.problems.length > 0 ? ExitCode.changed : ExitCode.clean;
}

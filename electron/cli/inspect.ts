/** `transcript-inspector inspect FILE …`: a readable hygiene report, or the inspection as JSON. */
import { inspectCompleting } from '../host/inspect.js';
import { InputError } from '../host/read-input.js';
import type { ErrorExplanation, Inspection } from '../../shared/inspection.js';
import { pushTo } from '../../shared/multimap.js';
import { RULES } from '../../shared/rules/index.js';
import { turnMapping } from '../../shared/text/numbering.js';
import type { Annotation, PolicyFlag, Target } from '../../shared/types.js';
import { inspectionExitCode } from '../host/exit-code.js';
import { fail, parseBehaviour, parseCommandArgs, UsageError, partialTarget } from './common.js';
import { outputClosed } from './closed-output.js';
import { explanationLines, recordedErrorLines } from './error-report.js';
import { writeJson } from './json-stream.js';
import { argumentLabel, renderStoreListing, sessionArgument, storeWithoutSession } from './store-argument.js';
import { terminalLines } from './terminal-text.js';
import { runTrajectory, takeTrajectoryArgs } from './trajectory.js';

const SPEC = {
  values: ['provider', 'api', 'model', 'allowed-tools', 'now', 'explain', 'all', 'image-max-side', 'jobs', 'session', 'behaviour'],
  booleans: ['reasoning', 'json', 'no-payloads'],
} as const;

export async function runInspectCommand(argv: string[]): Promise<number> {
  const trajectory = takeTrajectoryArgs(argv);
  if (trajectory.error) return fail(trajectory.error);
  const args = parseCommandArgs(trajectory.rest, SPEC);
  if (typeof args === 'number') return args;
  if (args.values.has('all')) {
    if (trajectory.request) return fail('--trajectory compares one session with its recording: it does not apply to --all DIR');
    const { runBatchCommand } = await import('./batch.js');
    return runBatchCommand('inspect', args);
  }
  if (args.positionals.length !== 1)
    return fail(
      args.positionals.length === 0 ? 'inspect needs a FILE (or --all DIR)' : `inspect takes one FILE, got ${args.positionals.length}`,
    );
  if (args.values.has('jobs')) return fail('--jobs only applies to inspect --all DIR');
  const source = sessionArgument(args.positionals[0], args.values.get('session'));
  if (source instanceof UsageError) return fail(source.message);
  const file = argumentLabel(source);
  const now = args.values.get('now');
  if (now !== undefined && !/^\d+$/.test(now)) return fail(`--now must be milliseconds since the epoch, got "${now}"`);
  const maxSide = args.values.get('image-max-side');
  if (maxSide !== undefined && !/^[1-9]\d*$/.test(maxSide)) return fail(`--image-max-side must be a positive integer, got "${maxSide}"`);
  const allowed = args.values.get('allowed-tools');
  const behaviour = parseBehaviour(args.values.get('behaviour'));
  if (behaviour instanceof UsageError) return fail(behaviour.message);
  if (trajectory.request) {
    // The recording is OpenClaw 2026.9.6's: its hygiene is the default to hold it against.
    const chosen = args.values.has('behaviour') ? behaviour : (await import('../../shared/trajectory/compare.js')).TRAJECTORY_BEHAVIOUR;
    return runTrajectory(source, file, trajectory.request, { behaviour: chosen, json: args.booleans.has('json') }).catch(
      (error: unknown) => {
        if (error instanceof InputError || error instanceof TypeError) return fail(error.message);
        throw error;
      },
    );
  }
  try {
    const listing = await storeWithoutSession(source);
    if (listing) {
      process.stdout.write(renderStoreListing(file, listing));
      return fail(`${file} is an OpenClaw session store: name one of its sessions, as ${file}#SESSION_ID or with --session SESSION_ID`);
    }
    // The target is completed from the session's own record as it is read (read once).
    const inspection = await inspectCompleting(source, partialTarget(args), {
      now: now === undefined ? undefined : Number(now),
      allowedToolNames:
        allowed === undefined
          ? undefined
          : allowed
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
      imageMaxDimensionPx: maxSide === undefined ? undefined : Number(maxSide),
      payloads: !args.booleans.has('no-payloads'),
      behaviour,
    });
    const explain = args.values.get('explain');
    const explanations = explain === undefined ? undefined : await explainFor(explain, inspection);
    if (args.booleans.has('json')) {
      // Streamed: the inspection of a session of gigabytes is longer than one string can be.
      await writeJson(process.stdout, explanations === undefined ? inspection : { ...inspection, explanations }).catch((error: unknown) => {
        if (!outputClosed()) throw error;
      });
    } else {
      process.stdout.write(renderReport(file, inspection, explanations, { byEvent: 'store' in source }));
    }
    return inspectionExitCode(inspection);
  } catch (error) {
    if (error instanceof InputError || error instanceof TypeError || error instanceof UsageError) return fail(error.message);
    throw error;
  }
}

async function explainFor(text: string, inspection: Inspection): Promise<ErrorExplanation[]> {
  const { explainError } = await import('../host/explain.js');
  return explainError(text, inspection);
}

function describeTarget(t: Target): string {
  return `${t.provider} / ${t.api} / ${t.modelId}${t.reasoning ? ' (reasoning)' : ''}`;
}

/** The human report: policy with reasons, annotations grouped by rule, preflight, recorded errors, diagnostics. */
function renderReport(
  file: string,
  inspection: Inspection,
  explanations?: ErrorExplanation[],
  options: { byEvent?: boolean } = {},
): string {
  const out: string[] = [];
  out.push(`${file}`);
  out.push(`target: ${describeTarget(inspection.target)}`);
  out.push(`hygiene: ${inspection.behaviour === 'spec' ? 'as specified (spec)' : 'OpenClaw 2026.9.6 as released (openclaw-2026.9.6)'}`);
  out.push(`turns: ${inspection.original.messages.length} original → ${inspection.replay.messages.length} replayed`);
  out.push('');
  out.push('policy:');
  for (const [flag, setting] of Object.entries(inspection.policy) as [PolicyFlag, { value: unknown; reason: string }][]) {
    const value =
      setting.value === null ? 'off' : typeof setting.value === 'object' ? JSON.stringify(setting.value) : String(setting.value);
    out.push(`  ${flag.padEnd(36)} ${value.padEnd(8)} ${setting.reason}`);
  }
  out.push('');
  if (inspection.annotations.length === 0) {
    out.push('hygiene: nothing needed changing');
  } else {
    out.push(`hygiene: ${inspection.annotations.length} change(s)`);
    const byRule = new Map<string, Annotation[]>();
    // Added in place: copying a rule's list for each of its annotations was quadratic (3 s of 6 for
    // the report of a session with 50,000 changes).
    for (const a of inspection.annotations) pushTo(byRule, a.rule, a);
    const order = RULES.map((r) => r.id as string);
    for (const rule of [...byRule.keys()].sort((a, b) => order.indexOf(a) - order.indexOf(b))) {
      const list = byRule.get(rule)!;
      const title = RULES.find((r) => r.id === rule)?.title ?? rule;
      out.push(`  ${rule} — ${title} (${list.length})`);
      for (const a of list) {
        out.push(`    ${turnMapping(a.turn, a.replayTurn)}: ${a.action}${a.path ? ` ${a.path}` : ''} — ${a.detail}`);
      }
    }
  }
  if (inspection.preflight) {
    out.push('');
    out.push(`preflight: original ${inspection.preflight.original.length} finding(s), replay ${inspection.preflight.replay.length}`);
    for (const f of inspection.preflight.original) out.push(`  original ${f.path}: ${f.check} — ${f.explanation} (fixed by ${f.rule})`);
    for (const f of inspection.preflight.replay) out.push(`  replay ${f.path}: ${f.check} — ${f.explanation}`);
  }
  out.push('');
  out.push(...recordedErrorLines(inspection.recordedErrors));
  if (explanations !== undefined) {
    out.push('');
    out.push(...explanationLines(explanations));
  }
  out.push('');
  if (inspection.diagnostics.length === 0) out.push('diagnostics: none');
  else {
    out.push(`diagnostics: ${inspection.diagnostics.length}`);
    // A stored session (`store.sqlite#id`) is located by event: its seq, the line's number less one.
    const at = (line: number) => (options.byEvent ? `event ${line - 1}` : String(line));
    for (const d of inspection.diagnostics)
      out.push(
        `  ${file}:${at(d.line)}${d.column ? `:${d.column}` : ''}: ${d.severity}: ${d.message.replace(/^(line|event) \d+(, column \d+)?: /, '')}`,
      );
  }
  for (const note of inspection.notes ?? []) out.push(`note: ${note}`);
  return terminalLines(out);
}

/**
 * `transcript-inspector redact FILE --output OUT`: the session redacted for a bug report (see
 * docs/redaction.md), then checked: the copy is inspected for the session's model (or the target
 * given) and compared with the original. A large original is inspected on a worker thread while
 * the copy is written.
 */
import { lstat } from 'node:fs/promises';
import { InputError } from '../host/read-input.js';
import { checkRedaction, describeCheck, describeCounts, type RedactionCheck } from '../host/redact/check.js';
import { startOriginalCheck, type OriginalCheck } from '../host/redact/original-check.js';
import type { PartialTarget } from '../host/targets.js';
import { redactSession, writeRedactedSession } from '../host/redact/redact-session.js';
import { ExitCode } from '../host/exit-code.js';
import type { InspectInput } from '../../shared/inspection.js';
import type { RedactCounts } from '../../shared/redact/redact-json.js';
import { processIo, type CliIo } from './batch.js';
import { fail as failOn, parseCommandArgs, UsageError, partialTarget } from './common.js';
import { terminalJson, terminalLines } from './terminal-text.js';
import { argumentLabel, renderStoreListing, sessionArgument, storeWithoutSession } from './store-argument.js';

const SPEC = { values: ['output', 'provider', 'api', 'model', 'session'], booleans: ['reasoning', 'json', 'no-check'] } as const;

/**
 * Run `redact`. Exit codes: 0 written (and reproduces, when checked), 1 written but the copy
 * inspects differently, 2 unusable input or arguments (nothing written).
 */
export async function runRedactCommand(
  argv: string[],
  io: CliIo = processIo(),
  stdout: NodeJS.WritableStream = process.stdout,
): Promise<number> {
  const fail = (reason: string) => failOn(reason, io.stderr);
  const args = parseCommandArgs(argv, SPEC, io.stderr);
  if (typeof args === 'number') return args;
  if (args.positionals.length !== 1)
    return fail(args.positionals.length === 0 ? 'redact needs a FILE' : `redact takes one FILE, got ${args.positionals.length}`);
  const output = args.values.get('output');
  if (output === undefined) return fail('redact needs --output OUT (a new file, or - for standard output)');
  const toStdout = output === '-';
  if (toStdout && args.booleans.has('json'))
    return fail('--json prints the summary on standard output: write the copy to a file with --output OUT');
  const source = sessionArgument(args.positionals[0], args.values.get('session'));
  if (source instanceof UsageError) return fail(source.message);
  const file = argumentLabel(source);
  let listing;
  try {
    listing = await storeWithoutSession(source);
  } catch (error) {
    // A SQLite file that cannot be listed (OpenClaw's state database, a damaged store) is never
    // redacted as a session file: it is refused with the reason, as `inspect` refuses it.
    if (error instanceof InputError) return fail(error.message);
    throw error;
  }
  if (listing) {
    io.stderr.write(renderStoreListing(file, listing));
    return fail(`${file} is an OpenClaw session store: name one of its sessions (${file}#SESSION_ID or --session SESSION_ID)`);
  }
  const taken = `${output} already exists: redact never overwrites a file, choose another --output`;
  // Refused before the original's inspection starts (a thread, for a large session); the write
  // itself still refuses a file that appears meanwhile.
  const exists = !toStdout && (await lstat(output).catch(() => null)) !== null;
  if (exists) return fail(taken);
  // What the summary goes to: standard error when standard output carries the copy.
  const report = toStdout ? io.stderr : io.stdout;
  const partial = partialTarget(args);
  let original: OriginalCheck | null = null;
  try {
    if (!args.booleans.has('no-check')) original = await startOriginalCheck(source, partial);
    let counts: RedactCounts;
    let copy: InspectInput;
    if (toStdout) {
      const redacted = await redactSession(source);
      const failed = await new Promise<Error | null | undefined>((resolve) => stdout.write(redacted.text, resolve));
      // The copy did not all reach standard output (a full disk behind a redirect, a reader gone): the
      // output's own watch (cli.ts) says so; it is neither checked nor reported as written.
      if (failed) return ExitCode.unusable;
      ({ counts } = redacted);
      copy = { text: redacted.text };
    } else {
      counts = await writeRedactedSession(source, output);
      copy = { file: output };
    }
    const check = original === null ? null : await checkAgainstOriginal(original, copy, partial);
    if (args.booleans.has('json')) {
      io.stdout.write(`${terminalJson(JSON.stringify({ file, output, counts, check }))}\n`);
    } else {
      const lines = [`wrote ${toStdout ? 'the redacted copy to standard output' : output}`, ...describeCounts(counts)];
      if (check === null) lines.push('not checked (--no-check)');
      else if ('skipped' in check) lines.push(`not checked: ${check.skipped}`);
      else lines.push(describeCheck(check), ...check.differences.slice(2).map((d) => `  also: ${d}`));
      report.write(terminalLines(lines));
    }
    return check !== null && 'reproduces' in check && !check.reproduces ? ExitCode.changed : ExitCode.clean;
  } catch (error) {
    if (error instanceof InputError) return fail(error.message);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return fail(taken);
    if (typeof code === 'string') return fail(`cannot write ${output}: ${(error as Error).message}`);
    throw error;
  } finally {
    original?.cancel();
  }
}

/** Compare the copy with the original's inspection for the target (given, or the session's own model). */
async function checkAgainstOriginal(
  original: OriginalCheck,
  copy: InspectInput,
  partial: PartialTarget,
): Promise<RedactionCheck | { skipped: string }> {
  let checked;
  try {
    // The target completed as the original is read for its inspection: the original is read once.
    checked = await original.result();
  } catch (error) {
    // No target to check with (the session records none, or cannot be read for one): the check is skipped.
    if (error instanceof InputError && !(partial.provider && partial.api && partial.modelId)) return { skipped: error.message };
    throw error;
  }
  return checkRedaction(checked, copy);
}

/** Shared pieces of the command line: argument parsing, one-line failures. */
import { ExitCode } from '../host/exit-code.js';
import type { PartialTarget } from '../host/targets.js';
import { terminalLine } from './terminal-text.js';
import { BEHAVIOURS, DEFAULT_BEHAVIOUR } from '../../shared/policy/spec-decisions.js';
import type { Behaviour } from '../../shared/types.js';

/** Where a command writes its failures: standard error, or the stream a test gives it. */
export interface ErrorStream {
  write(text: string): unknown;
}

/** Print a one-line reason on `stderr` and return the bad-input exit code. */
export function fail(reason: string, stderr: ErrorStream = process.stderr): ExitCode {
  stderr.write(`transcript-inspector: ${terminalLine(reason)}\n`);
  return ExitCode.unusable;
}

/** A command-line usage error, reported as one line with exit code 2. */
export class UsageError extends Error {}

/** The value of `--behaviour` (default `spec`), or why it is not one. */
export function parseBehaviour(value: string | undefined): Behaviour | UsageError {
  if (value === undefined) return DEFAULT_BEHAVIOUR;
  if ((BEHAVIOURS as readonly string[]).includes(value)) return value as Behaviour;
  return new UsageError(`--behaviour must be ${BEHAVIOURS.join(' or ')}, got "${value}"`);
}

export interface FlagSpec {
  /** Flags that take a value (`--provider P`). */
  values: readonly string[];
  /** Flags that are booleans (`--json`). */
  booleans: readonly string[];
  /** Flags that take a value and may be given more than once (`--skip-line 3 --skip-line 7`). */
  lists?: readonly string[];
}

export interface ParsedArgs {
  positionals: string[];
  values: Map<string, string>;
  booleans: Set<string>;
  /** The values of each repeatable flag, in the order given. */
  lists: Map<string, string[]>;
}

/** A command's arguments, or (after its one-line reason on `stderr`) the bad-input exit code. */
export function parseCommandArgs(argv: readonly string[], spec: FlagSpec, stderr: ErrorStream = process.stderr): ParsedArgs | ExitCode {
  try {
    return parseArgs(argv, spec);
  } catch (error) {
    if (error instanceof UsageError) return fail(error.message, stderr);
    throw error;
  }
}

/** Parse `argv` against a spec; unknown flags and missing values throw a UsageError. */
export function parseArgs(argv: readonly string[], spec: FlagSpec): ParsedArgs {
  const out: ParsedArgs = { positionals: [], values: new Map(), booleans: new Set(), lists: new Map() };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      out.positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      out.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (spec.booleans.includes(name)) {
      if (eq > 0) throw new UsageError(`--${name} takes no value`);
      out.booleans.add(name);
    } else if (spec.values.includes(name) || spec.lists?.includes(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value`);
      if (spec.lists?.includes(name)) out.lists.set(name, [...(out.lists.get(name) ?? []), value]);
      else out.values.set(name, value);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return out;
}

/** The target the flags give (`--provider`, `--api`, `--model`, `--reasoning`), completed later from the session. */
export function partialTarget(args: ParsedArgs): PartialTarget {
  return {
    provider: args.values.get('provider'),
    api: args.values.get('api'),
    modelId: args.values.get('model'),
    reasoning: args.booleans.has('reasoning') ? true : undefined,
  };
}

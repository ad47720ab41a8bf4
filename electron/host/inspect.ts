/** `inspect()`: read the input, run the pure engine, add payloads and preflight. */
import { inspectParsed, type EngineOptions } from '../../shared/engine.js';
import type { Inspection, InspectInput } from '../../shared/inspection.js';
import type { InspectOptions, Target } from '../../shared/types.js';
import { recordedErrorsExplained } from './recorded-errors.js';
import { buildContext, type SessionContext } from '../../shared/session/context.js';
import type { ParseLinesOptions, ParsedSession } from '../../shared/session/types.js';
import { InputError } from './read-input.js';
import { forgetLongStringNotes } from './long-line.js';
import { readInputSession } from './stream-session.js';
import { defaultImageCodec } from './image-codec.js';
import { codecOnDemand, imagePrewarmer, isCachedCodec } from './images/prewarm.js';
import { completeTargetFrom, type PartialTarget } from './targets.js';

/** Options of `inspect()`: the public ones plus an image codec override (tests). */
export interface HostInspectOptions extends InspectOptions {
  codec?: EngineOptions['codec'] | null;
  /** Skip pi-ai payloads and preflight (the engine's view only). */
  payloads?: boolean;
}

/**
 * Inspect a session file (or text, or a session of an OpenClaw store) for a target: the `inspect()` of the programmatic API.
 *
 * Never throws for problems inside the file (they are diagnostics); throws an InputError only when
 * the input cannot be read at all.
 */
export async function inspect(input: InspectInput, target: Target, options: HostInspectOptions = {}): Promise<Inspection> {
  return inspectFor(input, () => Promise.resolve(target), options);
}

/**
 * `inspect()` for a target given in part (the command line without --provider, --api or --model):
 * completed from the session's own record once it is read (`completeTarget`), so the session is read
 * once, not once for its last model and again for the inspection. The inspection's `target` is the
 * completed one. Throws the InputError `completeTarget` would when it cannot be completed.
 */
export async function inspectCompleting(
  input: InspectInput,
  partial: PartialTarget,
  options: HostInspectOptions = {},
): Promise<Inspection> {
  return inspectFor(input, (read) => completeTargetFrom(partial, input, read), options);
}

/** How the target is had once the session is read: the session as read (null for a stored one's entries), and its branch's last model. */
type TargetOf = (read: { parsed: ParsedSession | null; context: SessionContext }) => Promise<Target>;

async function inspectFor(input: InspectInput, targetOf: TargetOf, options: HostInspectOptions): Promise<Inspection> {
  // The default codec (sharp) is loaded only for a session with images; a memoising codec starts
  // shrinking oversized images while the lines are parsed.
  const given = options.codec;
  const onDemand = given === undefined ? codecOnDemand(defaultImageCodec, options.imageMaxDimensionPx) : undefined;
  const onEntry = onDemand
    ? onDemand.onEntry
    : given && isCachedCodec(given)
      ? imagePrewarmer(given, options.imageMaxDimensionPx)
      : undefined;
  // Payloads and preflight (pi-ai's builders) are loaded when asked for: `--no-payloads` starts
  // without them. Their modules load while the session is read, not after it.
  const enrich = options.payloads === false ? null : import('./enrich.js');
  enrich?.catch(() => undefined); // awaited below, unless the read fails first
  try {
    const { parsed, context, target } = await readInput(input, { onEntry }, targetOf);
    const codec = onDemand ? await onDemand.codecFor(context.messages) : (given ?? undefined);
    const normalized = normalizeTarget(target);
    if (options.payloads === false) {
      const { inspection } = await inspectParsed(parsed, normalized, { ...options, codec, context });
      const recordedErrors = await recordedErrorsExplained(inspection);
      return recordedErrors.length > 0 ? { ...inspection, recordedErrors } : inspection;
    }
    const { inspectAndEnrich } = await (enrich ?? import('./enrich.js'));
    return (await inspectAndEnrich(parsed, normalized, { ...options, codec, context })).inspection;
  } finally {
    // What the read noted of its long strings served this inspection only.
    forgetLongStringNotes();
  }
}

/**
 * The parsed session and its active branch: a stored session is read from its store, anything else
 * as a file or text. Only what an inspection reads is kept (see `forInspection`).
 */
async function readInput(
  input: InspectInput,
  options: ParseLinesOptions,
  targetOf: TargetOf,
): Promise<{ parsed: ParsedSession; context: SessionContext; target: Target }> {
  if (input && typeof input === 'object' && 'store' in input) {
    if (typeof input.store !== 'string' || typeof input.sessionId !== 'string' || input.sessionId === '')
      throw new InputError('inspect(): expected { store: path, sessionId }');
    // The store reader (sql.js, zstd) is loaded for a stored session only.
    const { openStoredSession } = await import('./store/index.js');
    const { parsed, context } = await openStoredSession({ file: input.store }, input.sessionId, options);
    return { ...forInspection(parsed, context), target: await targetOf({ parsed: null, context }) };
  }
  // Only the active branch is read from here on: the messages of turns a retry left behind are let go as the file is read.
  const parsed = await readInputSession(input, { ...options, letGoOffBranch: true });
  const context = buildContext(parsed);
  // The target is had before the entries are let go: a session without any says why.
  const target = await targetOf({ parsed, context });
  return { ...forInspection(parsed, context), target };
}

/**
 * What the engine and the payloads read of a parsed session: its diagnostics and the branch's
 * messages. The entries (every branch's, each with its envelope) are not held while the pipeline
 * and pi-ai run: with a side branch as long as the active one they weigh as much as the messages
 * sent, and without them a 100 MB session peaks lower and its garbage collections mark less.
 */
function forInspection(parsed: ParsedSession, context: SessionContext): { parsed: ParsedSession; context: SessionContext } {
  return { parsed: { ...parsed, entries: [] }, context: { ...context, branch: [] } };
}

/** Validate and normalise a target given by a caller. */
export function normalizeTarget(target: Target): Target {
  if (!target || typeof target !== 'object') throw new TypeError('inspect(): target must be {provider, api, modelId}');
  const out: Target = {
    provider: String(target.provider ?? ''),
    api: String(target.api ?? ''),
    modelId: String(target.modelId ?? ''),
  };
  if (target.reasoning !== undefined) out.reasoning = Boolean(target.reasoning);
  if (typeof target.canonicalModelId === 'string') out.canonicalModelId = target.canonicalModelId;
  if (target.compat && typeof target.compat === 'object') out.compat = { ...target.compat };
  return out;
}

/**
 * An inspection summary's recorded errors as the web mode sends them over HTTP.
 *
 * A session that failed thousands of times records the same few errors again and again, and each
 * is explained once (`shared/errors/recorded.ts`): the errors share their list of answers. The
 * desktop app's IPC keeps that sharing (a structured clone sends a shared object once); JSON wrote
 * the answers out again for every error. At 100 MiB, 19,170 recorded errors were 17 MB of the
 * summary's 41.6 MB, for six distinct messages and two lists of answers. Packed, each distinct list
 * of answers and each distinct message goes once, and each error names them by place; the page
 * unpacks them into the same objects, sharing its answers as an IPC clone would.
 */
import type { ErrorExplanation, RecordedError } from './inspection.js';

/** One recorded error, packed: its message and answers by their place in the lists. */
export type PackedRecordedError = Omit<RecordedError, 'message' | 'answers'> & { message: number; answers: number };

/** Recorded errors packed for the wire. */
export interface PackedRecordedErrors {
  /** Each distinct list of answers once (distinct objects: the explainer shares a list between errors). */
  answers: ErrorExplanation[][];
  /** Each distinct recorded message once. */
  messages: string[];
  /** The errors in their order. */
  errors: PackedRecordedError[];
}

/** Pack recorded errors: each list of answers and each message once. */
export function packRecordedErrors(errors: readonly RecordedError[]): PackedRecordedErrors {
  const packed: PackedRecordedErrors = { answers: [], messages: [], errors: [] };
  const answerPlaces = new Map<ErrorExplanation[], number>();
  const messagePlaces = new Map<string, number>();
  for (const error of errors) {
    let answers = answerPlaces.get(error.answers);
    if (answers === undefined) {
      answers = packed.answers.push(error.answers) - 1;
      answerPlaces.set(error.answers, answers);
    }
    let message = messagePlaces.get(error.message);
    if (message === undefined) {
      message = packed.messages.push(error.message) - 1;
      messagePlaces.set(error.message, message);
    }
    // Spread, then overwritten in place: the members keep RecordedError's order.
    packed.errors.push({ ...error, message, answers });
  }
  return packed;
}

/**
 * The recorded errors packed by `packRecordedErrors`, in their order and with their members' order;
 * errors that shared a list of answers share it again. Throws on anything else.
 */
export function unpackRecordedErrors(value: unknown): RecordedError[] {
  const packed = value as Partial<PackedRecordedErrors> | null;
  if (
    typeof packed !== 'object' ||
    packed === null ||
    !Array.isArray(packed.answers) ||
    !Array.isArray(packed.messages) ||
    !Array.isArray(packed.errors)
  )
    throw new Error('the recorded errors came packed in a form this page does not read');
  const { answers, messages } = packed;
  return packed.errors.map((error, index) => {
    const shared = Number.isInteger(error?.answers) ? answers[error.answers] : undefined;
    const message = Number.isInteger(error?.message) ? messages[error.message] : undefined;
    if (!Array.isArray(shared) || typeof message !== 'string')
      throw new Error(`recorded error ${index + 1} names answers or a message that its packing does not have`);
    return { ...error, message, answers: shared };
  });
}

/** The API methods whose result is an inspection summary (or null). */
const SUMMARY_METHODS: ReadonlySet<string> = new Set(['inspect', 'preview']);

/** A method's result as the web mode sends it: a summary's recorded errors packed. */
export function resultForWire(method: string, result: unknown): unknown {
  if (!SUMMARY_METHODS.has(method) || typeof result !== 'object' || result === null) return result;
  const errors = (result as { recordedErrors?: unknown }).recordedErrors;
  if (!Array.isArray(errors)) return result;
  return { ...result, recordedErrors: packRecordedErrors(errors as RecordedError[]) };
}

/** A method's result as `resultForWire` sent it, as the host gave it. */
export function resultFromWire(method: string, result: unknown): unknown {
  if (!SUMMARY_METHODS.has(method) || typeof result !== 'object' || result === null) return result;
  const errors = (result as { recordedErrors?: unknown }).recordedErrors;
  if (errors === undefined) return result;
  return { ...result, recordedErrors: unpackRecordedErrors(errors) };
}

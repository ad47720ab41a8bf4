/** Texts that may not fit one JavaScript string (sessions of gigabytes), and what to say when they do not. */
import { InputError } from '../read-input.js';

export const CLI_EXPORT_HINT =
  'use the CLI, which streams it: transcript-inspector inspect FILE --json (the payload is at .replay.payload)';

/**
 * Build a text that may be longer than a JavaScript string can be (about 512 MB, a session of
 * gigabytes): a clear error that says what to do instead of V8's "Invalid string length".
 */
export function tooLargeAsText<T>(what: string, instead: string, build: () => T): T {
  try {
    return build();
  } catch (error) {
    throw explained(error, what, instead);
  }
}

/** `tooLargeAsText` for a text made asynchronously. */
export async function tooLargeAsTextLater<T>(what: string, instead: string, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    throw explained(error, what, instead);
  }
}

function explained(error: unknown, what: string, instead: string): unknown {
  if (error instanceof RangeError && /string length/i.test(error.message))
    return new InputError(`${what} is too large to make as one text (over 512 MB): ${instead}`);
  return error;
}

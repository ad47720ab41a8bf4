/**
 * A reader that goes away (`| head -1`, a closed terminal) is not an error of ours: the command
 * stops writing and finishes what it was doing (a repair is never cut in half), with no stack trace.
 */

let closed = false;

/** Error codes of a write into an output whose reader has gone. */
const CLOSED_CODES = new Set(['EPIPE', 'ERR_STREAM_DESTROYED', 'ECONNRESET']);

/** True once stdout or stderr lost its reader. */
export function outputClosed(): boolean {
  return closed;
}

/**
 * Handle write errors on the process's output: a closed reader makes later writes no-ops; any
 * other error (a full disk behind a redirect) is reported once on stderr, if it still works.
 */
export function watchOutput(stream: NodeJS.WriteStream): void {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (CLOSED_CODES.has(error.code ?? '')) {
      closed = true;
      return;
    }
    if (stream !== process.stderr && !closed) process.stderr.write(`transcript-inspector: cannot write the output: ${error.message}\n`);
    closed = true;
  });
}

/**
 * Monaco fails a diff it started for two documents the viewer has since replaced with "no diff result
 * available", as an unhandled rejection nobody can catch. The documents on screen are diffed again
 * and shown; only the failure of the stale diff is dropped here, so it never reads as an app error.
 */

/** What Monaco says when the documents of a diff it was computing are gone. */
export const REPLACED_DIFF_MESSAGE = 'no diff result available';

/** Whether an error or a rejection is that failure, and nothing else. */
export function isReplacedDiffFailure(reason: unknown): boolean {
  return reason instanceof Error && reason.message === REPLACED_DIFF_MESSAGE;
}

type Failure = Event & { reason?: unknown; error?: unknown };

/** Drop that one failure, as a rejection or an uncaught error, on `target` (the page's window); returns the undo. */
export function ignoreReplacedDiffFailures(target: EventTarget): () => void {
  const drop = (event: Event) => {
    const failure = event as Failure;
    if (isReplacedDiffFailure(failure.reason) || isReplacedDiffFailure(failure.error)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', drop);
  target.addEventListener('error', drop);
  return () => {
    target.removeEventListener('unhandledrejection', drop);
    target.removeEventListener('error', drop);
  };
}

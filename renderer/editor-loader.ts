/**
 * Loads the Monaco diff editor chunk, once. Monaco is most of the renderer's code: it loads on its own,
 * while the host opens and inspects a session, instead of delaying the app's first requests.
 */
import { perfMark } from './perf.js';

type EditorModule = typeof import('./monaco/diff-editor.js');

/**
 * Longest the chunk is held back for a first screen drawn without it. The same as the full read's
 * wait for a preview (store/session-slice.ts): a host slowed down by a busy machine may take more
 * than a second to answer, and its preview is still drawn first.
 */
export const HOLD_MAX_MS = 3000;

/**
 * How a hold ended, carried by the `ti:monaco:start` mark: the first lines were drawn (`drawn`),
 * there was nothing to draw first (`none`), the host did not answer within `HOLD_MAX_MS`
 * (`no-answer`), or its preview was not drawn soon enough after it came (`not-drawn`).
 */
export type HoldEnd = 'drawn' | 'none' | 'no-answer' | 'not-drawn';

let loading: Promise<EditorModule> | null = null;
let held: Promise<HoldEnd> = Promise.resolve('none');

/**
 * Hold the editor's chunk back until `drawn` settles (or `HOLD_MAX_MS` pass), then one more task.
 *
 * Running the chunk blocks the page for hundreds of milliseconds in one go: a preview that comes
 * meanwhile would wait for it before the plain view (components/static-diff.tsx) draws its first
 * lines. The extra task lets the frame that draws them paint first. No effect once the load started.
 */
export function holdEditorUntil(drawn: Promise<HoldEnd>): void {
  if (loading) return;
  const settled = drawn.then(
    (end) => end,
    (): HoldEnd => 'none',
  );
  const capped = new Promise<HoldEnd>((resolve) => setTimeout(() => resolve('no-answer'), HOLD_MAX_MS));
  held = Promise.race([settled, capped]).then((end) => new Promise<HoldEnd>((resolve) => setTimeout(() => resolve(end), 0)));
}

/** Start loading the editor (or return the load in flight), once any hold is over. */
export function loadEditor(): Promise<EditorModule> {
  if (!loading) {
    loading = held
      .then((hold) => {
        perfMark('monaco:start', { hold });
        return import('./monaco/diff-editor.js');
      })
      .then(
        (module) => {
          perfMark('monaco:end');
          return module;
        },
        (error: unknown) => {
          // A failed chunk load (server gone) can be retried by the next render.
          loading = null;
          throw error;
        },
      );
  }
  return loading;
}

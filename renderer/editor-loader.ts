/**
 * Loads the Monaco diff editor chunk, once. Monaco is most of the renderer's code: it loads on its own,
 * while the host opens and inspects a session, instead of delaying the app's first requests.
 */
import { perfMark } from './perf.js';

type EditorModule = typeof import('./monaco/diff-editor.js');

/** Longest the chunk is held back for a first screen drawn without it. */
const HOLD_MAX_MS = 1500;

let loading: Promise<EditorModule> | null = null;
let held: Promise<void> = Promise.resolve();

/**
 * Hold the editor's chunk back until `drawn` settles (or `HOLD_MAX_MS` pass), then one more task.
 *
 * Running the chunk blocks the page for hundreds of milliseconds in one go: a preview that comes
 * meanwhile would wait for it before the plain view (components/static-diff.tsx) draws its first
 * lines. The extra task lets the frame that draws them paint first. No effect once the load started.
 */
export function holdEditorUntil(drawn: Promise<unknown>): void {
  if (loading) return;
  const settled = drawn.then(
    () => undefined,
    () => undefined,
  );
  const capped = new Promise<void>((resolve) => setTimeout(resolve, HOLD_MAX_MS));
  held = Promise.race([settled, capped]).then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Start loading the editor (or return the load in flight), once any hold is over. */
export function loadEditor(): Promise<EditorModule> {
  if (!loading) {
    loading = held
      .then(() => {
        perfMark('monaco:start');
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

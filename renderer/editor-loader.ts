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

/**
 * Logical cores from which the page fetches and compiles the editor's chunk from its start. The
 * browser compiles it off the main thread, but on two cores that thread shares them with the page's
 * own scripts and the host: there the first diff came 30–150 ms later with it (the editor 25–50 ms
 * sooner), on every shape measured at 100 MiB (docs/performance.md, 2026-12-07).
 */
export const PRELOAD_MIN_CORES = 4;

/**
 * Fetch and compile the editor's chunk now, without running it, on a machine with the cores for it
 * (a modulepreload link to the chunk index.html names). True when the link was added.
 */
export function preloadEditorChunk(cores: number = navigator.hardwareConcurrency ?? 0): boolean {
  const href = document.querySelector('meta[name="ti-editor-chunk"]')?.getAttribute('content');
  if (!href || cores < PRELOAD_MIN_CORES) return false;
  const link = document.createElement('link');
  link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.href = href;
  // Told apart from the links Vite adds when a chunk is imported.
  link.dataset.editorPreload = '';
  document.head.append(link);
  return true;
}

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

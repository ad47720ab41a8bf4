/**
 * Loads the Monaco diff editor chunk, once. Monaco is most of the renderer's code: it loads on its own,
 * while the host opens and inspects a session, instead of delaying the app's first requests.
 */
import { perfMark } from './perf.js';

type EditorModule = typeof import('./monaco/diff-editor.js');

let loading: Promise<EditorModule> | null = null;

/** Start loading the editor (or return the load in flight). */
export function loadEditor(): Promise<EditorModule> {
  if (!loading) {
    perfMark('monaco:start');
    loading = import('./monaco/diff-editor.js').then(
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

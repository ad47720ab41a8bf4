/**
 * Renderer entry: resolves the host bridge, builds the store, asks for the session given on the
 * command line and opens it, then mounts the React app (loaded meanwhile as its own chunk).
 *
 * Opening a large session is the longest step of the first screen, so its request goes out before
 * React and the components are even loaded, let alone rendered; Monaco starts loading right after
 * it (editor-loader.ts). This module and what it imports are kept free of React for that reason.
 */
import { resolveHost } from './api.js';
import { loadEditor, preloadEditorChunk } from './editor-loader.js';
import { errorMessage } from './format.js';
import { perfMark } from './perf.js';
import { createAppStore } from './store/store.js';
import { folderStoreFor } from './folder/open-folder.js';
import './styles.css';
import './styles/side-panel.css';
import './styles/toolbar.css';
import './styles/diff.css';
import './styles/recorded.css';

perfMark('boot');
preloadEditorChunk();
const host = resolveHost();
const store = createAppStore(host);

// Errors that escape a handler still become a readable toast, never a silent failure.
window.addEventListener('unhandledrejection', (event) => {
  store.getState().pushToast({ kind: 'error', text: `Unexpected error: ${errorMessage(event.reason)}` });
});
window.addEventListener('error', (event) => {
  if (event.error) store.getState().pushToast({ kind: 'error', text: `Unexpected error: ${errorMessage(event.error)}` });
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/** The app mounts once the launch session is asked for, or after this long if the host is slow to say. */
const MOUNT_WAIT_MS = 150;
const app = import('./mount.js');
let mounted = false;
function mount(): void {
  if (mounted || !root) return;
  mounted = true;
  app.then(
    (module) => module.mount(root, store, host),
    (error: unknown) => {
      root.textContent = `The app could not load: ${errorMessage(error)}. Reload the page.`;
    },
  );
}

host.shell.launchRequest().then(
  (request) => {
    perfMark('launch');
    if (request) void store.getState().openSession(request);
    // Monaco is the longest load of the first screen: it starts with the launch answer, beside the
    // launch session's open, or ahead of the first file the user opens. A preview of the launch file
    // holds it until the preview's first lines are drawn without it (editor-loader.ts).
    loadEditor().catch(() => undefined);
    mount();
  },
  (error: unknown) => {
    mount();
    store.getState().pushToast({ kind: 'error', text: `Could not read the launch arguments: ${errorMessage(error)}` });
  },
);
setTimeout(mount, MOUNT_WAIT_MS);
// A folder given on the command line (`serve DIR`, `npm start -- DIR`) opens the folder view at start.
host.shell.launchFolder?.().then(
  (dir) => {
    if (dir)
      void folderStoreFor(host, (text) => store.getState().pushToast({ kind: 'error', text }))
        .getState()
        .openFolder(dir);
  },
  (error: unknown) => store.getState().pushToast({ kind: 'error', text: `Could not read the launch folder: ${errorMessage(error)}` }),
);

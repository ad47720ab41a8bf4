/** Renderer entry: resolves the host bridge, builds the store and mounts the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveHost } from './api.js';
import { App } from './app.js';
import { ErrorBoundary } from './components/notices.js';
import { errorMessage } from './format.js';
import { StoreProvider } from './store/context.js';
import { perfMark } from './perf.js';
import { createAppStore } from './store/store.js';
import './styles.css';

perfMark('boot');
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

let mounted = false;
/** Mount the app (once). */
function mount(): void {
  if (mounted || !root) return;
  mounted = true;
  createRoot(root).render(
    <StrictMode>
      <ErrorBoundary>
        <StoreProvider store={store} host={host}>
          <App />
        </StoreProvider>
      </ErrorBoundary>
    </StrictMode>,
  );
}

// The session given on the command line is asked for before the app mounts, and opened as soon as it
// is known: opening a large session is the longest step of the first screen, so its request goes out
// first instead of waiting behind the first render (~100 ms of layout on a slow machine). The app
// mounts right after, or after MOUNT_WAIT_MS if the host is slow to say.
const MOUNT_WAIT_MS = 150;
host.shell.launchRequest().then(
  (request) => {
    perfMark('launch');
    if (request) void store.getState().openSession(request);
    mount();
  },
  (error: unknown) => {
    mount();
    store.getState().pushToast({ kind: 'error', text: `Could not read the launch arguments: ${errorMessage(error)}` });
  },
);
setTimeout(mount, MOUNT_WAIT_MS);

/** Renderer entry: resolves the host bridge, builds the store and mounts the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { resolveHost } from './api.js';
import { App } from './app.js';
import { ErrorBoundary } from './components/notices.js';
import { errorMessage } from './format.js';
import { StoreProvider } from './store/context.js';
import { createAppStore } from './store/store.js';
import './styles.css';

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
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary>
      <StoreProvider store={store} host={host}>
        <App />
      </StoreProvider>
    </ErrorBoundary>
  </StrictMode>,
);

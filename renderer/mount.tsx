/** Mounts the React app; a chunk of its own, loaded by main.tsx while the launch session is being opened. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { HostBridge } from './api.js';
import { App } from './app.js';
import { ErrorBoundary } from './components/notices.js';
import { StoreProvider } from './store/context.js';
import type { AppStore } from './store/store.js';

/** Render the app into `root`. */
export function mount(root: HTMLElement, store: AppStore, host: HostBridge): void {
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

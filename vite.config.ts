// Vite builds the renderer (React + Monaco with its workers) into dist/renderer for Electron and the web mode.
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: path.join(root, 'renderer'),
  // Relative asset URLs: the same build is served from app:// in Electron and from / in the web mode.
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  build: {
    outDir: path.join(root, 'dist/renderer'),
    emptyOutDir: true,
    // Monaco is big by nature; it is loaded from disk, not over a network.
    chunkSizeWarningLimit: 6000,
    // The polyfill would be an inline script, which the Content-Security-Policy forbids.
    modulePreload: { polyfill: false },
    sourcemap: false,
    target: 'chrome120',
    // Monaco's worker transform is slow by nature; the timing report is noise in every build log.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
});

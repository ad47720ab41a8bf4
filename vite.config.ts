// Vite builds the renderer (React + Monaco with its workers) into dist/renderer for Electron and the web mode.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The Monaco chunk is fetched and compiled from the page's first bytes (a modulepreload link), not
 * when the renderer's script first asks for it: it is the longest load of the first screen, and the
 * browser compiles it off the main thread while the app's own scripts run. It still runs only when
 * imported (renderer/editor-loader.ts).
 */
function preloadEditorChunk(): Plugin {
  const entry = path.join(root, 'renderer/monaco/diff-editor.tsx');
  return {
    name: 'ti:preload-editor-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((out) => out.type === 'chunk' && out.facadeModuleId === entry);
        if (!chunk) throw new Error('the Monaco chunk (renderer/monaco/diff-editor.tsx) is not in the bundle');
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root: path.join(root, 'renderer'),
  // Relative asset URLs: the same build is served from app:// in Electron and from / in the web mode.
  base: './',
  plugins: [react(), preloadEditorChunk()],
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

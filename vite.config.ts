// Vite builds the renderer (React + Monaco with its workers) into dist/renderer for Electron and the web mode.
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * Where the Monaco chunk is, for the page to fetch and compile it early where it has the cores for
 * it (renderer/editor-loader.ts, `preloadEditorChunk`): a meta tag naming it. It still runs only
 * when imported.
 */
function nameEditorChunk(): Plugin {
  const entry = path.join(root, 'renderer/monaco/diff-editor.tsx');
  return {
    name: 'ti:name-editor-chunk',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find((out) => out.type === 'chunk' && out.facadeModuleId === entry);
        if (!chunk) throw new Error('the Monaco chunk (renderer/monaco/diff-editor.tsx) is not in the bundle');
        return [{ tag: 'meta', attrs: { name: 'ti-editor-chunk', content: `./${chunk.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

export default defineConfig({
  root: path.join(root, 'renderer'),
  // Relative asset URLs: the same build is served from app:// in Electron and from / in the web mode.
  base: './',
  plugins: [react(), nameEditorChunk()],
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

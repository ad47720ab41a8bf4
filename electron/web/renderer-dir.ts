/** Finds the built renderer (dist/renderer) from wherever the running bundle sits. */
import fs from 'node:fs';
import path from 'node:path';

/**
 * The folder holding the built renderer's index.html, or null.
 *
 * Bundles run from dist/node/, dist/node/chunks/ or dist/electron/, sources from electron/ (tsx):
 * walk up from `fromDir` and take the first `dist/renderer` found. An explicit
 * TRANSCRIPT_INSPECTOR_RENDERER_DIR wins (packaging, tests).
 */
export function findRendererDir(fromDir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const explicit = env.TRANSCRIPT_INSPECTOR_RENDERER_DIR;
  if (explicit) return fs.existsSync(path.join(explicit, 'index.html')) ? path.resolve(explicit) : null;
  let dir = path.resolve(fromDir);
  for (let depth = 0; depth < 6; depth += 1) {
    const candidates = [path.join(dir, 'dist', 'renderer')];
    if (path.basename(dir) === 'dist') candidates.unshift(path.join(dir, 'renderer'));
    for (const candidate of candidates) if (fs.existsSync(path.join(candidate, 'index.html'))) return candidate;
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return null;
}

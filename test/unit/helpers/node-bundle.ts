// One esbuild bundle of a TypeScript entry for tests that spawn it many times: `node --import tsx`
// compiles the whole import graph again in every child (seconds each), a bundle starts at once.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A bundled entry and how to remove it. */
export interface NodeBundle {
  file: string;
  remove(): void;
}

/**
 * Bundle `entry` (relative to the repository root) as ESM for Node. Packages stay external (sharp
 * is native), so the bundle is written below the repository's node_modules where they resolve.
 */
export async function bundleForNode(entry: string): Promise<NodeBundle> {
  const parent = path.join(root, 'node_modules', '.cache', 'transcript-inspector-tests');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, `${path.basename(entry, '.ts')}-`));
  const file = path.join(dir, `${path.basename(entry, '.ts')}.mjs`);
  await build({
    entryPoints: [path.join(root, entry)],
    outfile: file,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

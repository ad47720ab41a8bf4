// Vitest global setup: the CLI bundled once for the whole run (with its batch worker beside it, as in
// dist/node, where the batch pool looks for it), so the tests that start the CLI dozens of times pay esbuild once instead of tsx's
// compile of the whole import graph in every child.
import { build } from 'esbuild';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { nodeBundlePlugins } from '../../../scripts/node-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled CLI: `node <it> ARGS…`. */
    cliBundle: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // Below the repository's node_modules, where the packages it leaves external (sharp, sql.js) resolve.
  const parent = path.join(root, 'node_modules', '.cache', 'transcript-inspector-tests');
  fs.mkdirSync(parent, { recursive: true });
  const dir = fs.mkdtempSync(path.join(parent, 'cli-'));
  // Some tests run the CLI as another user.
  fs.chmodSync(dir, 0o755);
  await build({
    entryPoints: { cli: path.join(root, 'electron/cli.ts'), 'batch-worker': path.join(root, 'electron/host/batch-worker.ts') },
    outdir: dir,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // dist/node's bundling (pi-ai's entries, its catalogue as JSON, the SDKs bundled): the CLI tested is the one shipped,
    // but for dist/node's whitespace minification (start-graph.test.ts reads the path comments esbuild writes).
    plugins: nodeBundlePlugins(root),
    logLevel: 'warning',
  });
  // Inside node_modules no package.json above says the bundle is ESM.
  fs.writeFileSync(path.join(dir, 'package.json'), '{ "type": "module" }\n');
  project.provide('cliBundle', path.join(dir, 'cli.js'));
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

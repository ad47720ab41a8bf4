#!/usr/bin/env node
// Builds everything `npm test`, the CLI, the web mode and Electron need:
//   dist/node/      the programmatic API (index.js + .d.ts), the CLI and worker entries (esbuild, ESM)
//   dist/electron/  Electron main (ESM) and preload (CommonJS: sandboxed preloads cannot be ESM)
//   dist/renderer/  the React renderer (Vite), when renderer/index.html exists
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const only = process.argv.includes('--node-only') ? 'node' : process.argv.includes('--renderer-only') ? 'renderer' : 'all';
const exists = (p) => fs.existsSync(path.join(root, p));

/** Node entries: source → output name under dist/node. */
const nodeEntries = {
  index: 'electron/host/index.ts',
  cli: 'electron/cli.ts',
  'batch-worker': 'electron/host/batch-worker.ts',
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: root,
};

/**
 * Packages bundled into dist/node instead of imported from node_modules: pi-ai re-exports typebox,
 * whose ~700 module files take Node half a second to resolve and load one by one — longer than the
 * whole CLI start of a small `inspect`. Bundled, they load as one chunk, and only when payloads or
 * the model catalogue are first needed (pi-ai's provider SDKs stay outside, loaded on first use).
 */
const BUNDLED_PACKAGES = new Set(['@mariozechner/pi-ai', 'typebox']);
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const bundleSome = {
  name: 'bundle-some-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      BUNDLED_PACKAGES.has(packageName(args.path)) ? undefined : { path: args.path, external: true },
    );
    // pi-ai imports its Bedrock provider through a variable specifier, which a bundler cannot follow:
    // named here, it becomes a lazy chunk of its own like the other providers.
    b.onLoad({ filter: /pi-ai[\\/]dist[\\/]providers[\\/]register-builtins\.js$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      const variable = 'const importNodeOnlyProvider = (specifier) => import(specifier);';
      const calls = source.match(/importNodeOnlyProvider\(/g) ?? [];
      if (!source.includes(variable) || calls.length !== 1 || !source.includes('importNodeOnlyProvider("./amazon-bedrock.js")'))
        throw new Error(`${args.path}: pi-ai's lazy Bedrock import changed; update bundleSome in scripts/build.mjs`);
      return { contents: source.replace(variable, 'const importNodeOnlyProvider = () => import("./amazon-bedrock.js");'), loader: 'js' };
    });
  },
};

async function buildNode() {
  const entryPoints = Object.fromEntries(Object.entries(nodeEntries).filter(([, src]) => exists(src)));
  await build({
    ...common,
    packages: undefined,
    plugins: [bundleSome],
    format: 'esm',
    entryPoints,
    outdir: path.join(dist, 'node'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: '' },
  });
  const cli = path.join(dist, 'node', 'cli.js');
  if (fs.existsSync(cli)) {
    const body = fs.readFileSync(cli, 'utf8');
    if (!body.startsWith('#!')) fs.writeFileSync(cli, `#!/usr/bin/env node\n${body}`);
    fs.chmodSync(cli, 0o755);
  }
  if (exists('electron/main.ts')) {
    await build({
      ...common,
      format: 'esm',
      entryPoints: { main: 'electron/main.ts' },
      outdir: path.join(dist, 'electron'),
      external: ['electron'],
    });
  }
  if (exists('electron/preload.ts')) {
    await build({
      ...common,
      format: 'cjs',
      entryPoints: { preload: 'electron/preload.ts' },
      outdir: path.join(dist, 'electron'),
      outExtension: { '.js': '.cjs' },
      external: ['electron'],
    });
  }
  // Data files the Node side reads at run time (the bundled sample session).
  const sampleDir = path.join(root, 'electron/host/sample');
  if (fs.existsSync(sampleDir))
    fs.cpSync(sampleDir, path.join(dist, 'node', 'sample'), { recursive: true, filter: (src) => !src.endsWith('.ts') });
  // Declarations for the package's `exports` (types of the programmatic API).
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  fs.writeFileSync(path.join(dist, 'node', 'index.d.ts'), "export * from '../types/electron/host/index.js';\n");
}

async function buildRenderer() {
  if (!exists('renderer/index.html')) return;
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

fs.mkdirSync(dist, { recursive: true });
if (only !== 'renderer') await buildNode();
if (only !== 'node') await buildRenderer();
console.log(`built ${only === 'all' ? 'node, electron and renderer' : only} into dist/`);

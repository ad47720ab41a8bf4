#!/usr/bin/env node
// Builds everything `npm test`, the CLI, the web mode and Electron need:
//   dist/node/      the programmatic API (index.js + .d.ts), the CLI and worker entries (esbuild, ESM)
//   dist/electron/  Electron main (ESM) and preload (CommonJS: sandboxed preloads cannot be ESM)
//   dist/renderer/  the React renderer (Vite), when renderer/index.html exists
// `--out=DIR` builds node/ and electron/ into DIR instead of dist/, without the type declarations: the
// tests build the shipped layout apart from dist/ (test/unit/electron/desktop-bundle.test.ts).
import { build } from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { builtinModules } from 'node:module';
import { BUNDLED_PACKAGES, LEFT_OUT, nodeBundlePlugins, packageDir, packageName, SDK_STAND_INS } from './node-bundle.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outArg = process.argv.find((a) => a.startsWith('--out'));
if (outArg !== undefined && !/^--out=./.test(outArg)) {
  console.error(`build: ${outArg}: give the folder as --out=DIR`);
  process.exit(2);
}
const outDir = outArg?.slice('--out='.length);
const dist = outDir ? path.resolve(outDir) : path.join(root, 'dist');
const only = outDir || process.argv.includes('--node-only') ? 'node' : process.argv.includes('--renderer-only') ? 'renderer' : 'all';
const exists = (p) => fs.existsSync(path.join(root, p));

/** Node entries: source → output name under dist/node. */
const nodeEntries = {
  index: 'electron/host/index.ts',
  cli: 'electron/cli.ts',
  'batch-worker': 'electron/host/batch-worker.ts',
  // What the desktop shell uses besides Electron (see buildDesktopMain).
  'desktop-host': 'electron/desktop-host.ts',
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

/** Dependencies listed in a package.json. */
function dependenciesOf(dir) {
  return Object.keys(JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).dependencies ?? {});
}

/**
 * What dist/node imports at run time must be installed beside it: a dependency of this package or of
 * a package bundled into it (pi-ai's provider SDKs, and theirs). And what the bundle leaves out on purpose must
 * stay out: a change that brought typebox back (pi-ai's index) fails the build, not a user's start.
 */
function checkImports(metafile) {
  const allowed = new Set(dependenciesOf(root));
  // pi-ai's Bedrock provider imports a package of the AWS SDK's own: a dependency's dependencies count.
  for (const name of BUNDLED_PACKAGES)
    for (const dep of dependenciesOf(packageDir(root, name))) {
      allowed.add(dep);
      for (const inner of dependenciesOf(packageDir(root, dep))) allowed.add(inner);
    }
  const bad = new Set();
  for (const [out, { imports, inputs }] of Object.entries(metafile.outputs)) {
    for (const i of imports)
      if (i.external && !i.path.startsWith('node:') && !builtinModules.includes(i.path) && !allowed.has(packageName(i.path)))
        bad.add(`${path.relative(root, out)} imports ${i.path}, which is not installed with this package`);
    // A provider SDK imported at run time means its stand-in was not used (see SDK_STAND_INS).
    for (const i of imports)
      if (i.external && SDK_STAND_INS.includes(packageName(i.path)))
        bad.add(`${path.relative(root, out)} imports ${i.path}, whose stand-in the bundle should have used (see scripts/node-bundle.mjs)`);
    for (const name of LEFT_OUT)
      if (imports.some((i) => packageName(i.path) === name) || Object.keys(inputs).some((i) => i.startsWith(`node_modules/${name}/`)))
        bad.add(`${path.relative(root, out)} loads ${name}, which the bundle leaves out (see scripts/node-bundle.mjs)`);
  }
  if (bad.size) throw new Error(`dist/node:\n  ${[...bad].join('\n  ')}`);
}

async function buildNode() {
  const entryPoints = Object.fromEntries(Object.entries(nodeEntries).filter(([, src]) => exists(src)));
  // Chunk names change with their content: without this, every build's chunks pile up beside the last.
  fs.rmSync(path.join(dist, 'node', 'chunks'), { recursive: true, force: true });
  const built = await build({
    ...common,
    packages: undefined,
    plugins: nodeBundlePlugins(root),
    metafile: true,
    // Without comments and indentation the CLI's modules are about a fifth smaller to read and scan:
    // 4-6 ms of every start (names are kept; the source maps beside the chunks give the lines back).
    minifyWhitespace: true,
    format: 'esm',
    entryPoints,
    outdir: path.join(dist, 'node'),
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    banner: { js: '' },
  });
  checkImports(built.metafile);
  const cli = path.join(dist, 'node', 'cli.js');
  if (fs.existsSync(cli)) {
    const body = fs.readFileSync(cli, 'utf8');
    if (!body.startsWith('#!')) fs.writeFileSync(cli, `#!/usr/bin/env node\n${body}`);
    fs.chmodSync(cli, 0o755);
  }
  if (exists('electron/main.ts')) await buildDesktopMain();
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
  if (outDir) return;
  // Declarations for the package's `exports` (types of the programmatic API).
  execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], {
    cwd: root,
    stdio: 'inherit',
  });
  fs.writeFileSync(path.join(dist, 'node', 'index.d.ts'), "export * from '../types/electron/host/index.js';\n");
}

/**
 * The desktop shell's main process: electron/main.ts alone, importing everything else from dist/node's
 * `desktop-host.js`. So the shell runs the code the command line runs, built once: pi-ai bundled with
 * its provider stand-ins and catalogue by provider, sharp, the store reader and the payload builders
 * imported when first needed. (Built with every package external, the shell loaded pi-ai's index,
 * sharp and the store reader before its window, and the real SDKs for a first payload.)
 */
async function buildDesktopMain() {
  const desktopHost = path.join(root, 'electron', 'desktop-host.ts');
  const built = await build({
    ...common,
    format: 'esm',
    entryPoints: { main: 'electron/main.ts' },
    outdir: path.join(dist, 'electron'),
    metafile: true,
    plugins: [
      {
        name: 'desktop-host-from-dist-node',
        setup(b) {
          b.onResolve({ filter: /^\.\/desktop-host\.js$/ }, (args) =>
            path.join(args.resolveDir, 'desktop-host.ts') === desktopHost ? { path: '../node/desktop-host.js', external: true } : undefined,
          );
        },
      },
    ],
  });
  checkDesktopMain(built.metafile);
}

/** The shell's bundle holds main.ts only: any other module of this project in it would be a second copy. */
function checkDesktopMain(metafile) {
  const bad = [];
  for (const [out, { imports, inputs }] of Object.entries(metafile.outputs)) {
    if (!out.endsWith('.js')) continue;
    for (const input of Object.keys(inputs))
      if (input !== 'electron/main.ts') bad.push(`${path.relative(root, out)} holds ${input}: import it through electron/desktop-host.ts`);
    for (const i of imports)
      if (!(i.path === 'electron' || i.path === '../node/desktop-host.js' || i.path.startsWith('node:') || builtinModules.includes(i.path)))
        bad.push(`${path.relative(root, out)} imports ${i.path}: import it through electron/desktop-host.ts`);
  }
  if (bad.length) throw new Error(`dist/electron:\n  ${bad.join('\n  ')}`);
}

async function buildRenderer() {
  if (!exists('renderer/index.html')) return;
  const { build: viteBuild } = await import('vite');
  await viteBuild({ configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn' });
}

fs.mkdirSync(dist, { recursive: true });
if (only !== 'renderer') await buildNode();
if (only !== 'node') await buildRenderer();
console.log(`built ${only === 'all' ? 'node, electron and renderer' : only} into ${path.relative(root, dist) || '.'}/`);

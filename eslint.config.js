// Lint rules, including the fences between the rooms (shared/, electron/host/, the shells, renderer/): which folder may import what.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'fs/*',
  'path',
  'os',
  'crypto',
  'child_process',
  'worker_threads',
  'http',
  'https',
  'net',
  'url',
  'stream',
  'util',
  'zlib',
  'events',
  'buffer',
];
// Bare module names are matched exactly (`paths`); names with a wildcard as patterns. A bare name as a
// pattern would use gitignore semantics and also match relative paths such as '../electron/host'.
const fence = (names, message) => names.map((name) => ({ group: [name], message }));
// The SQLite (WebAssembly) and zstd readers of OpenClaw's session stores stay in their host service.
const storeReaders = () =>
  fence(['sql.js', 'fzstd', 'xxhash-wasm'], 'the SQLite and zstd readers are imported only under electron/host/store/');
const restrict = (...specs) => {
  const paths = [];
  const patterns = [];
  for (const spec of specs) {
    for (const entry of spec) {
      const [name] = entry.group;
      if (name.includes('*')) patterns.push(entry);
      else paths.push({ name, message: entry.message });
    }
  }
  return ['error', { paths, patterns }];
};

// `no-restricted-imports` sees only static imports: the same fences for `import('x')` and
// `require('x')`. A trailing `*` is a prefix; esquery regexes cannot hold a '/', hence \u002F.
const asSelectorValue = (name) =>
  name.endsWith('*')
    ? `/^${name
        .slice(0, -1)
        .replace(/[.+?^${}()|[\]\\-]/g, '\\$&')
        .replace(/\//g, '\\u002F')}/`
    : `'${name}'`;
const restrictDynamic = (...specs) => [
  'error',
  ...specs.flat().flatMap(({ group: [name], message }) => [
    { selector: `ImportExpression[source.value=${asSelectorValue(name)}]`, message },
    { selector: `CallExpression[callee.name='require'][arguments.0.value=${asSelectorValue(name)}]`, message },
  ]),
];
/** The rules of one room's fences, for static and dynamic imports alike. */
const fences = (...specs) => ({ 'no-restricted-imports': restrict(...specs), 'no-restricted-syntax': restrictDynamic(...specs) });

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      '.vitest/**',
      'dist/**',
      'node_modules/**',
      'release/**',
      'test-results/**',
      'playwright-report/**',
      '.vite/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-constant-condition': ['error', { checkLoops: false }],
      ...fences(
        storeReaders(),
        fence(['electron'], 'electron is imported only by electron/main.ts and electron/preload.ts'),
        fence(['monaco-editor', 'monaco-editor/*'], 'monaco-editor is imported only under renderer/monaco/'),
        fence(['sharp'], 'sharp is imported only under electron/host/images/'),
        fence(['@mariozechner/pi-ai', '@mariozechner/pi-ai/*'], 'pi-ai is imported only under electron/host/payloads/'),
      ),
    },
  },
  {
    // shared/ is the pure engine: no Node, DOM, Electron, sharp or UI libraries.
    files: ['shared/**/*.ts'],
    languageOptions: { globals: { ...globals.es2024 } },
    rules: {
      ...fences(
        storeReaders(),
        fence(nodeBuiltins, 'shared/ must stay pure: no Node built-ins (put I/O in electron/host/)'),
        fence(
          ['electron', 'sharp', 'react', 'react-dom', 'monaco-editor', 'zustand', '@mariozechner/*'],
          'shared/ must stay pure: no Electron, sharp, UI or pi-ai imports',
        ),
      ),
      'no-restricted-globals': ['error', 'window', 'document', 'process', 'Buffer', 'require', 'navigator', 'localStorage'],
    },
  },
  {
    files: ['electron/main.ts', 'electron/preload.ts'],
    rules: {
      ...fences(
        storeReaders(),
        fence(['monaco-editor', 'monaco-editor/*'], 'monaco-editor is imported only under renderer/monaco/'),
        fence(['sharp'], 'sharp is imported only under electron/host/images/'),
      ),
    },
  },
  {
    files: ['renderer/monaco/**/*.ts', 'renderer/monaco/**/*.tsx'],
    rules: {
      ...fences(
        storeReaders(),
        fence(['electron'], 'electron is imported only by electron/main.ts and electron/preload.ts'),
        fence(['sharp'], 'sharp is imported only under electron/host/images/'),
        fence(nodeBuiltins, 'the renderer has no Node access'),
      ),
    },
  },
  {
    files: ['renderer/**/*.ts', 'renderer/**/*.tsx'],
    ignores: ['renderer/monaco/**'],
    rules: {
      ...fences(
        storeReaders(),
        fence(['electron'], 'electron is imported only by electron/main.ts and electron/preload.ts'),
        fence(['monaco-editor', 'monaco-editor/*'], 'monaco-editor is imported only under renderer/monaco/'),
        fence(['sharp'], 'sharp is imported only under electron/host/images/'),
        fence(['@mariozechner/*'], 'the renderer reaches pi-ai only through InspectorApi'),
        fence(nodeBuiltins, 'the renderer has no Node access'),
      ),
    },
  },
  {
    files: ['electron/host/images/**/*.ts'],
    rules: {
      ...fences(
        storeReaders(),
        fence(['electron'], 'electron is imported only by electron/main.ts and electron/preload.ts'),
        fence(['@mariozechner/pi-ai', '@mariozechner/pi-ai/*'], 'pi-ai is imported only under electron/host/payloads/'),
      ),
    },
  },
  {
    files: ['electron/host/payloads/**/*.ts'],
    rules: {
      ...fences(
        storeReaders(),
        fence(['electron'], 'electron is imported only by electron/main.ts and electron/preload.ts'),
        fence(['sharp'], 'sharp is imported only under electron/host/images/'),
      ),
    },
  },
  {
    files: ['electron/host/store/**/*.ts'],
    rules: {
      ...fences(
        fence(['electron'], 'electron is imported only by electron/main.ts and electron/preload.ts'),
        fence(['sharp'], 'sharp is imported only under electron/host/images/'),
        fence(['@mariozechner/pi-ai', '@mariozechner/pi-ai/*'], 'pi-ai is imported only under electron/host/payloads/'),
      ),
    },
  },
  {
    // Rooms stay readable: a file fits in a sitting, a function on a few screens.
    files: ['shared/**/*.ts', 'electron/**/*.ts', 'renderer/**/*.ts', 'renderer/**/*.tsx'],
    rules: { 'max-lines': ['error', { max: 400 }], 'max-lines-per-function': ['error', { max: 150 }] },
  },
  {
    // Tests and scripts may reach into any room.
    files: ['test/**/*.ts', 'test/**/*.tsx', 'test/**/*.mjs', 'scripts/**/*.ts', 'scripts/**/*.mjs'],
    rules: { 'no-restricted-imports': 'off', 'no-restricted-syntax': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);

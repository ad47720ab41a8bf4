#!/usr/bin/env node
// `npm run bench`: runs every test/bench/*.bench.ts module (through tsx) and prints its figures.
// Each module default-exports `async (ctx) => BenchResult[]` with ctx = { workDir, log, args }.
// A BenchResult is { name, value, unit, ratio?, target?, note? }.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const result = spawnSync(
  process.execPath,
  ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', path.join(root, 'test/bench/run.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);
process.exit(result.status ?? 1);

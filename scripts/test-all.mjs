#!/usr/bin/env node
// `npm test`: lint, typecheck and build side by side (none needs another), then the unit tests, then
// the browser tests (which need the build), stopping after the first stage that fails. Each step's
// output is printed whole when it ends, and a table of how long each took closes the run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const STAGES = [['lint', 'typecheck', 'build'], ['test:unit'], ['test:e2e']];

/** Run `npm run <script>`: its output (shown live when it runs alone), status and seconds. */
function run(script, alone) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', '--silent', script], { cwd: root, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      if (!alone) process.stdout.write(`\n── npm run ${script} (${seconds.toFixed(0)} s) ──\n${output}`);
      resolve({ script, status: code ?? (signal ? 1 : 0), seconds });
    });
  });
}

const results = [];
const started = performance.now();
for (const stage of STAGES) {
  const done = await Promise.all(stage.map((script) => run(script, stage.length === 1)));
  results.push(...done);
  if (done.some((r) => r.status !== 0)) break;
}
const total = (performance.now() - started) / 1000;
process.stdout.write('\nnpm test:\n');
for (const r of results)
  process.stdout.write(`  ${r.script.padEnd(10)} ${r.seconds.toFixed(0).padStart(5)} s  ${r.status === 0 ? 'ok' : 'FAILED'}\n`);
process.stdout.write(`  ${'total'.padEnd(10)} ${total.toFixed(0).padStart(5)} s\n`);
process.exit(results.some((r) => r.status !== 0) || results.length < STAGES.flat().length ? 1 : 0);

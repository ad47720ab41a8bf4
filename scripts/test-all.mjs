#!/usr/bin/env node
// `npm test`: lint, typecheck and build side by side (none needs another); then the unit tests beside
// the browser tests of the `parallel` project (the unit tests need no build, and they fill the cores
// while the browser tests wait on pages); then the timing-sensitive large-session browser tests alone.
// It stops after the first stage that fails. Each step's output is printed whole when it ends, and a
// table of how long each took (wall clock and CPU) closes the run.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A step: its name in the table, and the npm script (with arguments) it runs. */
const step = (name, script, ...args) => ({ name, script, args });
const STAGES = [
  [step('lint', 'lint'), step('typecheck', 'typecheck'), step('build', 'build')],
  [step('unit', 'test:unit'), step('e2e', 'test:e2e', '--project=parallel')],
  [step('e2e large', 'test:e2e', '--project=large-sessions')],
];

/**
 * Runs a command and, on Linux, writes the CPU seconds of its process tree to a file. Two counts, the
 * larger wins: `cutime + cstime` of this wrapper once its child is reaped (every descendant reaped
 * along the chain: the many short CLI runs of the unit tests), and the descendants seen in /proc every
 * half second (Chromium's renderers, which nobody in the chain reaps). No Node API gives either.
 */
const WRAPPER = `
import { spawn } from 'node:child_process';
import fs from 'node:fs';
const [out, command, ...args] = process.argv.slice(1);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
const stat = (pid) => {
  const text = fs.readFileSync('/proc/' + pid + '/stat', 'utf8');
  return text.slice(text.lastIndexOf(')') + 2).split(' ');
};
const seen = new Map();
const sample = () => {
  try {
    const parents = new Map();
    for (const name of fs.readdirSync('/proc')) {
      if (!/^[0-9]+$/.test(name)) continue;
      try {
        const fields = stat(name);
        parents.set(Number(name), [Number(fields[1]), (Number(fields[11]) + Number(fields[12])) / 100]);
      } catch {}
    }
    const tree = new Set([child.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, [parent]] of parents) if (!tree.has(pid) && tree.has(parent)) (tree.add(pid), (grew = true));
    }
    for (const pid of tree) if (parents.has(pid)) seen.set(pid, parents.get(pid)[1]);
  } catch {}
};
const timer = setInterval(sample, 500);
child.on('close', (code, signal) => {
  clearInterval(timer);
  try {
    const fields = stat('self');
    const reaped = (Number(fields[13]) + Number(fields[14])) / 100;
    const sampled = [...seen.values()].reduce((a, b) => a + b, 0);
    fs.writeFileSync(out, String(Math.max(reaped, sampled)));
  } catch {}
  process.exit(code ?? (signal ? 1 : 0));
});`;

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ti-npm-test-'));

/** Run one step: its output (shown live when it runs alone), status, wall seconds and CPU seconds (or null). */
function run({ name, script, args }, alone) {
  const started = performance.now();
  const cpuFile = path.join(scratch, `${name.replace(/\W+/g, '-')}.cpu`);
  return new Promise((resolve) => {
    const npmArgs = ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])];
    const child = spawn(process.execPath, ['--input-type=module', '-e', WRAPPER, cpuFile, npm, ...npmArgs], {
      cwd: root,
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      const cpu = fs.existsSync(cpuFile) ? Number(fs.readFileSync(cpuFile, 'utf8')) : null;
      if (!alone) process.stdout.write(`\n── ${name}: npm run ${[script, ...args].join(' ')} (${seconds.toFixed(0)} s) ──\n${output}`);
      resolve({ name, status: code ?? (signal ? 1 : 0), seconds, cpu });
    });
  });
}

const results = [];
const started = performance.now();
for (const stage of STAGES) {
  if (stage.length > 1) process.stdout.write(`\nnpm test: ${stage.map((s) => s.name).join(', ')} side by side…\n`);
  const done = await Promise.all(stage.map((s) => run(s, stage.length === 1)));
  results.push(...done);
  if (done.some((r) => r.status !== 0)) break;
}
const total = (performance.now() - started) / 1000;
fs.rmSync(scratch, { recursive: true, force: true });
const cpuText = (cpu) => (cpu === null ? '' : `${cpu.toFixed(0).padStart(5)} s CPU`);
process.stdout.write('\nnpm test (wall clock; CPU seconds of the step and everything it started):\n');
for (const r of results)
  process.stdout.write(
    `  ${r.name.padEnd(10)} ${r.seconds.toFixed(0).padStart(5)} s  ${cpuText(r.cpu).padEnd(11)}  ${r.status === 0 ? 'ok' : 'FAILED'}\n`,
  );
const cpus = results.map((r) => r.cpu);
const allCpu = cpus.every((c) => c !== null) ? cpus.reduce((a, b) => a + b, 0) : null;
process.stdout.write(`  ${'total'.padEnd(10)} ${total.toFixed(0).padStart(5)} s  ${cpuText(allCpu)}\n`);
process.exit(results.some((r) => r.status !== 0) || results.length < STAGES.flat().length ? 1 : 0);

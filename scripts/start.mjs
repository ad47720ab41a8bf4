#!/usr/bin/env node
// `npm start [-- FILE]` after the build: launch the Electron app; when Electron cannot start (no
// binary and no way to download it, no display, a crash before the window shows), say why in one
// line and run the web mode instead, printing its URL.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// npm runs scripts from the package root; relative paths the user typed are relative to INIT_CWD.
const userCwd = process.env.INIT_CWD || process.cwd();
const args = process.argv.slice(2).map((arg) => (arg.startsWith('-') ? arg : path.resolve(userCwd, arg)));
/** How long Electron may take to show its window (a first launch may download its binary). */
const READY_TIMEOUT_MS = Number(process.env.TRANSCRIPT_INSPECTOR_ELECTRON_TIMEOUT_MS || 120_000);

/** A reason Electron cannot start, known before trying. */
function knownObstacle() {
  if (process.env.TRANSCRIPT_INSPECTOR_WEB === '1') return 'TRANSCRIPT_INSPECTOR_WEB=1 asks for the web mode';
  if (process.platform === 'linux' && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY)
    return 'no display to open a window on ($DISPLAY and $WAYLAND_DISPLAY are unset)';
  if (!fs.existsSync(path.join(root, 'node_modules', 'electron', 'cli.js'))) return 'the electron package is not installed';
  return null;
}

/** The most telling line of Electron's output when it failed. */
function summarize(output, binaryWasMissing, code, signal) {
  const lines = output
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const telling =
    lines.find((l) => /fetch failed|ENOTFOUND|ECONNREFUSED|EAI_AGAIN|ETIMEDOUT/i.test(l)) ??
    lines.find((l) => /error/i.test(l)) ??
    lines.at(-1);
  const prefix = binaryWasMissing
    ? 'the Electron binary is not installed and could not be downloaded'
    : `Electron exited (${signal ?? `code ${code}`}) before its window opened`;
  return telling ? `${prefix}: ${telling.slice(0, 200)}` : prefix;
}

/** Try Electron; resolves to null when it ran (and has exited), or to the reason it could not start. */
function tryElectron() {
  const binaryWasMissing = !fs.existsSync(path.join(root, 'node_modules', 'electron', 'path.txt'));
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [path.join(root, 'node_modules', 'electron', 'cli.js'), path.join(root, 'dist', 'electron', 'main.js'), ...args],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let ready = false;
    let output = '';
    const timer = setTimeout(() => {
      if (ready) return;
      child.kill('SIGTERM');
      resolve(`Electron did not open its window within ${Math.round(READY_TIMEOUT_MS / 1000)} s`);
    }, READY_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      const text = chunk.toString();
      if (ready) process.stdout.write(text);
      else {
        output += text;
        if (output.includes('transcript-inspector: window ready')) {
          ready = true;
          clearTimeout(timer);
        }
      }
    });
    child.stderr.on('data', (chunk) => {
      if (ready) process.stderr.write(chunk);
      else output += chunk.toString();
    });
    for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve(`could not run Electron: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (ready) {
        process.exitCode = code ?? 0;
        resolve(null);
      } else {
        resolve(summarize(output, binaryWasMissing, code, signal));
      }
    });
  });
}

function runWeb() {
  const child = spawn(process.execPath, [path.join(root, 'dist', 'node', 'cli.js'), 'serve', ...args], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code) => {
    process.exitCode = code ?? 0;
  });
}

const obstacle = knownObstacle();
const reason = obstacle ?? (await tryElectron());
if (reason) {
  console.log(`Electron cannot start here (${reason}); starting the web mode instead.`);
  runWeb();
}

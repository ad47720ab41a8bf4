// Runs the desktop shell's built main process under plain Node with the stand-in `electron`, and does
// what the window would: `node drive.mjs SESSION_FILE` (the file the shell is launched with), with
// TI_MAIN the built main.js, TI_TARGETS targets (a JSON array), TI_RESOLVE_LOG the file every resolved
// module is written to (optional), TI_RESULT where the result goes. It opens the session, inspects it for each
// target in turn and exports each replay payload, then writes (as JSON) the payloads, what went wrong,
// each step's time, the modules resolved before the window was made and the CommonJS modules loaded.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire, register } from 'node:module';
import { pathToFileURL } from 'node:url';

const started = performance.now();
const times = {};
const lap = (name, since) => (times[name] = Math.round(performance.now() - since));

const main = process.env.TI_MAIN;
const log = process.env.TI_RESOLVE_LOG;
if (log) {
  register('./hooks.mjs', import.meta.url, { data: { log } });
  await import(pathToFileURL(main).href);
} else {
  // Without a log, no module hooks: their thread makes every import wait on it, which the shell in
  // Electron does not. A copy of main.js beside it (its relative imports and folder the same) imports
  // the stand-in by its URL instead.
  const copy = path.join(path.dirname(main), `.main-stand-in-${process.pid}.mjs`);
  const text = readFileSync(main, 'utf8');
  const standIn = JSON.stringify(new URL('./electron.mjs', import.meta.url).href);
  const replaced = text.replace(/(\bfrom\s*)["']electron["']/, `$1${standIn}`);
  if (replaced === text) throw new Error(`${main} does not import electron`);
  writeFileSync(copy, replaced);
  try {
    await import(pathToFileURL(copy).href);
  } finally {
    rmSync(copy, { force: true });
  }
}
lap('load', started);
const shell = globalThis.electronStandIn;
const readied = performance.now();
shell.ready();
while (shell.windows.length === 0 && shell.errors.length === 0) await new Promise((resolve) => setTimeout(resolve, 1));
lap('window', readied);
const beforeWindow = log ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];

const result = { errors: shell.errors, times, beforeWindow, payloads: [] };
if (shell.windows.length > 0) {
  const shellWindow = shell.windows[0];
  const event = { sender: shellWindow.webContents, senderFrame: shellWindow.webContents.mainFrame };
  const call = (method, ...args) => shell.handlers.get(`inspector:${method}`)(event, ...args);
  let since = performance.now();
  const info = await call('open', { kind: 'path', path: process.argv[2] });
  lap('open', since);
  for (const [i, target] of JSON.parse(process.env.TI_TARGETS).entries()) {
    since = performance.now();
    const summary = await call('inspect', info.sessionId, target, { now: 0 });
    result.payloads.push((await call('exportText', summary.inspectionId, 'payload-json')).text);
    lap(`payload ${i + 1}`, since);
  }
}
result.commonJs = Object.keys(createRequire(import.meta.url).cache);
// To a file: a pipe takes a large write in parts, and process.exit would cut it short.
writeFileSync(process.env.TI_RESULT, JSON.stringify(result));
process.exit(0);

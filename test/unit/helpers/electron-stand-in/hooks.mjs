// Module hooks for running the desktop shell's built main process under plain Node: `electron` is the
// stand-in beside this file, and every module file resolved is written to the log named at
// registration (what the shell loaded, read by the test).
import { appendFileSync } from 'node:fs';

const STAND_IN = new URL('./electron.mjs', import.meta.url).href;
let log = null;

export function initialize(data) {
  log = data?.log ?? null;
}

export async function resolve(specifier, context, next) {
  if (specifier === 'electron') return { url: STAND_IN, shortCircuit: true };
  const resolved = await next(specifier, context);
  if (log && resolved.url.startsWith('file:')) appendFileSync(log, `${resolved.url}\n`);
  return resolved;
}

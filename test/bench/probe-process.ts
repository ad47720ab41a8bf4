/** Running test/bench/probe.ts in a fresh process: each measurement's peak RSS and JIT state are its own. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/** What a probe prints: its time, RSS before and at peak (bytes), and the op's own details. */
export interface Probe {
  ms: number;
  rssBefore: number;
  rssPeak: number;
  [detail: string]: number;
}

/**
 * Run `node args` in a fresh process and return the JSON line it printed last; a failure throws with
 * `what` and the last lines of its stderr.
 */
export function runMeasuringChild<T>(node: string, args: string[], what: string, env?: NodeJS.ProcessEnv): T {
  const child = spawnSync(node, args, { encoding: 'utf8', maxBuffer: 1 << 24, env: env ?? process.env });
  if (child.status !== 0)
    throw new Error(`${what} failed (${child.status ?? child.signal}): ${child.stderr.trim().split('\n').slice(-6).join('\n')}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as T;
}

/**
 * Run one probe op on `file` (`work`: its scratch path) and return what it measured; `target`
 * (`provider/api/model`) replaces the default target of the inspecting ops.
 */
export function probe(op: string, file: string, work: string, target?: string): Probe {
  const args = ['--expose-gc', '--max-old-space-size=16384', '--import', 'tsx', path.join(here, 'probe.ts'), op, file, work];
  const env = target === undefined ? undefined : { ...process.env, PROBE_TARGET: target };
  return runMeasuringChild<Probe>(process.execPath, args, `probe ${op}`, env);
}

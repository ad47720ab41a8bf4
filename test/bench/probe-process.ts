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

/** Run one probe op on `file` (`work`: its scratch path) and return what it measured. */
export function probe(op: string, file: string, work: string): Probe {
  const child = spawnSync(
    process.execPath,
    ['--expose-gc', '--max-old-space-size=16384', '--import', 'tsx', path.join(here, 'probe.ts'), op, file, work],
    { encoding: 'utf8', maxBuffer: 1 << 20 },
  );
  if (child.status !== 0)
    throw new Error(`probe ${op} failed (${child.status ?? child.signal}): ${child.stderr.trim().split('\n').slice(-6).join('\n')}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1)!) as Probe;
}

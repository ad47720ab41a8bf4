/**
 * The engine's speed: `inspect()` of a generated 100 MB session (no payloads) divided by the floor —
 * reading the file and JSON.parse of every line, measured in the same process. Target ≤ 2.0.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from '../../electron/host/inspect.js';
import type { BenchContext, BenchResult } from './run.js';
import { generateSession } from './session-generator.js';

const MB = Number(process.env.ENGINE_BENCH_MB ?? 100);
const RUNS = Number(process.env.ENGINE_BENCH_RUNS ?? 3);

function floor(file: string): number {
  const start = performance.now();
  const text = readFileSync(file, 'utf8');
  let count = 0;
  for (const line of text.split('\n')) if (line) count += JSON.parse(line) ? 1 : 0;
  if (count === 0) throw new Error('empty bench file');
  return performance.now() - start;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function engineBench(ctx: BenchContext): Promise<BenchResult[]> {
  const file = path.join(ctx.workDir, `engine-${MB}mb.jsonl`);
  const stats = await generateSession(file, MB);
  ctx.log(`generated ${(stats.bytes / 1e6).toFixed(1)} MB, ${stats.lines} lines, ${stats.messages} messages`);
  const target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5' };
  const floors: number[] = [];
  const runs: number[] = [];
  let annotations = 0;
  for (let i = 0; i < RUNS; i += 1) {
    floors.push(floor(file));
    const start = performance.now();
    const r = await inspect({ file }, target, { payloads: false, codec: null, now: 0 });
    runs.push(performance.now() - start);
    annotations = r.annotations.length;
    global.gc?.();
  }
  const f = median(floors);
  const t = median(runs);
  ctx.log(`floor runs ${floors.map((x) => x.toFixed(0)).join(', ')} ms; inspect runs ${runs.map((x) => x.toFixed(0)).join(', ')} ms; ${annotations} annotations`);
  return [
    { name: `read + JSON.parse every line (${MB} MB floor)`, value: f, unit: 'ms' },
    { name: `inspect() without payloads (${MB} MB)`, value: t, unit: 'ms', ratio: t / f, target: 2.0 },
  ];
}

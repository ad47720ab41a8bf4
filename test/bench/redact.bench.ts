/**
 * Redaction: `writeRedactedSession` (what `redact --no-check` and the app's redacted export do before
 * their check) on session shapes, each run in a fresh process (test/bench/probe.ts `redact`), against
 * the parse floor timed in the same process after it. Every string of the file is rewritten, so the
 * figure is several times the floor; no target, guarded at the level reached (its CPU-time ratio).
 * The check that follows it is two inspections with payloads, which the shapes bench measures.
 *
 * Options (after `npm run bench --`): --redact-mb=N (default 100) · --redact-runs=N (default 3) ·
 * --redact-shapes=a,b (default: pi-model-switch, signatures and reasoning items; mid-results, texts
 * held at two bytes a character; code-results, escaped ASCII code; short-turns, many small values).
 * Env: REDACT_BENCH_MB, REDACT_BENCH_RUNS, REDACT_BENCH_SHAPES.
 */
import { rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchResult } from './run.js';
import { probe } from './probe-process.js';
import { option, shapesOption } from './options.js';
import { writeBenchShape } from './pi-written.js';
import { median } from './stats.js';

const DEFAULT_SHAPES = 'pi-model-switch,mid-results,code-results,short-turns';

export default async function redactBench(ctx: BenchContext): Promise<BenchResult[]> {
  const mb = Math.max(1, Number(option(ctx.args, 'redact-mb', 'REDACT_BENCH_MB', '100')));
  const runs = Math.max(1, Number(option(ctx.args, 'redact-runs', 'REDACT_BENCH_RUNS', '3')));
  // Its own option, so that --shapes for the shapes bench does not change this one's sessions.
  const shapes = shapesOption(
    [`--shapes=${option(ctx.args, 'redact-shapes', 'REDACT_BENCH_SHAPES', DEFAULT_SHAPES)}`],
    'REDACT_BENCH_SHAPES',
  );
  const results: BenchResult[] = [];
  for (const shape of shapes) {
    const file = path.join(ctx.workDir, `redact-${shape}-${mb}.jsonl`);
    // The probe writes the copy beside it, at `${work}.redacted.jsonl`, and removes it.
    const work = path.join(ctx.workDir, `redact-work-${shape}`);
    const made = await writeBenchShape(file, shape, mb, 'mixed');
    const size = statSync(file).size;
    ctx.log(`${shape}, ${mb} MiB: ${(size / 1e6).toFixed(1)} MB, ${made.lines} lines`);
    const ms: number[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    const rss: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const p = probe('redact', file, work);
      ms.push(p.ms);
      ratios.push(p.ms / p.floorMs);
      cpuRatios.push(p.cpuMs / p.floorCpuMs);
      rss.push((p.rssPeak - p.rssBefore) / size);
      ctx.log(
        `  run ${run + 1} (load ${os.loadavg()[0].toFixed(1)}): redaction ${p.ms.toFixed(0)} ms, floor ${p.floorMs.toFixed(0)} ms (CPU-time ratio ${cpuRatios.at(-1)!.toFixed(2)}); ${p.texts} texts, ${p.signatures} signatures; RSS growth ${rss.at(-1)!.toFixed(2)} × file`,
      );
    }
    rmSync(file, { force: true });
    results.push({
      name: `${shape}, ${mb} MiB: redaction (writeRedactedSession, no check)`,
      value: median(ms),
      unit: 'ms',
      ratio: median(ratios),
      guard: median(cpuRatios),
      note: `ratio to the floor (CPU time: ${median(cpuRatios).toFixed(2)}); peak RSS growth ${median(rss).toFixed(2)} × file`,
    });
  }
  return results;
}

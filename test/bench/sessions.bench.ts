/**
 * Large sessions: generated sessions of 10, 100 and 500 MiB (most lines 1–30 KB, multi-MB images
 * and tool outputs, a branch, a compaction, a cut line every 1500 and a cut-off last line), each
 * measurement in a fresh process (test/bench/probe.ts) so its peak RSS is its own.
 *
 * Figures, each as a ratio to a floor measured in the same run:
 * - streamed read + parse, and `inspect()` without and with payloads: floor = read the file +
 *   JSON.parse of every line, timed in the same process right after the figure. Target for
 *   inspect: ≤ 2.
 * - `inspect()` without payloads of the same session in an OpenClaw store (from 100 to 200 MiB;
 *   store-writer.ts), over the same floor: what reading a stored session costs beside a file.
 * - the repair step (after the plan the app shows first): floor = copy the file + fsync. Target ≤ 2.
 * - peak RSS of `inspect()` with payloads and of the app's host (open, inspect, first windows), as
 *   the growth over the process's own RSS once warmed up (modules loaded, a tiny session inspected),
 *   divided by the file size.
 *   Target ≤ 3 up to 200 MB.
 *
 * Env: SESSIONS_BENCH_MB=10,100,500 · SESSIONS_BENCH_RUNS=3 (at least 7 up to 20 MiB; sessions over
 * 200 MiB run once).
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext, BenchResult } from './run.js';
import { probe, type Probe } from './probe-process.js';
import { median } from './stats.js';
import { generateSession } from './session-generator.js';
import { writeBenchStore } from './store-writer.js';

const SIZES = (process.env.SESSIONS_BENCH_MB ?? '10,100,500')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const RUNS = Math.max(1, Number(process.env.SESSIONS_BENCH_RUNS ?? 3));

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;

export default async function sessionsBench(ctx: BenchContext): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const mb of SIZES) {
    const file = path.join(ctx.workDir, `session-${mb}.jsonl`);
    const work = path.join(ctx.workDir, `work-${mb}`);
    mkdirSync(work, { recursive: true });
    const made = await generateSession(file, mb, { damaged: true });
    const size = statSync(file).size;
    ctx.log(`${mb} MiB: ${(size / 1e6).toFixed(1)} MB, ${made.lines} lines, ${made.messages} messages`);
    // Small sessions are quick and noisy: more runs. Large ones are slow and steady: one.
    const runs = mb > 200 ? 1 : mb <= 20 ? Math.max(RUNS, 7) : RUNS;
    // From 100 to 200 MiB, the same session in an OpenClaw store too (a stored session is read from
    // the store's pages). At 10 MiB its figure is mostly fixed costs, and spread from 1.5 to 3.2 ×
    // the floor in CPU time over seven runs of the same code.
    const store = mb >= 100 && mb <= 200 ? path.join(work, 'openclaw-agent.sqlite') : null;
    if (store) {
      const t = performance.now();
      writeBenchStore(file, store);
      ctx.log(
        `  as a stored session: a store of ${(statSync(store).size / 1e6).toFixed(1)} MB, written in ${((performance.now() - t) / 1000).toFixed(1)} s`,
      );
    }
    const stored = { ms: [] as number[], ratio: [] as number[], guard: [] as number[] };
    const ratios: Record<string, number[]> = { parse: [], inspect: [], payloads: [], repair: [] };
    const times: Record<string, number[]> = {
      floor: [],
      parse: [],
      inspect: [],
      payloads: [],
      copy: [],
      repair: [],
      plan: [],
      open: [],
      appInspect: [],
      firstWindow: [],
    };
    const rss: Record<string, number[]> = { payloads: [], app: [] };
    for (let run = 0; run < runs; run += 1) {
      // Each figure over the floor measured in the same process right after it: a busy machine slows both alike.
      const paired = (key: string, op: string): Probe => {
        const p = probe(op, file, work);
        times.floor.push(p.floorMs);
        times[key].push(p.ms);
        ratios[key].push(p.ms / p.floorMs);
        return p;
      };
      paired('parse', 'parse');
      paired('inspect', 'inspect');
      const full = paired('payloads', 'inspect-payloads');
      rss.payloads.push((full.rssPeak - full.rssBefore) / size);
      const copy = probe('copy-fsync', file, path.join(work, 'copy.jsonl')).ms;
      const repair = probe('repair', file, path.join(work, 'session.jsonl'));
      times.copy.push(copy);
      times.repair.push(repair.ms);
      times.plan.push(repair.planMs);
      ratios.repair.push(repair.ms / copy);
      if (store) {
        const p = probe('inspect-stored', file, store);
        stored.ms.push(p.ms);
        stored.ratio.push(p.ms / p.floorMs);
        stored.guard.push(p.cpuMs / p.floorCpuMs);
      }
      const app = probe('app', file, work);
      times.open.push(app.openMs);
      times.appInspect.push(app.inspectMs);
      times.firstWindow.push(app.firstWindowMs);
      rss.app.push((app.rssPeak - app.rssBefore) / size);
      ctx.log(
        `  run ${run + 1}: floor ${times.floor
          .slice(-3)
          .map((x) => x.toFixed(0))
          .join(
            '/',
          )} ms; parse ${times.parse.at(-1)!.toFixed(0)}, inspect ${times.inspect.at(-1)!.toFixed(0)}, with payloads ${full.ms.toFixed(0)} ms (peak RSS ${mib(full.rssPeak)}); copy+fsync ${copy.toFixed(0)}, plan ${repair.planMs.toFixed(0)}, repair ${repair.ms.toFixed(0)} ms; app open ${app.openMs.toFixed(0)}, inspect ${app.inspectMs.toFixed(0)}, first windows ${app.firstWindowMs.toFixed(0)} ms (peak RSS ${mib(app.rssPeak)})`,
      );
    }
    rmSync(file, { force: true });
    rmSync(work, { recursive: true, force: true });
    const label = `${mb} MiB`;
    const rssTarget = mb <= 200 ? 3 : undefined;
    results.push(
      { name: `read + JSON.parse every line, ${label} (floor)`, value: median(times.floor), unit: 'ms' },
      {
        name: `streamed read + parse, ${label}`,
        value: median(times.parse),
        unit: 'ms',
        ratio: median(ratios.parse),
        note: 'ratio to the parse floor',
      },
      {
        name: `inspect() without payloads, ${label}`,
        value: median(times.inspect),
        unit: 'ms',
        ratio: median(ratios.inspect),
        target: 2,
        note: 'read, parse, context, every rule, sharp on oversized images',
      },
      ...(store
        ? [
            {
              name: `inspect() without payloads of the same session in an OpenClaw store, ${label}`,
              value: median(stored.ms),
              unit: 'ms',
              ratio: median(stored.ratio),
              guard: median(stored.guard),
              note: "ratio to the JSONL file's parse floor: compare with inspect() without payloads above",
            },
          ]
        : []),
      {
        name: `inspect() with payloads, ${label}`,
        value: median(times.payloads),
        unit: 'ms',
        ratio: median(ratios.payloads),
        target: 2,
        note: 'plus pi-ai payloads of both sides and preflight',
      },
      { name: `copy + fsync, ${label} (repair floor)`, value: median(times.copy), unit: 'ms' },
      {
        name: `repair step after the plan, ${label}`,
        value: median(times.repair),
        unit: 'ms',
        ratio: median(ratios.repair),
        target: 2,
        note: `plan ${median(times.plan).toFixed(0)} ms before it`,
      },
      {
        name: `peak RSS growth of inspect() with payloads, ${label}`,
        value: median(rss.payloads),
        unit: '× file',
        ratio: median(rss.payloads),
        target: rssTarget,
        note: 'peak RSS − RSS once warmed up, over the file size',
      },
      {
        name: `peak RSS growth of the app host, ${label}`,
        value: median(rss.app),
        unit: '× file',
        ratio: median(rss.app),
        target: rssTarget,
        note: 'open + inspect + first windows of both payloads',
      },
      {
        name: `app host: open → first windows ready, ${label}`,
        value: median(times.open) + median(times.appInspect) + median(times.firstWindow),
        unit: 'ms',
        note: `open ${median(times.open).toFixed(0)} + inspect ${median(times.appInspect).toFixed(0)} + first windows ${median(times.firstWindow).toFixed(0)} ms`,
      },
    );
  }
  return results;
}

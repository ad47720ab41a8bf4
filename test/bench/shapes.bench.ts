/**
 * Session shapes: `inspect()` on every shape of test/bench/session-shapes.ts (many mid-size tool
 * results, many short turns, long thinking, base64-heavy, one huge tool output, many tool calls per
 * turn, deep branches, code and logs with signed thinking as pi writes them), each measurement in a
 * fresh process (test/bench/probe.ts).
 *
 * Per shape: the parse floor (read + JSON.parse of every line, timed in the same process right after
 * each figure), the floor when it keeps every parsed value (what any inspection keeps, which costs the
 * GC's copying and marking of them: no target and not checked, it says how far below it `inspect()`
 * cannot go; and what those values weigh, after a full collection, against the peak RSS line),
 * `inspect()` without payloads (target ≤ 1.5 × the floor), with pi-ai payloads of both
 * sides and preflight (target ≤ 2 ×), pi-ai's own share (its payload builds of both sides, after an
 * untimed inspection), and the peak RSS growth of `inspect()` with payloads over the file size
 * (target ≤ 2). Each figure is the median of its runs' ratios; runs alternate the ops, so a busy
 * moment of the machine spreads over all of them. Each ratio is also taken in CPU time (every thread
 * of the probe's process, the floor's likewise): a loaded machine stretches wall time but hardly CPU
 * time, so `--check` guards the CPU-time ratios (`guard`).
 *
 * Options (after `npm run bench --`): --mb=N (default 100; iterate at 20) · --runs=N (default 3) ·
 * --shapes=a,b (shape names or groups: `generated`, the eight above; `pi-written`, sessions pi wrote
 * repeated to the size, test/bench/pi-written.ts; `all`, those thirteen and the default; `adversarial`,
 * sessions whose structure would make a pass quadratic, no baseline figure) · --text=latin1 (texts
 * without the CJK word, so V8 holds every parsed string at one byte a character; default mixed; the
 * figures' names then say so, and no baseline figure guards them) · --again (also `inspect()` with
 * payloads as a process's second inspection of the session, the first untimed: what the desktop app
 * or `serve` pays once its code has run on a big session, against the first run's compiling and
 * recompiling; reported, not checked) · --target=provider/api/model (inspect for another target than
 * `claude-sonnet-4-5` on Anthropic, e.g. openai/openai-responses/gpt-5: each policy sends a session
 * through other rules and each API's payload is built apart; the figures' names then say so, and no
 * baseline figure guards them). Env: SHAPES_BENCH_MB, SHAPES_BENCH_RUNS, SHAPES_BENCH_SHAPES,
 * SHAPES_BENCH_TEXT, SHAPES_BENCH_AGAIN=1, SHAPES_BENCH_TARGET.
 */
import { mkdirSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchResult } from './run.js';
import { probe } from './probe-process.js';
import { option, shapesOption } from './options.js';
import { writeBenchShape } from './pi-written.js';
import { SHAPE_TEXTS, type ShapeText } from './session-shapes.js';
import { median } from './stats.js';
import { parseBenchTarget } from './target.js';
import { BenchUsageError } from './usage-error.js';

/** One list of figures for each timed op, by its key in the log. */
const perOp = (): Record<string, number[]> => ({ keep: [], inspect: [], payloads: [], piAi: [], again: [] });

export default async function shapesBench(ctx: BenchContext): Promise<BenchResult[]> {
  const mb = Math.max(1, Number(option(ctx.args, 'mb', 'SHAPES_BENCH_MB', '100')));
  const runs = Math.max(1, Number(option(ctx.args, 'runs', 'SHAPES_BENCH_RUNS', '3')));
  // Every shape the baseline guards, unless asked for fewer.
  const wanted = shapesOption(ctx.args, 'SHAPES_BENCH_SHAPES', 'all');
  const text = option(ctx.args, 'text', 'SHAPES_BENCH_TEXT', 'mixed') as ShapeText;
  if (!SHAPE_TEXTS.includes(text)) throw new BenchUsageError(`unknown --text=${text} (known: ${SHAPE_TEXTS.join(', ')})`);
  const textLabel = text === 'mixed' ? '' : `, ${text} text`;
  const again = ctx.args.includes('--again') || process.env.SHAPES_BENCH_AGAIN === '1';
  const targetSpec = option(ctx.args, 'target', 'SHAPES_BENCH_TARGET', '') || undefined;
  // Checked here, so a bad spec is a usage error before any session is written.
  if (targetSpec !== undefined) parseBenchTarget(targetSpec);
  const targetLabel = targetSpec === undefined ? '' : `, for ${targetSpec}`;
  const results: BenchResult[] = [];
  for (const shape of wanted) {
    const file = path.join(ctx.workDir, `shape-${shape}-${mb}.jsonl`);
    const work = path.join(ctx.workDir, `work-${shape}`);
    mkdirSync(work, { recursive: true });
    const made = await writeBenchShape(file, shape, mb, text);
    const size = statSync(file).size;
    ctx.log(`${shape}, ${mb} MiB${textLabel}${targetLabel}: ${(size / 1e6).toFixed(1)} MB, ${made.lines} lines, ${made.messages} messages`);
    const floor: number[] = [];
    const ms = perOp();
    const ratios = perOp();
    const cpuRatios = perOp();
    const rss: number[] = [];
    const keptWeight: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const paired = (key: string, op: string) => {
        const p = probe(op, file, work, targetSpec);
        floor.push(p.floorMs);
        ms[key].push(p.ms);
        ratios[key].push(p.ms / p.floorMs);
        cpuRatios[key].push(p.cpuMs / p.floorCpuMs);
        return p;
      };
      const kept = paired('keep', 'floor-keep');
      keptWeight.push(kept.keptBytes / size);
      paired('inspect', 'inspect');
      const full = paired('payloads', 'inspect-payloads');
      rss.push((full.rssPeak - full.rssBefore) / size);
      paired('piAi', 'pi-ai');
      if (again) {
        const second = paired('again', 'inspect-payloads-again');
        if (second.annotations !== second.firstAnnotations)
          throw new Error(`${shape}: a second inspection gave ${second.annotations} annotations, the first ${second.firstAnnotations}`);
      }
      const cpu = (key: string) => cpuRatios[key].at(-1)!.toFixed(2);
      ctx.log(
        `  run ${run + 1} (load ${os.loadavg()[0].toFixed(1)}): floor ${floor
          .slice(-4)
          .map((x) => x.toFixed(0))
          .join(
            '/',
          )} ms; floor keeping ${ms.keep.at(-1)!.toFixed(0)}, inspect ${ms.inspect.at(-1)!.toFixed(0)}, with payloads ${full.ms.toFixed(0)}, pi-ai ${ms.piAi.at(-1)!.toFixed(0)} ms (CPU-time ratios ${cpu('keep')}/${cpu('inspect')}/${cpu('payloads')}/${cpu('piAi')}); RSS growth ${rss.at(-1)!.toFixed(2)} × file (the parsed values weigh ${keptWeight.at(-1)!.toFixed(2)})${
          again ? `; second inspection ${ms.again.at(-1)!.toFixed(0)} ms (CPU-time ratio ${cpu('again')})` : ''
        }`,
      );
    }
    rmSync(file, { force: true });
    rmSync(work, { recursive: true, force: true });
    const label = `${shape}, ${mb} MiB${textLabel}${targetLabel}`;
    results.push(
      { name: `${label}: read + JSON.parse every line (floor)`, value: median(floor), unit: 'ms' },
      {
        name: `${label}: the floor keeping every parsed value`,
        value: median(ms.keep),
        unit: 'ms',
        ratio: median(ratios.keep),
        guard: median(cpuRatios.keep),
        note: `what keeping the parsed lines costs by itself, ratio to the floor (CPU time: ${median(cpuRatios.keep).toFixed(2)})`,
        // V8's collector at work, not this project's code: one run of it spread 1.47-1.99 on many-calls.
        unchecked: true,
      },
      {
        name: `${label}: inspect() without payloads`,
        value: median(ms.inspect),
        unit: 'ms',
        ratio: median(ratios.inspect),
        guard: median(cpuRatios.inspect),
        target: 1.5,
        note: `ratio to the floor (CPU time: ${median(cpuRatios.inspect).toFixed(2)})`,
      },
      {
        name: `${label}: inspect() with payloads + preflight`,
        value: median(ms.payloads),
        unit: 'ms',
        ratio: median(ratios.payloads),
        guard: median(cpuRatios.payloads),
        target: 2,
        note: `ratio to the floor (CPU time: ${median(cpuRatios.payloads).toFixed(2)})`,
      },
      {
        name: `${label}: pi-ai payload builds, both sides`,
        value: median(ms.piAi),
        unit: 'ms',
        ratio: median(ratios.piAi),
        guard: median(cpuRatios.piAi),
        note: `pi-ai alone (its share of the figure above), ratio to the floor (CPU time: ${median(cpuRatios.piAi).toFixed(2)})`,
      },
      ...(again
        ? [
            {
              name: `${label}: inspect() with payloads + preflight, a process's second inspection`,
              value: median(ms.again),
              unit: 'ms',
              ratio: median(ratios.again),
              guard: median(cpuRatios.again),
              note: `the same inspection once the process has run it, ratio to the floor (CPU time: ${median(cpuRatios.again).toFixed(2)})`,
              // What a host that stays up pays; the issue's targets are for the first run.
              unchecked: true,
            },
          ]
        : []),
      {
        name: `${label}: what every parsed value weighs`,
        value: median(keptWeight),
        unit: '× file',
        ratio: median(keptWeight),
        note: 'the heap of every value JSON.parse gave, after a full collection, over the file size: what any inspection that keeps the parsed lines holds at least, below the peak RSS line',
        // V8's objects for the file's values, not this project's code.
        unchecked: true,
      },
      {
        name: `${label}: peak RSS growth of inspect() with payloads`,
        value: median(rss),
        unit: '× file',
        ratio: median(rss),
        target: 2,
        note: 'peak RSS − RSS once warmed up, over the file size',
      },
    );
  }
  return results;
}

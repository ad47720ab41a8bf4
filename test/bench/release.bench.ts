/**
 * This project against the release it reproduces: OpenClaw 2026.9.6's own replay pipeline and
 * `inspect()` without payloads (in `openclaw-2026.9.6` behaviour) on the shapes bench's sessions,
 * each cold in a fresh process (test/oracle/time-release.mjs), the sides alternating: the release
 * and `inspect()` under the oracle's Node (the same Node and V8), and `inspect()` under this Node.
 * Every run's messages are compared with the release's (JSON with sorted keys, an image's data left
 * out: the release encodes reduced images with its own library); a difference fails the bench, whose
 * figures would then compare different work. Reported, not checked: the oracle is not on every
 * machine. Skipped, with the reason printed, unless ORACLE_DIR names the openclaw-oracle folder and
 * its Node (≥ 24.16) is at ORACLE_NODE (default: where the oracle's setup installs it, as for
 * scripts/oracle-compare.mjs).
 *
 * Options (after `npm run bench --`): --mb=N (default 100) · --runs=N (default 3) · --shapes=a,b
 * (names or groups, as for the shapes bench; default the generated shapes). Env: RELEASE_BENCH_MB, RELEASE_BENCH_RUNS, RELEASE_BENCH_SHAPES.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchResult } from './run.js';
import { option, shapesOption } from './options.js';
import { runMeasuringChild } from './probe-process.js';
import { writeBenchShape } from './pi-written.js';
import { median } from './stats.js';
import { oracleNode as defaultOracleNode } from '../oracle/lib/oracle-node.mjs';

const timer = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'oracle', 'time-release.mjs');

/** What time-release.mjs prints for one run. */
interface Timed {
  side: 'release' | 'engine';
  ms: number;
  cpuMs: number;
  floorMs: number;
  floorCpuMs: number;
  messages: number;
  images: number;
  digest: string;
}

/** The sides, each run in a fresh process of its Node. */
const SIDES = [
  { key: 'release', label: 'the release', timed: 'release', oracleNode: true },
  { key: 'engine', label: "inspect() on the release's Node", timed: 'engine', oracleNode: true },
  { key: 'engine-node', label: "inspect() on this project's Node", timed: 'engine', oracleNode: false },
] as const;

function timeOne(node: string, side: 'release' | 'engine', file: string): Timed {
  const loader = side === 'engine' ? ['--import', 'tsx'] : [];
  return runMeasuringChild<Timed>(node, ['--max-old-space-size=16384', ...loader, timer, side, file], `time-release ${side}`);
}

export default async function releaseBench(ctx: BenchContext): Promise<BenchResult[]> {
  const oracleDir = process.env.ORACLE_DIR;
  const oracleNode = defaultOracleNode();
  if (!oracleDir || !existsSync(path.join(oracleDir, 'lib', 'load-engine.mjs'))) {
    ctx.log('skipped: set ORACLE_DIR to the openclaw-oracle folder (the one holding lib/load-engine.mjs)');
    return [];
  }
  if (!existsSync(oracleNode)) {
    ctx.log(`skipped: no Node ≥ 24.16 at ${oracleNode} (set ORACLE_NODE to the one the oracle runs on)`);
    return [];
  }
  const mb = Math.max(1, Number(option(ctx.args, 'mb', 'RELEASE_BENCH_MB', '100')));
  const runs = Math.max(1, Number(option(ctx.args, 'runs', 'RELEASE_BENCH_RUNS', '3')));
  const wanted = shapesOption(ctx.args, 'RELEASE_BENCH_SHAPES');
  const results: BenchResult[] = [];
  for (const shape of wanted) {
    const file = path.join(ctx.workDir, `release-${shape}-${mb}.jsonl`);
    await writeBenchShape(file, shape, mb);
    const timed = new Map<string, Timed[]>(SIDES.map((s) => [s.key, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const side of SIDES) timed.get(side.key)!.push(timeOne(side.oracleNode ? oracleNode : process.execPath, side.timed, file));
      const [release, ...engines] = SIDES.map((s) => timed.get(s.key)!.at(-1)!);
      for (const e of engines)
        if (e.digest !== release.digest || e.messages !== release.messages)
          throw new Error(
            `${shape}: inspect() handed the provider adapter other messages than the release (${e.messages} against ${release.messages}): the times would compare different work`,
          );
      ctx.log(
        `${shape} run ${run + 1}: ${SIDES.map((s) => `${s.key} ${timed.get(s.key)!.at(-1)!.ms.toFixed(0)} ms`).join(', ')}; ${release.messages} messages out (${release.images} images), the same on every side`,
      );
    }
    const releaseMs = median(timed.get('release')!.map((t) => t.ms));
    const label = `${shape}, ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`;
    for (const side of SIDES) {
      const list = timed.get(side.key)!;
      const ms = median(list.map((t) => t.ms));
      const cpu = median(list.map((t) => t.cpuMs));
      const floorRatio = median(list.map((t) => t.ms / t.floorMs));
      results.push({
        name: `${label}: ${side.label}, without payloads`,
        value: ms,
        unit: 'ms',
        ...(side.key === 'release' ? {} : { ratio: ms / releaseMs }),
        unchecked: true,
        note:
          side.key === 'release'
            ? `CPU ${cpu.toFixed(0)} ms`
            : `ratio to the release's time (${(releaseMs / ms).toFixed(1)} × faster); CPU ${cpu.toFixed(0)} ms; ${floorRatio.toFixed(2)} × its parse floor`,
      });
    }
  }
  return results;
}

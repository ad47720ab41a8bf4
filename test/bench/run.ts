/**
 * Bench runner: imports every `*.bench.ts` in this folder and prints a table of figures.
 *
 * `--only=a,b` runs the modules whose names start so. `--check` compares every figure that has a
 * ratio with test/bench/baseline.json and exits 1 when one is more than 20 % worse (ratios, not raw
 * times: a ratio to a floor measured in the same run travels between machines and busy moments far
 * better than milliseconds). A figure that also has a `guard` (the same ratio in CPU time, which
 * other processes on a loaded machine hardly move) is checked on it instead, so a busy moment does
 * not fail the check; its wall-clock ratio is printed beside it. `--update-baseline` writes the
 * figures of this run into the baseline.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BenchUsageError } from './usage-error.js';

/** One measured figure. `ratio` is value / floor when the bench compares to a floor. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  ratio?: number;
  /** The ratio in CPU time, when the bench measures it: what `--check` compares instead of `ratio`. */
  guard?: number;
  target?: number;
  note?: string;
  /** Reported, never checked: a figure of the machine and Node rather than of this project's code. */
  unchecked?: boolean;
}

export interface BenchContext {
  workDir: string;
  log: (line: string) => void;
  args: string[];
}

/**
 * A baseline figure; `tolerance`, when set, replaces REGRESSION for it (a figure whose runs of the
 * same code spread wider, with the measurements in `why`).
 */
type Figure = { value: number; unit: string; ratio?: number; guard?: number; tolerance?: number; why?: string };

interface Baseline {
  machine: string;
  updated: string;
  figures: Record<string, Figure>;
  /**
   * Figures that the same code gives differently on another processor family (its model name
   * contains `cpu`), each with the measurements that show it is the processor and not the code:
   * they replace `figures`' for the check on such a machine only.
   */
  byCpu?: { cpu: string; why: string; figures: Record<string, Figure> }[];
}

/** A ratio this much above the baseline's is a regression… */
export const REGRESSION = 1.2;
/**
 * …when it is also at least this much above it. A small share (pi-ai's on long-thinking, about 0.2 ×
 * the floor, 250 ms of 1.3 s) moves by more than 20 % between runs of the same code on this machine
 * (0.16–0.25): below this step the check would flag the machine, not the code.
 */
export const REGRESSION_MIN_STEP = 0.05;

const here = path.dirname(fileURLToPath(import.meta.url));
const baselineFile = path.join(here, 'baseline.json');
const args = process.argv.slice(2);
const only = args
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const check = args.includes('--check');
const update = args.includes('--update-baseline');
const cpuModel = os.cpus()[0]?.model ?? 'cpu';
const machine = `${os.cpus().length} × ${cpuModel}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, node ${process.version}`;
const files = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => !only || only.some((o) => f.startsWith(o)))
  .sort();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'ti-bench-'));
const results: BenchResult[] = [];
let usageError: string | undefined;
try {
  for (const file of files) {
    console.log(`\n## ${file}`);
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default: (ctx: BenchContext) => Promise<BenchResult[]> };
    const got = await mod.default({ workDir, log: (line) => console.log(`  ${line}`), args });
    for (const r of got) {
      results.push(r);
      const ratio =
        r.ratio === undefined
          ? ''
          : `  ratio ${r.ratio.toFixed(2)}${r.target === undefined ? '' : ` (target ≤ ${r.target})${r.ratio <= r.target ? ' ok' : ' OVER'}`}`;
      console.log(`  ${r.name}: ${r.value.toFixed(r.unit === 'ms' ? 0 : 2)} ${r.unit}${ratio}${r.note ? `  — ${r.note}` : ''}`);
    }
  }
} catch (error) {
  if (!(error instanceof BenchUsageError)) throw error;
  usageError = error.message;
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
if (usageError) {
  console.error(`npm run bench: ${usageError}`);
  process.exit(2);
}
console.log(`\n${results.length} figure(s) on ${machine}`);

const over = results.filter((r) => r.ratio !== undefined && r.target !== undefined && r.ratio > r.target);
if (over.length) console.log(`${over.length} figure(s) over target: ${over.map((r) => r.name).join('; ')}`);

function readBaseline(): Baseline | null {
  try {
    return JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
  } catch {
    return null;
  }
}

if (check) {
  const baseline = readBaseline();
  if (!baseline) {
    console.error(`--check: no baseline at ${path.relative(process.cwd(), baselineFile)} (make one with --update-baseline)`);
    process.exit(1);
  }
  console.log(
    `\nchecking against the baseline of ${baseline.updated} (${baseline.machine}); a ratio ${Math.round((REGRESSION - 1) * 100)} % and ${REGRESSION_MIN_STEP} above it fails (load now ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores; CPU-time ratios where measured)`,
  );
  const own = baseline.byCpu?.find((o) => cpuModel.includes(o.cpu));
  // Why a figure is judged as it is (its processor's own figure, its own tolerance): each reason is
  // printed once, after the list, and each line names its reasons by number.
  const reasons: string[] = [];
  const reason = (text: string): string => {
    const at = reasons.indexOf(text);
    return `[${(at < 0 ? reasons.push(text) : at + 1).toString()}]`;
  };
  let regressions = 0;
  for (const r of results) {
    const mine = own?.figures[r.name];
    const base = mine ?? baseline.figures[r.name];
    if (r.unchecked || r.ratio === undefined || base?.ratio === undefined) continue;
    // The CPU-time ratio when both runs have one: wall time on a loaded machine is not the code's.
    const cpu = r.guard !== undefined && base.guard !== undefined;
    const [now, then] = cpu ? [r.guard!, base.guard!] : [r.ratio, base.ratio];
    const change = now / then;
    const verdict = change > (base.tolerance ?? REGRESSION) && now - then >= REGRESSION_MIN_STEP ? 'REGRESSION' : 'ok';
    if (verdict !== 'ok') regressions += 1;
    const wall = cpu ? ` (wall clock ${r.ratio.toFixed(2)} vs ${base.ratio.toFixed(2)})` : '';
    const whose = [
      mine ? reason(`the ${own!.cpu} figure: ${own!.why}`) : '',
      base.tolerance === undefined ? '' : reason(`fails above +${Math.round((base.tolerance - 1) * 100)} %: ${base.why}`),
    ].join('');
    console.log(
      `  ${verdict.padEnd(10)} ${r.name}: ${cpu ? 'CPU ' : ''}${now.toFixed(2)} vs ${then.toFixed(2)} (${change >= 1 ? '+' : ''}${((change - 1) * 100).toFixed(0)} %)${wall}${whose ? ` ${whose}` : ''}`,
    );
  }
  reasons.forEach((text, i) => console.log(`  [${i + 1}] ${text}`));
  const missing = results.filter((r) => !r.unchecked && r.ratio !== undefined && baseline.figures[r.name]?.ratio === undefined);
  if (missing.length) console.log(`  (no baseline yet for: ${missing.map((r) => r.name).join('; ')})`);
  if (regressions) {
    console.error(`${regressions} regression(s) of more than ${Math.round((REGRESSION - 1) * 100)} %`);
    process.exitCode = 1;
  }
}

if (update) {
  const baseline = readBaseline() ?? { machine, updated: '', figures: {} };
  for (const r of results.filter((r) => !r.unchecked)) {
    // A figure's own tolerance is a judgement on its spread, not a measurement: it stays.
    const { tolerance, why } = baseline.figures[r.name] ?? {};
    baseline.figures[r.name] = {
      value: Math.round(r.value * 100) / 100,
      unit: r.unit,
      ...(r.ratio === undefined ? {} : { ratio: Math.round(r.ratio * 1000) / 1000 }),
      ...(r.guard === undefined ? {} : { guard: Math.round(r.guard * 1000) / 1000 }),
      ...(tolerance === undefined ? {} : { tolerance, why }),
    };
  }
  baseline.machine = machine;
  baseline.updated = new Date().toISOString().slice(0, 10);
  writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
  console.log(`baseline updated: ${path.relative(process.cwd(), baselineFile)} (${results.length} figure(s))`);
}

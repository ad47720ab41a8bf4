/** Bench runner: imports every `*.bench.ts` in this folder and prints a table of figures. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** One measured figure. `ratio` is value / floor when the bench compares to a floor. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  ratio?: number;
  target?: number;
  note?: string;
}

export interface BenchContext {
  workDir: string;
  log: (line: string) => void;
  args: string[];
}

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const only = args.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const files = readdirSync(here).filter((f) => f.endsWith('.bench.ts')).filter((f) => !only || only.some((o) => f.startsWith(o))).sort();
const workDir = mkdtempSync(path.join(os.tmpdir(), 'ti-bench-'));
const results: BenchResult[] = [];
try {
  for (const file of files) {
    console.log(`\n## ${file}`);
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default: (ctx: BenchContext) => Promise<BenchResult[]> };
    const got = await mod.default({ workDir, log: (line) => console.log(`  ${line}`), args });
    for (const r of got) {
      results.push(r);
      const ratio = r.ratio === undefined ? '' : `  ratio ${r.ratio.toFixed(2)}${r.target === undefined ? '' : ` (target ≤ ${r.target})${r.ratio <= r.target ? ' ok' : ' OVER'}`}`;
      console.log(`  ${r.name}: ${r.value.toFixed(r.unit === 'ms' ? 0 : 2)} ${r.unit}${ratio}${r.note ? `  — ${r.note}` : ''}`);
    }
  }
} finally {
  rmSync(workDir, { recursive: true, force: true });
}
console.log(`\n${results.length} figure(s) on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, node ${process.version}`);

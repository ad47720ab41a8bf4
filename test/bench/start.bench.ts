/**
 * Start: the built CLI (dist/node) on a small session, against an empty Node start (`node -e 0`) in
 * the same run. Figures: `inspect FILE` (payloads and preflight included), `inspect --no-payloads FILE`
 * and `serve FILE` until its first stdout line (the URL). Target: inspect ≤ 3 × the empty start.
 *
 * Each figure is the median of its runs' ratios; the commands alternate, so a busy moment of the
 * machine spreads over all of them. Wall time and CPU time (user + system of the whole process,
 * from bash's `times`; for serve, read from /proc when the URL line arrives) are both taken: the
 * CPU-time ratio is the one `--check` guards, since other processes on a loaded machine stretch wall
 * time but hardly CPU time.
 *
 * The session: the first 4 lines of test/fixtures/pi-sessions/a-anthropic-tools.jsonl (header,
 * model, thinking level, one user turn). And `inspect` of a whole session pi wrote,
 * test/fixtures/pi-sessions/g-aborted-errors.jsonl (33 KB, 52 turns, six of them failed): a small
 * session as users have them, whose recorded errors the CLI explains. And `inspect` of the 4-line
 * session for a target of each provider whose SDK the bundle replaces with a stand-in (Mistral,
 * Gemini, Bedrock; scripts/node-bundle.mjs, SDK_STAND_INS): loading those SDKs once cost 1.5–15 ×
 * the empty start by itself. And `inspect` of a session of OpenClaw's SQLite store,
 * test/fixtures/stores/openclaw/agents/main/agent/openclaw-agent.sqlite#0199b8a4-… (166 events;
 * the same session as a file is test/fixtures/stores/twins/main/). And the desktop shell's main process
 * (dist/electron/main.js, beside the CLI's dist/node) run under plain Node with a stand-in for the
 * `electron` module (test/unit/helpers/electron-stand-in/drive.mjs), from its start to the 4-line
 * session's first payload for Mistral (modules, window, open, inspection, export): what this project's
 * code costs the shell, Electron's own start left out (nothing here can run Electron). Options: --start-runs=N
 * (default 7; env START_BENCH_RUNS); START_BENCH_CLI=path/to/cli.js times another build (a copy of
 * dist/node kept from before a change). Needs `npm run build` (builds it when dist/ is missing).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchResult } from './run.js';
import { median } from './stats.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// START_BENCH_CLI: another build's cli.js to time (a copy of dist/node from before a change), in place of dist/node's.
const CLI = process.env.START_BENCH_CLI ? path.resolve(process.env.START_BENCH_CLI) : path.join(root, 'dist/node/cli.js');
const TARGET = 3;
/** The op that inspects a whole small session with failed turns. */
const ERRORS_OP = 'inspect (six failed turns)';
/** The op that inspects a session of an OpenClaw store. */
const STORE_OP = 'inspect (stored session)';
/** That session: its store, and its id there. */
const STORED_SESSION = 'test/fixtures/stores/openclaw/agents/main/agent/openclaw-agent.sqlite#0199b8a4-4f40-757d-bdfc-0da82e7aa754';
/** Targets of the providers whose SDKs the bundle stands in for, by op name. */
const STAND_IN_TARGETS: Record<string, { provider: string; api: string; model: string }> = {
  'inspect for Mistral': { provider: 'mistral', api: 'mistral-conversations', model: 'mistral-large-latest' },
  'inspect for Gemini': { provider: 'google', api: 'google-generative-ai', model: 'gemini-2.5-pro' },
  'inspect for Bedrock': { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', model: 'anthropic.claude-sonnet-4-5-20250929-v1:0' },
};
/** The op that runs the desktop shell under the stand-in Electron. */
const DESKTOP_OP = 'desktop shell';
/** Clock ticks per second of /proc/PID/stat (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The figure an op's results are reported and checked under (the names are the baseline's keys). */
function figureName(op: string): string {
  if (op === 'serve') return 'serve of a 4-line session: its URL printed, vs node -e 0';
  if (op === ERRORS_OP) return 'CLI start: inspect of a 33 KB session pi wrote, with six failed turns, vs node -e 0';
  if (op === STORE_OP) return 'CLI start: inspect of a 166-event session of an OpenClaw store, vs node -e 0';
  if (op === DESKTOP_OP)
    return 'desktop shell under a stand-in Electron: from its start to the first payload of a 4-line session for mistral-large-latest, vs node -e 0';
  const target = STAND_IN_TARGETS[op];
  if (target) return `CLI start: inspect of a 4-line session for ${target.model} (${op.slice('inspect for '.length)}), vs node -e 0`;
  return `CLI start: ${op} of a 4-line session, vs node -e 0`;
}

interface Times {
  wallMs: number;
  cpuMs: number;
}

/** Run a command to its end: wall time, and CPU time of the process (bash's `times` for its child). */
function timed(args: string[], env: Record<string, string> = {}): Times {
  const quoted = args.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const start = performance.now();
  const child = spawnSync('bash', ['-c', `${quoted} >/dev/null 2>&1; code=$?; times; exit $code`], {
    encoding: 'utf8',
    env: { ...process.env, ...env },
  });
  const wallMs = performance.now() - start;
  if (child.status !== 0 && child.status !== 1) throw new Error(`${args.join(' ')} exited ${child.status}: ${child.stderr}`);
  // `times` prints the shell's own user/system times, then its children's: "0m0.261s 0m0.042s".
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  const parts = [...line.matchAll(/(\d+)m([\d.]+)s/g)].map((m) => Number(m[1]) * 60_000 + Number(m[2]) * 1000);
  if (parts.length !== 2) throw new Error(`cannot read the CPU time of ${args.join(' ')} from "${line}"`);
  return { wallMs, cpuMs: parts[0] + parts[1] };
}

/** `serve FILE` until its first stdout line: wall time, and the server's CPU time at that moment. */
async function serveUntilUrl(file: string): Promise<Times> {
  const start = performance.now();
  const child = spawn(process.execPath, [CLI, 'serve', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const times = await new Promise<Times>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (!out.includes('\n')) return;
      // Timed only when it is the URL line the contract promises, not some early warning.
      if (!/^Transcript Inspector at http:\/\/127\.0\.0\.1:\d+\/\?token=\S+\n/.test(out)) {
        reject(new Error(`serve's first line is not its URL: ${out.split('\n')[0]}`));
        return;
      }
      const wallMs = performance.now() - start;
      const stat = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // utime and stime: the 14th and 15th fields of the whole line.
      resolve({ wallMs, cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS });
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code} before its URL: ${stderr}`)));
  });
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  return times;
}

/** The desktop shell built beside the CLI timed, to its first payload of `file` for Mistral, under the stand-in Electron. */
function desktopShell(file: string): Times {
  const mistral = STAND_IN_TARGETS['inspect for Mistral'];
  return timed([process.execPath, path.join(root, 'test/unit/helpers/electron-stand-in/drive.mjs'), file], {
    TI_MAIN: path.join(path.dirname(CLI), '..', 'electron', 'main.js'),
    TI_TARGETS: JSON.stringify([{ provider: mistral.provider, api: mistral.api, modelId: mistral.model }]),
    TI_RESULT: '/dev/null',
    TRANSCRIPT_INSPECTOR_RENDERER_DIR: path.join(root, 'dist/renderer'),
    TRANSCRIPT_INSPECTOR_USER_DATA: path.join(os.tmpdir(), 'ti-start-bench-desktop'),
  });
}

function ensureBuilt(ctx: BenchContext): void {
  if (fs.existsSync(CLI) && fs.existsSync(path.join(root, 'dist/renderer/index.html'))) return;
  ctx.log('dist/ is missing: building (node scripts/build.mjs)');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

export default async function startBench(ctx: BenchContext): Promise<BenchResult[]> {
  ensureBuilt(ctx);
  const runs = Math.max(
    1,
    Number(ctx.args.find((a) => a.startsWith('--start-runs='))?.slice('--start-runs='.length) ?? process.env.START_BENCH_RUNS ?? 7),
  );
  const file = path.join(ctx.workDir, 'start-4-lines.jsonl');
  const fixture = fs.readFileSync(path.join(root, 'test/fixtures/pi-sessions/a-anthropic-tools.jsonl'), 'utf8');
  fs.writeFileSync(file, `${fixture.split('\n').slice(0, 4).join('\n')}\n`);
  const withErrors = path.join(root, 'test/fixtures/pi-sessions/g-aborted-errors.jsonl');
  const ops: Record<string, () => Times | Promise<Times>> = {
    inspect: () => timed([process.execPath, CLI, 'inspect', file]),
    [ERRORS_OP]: () => timed([process.execPath, CLI, 'inspect', withErrors]),
    [STORE_OP]: () => timed([process.execPath, CLI, 'inspect', path.join(root, STORED_SESSION)]),
    'inspect --no-payloads': () => timed([process.execPath, CLI, 'inspect', '--no-payloads', file]),
    ...Object.fromEntries(
      Object.entries(STAND_IN_TARGETS).map(([name, t]) => [
        name,
        () => timed([process.execPath, CLI, 'inspect', file, '--provider', t.provider, '--api', t.api, '--model', t.model]),
      ]),
    ),
    serve: () => serveUntilUrl(file),
    [DESKTOP_OP]: () => desktopShell(file),
  };
  const floor: Times[] = [];
  const got: Record<string, { wall: number[]; cpu: number[]; ms: number[]; cpuMs: number[] }> = {};
  for (const name of Object.keys(ops)) got[name] = { wall: [], cpu: [], ms: [], cpuMs: [] };
  // One untimed round: the page cache holds every file afterwards, as in the timed rounds.
  timed([process.execPath, '-e', '0']);
  for (const op of Object.values(ops)) await op();
  for (let i = 0; i < runs; i += 1)
    for (const [name, op] of Object.entries(ops)) {
      // The floor right before each command: both see the machine as it is at that moment.
      const base = timed([process.execPath, '-e', '0']);
      floor.push(base);
      const t = await op();
      const g = got[name];
      g.ms.push(t.wallMs);
      g.cpuMs.push(t.cpuMs);
      g.wall.push(t.wallMs / base.wallMs);
      g.cpu.push(t.cpuMs / base.cpuMs);
    }
  ctx.log(
    `node -e 0: ${median(floor.map((f) => f.wallMs)).toFixed(0)} ms wall, ${median(floor.map((f) => f.cpuMs)).toFixed(0)} ms CPU (median of ${floor.length})`,
  );
  const results: BenchResult[] = [];
  for (const [name, g] of Object.entries(got)) {
    // The target is the CLI's inspect; serve has none, nor the shell's figure (Electron is not in it).
    const hasTarget = name !== 'serve' && name !== DESKTOP_OP;
    ctx.log(
      `${name}: ${median(g.ms).toFixed(0)} ms wall, ${median(g.cpuMs).toFixed(0)} ms CPU; ratios to node -e 0: wall ${median(g.wall).toFixed(2)}, CPU ${median(g.cpu).toFixed(2)}`,
    );
    results.push({
      name: figureName(name),
      value: median(g.ms),
      unit: 'ms',
      ratio: median(g.wall),
      guard: median(g.cpu),
      ...(hasTarget ? { target: TARGET } : {}),
      note: `median of ${runs}; CPU time ${median(g.cpuMs).toFixed(0)} ms, ratio ${median(g.cpu).toFixed(2)} (what --check compares)${hasTarget ? `; target ≤ ${TARGET} ×` : ''}`,
    });
  }
  return results;
}

/**
 * First screen: in the web mode, with the session given on the command line (`serve FILE`), the time
 * from navigation start to the first diff on screen, for generated sessions of `FIRST_SCREEN_MB`
 * megabytes (default 10 and 100). Target for 100 MB: ≤ 1000 ms (reported as ratio = ms / 1000).
 *
 * "First diff on screen" is the renderer's `data-first-diff-ms` on the diff view: the first frame in
 * which both sides draw lines of the first documents (the first window of turns, or the whole
 * document of a small session; from 512 KiB, the host's preview of the first turns, which the full
 * read replaces — test/unit/electron/host/preview proves they agree), measured with
 * `performance.now()` (zero = navigation start). Those lines are drawn first by a plain, read-only
 * view of the documents' first lines (renderer/components/static-diff.tsx), then by Monaco in its
 * place: each run says which drew them first. "Editor painted" is `data-editor-painted-ms`, the first
 * frame in which both Monaco editors draw a non-empty line of those documents: from then on the diff
 * can be scrolled, searched and clicked. The diff colouring and the folding of unchanged regions
 * come after, in the editor worker: reported separately as "diff computed". Each run starts a fresh
 * server (cold host) and a fresh browser context (cold HTTP cache). The phases come from the
 * renderer's `ti:*` performance marks (renderer/perf.ts) and the host's `elapsedMs`; long tasks
 * (> 50 ms on the page's main thread) say what blocks the UI until the first diff.
 *
 * "From the command" adds what comes before navigation: spawning `serve FILE` (whose start previews
 * FILE, the preview the page then gets at once) and the browser context's start.
 *
 * The sessions bench's generated session is also measured as the one session of an OpenClaw store
 * (`serve DB#ID`, whose start finds the session and makes its preview before the URL, as for a file):
 * "N MB stored session". With `--stored` (or FIRST_SCREEN_STORED=1) every shape asked for is too:
 * "N MB <shape> stored session" (not in the baseline).
 *
 * `--shapes=a,b` (or FIRST_SCREEN_SHAPES; names or groups as for the shapes bench: `generated`,
 * `pi-written`, `all`) measures those shapes — test/bench/session-shapes.ts (many mid-size tool
 * results, short turns, long thinking, base64-heavy, one huge output, many calls per turn, deep
 * branches) and the sessions pi wrote, repeated (test/bench/pi-written.ts) — instead of the sessions
 * bench's generated session; the target (≤ 1000 ms at 100 MB) holds for each. `--skip-far-jump`
 * leaves out the wait for the full inspection and the farthest annotation's jump (a run then ends at
 * "diff computed").
 *
 * Env: FIRST_SCREEN_MB=10,100 · FIRST_SCREEN_RUNS=3 · FIRST_SCREEN_SHAPES · FIRST_SCREEN_STORED=1 ·
 * TRANSCRIPT_INSPECTOR_CHROMIUM=/usr/bin/chromium.
 * Needs `npm run build` (builds it when dist/ is missing) and Debian's Chromium.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import type { BenchContext, BenchResult } from './run.js';
import { median } from './stats.js';
import { generateSession } from './session-generator.js';
import type { Shape } from './session-shapes.js';
import { shapesOption } from './options.js';
import { writeBenchShape, type PiWrittenShape } from './pi-written.js';
import { startServe } from '../e2e/support/server.js';
import { BENCH_STORED_SESSION, writeBenchStore } from './store-writer.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SIZES = (process.env.FIRST_SCREEN_MB ?? '10,100')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isFinite(n) && n > 0);
const RUNS = Math.max(1, Number(process.env.FIRST_SCREEN_RUNS ?? 3));
const TARGET_MS = 1000;
const TARGET_MB = 100;
const CHROMIUM = process.env.TRANSCRIPT_INSPECTOR_CHROMIUM || '/usr/bin/chromium';
const TIMEOUT_MS = 300_000;

/**
 * The sessions measured: the sessions bench's generated one (null), or the shapes asked for (names
 * or groups, as for the shapes bench).
 */
function wantedShapes(args: string[]): (Shape | PiWrittenShape | null)[] {
  const given = args.some((a) => a.startsWith('--shapes=')) || process.env.FIRST_SCREEN_SHAPES;
  return given ? shapesOption(args, 'FIRST_SCREEN_SHAPES') : [null];
}

/** What one run measured in the page. */
interface RunFigures {
  firstDiff: number;
  /** What drew the first diff: the plain view ('static') or Monaco ('editor'). */
  firstDiffBy: string;
  /** Both Monaco editors painted the first documents (null: not within the wait). */
  editorPainted: number | null;
  /** From spawning `serve FILE` to the first diff: the server's start (it previews FILE) included. */
  fromCommand: number;
  diffComputed: number | null;
  marks: Record<string, { at: number; detail: unknown }>;
  longTasks: { start: number; duration: number }[];
  windowLabel: string;
  /** Clicking the annotation of the farthest turn until its lines are revealed (null: none listed). */
  farJump: { ms: number; turn: number; window: string } | null;
}

function ensureBuilt(ctx: BenchContext): void {
  if (fs.existsSync(path.join(root, 'dist/renderer/index.html')) && fs.existsSync(path.join(root, 'dist/node/cli.js'))) return;
  ctx.log('dist/ is missing: building (node scripts/build.mjs)');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('the build failed');
}

/** One cold run: fresh server, fresh browser context, navigation to the first diff. */
async function run(browser: Browser, file: string, dir: string, withFarJump = true): Promise<RunFigures> {
  fs.mkdirSync(dir, { recursive: true });
  const spawned = performance.now();
  const server = await startServe({ file, dir, urlTimeoutMs: TIMEOUT_MS });
  const { url } = server;
  const context = await browser.newContext({ viewport: { width: 1600, height: 940 } });
  try {
    const page = await context.newPage();
    // Long tasks are only observable from inside the page, from its start.
    await page.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { __tiLongTasks: typeof tasks }).__tiLongTasks = tasks;
      try {
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
        }).observe({ type: 'longtask', buffered: true });
      } catch {
        // No long-task timing in this browser: the figure stays empty.
      }
    });
    const navigated = performance.now();
    await page.goto(url);
    const diff = page.getByTestId('diff-view');
    await page.waitForFunction(
      () => (document.querySelector('[data-testid=diff-view]')?.getAttribute('data-first-diff-ms') ?? '') !== '',
      null,
      { timeout: TIMEOUT_MS, polling: 20 },
    );
    const firstDiff = Number(await diff.getAttribute('data-first-diff-ms'));
    const fromCommand = navigated - spawned + firstDiff;
    let editorPainted: number | null = null;
    try {
      // A build from before the plain view has no such attribute: its first diff is the editor's.
      await page.waitForFunction(
        () => {
          const view = document.querySelector('[data-testid=diff-view]');
          return !view?.hasAttribute('data-editor-painted-ms') || view.getAttribute('data-editor-painted-ms') !== '';
        },
        null,
        { timeout: 60_000, polling: 20 },
      );
      editorPainted = Number((await diff.getAttribute('data-editor-painted-ms')) ?? firstDiff);
    } catch {
      // Reported as missing, as the diff computed below.
    }
    let diffComputed: number | null = null;
    try {
      await page.waitForFunction(
        () => (document.querySelector('[data-testid=diff-view]')?.getAttribute('data-diff-computed-ms') ?? '') !== '',
        null,
        { timeout: 60_000, polling: 50 },
      );
      diffComputed = Number(await diff.getAttribute('data-diff-computed-ms'));
    } catch {
      // Reported as missing: the first screen is the figure that matters.
    }
    const { marks, longTasks } = await page.evaluate(() => {
      const out: Record<string, { at: number; detail: unknown }> = {};
      for (const mark of performance.getEntriesByType('mark'))
        if (mark.name.startsWith('ti:') && !out[mark.name])
          out[mark.name] = { at: mark.startTime, detail: (mark as PerformanceMark).detail };
      return {
        marks: out,
        longTasks: (window as unknown as { __tiLongTasks?: { start: number; duration: number }[] }).__tiLongTasks ?? [],
      };
    });
    const firstDiffBy = String((marks['ti:first-diff']?.detail as { by?: string } | undefined)?.by ?? 'editor');
    const windowLabel =
      (await page
        .getByTestId('window-label')
        .textContent()
        .catch(() => '')) ?? '';
    const figures = { firstDiff, firstDiffBy, editorPainted, fromCommand, diffComputed, marks, longTasks, windowLabel };
    if (!withFarJump) return { ...figures, farJump: null };
    // The far jump is about the full inspection: a preview of the first turns must have given way.
    await page.getByTestId('preview-notice').waitFor({ state: 'detached', timeout: TIMEOUT_MS });
    await page.waitForFunction(() => document.querySelector('[data-testid=diff-view]')?.getAttribute('data-status') === 'ready', null, {
      timeout: TIMEOUT_MS,
      polling: 50,
    });
    // Then the farthest annotation in the panel: its window is fetched, shown and its lines highlighted.
    const farJump = await page.evaluate(async () => {
      const items = [...document.querySelectorAll<HTMLElement>('[data-testid=annotation-item]')].filter((el) => el.dataset.turn);
      if (items.length === 0) return null;
      const far = items.reduce((a, b) => (Number(b.dataset.turn) > Number(a.dataset.turn) ? b : a));
      const turn = Number(far.dataset.turn);
      const diff = document.querySelector('[data-testid=diff-view]')!;
      const start = performance.now();
      far.click();
      // A polling loop, not a named callback: the bench runs through tsx, whose helpers do not exist in the page.
      while (performance.now() - start < 60_000) {
        await new Promise((resolve) => requestAnimationFrame(resolve));
        const from = Number(diff.getAttribute('data-window-from'));
        const to = Number(diff.getAttribute('data-window-to'));
        if (diff.getAttribute('data-status') === 'ready' && from <= turn && turn < to && diff.getAttribute('data-revealed-original'))
          return { ms: performance.now() - start, turn, window: `${from}–${to - 1}` };
      }
      return null;
    });
    return { ...figures, farJump };
  } finally {
    await context.close();
    await server.stop();
  }
}

/** The phases of one run, from the renderer's marks: [label, ms] in the order they happen. */
function phases(r: RunFigures): [string, number | null][] {
  const at = (name: string) => r.marks[`ti:${name}`]?.at ?? null;
  const span = (a: string, b: string) => {
    const x = at(a);
    const y = at(b);
    return x === null || y === null ? null : y - x;
  };
  const hostInspect = (r.marks['ti:inspect:end']?.detail as { hostMs?: number } | undefined)?.hostMs ?? null;
  const ready = Math.max(at('window:end') ?? 0, at('monaco:end') ?? 0);
  return [
    ['page load → app script running', at('boot')],
    ['launch request', span('boot', 'launch')],
    ['preview of the first turns (host quick read + inspect)', span('open:start', 'preview:end')],
    ['open (host reads the file; after the preview is drawn)', span('open:start', 'open:end')],
    ['inspect round trip', span('inspect:start', 'inspect:end')],
    ['  of which host inspect (elapsedMs)', hostInspect],
    ['first window fetch (both sides)', span('window:start', 'window:end')],
    [`documents in → first lines drawn (by the ${r.firstDiffBy === 'static' ? 'plain view' : 'editor'})`, span('window:end', 'first-diff')],
    ['Monaco chunk (import asked → module run)', span('monaco:start', 'monaco:end')],
    ['  of which held for the first lines (launch → import)', span('launch', 'monaco:start')],
    [
      'Monaco render (chunk and documents in → editor painted)',
      at('editor-painted') === null ? null : (at('editor-painted') as number) - ready,
    ],
    [
      'diff worker (editor painted → diff computed)',
      r.diffComputed === null || r.editorPainted === null ? null : r.diffComputed - r.editorPainted,
    ],
  ];
}

export default async function firstScreenBench(ctx: BenchContext): Promise<BenchResult[]> {
  if (!fs.existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install -y chromium); never \`npx playwright install\``);
  ensureBuilt(ctx);
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results: BenchResult[] = [];
  const farJump = !ctx.args.includes('--skip-far-jump');
  const storedShapes = ctx.args.includes('--stored') || process.env.FIRST_SCREEN_STORED === '1';
  try {
    for (const shape of wantedShapes(ctx.args))
      for (const mb of SIZES) {
        const file = path.join(ctx.workDir, `first-screen-${shape ?? 'session'}-${mb}mb.jsonl`);
        const stats = shape ? await writeBenchShape(file, shape, mb) : await generateSession(file, mb);
        // The shapes' names carry the shape; the generated session's keep the names the baseline knows.
        const sized = shape ? `${mb} MB ${shape} session` : `${mb} MB session`;
        ctx.log(`${sized}: generated ${(stats.bytes / 1e6).toFixed(1)} MB, ${stats.lines} lines, ${stats.messages} messages`);
        results.push(...(await measure(ctx, browser, file, sized, mb, farJump)));
        if (!shape || storedShapes) {
          // The same session as the one session of an OpenClaw store: `serve DB#ID`.
          const store = path.join(ctx.workDir, `first-screen-${mb}mb.sqlite`);
          writeBenchStore(file, store);
          const storedName = shape ? `${mb} MB ${shape} stored session` : `${mb} MB stored session`;
          ctx.log(`${storedName}: ${(fs.statSync(store).size / 1e6).toFixed(1)} MB store`);
          results.push(...(await measure(ctx, browser, `${store}#${BENCH_STORED_SESSION}`, storedName, mb, farJump)));
          fs.rmSync(store, { force: true });
        }
        fs.rmSync(file, { force: true });
      }
  } finally {
    await browser.close();
  }
  return results;
}

/** The runs of one session file, and their medians as figures. */
async function measure(
  ctx: BenchContext,
  browser: Browser,
  file: string,
  sized: string,
  mb: number,
  farJump: boolean,
): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  const runs: RunFigures[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const r = await run(browser, file, path.join(ctx.workDir, `run-${path.basename(file)}-${i}`), farJump);
    runs.push(r);
    const blocking = r.longTasks.filter((t) => t.start < r.firstDiff);
    ctx.log(
      `  run ${i + 1}: first diff ${r.firstDiff.toFixed(0)} ms by the ${r.firstDiffBy === 'static' ? 'plain view' : 'editor'} (${r.fromCommand.toFixed(0)} ms from the command), editor painted ${r.editorPainted?.toFixed(0) ?? '—'} ms, diff computed ${r.diffComputed?.toFixed(0) ?? '—'} ms, diff shows "${r.windowLabel}"; ` +
        `${blocking.length} long task(s) before the first diff, ${blocking.reduce((sum, t) => sum + t.duration, 0).toFixed(0)} ms` +
        (blocking.length
          ? ` (longest: ${[...blocking]
              .sort((a, b) => b.duration - a.duration)
              .slice(0, 4)
              .map((t) => `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`)
              .join(', ')})`
          : '') +
        (r.farJump
          ? `; annotation of turn ${r.farJump.turn} → turns ${r.farJump.window} shown and highlighted in ${r.farJump.ms.toFixed(0)} ms`
          : ''),
    );
  }
  const mid = runs.find((r) => r.firstDiff === median(runs.map((x) => x.firstDiff)))!;
  ctx.log(`  phases of the median run (ms):`);
  for (const [label, value] of phases(mid)) ctx.log(`    ${label.padEnd(52)} ${value === null ? '—' : value.toFixed(0).padStart(6)}`);
  const first = median(runs.map((r) => r.firstDiff));
  const computed = runs.map((r) => r.diffComputed).filter((x): x is number => x !== null);
  const painted = runs.map((r) => r.editorPainted).filter((x): x is number => x !== null);
  results.push({
    name: `first diff on screen, ${sized} (navigation → both sides' first lines drawn, plain view or editor)`,
    value: first,
    unit: 'ms',
    ...(mb === TARGET_MB
      ? { ratio: first / TARGET_MS, target: 1, note: `target ≤ ${TARGET_MS} ms (ratio = ms / ${TARGET_MS}); median of ${RUNS}` }
      : { note: `median of ${RUNS}` }),
  });
  results.push({
    name: `first diff on screen from the command, ${sized} (serve FILE spawned → both sides' first lines drawn)`,
    value: median(runs.map((r) => r.fromCommand)),
    unit: 'ms',
    note: `median of ${RUNS}; includes the server's start, which previews FILE, and the browser's start of the page`,
  });
  if (painted.length)
    results.push({
      name: `editor painted, ${sized} (navigation → both Monaco editors painted)`,
      value: median(painted),
      unit: 'ms',
      note: `median of ${painted.length}`,
    });
  if (computed.length)
    results.push({
      name: `diff computed, ${sized} (changes coloured, unchanged regions folded)`,
      value: median(computed),
      unit: 'ms',
      note: `median of ${computed.length}`,
    });
  const jumps = runs.map((r) => r.farJump?.ms).filter((x): x is number => x !== undefined);
  if (jumps.length)
    results.push({
      name: `farthest annotation clicked → its turns shown and highlighted, ${sized}`,
      value: median(jumps),
      unit: 'ms',
      note: `median of ${jumps.length}; fetches its window when it is not shown`,
    });
  return results;
}

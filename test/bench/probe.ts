/**
 * One measurement in a process of its own, so its peak RSS is its own: `node --import tsx probe.ts
 * <op> <file> [work]`. Prints one JSON line: `{ ms, rssBefore, rssPeak, ...details }` (bytes).
 *
 * ops: floor (read + JSON.parse of every line), floor-keep (the floor keeping every parsed value,
 * as any inspection must keep the lines it shows; `keptBytes`: the values' heap after a full
 * collection, once timed — its peak RSS counts the floor's whole-file buffer too), parse (streamed
 * read + parse), inspect (no payloads), inspect-payloads, app (the Inspector service: open,
 * inspect, first turn window and document window), copy-fsync (the repair floor), repair (plan,
 * then the repair step, timed apart), pi-ai (the engine's inspection untimed, then pi-ai's payload
 * builds of both sides, timed), inspect-payloads-again (inspect-payloads once untimed, then again,
 * timed: what a host that stays up pays for a session once its code has run on a big one;
 * `firstMs`/`firstCpuMs` give the first run), redact (the session redacted into `work`.redacted.jsonl
 * as `redact --no-check` writes it, after a small redaction that loads and warms its code).
 * floor-keep, parse, inspect, inspect-payloads, inspect-payloads-again, pi-ai and redact also time
 * the floor in the same process, after the op
 * (`floorMs`), so each ratio compares two figures of one process; they also give both figures in
 * CPU time (`cpuMs`, `floorCpuMs`: every thread of the process), which a busy machine barely moves.
 * The inspecting ops inspect for `claude-sonnet-4-5` on Anthropic, or for PROBE_TARGET
 * (`provider/api/model`, test/bench/target.ts).
 */
import { execFileSync } from 'node:child_process';
import { closeSync, copyFileSync, fsyncSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { defaultImageCodec, newImageCodec } from '../../electron/host/image-codec.js';
import { inspect } from '../../electron/host/inspect.js';
import { createInspector } from '../../electron/host/inspector.js';
import { train, WARM_UP_SESSION, warmUp } from '../../electron/host/inspector/warm-up.js';
import { readSessionFile } from '../../electron/host/stream-session.js';
import { buildPayload } from '../../electron/host/payloads/payload-builder.js';
import { planRepairFile, repairFile } from '../../electron/host/repair/index.js';
import { redactSession, writeRedactedSession } from '../../electron/host/redact/redact-session.js';
import { parseFloor } from './parse-floor.mjs';
import { BENCH_STORED_SESSION } from './store-writer.js';
import { DEFAULT_TARGET, parseBenchTarget } from './target.js';

const [op, file, work] = process.argv.slice(2);
// The shapes bench's --target (provider/api/model) comes as PROBE_TARGET.
const TARGET = process.env.PROBE_TARGET ? parseBenchTarget(process.env.PROBE_TARGET) : DEFAULT_TARGET;

/** The parse floor; `keep` gets every parsed value when given. */
function floor(keep?: unknown[]): Record<string, number> {
  return { lines: parseFloor(file, keep) };
}

/**
 * Flush every file system's dirty data: an fsync timed next waits for its own writes, not for the
 * previous probe's (a deleted 100 MB copy made repair's fsync take 80 or 320 ms at random).
 */
function settleDisk(): void {
  try {
    execFileSync('sync');
  } catch {
    // No sync(1): the figure is noisier, not wrong.
  }
}

/** A full collection (the probe runs with --expose-gc). */
const gc = (): void => (globalThis as { gc?: () => void }).gc?.();

/** floor-keep's parsed values, alive until their weight is measured. */
let kept: unknown[] | null = null;

/** The ops that inspect: they warm up as the hosts do, and time the floor after themselves. */
const INSPECT_OPS = ['inspect', 'inspect-payloads', 'inspect-payloads-again', 'pi-ai', 'inspect-stored'];

/** CPU time of this process (every thread: user + system), in ms. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

async function run(): Promise<Record<string, number>> {
  switch (op) {
    case 'floor':
      return floor();
    case 'floor-keep': {
      const t = performance.now();
      const cpuStart = cpuMs();
      // Every value is kept while the lines are parsed, as an inspection keeps what it parsed; kept
      // past the op, so that what they weigh is measured once it is timed (see `keptBytes`).
      kept = [];
      return { start: t, cpuStart, ...floor(kept) };
    }
    case 'parse': {
      const t = performance.now();
      const cpuStart = cpuMs();
      const { parsed } = await readSessionFile(file);
      return { start: t, cpuStart, entries: parsed.entries.length };
    }
    case 'inspect':
    case 'inspect-payloads': {
      const codec = await defaultImageCodec();
      const t = performance.now();
      const cpuStart = cpuMs();
      const r = await inspect({ file }, TARGET, { payloads: op === 'inspect-payloads', codec, now: 0 });
      return { start: t, cpuStart, annotations: r.annotations.length, replayTurns: r.replay.messages.length };
    }
    case 'inspect-stored': {
      // The same session as a session of an OpenClaw store (`work`, written by store-writer.ts); the
      // floor is the JSONL file's.
      const codec = await defaultImageCodec();
      const t = performance.now();
      const cpuStart = cpuMs();
      const r = await inspect({ store: work, sessionId: BENCH_STORED_SESSION }, TARGET, { payloads: false, codec, now: 0 });
      return { start: t, cpuStart, annotations: r.annotations.length, replayTurns: r.replay.messages.length };
    }
    case 'inspect-payloads-again': {
      const codec = await defaultImageCodec();
      // The first inspection in a function of its own, so nothing of it is reachable during the second.
      const first = await (async () => {
        const t0 = performance.now();
        const cpu0 = cpuMs();
        const r = await inspect({ file }, TARGET, { payloads: true, codec, now: 0 });
        return { firstMs: performance.now() - t0, firstCpuMs: cpuMs() - cpu0, firstAnnotations: r.annotations.length };
      })();
      gc();
      // A codec of its own: the first run's reduced images must not come back as cache hits, which
      // would read as compiling saved.
      const fresh = await newImageCodec();
      const t = performance.now();
      const cpuStart = cpuMs();
      const r = await inspect({ file }, TARGET, { payloads: true, codec: fresh, now: 0 });
      return { start: t, cpuStart, ...first, annotations: r.annotations.length, replayTurns: r.replay.messages.length };
    }
    case 'pi-ai': {
      // pi-ai's own share: the engine's inspection first (not timed), then both sides' payload builds.
      const codec = await defaultImageCodec();
      const r = await inspect({ file }, TARGET, { payloads: false, codec, now: 0 });
      const t = performance.now();
      const cpuStart = cpuMs();
      const original = await buildPayload(r.original.messages, r.target);
      const replay = await buildPayload(r.replay.messages, r.target);
      if (original.error || replay.error) throw new Error(`pi-ai: ${original.error ?? replay.error}`);
      return { start: t, cpuStart };
    }
    case 'app': {
      await defaultImageCodec();
      const ins = createInspector({ recentFile: path.join(work, 'recent.json') });
      const t0 = performance.now();
      const info = await ins.open({ kind: 'path', path: file });
      const t1 = performance.now();
      const summary = await ins.inspect(info.sessionId, TARGET);
      const t2 = performance.now();
      await ins.getTurns(summary.inspectionId, 'replay', 0, 200);
      const original = await ins.getDocument(summary.inspectionId, 'original', 'payload', { from: 0, to: 50 });
      const replay = await ins.getDocument(summary.inspectionId, 'replay', 'payload', { from: 0, to: 50 });
      const t3 = performance.now();
      await ins.dispose();
      return {
        start: t0,
        openMs: t1 - t0,
        inspectMs: t2 - t1,
        firstWindowMs: t3 - t2,
        windowChars: original.text.length + replay.text.length,
      };
    }
    case 'redact': {
      const output = `${work}.redacted.jsonl`;
      rmSync(output, { force: true });
      const t = performance.now();
      const cpuStart = cpuMs();
      const counts = await writeRedactedSession({ file }, output);
      const end = performance.now();
      const cpuEnd = cpuMs();
      rmSync(output, { force: true });
      // Both times end with the redaction, not with the removal of its output.
      return { start: t, end, cpuMs: cpuEnd - cpuStart, texts: counts.texts, signatures: counts.signatures };
    }
    case 'copy-fsync': {
      settleDisk();
      const t = performance.now();
      copyFileSync(file, work);
      const fd = openSync(work, 'r+');
      fsyncSync(fd);
      closeSync(fd);
      const ms = performance.now() - t;
      rmSync(work, { force: true });
      return { start: t, end: t + ms };
    }
    case 'repair': {
      copyFileSync(file, work);
      // The set-up copy is flushed first: its write-back must not be waited for by the repair's fsync.
      const setup = openSync(work, 'r+');
      fsyncSync(setup);
      closeSync(setup);
      settleDisk();
      const t0 = performance.now();
      const plan = await planRepairFile(work);
      const t1 = performance.now();
      const outcome = await repairFile(work, plan.digest);
      const t2 = performance.now();
      if (outcome.status !== 'repaired') throw new Error(`repair: ${outcome.status}: ${outcome.message}`);
      for (const suffix of ['', '.bak']) rmSync(work + suffix, { force: true });
      return { start: t1, end: t2, planMs: t1 - t0 };
    }
    default:
      throw new Error(`unknown probe op ${op}`);
  }
}

/**
 * Load every module and warm the JIT as the hosts do (a tiny session, then the training session), so
 * the figures are about the file. Returns the RSS the memory figures start from: taken before the
 * training session, whose inspections leave 12–20 MB of RSS to the process (on most shapes the
 * peak is what it was without them; from after them, every growth would read up to 0.2 × a 100 MB
 * file lower).
 */
async function warmUpProbe(): Promise<number> {
  let trainAfter = false;
  if (INSPECT_OPS.includes(op)) {
    // The image codec (sharp) is loaded on a session's first image: loaded here, it is not counted as the file's memory.
    await defaultImageCodec();
    await inspect({ text: WARM_UP_SESSION }, TARGET, { now: 0 });
    // As the desktop app and `serve` do when they start without a session to open.
    trainAfter = true;
  }
  if (op === 'app') {
    const ins = createInspector({ recentFile: path.join(work, 'warm-recent.json') });
    // The training runs below, after the RSS is taken: the codec the warm-up loads before it, here.
    await defaultImageCodec();
    await warmUp(ins, { train: false });
    await ins.dispose();
    trainAfter = true;
  }
  // The redaction's code (and sharp, for image placeholders) loaded and run once on a small session.
  if (op === 'redact') await redactSession({ text: WARM_UP_SESSION });
  // The provider-error explainer: the training session's failed turn loads it in the hosts, before any
  // session of the user's; the training runs after the RSS is taken, so it is loaded here.
  if (trainAfter) await import('../../electron/host/explain.js');
  gc();
  const rss = process.memoryUsage().rss;
  if (trainAfter) {
    await train();
    gc();
  }
  return rss;
}

const rssBefore = await warmUpProbe();
const heapBefore = process.memoryUsage().heapUsed;
const t = performance.now();
const details = await run();
const end = details.end ?? performance.now();
const ms = end - (details.start ?? t);
if (details.cpuStart !== undefined) details.cpuMs = cpuMs() - details.cpuStart;
delete details.cpuStart;
delete details.start;
delete details.end;
const rssPeak = process.resourceUsage().maxRSS * 1024;
if (kept) {
  // What the parsed values weigh once nothing else is held (the floor's whole-file buffer, which its
  // peak RSS counts, is gone): the least any inspection that keeps them holds at its end.
  gc();
  details.keptBytes = process.memoryUsage().heapUsed - heapBefore;
  kept = null;
}
// The floor of the parsing figures, in this same process, after the peak was taken (its buffer
// must not count in the op's memory).
if (op === 'floor-keep' || op === 'parse' || op === 'redact' || INSPECT_OPS.includes(op)) {
  gc();
  const f = performance.now();
  const c = cpuMs();
  floor();
  details.floorMs = performance.now() - f;
  details.floorCpuMs = cpuMs() - c;
}
console.log(JSON.stringify({ ms, rssBefore, rssPeak, ...details }));

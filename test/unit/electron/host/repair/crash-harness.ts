/**
 * Crash injection: a child process repairs a session of a few megabytes and is SIGKILLed at a random
 * moment of the repair. Afterwards the path must hold exactly the original bytes or exactly the
 * repaired bytes, and the next repair must clean up the temp file the dead child left. One test
 * file per way to repair (cold, planned), so the two run side by side.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairFile } from '../../../../../electron/host/repair/index.js';
import { applyRepair, planRepairBytes } from '../../../../../shared/repair/plan.js';
import { entry, HEADER, healthySession, jsonl, user } from '../../../../fixtures/repair/sessions.js';
import { bundleForNode, type NodeBundle } from '../../../helpers/node-bundle.js';

/** Bytes the repair writes at a time: the temp file grows in 36 steps, each a moment a kill can land between. */
const STEP = 64 * 1024;
const MIN_STEPS = 36;

/**
 * A session of a few megabytes with damage spread through it (so the temp file grows in steps).
 * Small enough that each of the many repairs stays short; what counts is the number of steps.
 */
function damagedSession(): string {
  const lines = healthySession(4000);
  const big = 'QUJD'.repeat(28_000);
  for (let i = 200; i < lines.length; i += 400) {
    lines.splice(i, 0, JSON.stringify(entry(`img${i}`, null, user([{ type: 'image', data: big, mimeType: 'image/png' }]))));
    lines.splice(i + 1, 0, '{"type":"message","id":"cut');
    lines.splice(i + 2, 0, JSON.stringify(entry(`blank${i}`, null, user(''))));
  }
  return jsonl([HEADER, ...lines.slice(1)]);
}

/** How the child repairs: `cold` with a digest only (plans while writing), `planned` plans first, as the CLI does. */
export type Mode = 'cold' | 'planned';

/** Register the crash-injection test of one way to repair, with `trials` kills. */
export function crashInjection(mode: Mode, trials: number): void {
  let child: NodeBundle;
  let dir: string;
  let file: string;
  let original: Buffer;
  let repaired: Buffer;
  let digest: string;

  const runChild = (killAfterMs: number | null): Promise<{ finished: boolean; ms: number | null }> =>
    new Promise((resolve, reject) => {
      const proc = spawn(process.execPath, [child.file, file, digest, String(STEP), mode], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      let timer: NodeJS.Timeout | undefined;
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (killAfterMs !== null && timer === undefined && out.includes('start\n')) {
          timer = setTimeout(() => proc.kill('SIGKILL'), killAfterMs);
        }
      });
      proc.stderr.on('data', (d: Buffer) => (err += d.toString()));
      proc.on('error', reject);
      proc.on('close', (code, signal) => {
        clearTimeout(timer);
        const done = /done (\w[\w-]*) ([\d.]+)/.exec(out);
        if (signal === null && code !== 0) reject(new Error(`child failed (${code}): ${err}`));
        else resolve({ finished: done !== null, ms: done ? Number(done[2]) : null });
      });
    });

  const reset = async (): Promise<void> => {
    for (const name of await readdir(dir)) await unlink(path.join(dir, name));
    await writeFile(file, original, { mode: 0o600 });
  };

  beforeAll(async () => {
    child = await bundleForNode('test/fixtures/repair/crash-child.ts');
    dir = await mkdtemp(path.join(os.tmpdir(), `ti-crash-${mode}-`));
    file = path.join(dir, 'session.jsonl');
    original = Buffer.from(damagedSession());
    const draft = planRepairBytes(original);
    repaired = Buffer.from(applyRepair(original, draft.edits));
    digest = createHash('sha256').update(original).digest('hex');
  });
  afterAll(async () => {
    child?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  describe(`crash injection (${mode})`, () => {
    it(`leaves the original or the repaired bytes after SIGKILL at random moments (${trials} trials)`, async () => {
      expect(Math.ceil(original.length / STEP)).toBeGreaterThanOrEqual(MIN_STEPS);
      // Calibrate the repair window on this machine (the slower of two runs counts).
      let window = 0;
      for (let run = 0; run < 2; run += 1) {
        await reset();
        const timed = await runChild(null);
        expect(timed.finished).toBe(true);
        expect((await readFile(file)).equals(repaired)).toBe(true);
        window = Math.max(window, timed.ms!);
      }
      const calibrated = window;
      const outcomes = { original: 0, repaired: 0, finished: 0, staleTemps: 0 };
      for (let trial = 0; trial < trials; trial += 1) {
        await reset();
        // Up to 1.5× the window: most kills land mid-repair, some after it (both sides of the rename).
        // One random moment in each of `trials` equal slices, so the late slices are always hit.
        const delay = ((trial + Math.random()) / trials) * window * 1.5;
        const run = await runChild(delay);
        // The machine may have slowed since the calibration (other work on the cores): a repair that
        // outlasts a kill past the window makes the window longer, so the late slices still land
        // after the rename.
        if (run.finished) window = Math.max(window, run.ms!);
        else if (delay > window) window = delay * 1.25;
        const now = await readFile(file);
        const isOriginal = now.equals(original);
        const isRepaired = now.equals(repaired);
        expect(
          isOriginal || isRepaired,
          `trial ${trial} (${mode}, kill after ${delay.toFixed(1)} ms): the file holds ${now.length} bytes that are neither the original nor the repair`,
        ).toBe(true);
        if (isOriginal) outcomes.original += 1;
        else outcomes.repaired += 1;
        if (run.finished) outcomes.finished += 1;
        // The next repair of the file cleans up what the dead child left and finishes the job.
        const temps = (await readdir(dir)).filter((n) => n.endsWith('.tmp'));
        outcomes.staleTemps += temps.length;
        const currentDigest = createHash('sha256').update(now).digest('hex');
        const next = await repairFile(file, currentDigest);
        expect(next.status).toBe(isOriginal ? 'repaired' : 'not-needed');
        expect((next.cleanedStaleTempFiles ?? []).map((p) => path.basename(p)).sort()).toEqual(temps.sort());
        expect((await readdir(dir)).filter((n) => n.endsWith('.tmp'))).toEqual([]);
        expect((await readFile(file)).equals(repaired)).toBe(true);
      }
      console.log(
        `crash injection (${mode}): window ${calibrated.toFixed(0)} ms (${window.toFixed(0)} ms at the end), ${trials} kills → ${outcomes.original} original, ${outcomes.repaired} repaired (${outcomes.finished} finished first), ${outcomes.staleTemps} stale temp file(s) cleaned`,
      );
      // Random kills across the window must have hit both sides of the rename at least once.
      expect(outcomes.original).toBeGreaterThan(0);
      expect(outcomes.repaired).toBeGreaterThan(0);
      // 25 child repairs and 25 more in-process: several minutes when the machine is shared and loaded.
    }, 300_000);
  });
}

/**
 * A file picked in the web mode's page travels as base64 inside the JSON of one request: the
 * server's peak memory for a 300 MiB upload, against the file's size (the parsed session alone is
 * about 1.8 × the file, see the sessions bench).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { BenchContext, BenchResult } from './run.js';
import { generateSession } from './session-generator.js';
import { requestBody } from '../../renderer/http-body.js';

const UPLOAD_MB = Number(process.env.UPLOAD_BENCH_MB ?? 300);
const here = path.dirname(fileURLToPath(import.meta.url));

/** A /proc/PID/status field in MiB (Linux), or NaN elsewhere. */
async function statusMiB(pid: number, field: 'VmHWM' | 'VmRSS'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

export default async function bench(ctx: BenchContext): Promise<BenchResult[]> {
  const file = path.join(ctx.workDir, 'upload.jsonl');
  const generated = await generateSession(file, UPLOAD_MB);
  const bytes = new Uint8Array(await readFile(file));
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'web-upload-server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [port, token] = await new Promise<string[]>((resolve, reject) => {
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(line.split(' ')));
      child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    });
    const idle = await statusMiB(child.pid!, 'VmRSS');
    // The page's body, built first: in Node (no FileReader) its base64 is slow, and it is the page's time, not the server's.
    const body = await requestBody([{ kind: 'bytes', name: 'upload.jsonl', bytes }]);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/open`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Inspector-Token': token },
      body,
    });
    const { result: info } = (await response.json()) as { result: { name: string; turnCount: number } };
    const seconds = (performance.now() - started) / 1000;
    const peak = await statusMiB(child.pid!, 'VmHWM');
    const fileMiB = generated.bytes / 2 ** 20;
    ctx.log(
      `${info.name}: ${fileMiB.toFixed(0)} MiB, ${info.turnCount} turns, server RSS ${idle.toFixed(0)} MiB idle → ${peak.toFixed(0)} MiB peak, ${seconds.toFixed(1)} s`,
    );
    return [
      {
        name: `web upload ${UPLOAD_MB} MiB: server peak RSS`,
        value: Math.round(peak),
        unit: 'MiB',
        ratio: peak / fileMiB,
        note: 'ratio: peak / file size',
      },
      { name: `web upload ${UPLOAD_MB} MiB: request time (server side)`, value: Number(seconds.toFixed(2)), unit: 's' },
    ];
  } finally {
    child.kill();
  }
}

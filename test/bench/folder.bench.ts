/**
 * `scanFolder` on 10,000 small sessions against `inspect --all` on the same folder (same worker pool,
 * same machine, same run): the scan also plans each file's repair and checks who holds it open, and
 * must stay under 4× the inspection's time. Also: how soon the first row lands (the table fills while
 * the rest is scanned).
 */
import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchContext, BenchResult } from './run.js';
import { runBatchCommand } from '../../electron/cli/batch.js';
import { scanFolder } from '../../electron/host/folder/scan-folder.js';
import { SESSIONS } from '../fixtures/folder/make-tree.js';

const COUNT = Number(process.env.FOLDER_BENCH_SESSIONS ?? 10_000);
const AGENTS = 10;

function writeTree(dir: string): void {
  const kinds = [SESSIONS.clean, SESSIONS.clean, SESSIONS.damaged, SESSIONS.rejected, SESSIONS.errored];
  const old = new Date(Date.now() - 3_600_000);
  for (let a = 0; a < AGENTS; a += 1) mkdirSync(path.join(dir, 'agents', `agent-${a}`, 'sessions'), { recursive: true });
  for (let i = 0; i < COUNT; i += 1) {
    const file = path.join(dir, 'agents', `agent-${i % AGENTS}`, 'sessions', `s-${i}.jsonl`);
    writeFileSync(file, kinds[i % kinds.length](`s-${i}`));
    utimesSync(file, old, old);
  }
}

const silent = { write: () => true };

export default async function folderBench(ctx: BenchContext): Promise<BenchResult[]> {
  const dir = path.join(ctx.workDir, 'folder');
  writeTree(dir);
  ctx.log(
    `${COUNT} sessions in ${AGENTS} agents; load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  let started = Date.now();
  const code = await runBatchCommand(
    'inspect',
    { positionals: [], values: new Map([['all', dir]]), booleans: new Set(['json']), lists: new Map() },
    { stdout: silent, stderr: { ...silent, isTTY: false }, stdinIsTTY: false, ask: async () => '' },
  );
  const inspectMs = Date.now() - started;
  ctx.log(`inspect --all: ${inspectMs} ms (exit ${code})`);

  started = Date.now();
  let firstRowMs = 0;
  let updates = 0;
  const scan = await scanFolder(
    { dir },
    {
      onProgress: (p) => {
        updates += 1;
        if (p.done === 1) firstRowMs = Date.now() - started;
      },
    },
  );
  const scanMs = Date.now() - started;
  const byStatus: Record<string, number> = {};
  for (const s of scan.sessions) byStatus[s.status] = (byStatus[s.status] ?? 0) + 1;
  ctx.log(`scanFolder: ${scanMs} ms, first row after ${firstRowMs} ms, ${updates} progress updates; ${JSON.stringify(byStatus)}`);
  ctx.log(
    `load average after ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  return [
    { name: `inspect --all, ${COUNT} small sessions`, value: inspectMs, unit: 'ms' },
    {
      name: `scanFolder, ${COUNT} small sessions`,
      value: scanMs,
      unit: 'ms',
      ratio: scanMs / inspectMs,
      target: 4,
      note: 'ratio to inspect --all on the same folder',
    },
    { name: 'scanFolder, first row', value: firstRowMs, unit: 'ms' },
  ];
}

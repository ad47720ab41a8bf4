/**
 * Why two pieces of the reading path are written here instead of taken from a library: each is timed
 * against the library that does its job, on the same generated session as the sessions bench.
 *
 * - The line reader (`readSessionFile`: chunks, SHA-256 as they go by, each line parsed into the
 *   session) against `node:readline` over a read stream, whose lines go into the same session parser
 *   and whose chunks are hashed the same way; and the splitting into lines alone. Runs alternate; the
 *   median of each side is reported.
 * - The by-parts long-line parser against `JSON.parse` of the decoded line, and against a streaming
 *   JSON parser (`@streamparser/json`) when it is installed (it is not a dependency:
 *   `npm i --no-save @streamparser/json` to include it), on every line it parses by its parts (64 KiB or more).
 *
 * Each figure's ratio is ours / the library's: over 1 means the library won and the hand-written
 * piece no longer earns its place. Env: LIBRARIES_BENCH_MB=100 · LIBRARIES_BENCH_RUNS=5.
 */
import { createHash } from 'node:crypto';
import { createReadStream, readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createLongLineParser, LONG_LINE_BYTES } from '../../electron/host/long-line.js';
import { readLines } from '../../electron/host/read-lines.js';
import { readSessionFile } from '../../electron/host/stream-session.js';
import { MAX_LINE_CHARS, SessionLineParser } from '../../shared/session/jsonl.js';
import type { BenchContext, BenchResult } from './run.js';
import { generateSession } from './session-generator.js';
import { median } from './stats.js';

const MB = Math.max(1, Number(process.env.LIBRARIES_BENCH_MB ?? 100));
const RUNS = Math.max(1, Number(process.env.LIBRARIES_BENCH_RUNS ?? 5));

/** Milliseconds `work` takes, after a collection so the previous run's garbage is not billed to it. */
async function timed(work: () => unknown): Promise<number> {
  globalThis.gc?.();
  const started = performance.now();
  await work();
  return performance.now() - started;
}

/** The session through node:readline: the same parser and the same hash, only the reading differs. */
async function readWithReadline(file: string): Promise<number> {
  const hash = createHash('sha256');
  const parser = new SessionLineParser({});
  const stream = createReadStream(file);
  stream.on('data', (chunk) => hash.update(chunk));
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) parser.line(Buffer.byteLength(line), () => line);
  hash.digest('hex');
  return parser.finish(false).entries.length;
}

/** Line splitting alone: our reader's lines (bytes) and readline's (strings), counted. */
async function splitOnly(file: string, ours: boolean): Promise<number> {
  let count = 0;
  if (!ours) {
    for await (const _ of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) count++;
    return count;
  }
  const handle = await open(file, 'r');
  try {
    const options = {
      chunkBytes: 4 << 20,
      skip: 0,
      maxLine: MAX_LINE_CHARS,
      onChunk() {},
      onProgress() {},
      readError: (e: Error) => e,
    };
    await readLines(handle, options, () => void count++);
    return count;
  } finally {
    await handle.close();
  }
}

/** The lines a by-parts parse is for, as the reader hands them over: bytes, without the newline. */
function longLines(file: string): Buffer[] {
  const bytes = readFileSync(file);
  const lines: Buffer[] = [];
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(0x0a, start);
    const stop = end < 0 ? bytes.length : end;
    if (stop - start >= LONG_LINE_BYTES) lines.push(bytes.subarray(start, stop));
    start = stop + 1;
  }
  return lines;
}

interface StreamingParser {
  onValue: (info: { value?: unknown; stack: unknown[] }) => void;
  readonly isEnded: boolean;
  write(bytes: Uint8Array): void;
  end(): void;
}

/** `@streamparser/json`'s parser of one whole value, or null when it is not installed. */
async function streamingParser(): Promise<(() => StreamingParser) | null> {
  const name = '@streamparser/json';
  try {
    const mod = (await import(name)) as { JSONParser: new (options: object) => StreamingParser };
    return () => new mod.JSONParser({ paths: ['$'], keepStack: false });
  } catch {
    return null;
  }
}

/** The median of each side over alternating runs (the machine's load falls on both alike). */
async function alternate(runs: number, sides: Array<() => unknown>): Promise<number[]> {
  const times: number[][] = sides.map(() => []);
  for (let run = 0; run < runs; run++) for (const [i, side] of sides.entries()) times[i]!.push(await timed(side));
  return times.map(median);
}

export default async function librariesBench(ctx: BenchContext): Promise<BenchResult[]> {
  const file = path.join(ctx.workDir, `libraries-${MB}.jsonl`);
  const made = await generateSession(file, MB, { damaged: true });
  const lines = longLines(file);
  const longBytes = lines.reduce((sum, line) => sum + line.length, 0);
  ctx.log(
    `${MB} MiB session: ${made.lines} lines, ${lines.length} of ${LONG_LINE_BYTES / 1024} KiB or more (${(longBytes / 2 ** 20).toFixed(0)} MiB)`,
  );

  const [ours, readline] = await alternate(RUNS, [() => readSessionFile(file), () => readWithReadline(file)]);
  const [oursSplit, readlineSplit] = await alternate(RUNS, [() => splitOnly(file, true), () => splitOnly(file, false)]);
  const results: BenchResult[] = [
    {
      name: `line splitting alone, ${MB} MiB session`,
      value: oursSplit!,
      unit: 'ms',
      ratio: oursSplit! / readlineSplit!,
      target: 1,
      note: `node:readline: ${readlineSplit!.toFixed(0)} ms`,
    },
    {
      name: `line reader, ${MB} MiB session`,
      value: ours!,
      unit: 'ms',
      ratio: ours! / readline!,
      target: 1,
      note: `node:readline + the same parse and hash: ${readline!.toFixed(0)} ms`,
    },
  ];

  const parseLong = createLongLineParser();
  // Every side must parse every line whole: a by-parts parse that gives up (null) would time less work.
  const gaveUp = lines.filter((line) => parseLong(line) === null).length;
  if (gaveUp) ctx.log(`the by-parts parser handed ${gaveUp} line(s) back to the whole-line parse`);
  const sides: Array<() => unknown> = [
    () => lines.forEach((line) => parseLong(line)),
    () => lines.forEach((line) => JSON.parse(line.toString('utf8')) as unknown),
  ];
  const makeStreaming = await streamingParser();
  if (makeStreaming)
    sides.push(() => {
      let roots = 0;
      for (const line of lines) {
        const parser = makeStreaming();
        parser.onValue = ({ stack }) => void (stack.length === 0 && roots++);
        parser.write(line);
        // It ends by itself once the one root value is complete.
        if (!parser.isEnded) parser.end();
      }
      if (roots !== lines.length) throw new Error(`the streaming parser gave ${roots} values for ${lines.length} lines`);
    });
  else ctx.log('@streamparser/json is not installed: the streaming parser is left out (npm i --no-save @streamparser/json)');
  const [byParts, jsonParse, streaming] = await alternate(RUNS, sides);
  results.push({
    name: `long-line parser vs JSON.parse, ${lines.length} lines`,
    value: byParts!,
    unit: 'ms',
    ratio: byParts! / jsonParse!,
    target: 1,
    note: `JSON.parse of the decoded line: ${jsonParse!.toFixed(0)} ms`,
  });
  if (streaming !== undefined)
    results.push({
      name: `long-line parser vs @streamparser/json, ${lines.length} lines`,
      value: byParts!,
      unit: 'ms',
      ratio: byParts! / streaming,
      target: 1,
      note: `streaming parser: ${streaming.toFixed(0)} ms`,
    });
  return results;
}

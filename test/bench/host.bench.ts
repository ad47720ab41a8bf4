/**
 * Host figures: wire payloads (pi-ai) and preflight for a 100 MB session against the engine's own
 * time on it, the document the diff view shows, and image reduction against a bare sharp resize.
 */
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { BenchContext, BenchResult } from './run.js';
import { median } from './stats.js';
import { enrichDetailed } from '../../electron/host/enrich.js';
import { reduceImage } from '../../electron/host/images/sharp-codec.js';
import { prettyDocument } from '../../electron/host/inspector/document-text.js';
import { inspectText } from '../../shared/engine.js';
import { messagesKey } from '../../shared/preflight/family.js';
import { decodeUtf8 } from '../../shared/session/lines.js';
import type { Target } from '../../shared/types.js';

const SESSION_MB = Number(process.env.HOST_BENCH_MB ?? 100);
const RUNS = Number(process.env.HOST_BENCH_RUNS ?? 3);
const IMAGE_RUNS = Number(process.env.HOST_BENCH_IMAGE_RUNS ?? 15);

/** Deterministic pseudo-random numbers (xorshift32): every run benches the same bytes. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 4294967296;
  };
}

async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  // Smooth gradients plus grain: compresses like a photo, not like flat colour or pure noise.
  const next = random(seed);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const grain = (next() - 0.5) * 40;
      raw[i] = Math.max(0, Math.min(255, (x / width) * 255 + grain));
      raw[i + 1] = Math.max(0, Math.min(255, (y / height) * 255 + grain));
      raw[i + 2] = Math.max(0, Math.min(255, ((x + y) / (width + height)) * 255 + grain));
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
}

/** A pi session of about `megabytes`: user asks, Claude thinks, calls tools, reads big files, and now and then looks at a screenshot. */
async function writeSession(file: string, megabytes: number): Promise<{ bytes: number; turns: number }> {
  const next = random(7);
  const words = ['refactor', 'the', 'parser', 'so', 'totals', 'round', 'per', 'line', 'and', 'tests', 'pass', 'über', '数据', 'agent'];
  const text = (n: number) => Array.from({ length: n }, () => words[Math.floor(next() * words.length)]).join(' ');
  const screenshot = (
    await sharp(await photo(800, 500, 3))
      .jpeg({ quality: 80 })
      .toBuffer()
  ).toString('base64');
  const out = createWriteStream(file);
  const write = (line: string) =>
    out.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  const usage = {
    input: 900,
    output: 120,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 1020,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
  let bytes = 0;
  let turns = 0;
  let parent: string | null = null;
  const emit = async (message: Record<string, unknown>) => {
    const id = turns.toString(16).padStart(8, '0');
    const line = JSON.stringify({
      type: 'message',
      id,
      parentId: parent,
      timestamp: new Date(Date.UTC(2026, 2, 1) + turns * 1000).toISOString(),
      message,
    });
    parent = id;
    turns += 1;
    bytes += Buffer.byteLength(line) + 1;
    await write(line);
  };
  await write(JSON.stringify({ type: 'session', version: 3, id: 'host-bench', timestamp: '2026-03-01T00:00:00.000Z', cwd: '/work' }));
  for (let i = 0; bytes < megabytes * 1024 * 1024; i += 1) {
    const user =
      i % 40 === 0
        ? [
            { type: 'text', text: 'what does the page show now?' },
            { type: 'image', data: screenshot, mimeType: 'image/jpeg' },
          ]
        : text(30);
    await emit({ role: 'user', content: user, timestamp: i });
    await emit({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: text(60), thinkingSignature: `Eq${'A'.repeat(400)}` },
        { type: 'text', text: text(50) },
        { type: 'toolCall', id: `toolu_${i.toString(36)}`, name: 'read', arguments: { path: `src/module-${i}.ts` } },
      ],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage,
      stopReason: 'toolUse',
      timestamp: i,
    });
    await emit({
      role: 'toolResult',
      toolCallId: `toolu_${i.toString(36)}`,
      toolName: 'read',
      content: [{ type: 'text', text: text(2500) }],
      isError: false,
      timestamp: i,
    });
    await emit({
      role: 'assistant',
      content: [{ type: 'text', text: text(40) }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage,
      stopReason: 'stop',
      timestamp: i,
    });
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
  return { bytes, turns };
}

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function payloadFigures(ctx: BenchContext): Promise<BenchResult[]> {
  const file = path.join(ctx.workDir, 'host-bench.jsonl');
  const { bytes, turns } = await writeSession(file, SESSION_MB);
  ctx.log(`session: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${turns} turns`);
  const text = decodeUtf8(await readFile(file));
  const results: BenchResult[] = [];
  const targets: Target[] = [
    { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true },
    { provider: 'openai', api: 'openai-responses', modelId: 'gpt-5', reasoning: true },
  ];
  for (const target of targets) {
    const engine: number[] = [];
    const payloads: number[] = [];
    const documents: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      gc();
      let t = performance.now();
      const { inspection } = await inspectText(text, target, { now: 1772400000000 });
      engine.push(performance.now() - t);
      gc();
      t = performance.now();
      const detail = await enrichDetailed(inspection, {});
      payloads.push(performance.now() - t);
      if (detail.replay.payload === undefined || detail.replay.family === null)
        throw new Error(`no replay payload: ${detail.replay.build.error}`);
      t = performance.now();
      const family = detail.replay.family;
      prettyDocument(detail.replay.payload, {
        listKey: messagesKey(family),
        entryTurn: (i) => ({ index: i, turn: i }),
        refPrefix: 'replay:payload',
      });
      documents.push(performance.now() - t);
    }
    const e = median(engine);
    const p = median(payloads);
    const label = `${target.provider}/${target.modelId}`;
    results.push({ name: `engine (parse + hygiene), ${SESSION_MB} MB session, ${label}`, value: e, unit: 'ms' });
    results.push({
      name: `payloads (pi-ai, both sides) + prefill strip + preflight, ${label}`,
      value: p,
      unit: 'ms',
      ratio: p / e,
      note: 'ratio to the engine time',
    });
    results.push({
      name: `replay payload document (pretty-print + elision + turn map), ${label}`,
      value: median(documents),
      unit: 'ms',
      ratio: median(documents) / e,
      note: 'ratio to the engine time',
    });
  }
  return results;
}

async function imageFigures(ctx: BenchContext): Promise<BenchResult[]> {
  sharp.cache(false);
  const cases = [
    { name: '4000×3000 PNG photo', bytes: await photo(4000, 3000, 11), width: 4000, height: 3000 },
    {
      name: '2400×1600 JPEG photo',
      bytes: await sharp(await photo(2400, 1600, 12))
        .jpeg({ quality: 92 })
        .toBuffer(),
      width: 2400,
      height: 1600,
    },
    { name: '1600×1200 PNG screenshot', bytes: await photo(1600, 1200, 13), width: 1600, height: 1200 },
  ];
  const results: BenchResult[] = [];
  for (const c of cases) {
    const base64 = c.bytes.toString('base64');
    const codec = { wall: [] as number[], cpu: [] as number[] };
    const bare = { wall: [] as number[], cpu: [] as number[] };
    const measure = async (into: { wall: number[]; cpu: number[] }, work: () => Promise<unknown>) => {
      const cpu = process.cpuUsage();
      const t = performance.now();
      await work();
      into.wall.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      into.cpu.push((used.user + used.system) / 1000);
    };
    for (let run = 0; run < IMAGE_RUNS; run += 1) {
      await measure(bare, () =>
        sharp(c.bytes)
          .rotate()
          .resize({ width: 1200, height: 1200, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 85, mozjpeg: true })
          .toBuffer(),
      );
      await measure(codec, async () => {
        const out = await reduceImage({
          data: base64,
          mimeType: c.name.includes('PNG') ? 'image/png' : 'image/jpeg',
          width: c.width,
          height: c.height,
          maxDimensionPx: 1200,
          maxBytes: 5 * 1024 * 1024,
          maxPixels: 25_000_000,
        });
        if (!out.ok) throw new Error(`${c.name}: ${out.error}`);
      });
    }
    // Process CPU time (libvips threads included), fastest run of each: on a shared machine wall
    // time measures the neighbours as much as sharp.
    const b = Math.min(...bare.cpu);
    const k = Math.min(...codec.cpu);
    ctx.log(
      `${c.name}: ${(c.bytes.length / 1024).toFixed(0)} KB in; CPU bare ${b.toFixed(0)} ms, codec ${k.toFixed(0)} ms; wall bare ${Math.min(...bare.wall).toFixed(0)} ms, codec ${Math.min(...codec.wall).toFixed(0)} ms`,
    );
    results.push({
      name: `image sanitization, ${c.name} (base64 in and out), CPU time`,
      value: k,
      unit: 'ms',
      ratio: k / b,
      target: 1.2,
      note: `fastest of ${IMAGE_RUNS}; bare sharp resize ${b.toFixed(0)} ms CPU`,
    });
  }
  return results;
}

export default async function hostBench(ctx: BenchContext): Promise<BenchResult[]> {
  return [...(await imageFigures(ctx)), ...(await payloadFigures(ctx))];
}

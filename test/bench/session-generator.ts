/**
 * A deterministic generator of realistic pi session files for benchmarks: most lines 1–30 KB (user
 * text, assistant thinking + text + tool calls, tool results), some multi-MB lines (screenshots,
 * big tool outputs), a branch and a compaction.
 */
import { createWriteStream } from 'node:fs';
import sharp from 'sharp';

/** The words generated text is made of: ASCII, accents, CJK and JSON-looking pieces. */
export const WORDS = [
  'read',
  'the',
  'file',
  'and',
  'fix',
  'tests',
  'é',
  '中文',
  'function',
  'return',
  'session',
  'agent',
  'const',
  'await',
  '{',
  '}',
  'error',
  'path',
];

/** Deterministic pseudo-random numbers (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A real PNG (noise, so it does not compress away) of the given size, as base64. */
export async function noisePng(width: number, height: number, seed = 7): Promise<string> {
  const random = rng(seed);
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(random() * 256);
  const png = await sharp(raw, { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return png.toString('base64');
}

export interface GeneratedSession {
  bytes: number;
  lines: number;
  messages: number;
}

/** Options of the generator. */
export interface GenerateOptions {
  seed?: number;
  /**
   * End the file with a cut-off line, as an agent that crashed while writing leaves it. (A line cut
   * in the middle would orphan everything after it: the active branch would start there, and the
   * bench would measure a much shorter conversation.)
   */
  damaged?: boolean;
}

/** Write a session of about `megabytes` MiB to `file`. */
export async function generateSession(file: string, megabytes: number, options: GenerateOptions = {}): Promise<GeneratedSession> {
  const seed = options.seed ?? 42;
  const random = rng(seed);
  const smallImage = await noisePng(640, 400);
  const largeImage = await noisePng(1400, 900, 9);
  const out = createWriteStream(file);
  const write = (line: string) =>
    out.write(`${line}\n`) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve()));
  const text = (chars: number) => {
    let s = '';
    while (s.length < chars) s += `${WORDS[Math.floor(random() * WORDS.length)]}${random() < 0.1 ? '\n' : ' '}`;
    return s;
  };
  const stats = { bytes: 0, lines: 0, messages: 0 };
  let parent: string | null = null;
  let counter = 0;
  const emit = async (entry: Record<string, unknown>) => {
    const line = JSON.stringify(entry);
    await write(line);
    stats.bytes += Buffer.byteLength(line) + 1;
    stats.lines += 1;
  };
  const entry = async (type: string, fields: Record<string, unknown>) => {
    counter += 1;
    const id = counter.toString(16).padStart(8, '0');
    await emit({ type, id, parentId: parent, timestamp: new Date(Date.UTC(2026, 2, 1, 10) + counter * 1000).toISOString(), ...fields });
    parent = id;
    return id;
  };
  const message = async (m: Record<string, unknown>) => {
    stats.messages += 1;
    return entry('message', { message: { ...m, timestamp: Date.UTC(2026, 2, 1, 10) + counter * 1000 } });
  };
  await emit({ type: 'session', version: 3, id: 'bench-session', timestamp: '2026-03-01T10:00:00.000Z', cwd: '/work/project' });
  await entry('model_change', { provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
  const target = megabytes * 1024 * 1024;
  let turn = 0;
  let branched = false;
  let compacted = false;
  while (stats.bytes < target) {
    turn += 1;
    const userContent: unknown[] = [{ type: 'text', text: text(200 + random() * 2000) }];
    if (turn % 40 === 0) userContent.push({ type: 'image', data: turn % 200 === 0 ? largeImage : smallImage, mimeType: 'image/png' });
    await message({ role: 'user', content: userContent });
    const calls = 1 + Math.floor(random() * 3);
    const ids = Array.from({ length: calls }, (_, k) => `toolu_${turn.toString(36)}${k}${Math.floor(random() * 1e9).toString(36)}`);
    await message({
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: text(300 + random() * 1500), thinkingSignature: text(200).replace(/[^A-Za-z0-9]/g, 'x') },
        { type: 'text', text: text(100 + random() * 800) },
        ...ids.map((id) => ({
          type: 'toolCall',
          id,
          name: random() < 0.5 ? 'read' : 'bash',
          arguments: { path: `/src/${id}.ts`, command: 'npm test' },
        })),
      ],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: {
        input: 1000 + turn,
        output: 200,
        cacheRead: 0,
        cacheWrite: 0,
        totalTokens: 1200 + turn,
        cost: { input: 0.003, output: 0.003, cacheRead: 0, cacheWrite: 0, total: 0.006 },
      },
      stopReason: 'toolUse',
    });
    for (const id of ids) {
      const big = random() < 0.004;
      await message({
        role: 'toolResult',
        toolCallId: id,
        toolName: 'read',
        content: [{ type: 'text', text: text(big ? 3_000_000 : 1000 + random() * 25_000) }],
        details: { exitCode: 0 },
        isError: false,
      });
    }
    await message({
      role: 'assistant',
      content: [{ type: 'text', text: text(200 + random() * 3000) }],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: { input: 1500, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: 1800 },
      stopReason: 'stop',
    });
    if (!branched && stats.bytes > target * 0.3) {
      // An abandoned branch: two entries off an earlier parent, then back to the main line.
      branched = true;
      const main: string | null = parent;
      await message({ role: 'user', content: 'try another approach' });
      await message({
        role: 'assistant',
        content: [{ type: 'text', text: 'abandoned' }],
        api: 'anthropic-messages',
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
        stopReason: 'stop',
      });
      parent = main;
      await entry('branch_summary', { fromId: main, summary: 'tried another approach, came back' });
    }
    if (!compacted && stats.bytes > target * 0.6) {
      compacted = true;
      const firstKept = parent;
      await entry('compaction', { summary: text(2000), firstKeptEntryId: firstKept, tokensBefore: 150000 });
    }
  }
  if (options.damaged) {
    const last = `{"type":"message","id":"cut","parentId":"${parent}","timestamp":"2026-03-02T00:00:00.000Z","message":{"role":"user","content":"the agent crashed wh`;
    out.write(last);
    stats.bytes += last.length;
    stats.lines += 1;
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
  return stats;
}

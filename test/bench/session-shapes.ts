/**
 * Session shapes for the shapes bench: deterministic pi session files that each stress one way a real
 * session can be large — many mid-size tool results, many short turns, long thinking, base64-heavy,
 * one huge tool output, many tool calls per turn, deep branches, code and logs with signed thinking
 * (the realistic session as pi writes it). Every file ends with a cut-off line (an agent
 * that crashed while writing), like the sessions bench's.
 */
import { createWriteStream } from 'node:fs';
import sharp from 'sharp';
import { noisePng, rng, WORDS as GENERATOR_WORDS } from './session-generator.js';

/** A PNG larger than any provider's limit in pixels but small in bytes (a mostly blank page). */
async function flatPng(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 245 } } })
    .png()
    .toBuffer();
  return png.toString('base64');
}

/** The shapes, in the order the bench reports them. */
export const SHAPES = [
  'mid-results',
  'short-turns',
  'long-thinking',
  'base64-heavy',
  'huge-output',
  'many-calls',
  'deep-branches',
  'code-results',
] as const;
/**
 * Shapes a session should never have, and real ones sometimes do, each at an ordinary size of text:
 * what would make a pass over calls, results or turns quadratic. Not in the default run (`generated`)
 * nor in the baseline: `--shapes=adversarial`.
 */
export const ADVERSARIAL_SHAPES = ['one-id', 'orphan-results', 'assistant-runs', 'user-runs'] as const;
export type Shape = (typeof SHAPES)[number] | (typeof ADVERSARIAL_SHAPES)[number];

/** What a shape wrote. */
export interface ShapeStats {
  bytes: number;
  lines: number;
  messages: number;
}

// The generator's words, and two that need escaping in JSON.
const WORDS = [...GENERATOR_WORDS, '"quoted"', 'tab\there'];

/**
 * The text the shapes are written in. `mixed` (the default): the generator's words, whose CJK word
 * puts a character past U+00FF in nearly every text, so V8 holds nearly every parsed string at two
 * bytes a character. `latin1`: the same words with a two-letter ASCII word in place of the
 * two-character CJK one, as most tool output is, so every parsed string is held at one byte a
 * character (accents stay: two bytes in the file, one in V8). Same seed and same lengths in
 * characters, so the same entries, blocks and texts' lengths, until the file's size in bytes is
 * reached (later, as the ASCII word is smaller in UTF-8).
 */
export const SHAPE_TEXTS = ['mixed', 'latin1'] as const;
export type ShapeText = (typeof SHAPE_TEXTS)[number];
const WORDS_BY_TEXT: Record<ShapeText, readonly string[]> = {
  mixed: WORDS,
  latin1: WORDS.map((word) => ([...word].some((c) => c.charCodeAt(0) > 0xff) ? 'io' : word)),
};

const USAGE = { input: 1500, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: 1800 };
const ASSISTANT = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', usage: USAGE };

/** The writer every shape uses: entries chained by parentId, counted as they are written. */
class SessionWriter {
  readonly stats: ShapeStats = { bytes: 0, lines: 0, messages: 0 };
  parent: string | null = null;
  private counter = 0;
  private readonly out;
  readonly random: () => number;
  private readonly words: readonly string[];

  constructor(file: string, seed: number, text: ShapeText) {
    this.out = createWriteStream(file);
    this.random = rng(seed);
    this.words = WORDS_BY_TEXT[text];
  }

  /** Text of about `chars` characters (words, some newlines, non-ASCII). Built in pieces: fast for megabytes. */
  text(chars: number): string {
    const parts: string[] = [];
    let length = 0;
    while (length < chars) {
      const word = this.words[Math.floor(this.random() * this.words.length)];
      parts.push(word, this.random() < 0.1 ? '\n' : ' ');
      length += word.length + 1;
    }
    return parts.join('');
  }

  private async write(line: string): Promise<void> {
    this.stats.bytes += Buffer.byteLength(line) + 1;
    this.stats.lines += 1;
    if (!this.out.write(`${line}\n`)) await new Promise<void>((resolve) => this.out.once('drain', () => resolve()));
  }

  async header(): Promise<void> {
    await this.write(
      JSON.stringify({ type: 'session', version: 3, id: 'bench-shape', timestamp: '2026-03-01T10:00:00.000Z', cwd: '/work/project' }),
    );
    await this.entry('model_change', { provider: 'anthropic', modelId: 'claude-sonnet-4-5' });
  }

  async entry(type: string, fields: Record<string, unknown>): Promise<string> {
    this.counter += 1;
    const id = this.counter.toString(16).padStart(8, '0');
    const timestamp = new Date(Date.UTC(2026, 2, 1, 10) + this.counter * 1000).toISOString();
    await this.write(JSON.stringify({ type, id, parentId: this.parent, timestamp, ...fields }));
    this.parent = id;
    return id;
  }

  async message(m: Record<string, unknown>): Promise<string> {
    this.stats.messages += 1;
    return this.entry('message', { message: { ...m, timestamp: Date.UTC(2026, 2, 1, 10) + this.counter * 1000 } });
  }

  user(content: unknown): Promise<string> {
    return this.message({ role: 'user', content });
  }

  assistant(content: unknown[], stopReason = 'stop'): Promise<string> {
    return this.message({ role: 'assistant', content, ...ASSISTANT, stopReason });
  }

  toolResult(toolCallId: string, content: unknown[], toolName = 'read'): Promise<string> {
    return this.message({ role: 'toolResult', toolCallId, toolName, content, details: { exitCode: 0 }, isError: false });
  }

  callId(turn: number, k: number): string {
    return `toolu_${turn.toString(36)}_${k}_${Math.floor(this.random() * 1e9).toString(36)}`;
  }

  /** The cut-off last line, then close the file. */
  async finish(): Promise<ShapeStats> {
    const last = `{"type":"message","id":"cut","parentId":"${this.parent}","timestamp":"2026-03-02T00:00:00.000Z","message":{"role":"user","content":"the agent crashed wh`;
    this.out.write(last);
    this.stats.bytes += last.length;
    this.stats.lines += 1;
    await new Promise<void>((resolve, reject) => this.out.end((error?: Error | null) => (error ? reject(error) : resolve())));
    return this.stats;
  }
}

// What code and logs are made of: tokens that JSON escapes (quotes, backslashes, tabs) and lines.
const CODE_TOKENS = [
  'const',
  'return',
  'await',
  'function',
  'if (',
  ') {',
  '}',
  '=>',
  'path.join(',
  'options',
  'value',
  'error',
  '"use strict";',
  "'\\n'",
  '\\d+',
  'null',
  '0',
  '42',
  '// TODO',
  '\t',
  'export',
  'import',
  'from',
  '"./lib.js"',
  'INFO',
  'WARN',
  '[12:01:33]',
  '==',
  '!==',
  'list.push(item);',
  'i += 1',
  '<div class="row">',
  '</div>',
];

/** ASCII text of about `chars` characters in lines of code or log output. */
function codeText(w: SessionWriter, chars: number): string {
  const lines: string[] = [];
  let length = 0;
  while (length < chars) {
    const parts: string[] = [' '.repeat(2 * Math.floor(w.random() * 4))];
    for (let n = 2 + Math.floor(w.random() * 10); n > 0; n -= 1) parts.push(CODE_TOKENS[Math.floor(w.random() * CODE_TOKENS.length)]);
    const line = parts.join(' ');
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
}

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** `count` characters of the base64 alphabet (a thinking signature, an id's tail). */
function alphabetRun(w: SessionWriter, count: number, alphabet = BASE64): string {
  let out = '';
  for (let i = 0; i < count; i += 1) out += alphabet[Math.floor(w.random() * alphabet.length)];
  return out;
}

/** An assistant turn as pi records Claude's: signed thinking, text, 1–5 tool calls, usage with costs, the response's id. */
async function signedToolTurn(w: SessionWriter, turn: number): Promise<string[]> {
  const ids = Array.from({ length: 1 + Math.floor(w.random() * 5) }, () => `toolu_01${alphabetRun(w, 22, BASE64.slice(0, 62))}`);
  const input = 2 + Math.floor(w.random() * 4000);
  const output = 50 + Math.floor(w.random() * 2000);
  const cost = {
    input: input * 3e-6,
    output: output * 15e-6,
    cacheRead: 0.012,
    cacheWrite: 0.0045,
    total: 0.0165 + input * 3e-6 + output * 15e-6,
  };
  await w.message({
    role: 'assistant',
    content: [
      {
        type: 'thinking',
        thinking: w.text(300 + w.random() * 2500),
        thinkingSignature: alphabetRun(w, 4 * Math.floor(75 + w.random() * 200)),
      },
      { type: 'text', text: w.text(50 + w.random() * 600) },
      ...ids.map((id, k) => ({
        type: 'toolCall',
        id,
        name: k % 3 === 2 ? 'bash' : 'read',
        arguments: k % 3 === 2 ? { command: `npm test -- t${turn}` } : { path: `src/m${turn}_${k}.ts` },
      })),
    ],
    ...ASSISTANT,
    usage: { input, output, cacheRead: 40000, cacheWrite: 1200, totalTokens: input + output + 41200, cost },
    stopReason: 'toolUse',
    responseId: `msg_01${alphabetRun(w, 22, BASE64.slice(0, 62))}`,
  });
  return ids;
}

const toolCall = (id: string, name = 'read') => ({ type: 'toolCall', id, name, arguments: { path: `/src/${id}.ts`, command: 'npm test' } });

/** A turn of user text, assistant tool calls, their results, and a closing answer. */
async function toolTurn(w: SessionWriter, turn: number, calls: number, resultChars: () => number, thinkingChars = 0): Promise<void> {
  const ids = Array.from({ length: calls }, (_, k) => w.callId(turn, k));
  const thinking =
    thinkingChars > 0 ? [{ type: 'thinking', thinking: w.text(thinkingChars), thinkingSignature: `sig${turn}`.padEnd(120, 'x') }] : [];
  await w.assistant(
    [
      ...thinking,
      { type: 'text', text: w.text(50 + w.random() * 400) },
      ...ids.map((id) => toolCall(id, w.random() < 0.5 ? 'read' : 'bash')),
    ],
    'toolUse',
  );
  for (const id of ids) await w.toolResult(id, [{ type: 'text', text: w.text(resultChars()) }]);
}

type ShapeWriter = (w: SessionWriter, target: number, images: string[]) => Promise<void>;

const WRITERS: Record<Shape, ShapeWriter> = {
  // The realistic session: ~9,000 lines per 100 MB, mostly 1–30 KB tool results, thinking, a few screenshots.
  'mid-results': async (w, target, images) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      const content: unknown[] = [{ type: 'text', text: w.text(200 + w.random() * 2000) }];
      if (turn % 150 === 0) content.push({ type: 'image', data: images[1], mimeType: 'image/png' });
      await w.user(content);
      await toolTurn(w, turn, 1 + Math.floor(w.random() * 3), () => 1000 + w.random() * 29_000, 300 + w.random() * 3000);
      await w.assistant([{ type: 'text', text: w.text(200 + w.random() * 2000) }]);
    }
  },
  // Chat-like: hundreds of thousands of lines of a few hundred bytes (per-line and per-message costs).
  'short-turns': async (w, target) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      await w.user(turn % 2 === 0 ? w.text(10 + w.random() * 150) : [{ type: 'text', text: w.text(10 + w.random() * 150) }]);
      if (turn % 3 === 0) await toolTurn(w, turn, 1, () => 50 + w.random() * 400);
      await w.assistant([{ type: 'text', text: w.text(20 + w.random() * 300) }]);
    }
  },
  // Reasoning models: thinking blocks of 20–150 KB with signatures, short answers.
  'long-thinking': async (w, target) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      await w.user(w.text(100 + w.random() * 600));
      if (turn % 2 === 0) await toolTurn(w, turn, 1, () => 500 + w.random() * 3000, 20_000 + w.random() * 130_000);
      await w.assistant([
        { type: 'thinking', thinking: w.text(20_000 + w.random() * 130_000), thinkingSignature: `sig${turn}`.padEnd(400, 'Q') },
        { type: 'text', text: w.text(100 + w.random() * 800) },
      ]);
    }
  },
  // Browser automation: a screenshot in most tool results, some in user turns, a few oversized.
  'base64-heavy': async (w, target, images) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      const image = (k: number) => ({ type: 'image', data: images[k % images.length], mimeType: 'image/png' });
      await w.user(turn % 5 === 0 ? [{ type: 'text', text: w.text(100) }, image(turn)] : w.text(100 + w.random() * 400));
      const id = w.callId(turn, 0);
      await w.assistant([{ type: 'text', text: w.text(80) }, toolCall(id, 'screenshot')], 'toolUse');
      await w.toolResult(id, [{ type: 'text', text: 'screenshot taken' }, image(turn * 7 + 3)], 'screenshot');
      await w.assistant([{ type: 'text', text: w.text(100 + w.random() * 500) }]);
    }
  },
  // One tool output of half the file (a log dumped whole), in an otherwise ordinary session.
  'huge-output': async (w, target) => {
    let huge = false;
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      await w.user(w.text(200 + w.random() * 1000));
      const big = !huge && w.stats.bytes > target * 0.3;
      if (big) huge = true;
      await toolTurn(w, turn, 1, () => (big ? target * 0.5 : 500 + w.random() * 8000), 200 + w.random() * 1000);
      await w.assistant([{ type: 'text', text: w.text(200 + w.random() * 1000) }]);
    }
  },
  // Parallel tool use: 20–60 calls in one assistant message, each with its small result.
  'many-calls': async (w, target) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      await w.user(w.text(100 + w.random() * 500));
      await toolTurn(w, turn, 20 + Math.floor(w.random() * 40), () => 100 + w.random() * 2500, 200 + w.random() * 800);
      await w.assistant([{ type: 'text', text: w.text(200 + w.random() * 600) }]);
    }
  },
  // Many retries: every few turns the conversation goes back 5–20 entries (with a branch summary) and
  // continues from there, so half the file is abandoned branches and the active one is a long path
  // through a tree of thousands of forks.
  'deep-branches': async (w, target) => {
    const path: string[] = [];
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      if (turn % 6 === 0 && path.length > 80) {
        const back = 5 + Math.floor(w.random() * 16);
        path.length -= back;
        w.parent = path.at(-1)!;
        path.push(await w.entry('branch_summary', { fromId: w.parent, summary: w.text(300) }));
      }
      path.push(await w.user(w.text(200 + w.random() * 1500)));
      const id = w.callId(turn, 0);
      path.push(await w.assistant([{ type: 'text', text: w.text(100 + w.random() * 500) }, toolCall(id)], 'toolUse'));
      path.push(await w.toolResult(id, [{ type: 'text', text: w.text(500 + w.random() * 6000) }]));
      path.push(await w.assistant([{ type: 'text', text: w.text(200 + w.random() * 1000) }]));
    }
  },
  // The realistic session as pi writes it: tool results of 0.5–25 KB of code and logs (ASCII,
  // escaped in JSON), signed thinking in every assistant turn, usage with costs, a diff in some
  // results' details, a screenshot now and then. Its floor is fast, so per-message costs show.
  'code-results': async (w, target, images) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      if (turn % 20 === 1) await w.user([{ type: 'text', text: w.text(100 + w.random() * 1500) }]);
      for (const id of await signedToolTurn(w, turn)) {
        const text = codeText(w, 500 + w.random() * 24_500);
        const content: unknown[] = [{ type: 'text', text }];
        if (w.stats.lines % 700 === 350) content.push({ type: 'image', data: images[1], mimeType: 'image/png' });
        const details = w.random() < 0.3 ? { details: { diff: text.slice(0, 300) } } : {};
        await w.message({ role: 'toolResult', toolCallId: id, toolName: 'read', content, ...details, isError: w.random() < 0.03 });
      }
    }
  },
  // A server that numbers nothing: every tool call of the session has the id `call_0`.
  'one-id': async (w, target) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      await w.user(w.text(50 + w.random() * 400));
      await w.assistant([{ type: 'text', text: w.text(50 + w.random() * 300) }, toolCall('call_0', 'bash')], 'toolUse');
      await w.toolResult('call_0', [{ type: 'text', text: w.text(300 + w.random() * 3000) }], 'bash');
      await w.assistant([{ type: 'text', text: w.text(50 + w.random() * 400) }]);
    }
  },
  // Turns of 500 calls followed by 500 results that name none of them (ids rewritten by some proxy).
  'orphan-results': async (w, target) => {
    for (let turn = 1; w.stats.bytes < target; turn += 1) {
      await w.user(w.text(100 + w.random() * 400));
      const ids = Array.from({ length: 500 }, (_, k) => w.callId(turn, k));
      await w.assistant([{ type: 'text', text: w.text(100) }, ...ids.map((id) => toolCall(id))], 'toolUse');
      for (const id of ids) await w.toolResult(`proxy_${id}`, [{ type: 'text', text: w.text(200 + w.random() * 2000) }]);
      await w.assistant([{ type: 'text', text: w.text(100 + w.random() * 400) }]);
    }
  },
  // An agent that kept talking: runs of 2,000 assistant turns with no user turn between them.
  'assistant-runs': async (w, target) => {
    while (w.stats.bytes < target) {
      await w.user(w.text(100 + w.random() * 400));
      for (let k = 0; k < 2000 && w.stats.bytes < target; k += 1)
        await w.assistant([{ type: 'text', text: w.text(100 + w.random() * 2000) }]);
    }
  },
  // Queued messages never answered: runs of 2,000 user turns with no assistant turn between them.
  'user-runs': async (w, target) => {
    while (w.stats.bytes < target) {
      for (let k = 0; k < 2000 && w.stats.bytes < target; k += 1) await w.user(w.text(100 + w.random() * 2000));
      await w.assistant([{ type: 'text', text: w.text(100 + w.random() * 400) }]);
    }
  },
};

/** Write a session of `shape` of about `megabytes` MiB to `file`, its texts in `text`. */
export async function generateShape(
  file: string,
  shape: Shape,
  megabytes: number,
  seed = 42,
  text: ShapeText = 'mixed',
): Promise<ShapeStats> {
  const w = new SessionWriter(file, seed, text);
  const images =
    shape === 'base64-heavy'
      ? await Promise.all([
          noisePng(320, 200, 1),
          noisePng(400, 250, 3),
          noisePng(200, 150, 4),
          noisePng(640, 400, 2),
          noisePng(360, 240, 5),
          flatPng(2400, 1500),
        ])
      : ['', await noisePng(640, 400, 2)];
  await w.header();
  await WRITERS[shape](w, megabytes * 1024 * 1024, images);
  return w.finish();
}

/**
 * Inspections before the user's, so the first screen of a real session does not pay for loading the
 * provider libraries and compiling the engine: first a tiny session (it loads every library the first
 * screen needs), then the image codec and a generated session of a few thousand messages, inspected a
 * few times.
 *
 * Why the second: V8 records how a function is used (the shapes of the objects it meets, the branches
 * it takes) only once the function has run for a while, and compiles it for what it has seen. After
 * the tiny session alone, a big session's first inspection compiled the payload code for its first
 * messages, met other kinds of objects further on (a tool result with `details`, pi-ai's own copies,
 * the stand-ins' copies of long texts), threw the compiled code away and compiled it again, several
 * times: 174 optimising compiles on a session of short turns. The training session holds the kinds
 * of entries pi's session writer produces, in its field order, so its objects have the same hidden
 * classes as a real session's.
 *
 * Only the host warms up (the desktop app once its window shows, `serve` once its URL is out, the
 * bench's probe before it measures): `inspect()` called through the package API, and the CLI's
 * one-shot commands, get no warm-up, so their first call pays for loading and compiling.
 */
import type { Inspection } from '../../../shared/inspection.js';
import type { Target } from '../../../shared/types.js';
import { defaultImageCodec } from '../image-codec.js';
import { inspect } from '../inspect.js';
import type { HostInspector } from '../inspector.js';

/** The target the warm-up inspects for. */
export const WARM_UP_TARGET: Target = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };

const LINES = [
  { type: 'session', version: 3, id: 'warm-up', timestamp: '2026-01-01T00:00:00.000Z', cwd: '/' },
  {
    type: 'message',
    id: 'a',
    parentId: null,
    timestamp: '2026-01-01T00:00:01.000Z',
    message: { role: 'user', content: [{ type: 'text', text: 'hi' }], timestamp: 1 },
  },
  {
    type: 'message',
    id: 'b',
    parentId: 'a',
    timestamp: '2026-01-01T00:00:02.000Z',
    message: {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'x', thinkingSignature: 's' },
        { type: 'text', text: 'reading' },
        { type: 'toolCall', id: 'toolu_1', name: 'read', arguments: { path: 'a' } },
      ],
      api: 'anthropic-messages',
      provider: 'anthropic',
      model: 'claude-sonnet-4-5',
      usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0, totalTokens: 2 },
      stopReason: 'toolUse',
      timestamp: 2,
    },
  },
  {
    type: 'message',
    id: 'c',
    parentId: 'b',
    timestamp: '2026-01-01T00:00:03.000Z',
    message: {
      role: 'toolResult',
      toolCallId: 'toolu_1',
      toolName: 'read',
      content: [{ type: 'text', text: 'ok' }],
      isError: false,
      timestamp: 3,
    },
  },
];

/** The tiny session: a user turn, an assistant turn with thinking and a tool call, its result. */
export const WARM_UP_SESSION = LINES.map((line) => JSON.stringify(line)).join('\n');

/**
 * The models the training session's turns are recorded by, from turn `from` on: a user who switched
 * to OpenAI and then to Gemini mid-session, and back. pi-ai converts another provider's turns for the
 * target (its thinking, its tool-call ids), code a session of one provider never reaches.
 */
const MODEL_SWITCHES = [
  { from: 0, provider: 'anthropic', api: 'anthropic-messages', model: 'claude-sonnet-4-5', responsePrefix: 'msg_' },
  { from: 700, provider: 'openai', api: 'openai-responses', model: 'gpt-5.2', responsePrefix: 'resp_' },
  { from: 800, provider: 'google', api: 'google-generative-ai', model: 'gemini-2.5-pro', responsePrefix: 'g' },
  { from: 900, provider: 'anthropic', api: 'anthropic-messages', model: 'claude-sonnet-4-5', responsePrefix: 'msg_' },
];

type ModelSwitch = (typeof MODEL_SWITCHES)[number];

/** Hex digits for an id, from a counter (deterministic, spread). */
const hexOf = (n: number, length: number): string => (n * 2654435761).toString(16).padStart(length, '0').slice(-length);

/**
 * A tool-call id as `model`'s provider writes it: Anthropic's, OpenAI Responses' call and item ids,
 * Gemini's name, time and count.
 */
function toolCallId(model: ModelSwitch, name: string, call: number, clock: number): string {
  if (model.provider === 'openai') return `call_${call.toString(36).padStart(24, '0')}|fc_${hexOf(call, 48)}`;
  if (model.provider === 'google') return `${name}_${clock}_${call}`;
  return `toolu_${call.toString(36).padStart(6, '0')}`;
}

/** A thinking block as `model`'s provider records it: Anthropic's signed, OpenAI's with its reasoning item, Gemini's unsigned. */
function thinkingBlock(model: ModelSwitch, said: string, letters: string, call: number): Record<string, unknown> {
  if (model.provider === 'google') return { type: 'thinking', thinking: said };
  const signature =
    model.provider === 'openai'
      ? JSON.stringify({
          id: `rs_${hexOf(call, 48)}`,
          type: 'reasoning',
          summary: [{ type: 'summary_text', text: said }],
          encrypted_content: `gAAAA${letters}`,
        })
      : `sig${letters}`;
  return { type: 'thinking', thinking: said, thinkingSignature: signature };
}

/** Turns of the training session (about 2 MB, 3,900 messages). */
const TRAINING_TURNS = 1000;
/** Times the training session is inspected. */
export const TRAINING_PASSES = 3;

const WORDS = [
  'the',
  'session',
  'read',
  'file',
  'return',
  'await',
  'const',
  'path',
  'error',
  'tests',
  'fix',
  'agent',
  'é',
  'données',
  'naïve',
  '"quoted"',
  'tab\there',
  'line\nbreak',
  '{',
  '}',
];
// Two-byte text in some turns: V8 then keeps those strings at two bytes a character, as it does for
// any text with a character past U+00FF.
const WIDE_WORDS = [...WORDS, '中文', 'ключ', '→'];

/**
 * The training session: `TRAINING_TURNS` user turns, each answered by one of six kinds of assistant turn
 * (text; thinking and a call; thinking, text and three calls with their results, one with `details`
 * and one an error; a call with a long result; long thinking and text; text and two calls), texts of
 * 512 characters or more every few turns (what goes to pi-ai as a stand-in), a failed turn and a
 * retry every 40 turns (a branch left behind), assistant turns as today's pi writes them
 * (`responseId`, `usage.cost`) and as older writers did (without them), and a hundred turns each
 * recorded by OpenAI Responses and by Gemini after a model switch (`MODEL_SWITCHES`). Deterministic.
 */
export function trainingSession(): string {
  let seed = 7;
  const next = (): number => {
    // A plain deterministic sequence (its low bits repeat after a few thousand draws, which is fine:
    // only the kinds of entries and the lengths of texts matter here, not the words).
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  const text = (chars: number, wide: boolean): string => {
    const words = wide ? WIDE_WORDS : WORDS;
    let out = '';
    while (out.length < chars) out += `${words[Math.floor(next() * words.length)]} `;
    return out;
  };
  const lines: string[] = [];
  let counter = 0;
  let parent: string | null = null;
  let clock = 1_767_225_600_000;
  // Each entry hangs off the one written before it, unless `parent` was set back (a retry).
  const entry = (fields: Record<string, unknown>): string => {
    counter += 1;
    clock += 1537;
    const id = counter.toString(16).padStart(8, '0');
    lines.push(
      JSON.stringify({ type: fields.type ?? 'message', id, parentId: parent, timestamp: new Date(clock).toISOString(), ...fields }),
    );
    parent = id;
    return id;
  };
  lines.push(
    JSON.stringify({ type: 'session', version: 3, id: 'warm-up-training', timestamp: new Date(clock).toISOString(), cwd: '/work' }),
  );
  let model = MODEL_SWITCHES[0];
  entry({ type: 'model_change', provider: model.provider, modelId: model.model });
  entry({ type: 'thinking_level_change', thinkingLevel: 'medium' });
  let call = 0;
  const assistant = (turn: number, content: unknown[], stopReason: string, extra: Record<string, unknown> = {}) => {
    const current = turn % 2 === 0;
    const usage = current
      ? {
          input: 1200 + turn,
          output: 300,
          cacheRead: 0,
          cacheWrite: 0,
          totalTokens: 1500 + turn,
          cost: { input: 0.0036, output: 0.0045, cacheRead: 0, cacheWrite: 0.000375, total: 0.008475 },
        }
      : { input: 1200 + turn, output: 300, cacheRead: 0, cacheWrite: 0, totalTokens: 1500 + turn };
    const message: Record<string, unknown> = {
      role: 'assistant',
      content,
      api: model.api,
      provider: model.provider,
      model: model.model,
      usage,
      stopReason,
      timestamp: clock,
      ...extra,
    };
    if (current && stopReason !== 'error') message.responseId = `${model.responsePrefix}${(1000 + turn).toString(36)}`;
    entry({ message });
  };
  const toolCall = (name: string, wide: boolean): Record<string, unknown> => {
    call += 1;
    const block: Record<string, unknown> = {
      type: 'toolCall',
      id: toolCallId(model, name, call, clock),
      name,
      arguments: { path: text(20, wide) },
    };
    if (model.provider === 'google') block.thoughtSignature = `Cuc${text(40, false).replace(/[^a-z]/g, '')}`;
    return block;
  };
  const result = (tc: Record<string, unknown>, chars: number, wide: boolean, kind: 'plain' | 'details' | 'error' = 'plain') => {
    const message: Record<string, unknown> = {
      role: 'toolResult',
      toolCallId: tc.id,
      toolName: tc.name,
      content: [{ type: 'text', text: text(chars, wide) }],
    };
    if (kind === 'details') message.details = { diff: text(40, wide) };
    message.isError = kind === 'error';
    message.timestamp = clock;
    entry({ message });
  };
  const thinking = (chars: number, wide: boolean): Record<string, unknown> =>
    thinkingBlock(model, text(chars, wide), text(40, false).replace(/[^a-z]/g, ''), call);
  for (let turn = 0; turn < TRAINING_TURNS; turn += 1) {
    const switched = MODEL_SWITCHES.find((m) => m.from === turn);
    if (switched && switched !== model) {
      model = switched;
      entry({ type: 'model_change', provider: model.provider, modelId: model.model });
    }
    const wide = turn % 3 === 0;
    const long = turn % 4 === 0 || turn % 8 === 3 ? 520 : 0;
    const chars = long || 20 + Math.floor(next() * 80);
    const user =
      turn % 2 === 0
        ? { role: 'user', content: [{ type: 'text', text: text(chars, wide) }], timestamp: clock }
        : { role: 'user', content: text(chars, wide), timestamp: clock };
    const asked = entry({ message: user });
    if (turn % 40 === 39) {
      // A failed turn, then the retry from the same user turn: the failed turn is left off the branch.
      assistant(turn, [], 'error', { errorMessage: 'overloaded_error: Overloaded' });
      parent = asked;
    }
    switch (turn % 6) {
      case 0:
        assistant(turn, [{ type: 'text', text: text(40 + long, wide) }], 'stop');
        break;
      case 1: {
        const tc = toolCall('read', wide);
        assistant(turn, [thinking(60, wide), tc], 'toolUse');
        result(tc, 80, wide);
        assistant(turn, [{ type: 'text', text: text(30, wide) }], 'stop');
        break;
      }
      case 2: {
        const calls = [toolCall('read', wide), toolCall('edit', wide), toolCall('bash', wide)];
        assistant(turn, [thinking(80, wide), { type: 'text', text: text(30, wide) }, ...calls], 'toolUse');
        result(calls[0], 100, wide);
        result(calls[1], 60, wide, 'details');
        result(calls[2], 40, wide, 'error');
        assistant(turn, [{ type: 'text', text: text(40, wide) }], 'stop');
        break;
      }
      case 3: {
        const tc = toolCall('bash', wide);
        assistant(turn, [tc], 'toolUse');
        result(tc, 520, wide);
        assistant(turn, [{ type: 'text', text: text(30, wide) }], 'stop');
        break;
      }
      case 4:
        assistant(turn, [thinking(520, wide), { type: 'text', text: text(520, wide) }], 'stop');
        break;
      default: {
        const calls = [toolCall('grep', wide), toolCall('read', wide)];
        assistant(turn, [{ type: 'text', text: text(20, wide) }, ...calls], 'toolUse');
        for (const tc of calls) result(tc, 60, wide);
        assistant(turn, [{ type: 'text', text: text(30, wide) }], 'stop');
      }
    }
  }
  return lines.join('\n');
}

/** Options of `warmUp`. */
export interface WarmUpOptions {
  /**
   * Also inspect the training session (default true). A host that opens a session at once (one named
   * on its command line, or handed over by the system at launch) passes false: that session's
   * inspection must not wait for the training's.
   */
  train?: boolean;
  /**
   * True once the training must give way: the host is stopping, or the user asked for work (the hosts
   * know each request; see `startsWork`). The training ends before its next pass.
   */
  stopping?: () => boolean;
  /** How the training session is inspected (default: `inspect()` with payloads; tests count the calls). */
  inspectTraining?: (text: string) => Promise<unknown>;
  /** How the image codec is loaded before the training (default: the host's codec, sharp; tests count the calls). */
  loadImageCodec?: () => Promise<unknown>;
}

/**
 * Inspect a tiny session once through the inspector (its first payload and turn windows too), then,
 * unless `options.train` is false, the training session `TRAINING_PASSES` times, and forget them.
 * A file read meanwhile (its read reports progress) or `options.stopping` ends the training before
 * its next pass. Never throws: a failure here shows up again, and is reported, on real use.
 */
export async function warmUp(
  inspector: Pick<HostInspector, 'open' | 'inspect' | 'getDocument' | 'getTurns' | 'close'> & Partial<Pick<HostInspector, 'onProgress'>>,
  options: WarmUpOptions = {},
): Promise<void> {
  try {
    const info = await inspector.open({ kind: 'text', name: 'warm-up.jsonl', text: WARM_UP_SESSION });
    try {
      const summary = await inspector.inspect(info.sessionId, WARM_UP_TARGET);
      for (const side of ['original', 'replay'] as const)
        await inspector.getDocument(summary.inspectionId, side, 'payload', { from: 0, to: 3 });
      await inspector.getTurns(summary.inspectionId, 'replay', 0, 3);
    } finally {
      await inspector.close(info.sessionId);
    }
  } catch {
    // Only a head start.
  }
  if (options.train === false) return;
  // The image codec (sharp), which the hosts load at a session's first image: loaded here, a first
  // session with images finds it ready. Not when a session opens at once: it loads the codec itself
  // if it has an image, and should not share the cores with sharp's load if it has none.
  if (!options.stopping?.()) await (options.loadImageCodec ?? defaultImageCodec)().catch(() => undefined);
  // Only files on disk report progress, so the warm-up's own sessions (texts) do not end it.
  let opened = false;
  const unsubscribe = inspector.onProgress?.(() => (opened = true));
  try {
    await train(options.inspectTraining, () => opened || (options.stopping?.() ?? false));
  } finally {
    unsubscribe?.();
  }
}

/**
 * Inspect the training session `TRAINING_PASSES` times, payloads and preflight included (about 0.4 s
 * on two cores), letting other work in between passes, until `stop` says so. Never throws.
 */
export async function train(
  inspectTraining: (text: string) => Promise<unknown> = inspectTrainingSession,
  stop: () => boolean = () => false,
): Promise<void> {
  try {
    const text = trainingSession();
    for (let pass = 0; pass < TRAINING_PASSES && !stop(); pass += 1) {
      await inspectTraining(text);
      // Other work that came meanwhile (the page loading, the user opening a file) gets a turn
      // between passes; a pass itself runs to its end (60–230 ms).
      await new Promise((resolve) => setImmediate(resolve));
    }
  } catch {
    // Only a head start.
  }
}

/** The training's inspection: `inspect()` as the hosts run it, payloads and preflight included. */
export function inspectTrainingSession(text: string): Promise<Inspection> {
  return inspect({ text, name: 'warm-up-training.jsonl' }, WARM_UP_TARGET, { now: 0 });
}

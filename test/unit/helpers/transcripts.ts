// Random transcripts for the payload builders' tests: deterministic, with the cases pi-ai treats apart.
import { isWellFormed } from '../../../shared/text/well-formed.js';
import type { Message, Target } from '../../../shared/types.js';

/** A small deterministic PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const TEXTS = [
  'hello',
  '',
  '  ',
  'fix it',
  '\ud83d lone',
  'emoji 🙈',
  'x'.repeat(40),
  // Long enough for the Anthropic builder's stand-ins: plain, two-byte, lone surrogate, blank.
  'y'.repeat(600),
  'long 中文 🙈 text\n'.repeat(60),
  `${'z'.repeat(700)}\udc00`,
  ' \n'.repeat(400),
];
const ANTHROPIC_ROUTE: Route = { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5' };
const IDS = ['toolu_a', 'toolu_b', 'call|x', 'toolu_c', 'fc_1|abc', 'toolu_d'];

/** Where an assistant message says it came from. */
export interface Route {
  api: string;
  provider: string;
  model: string;
}

/**
 * A random transcript with the odd cases pi-ai's builders treat apart (blank, failed, foreign, orphan,
 * custom roles). `oneUnitIds`: no tool-call id in two units (no id used twice, no result after a user
 * turn answering a call before it); `wellFormed`: no text with a lone surrogate (pi-ai strips those).
 * Both are what a payload built in parts of units needs (payload-parts.ts). `own`: the route of the
 * assistant messages that are not OpenAI's (Anthropic's when not given); with it, calls sometimes
 * carry a Gemini thought signature and user turns are sometimes an image or an empty block list.
 * `responses`: OpenAI's turns carry what the Responses API records (a reasoning item as the thinking
 * signature, an item id as the text signature, in both of pi-ai's forms, or none). `noFailedCalls`:
 * a failed turn never holds a call (one that would have is a tool-use turn).
 */
export function transcript(
  random: () => number,
  length: number,
  options: { oneUnitIds?: boolean; wellFormed?: boolean; own?: Route; responses?: boolean; noFailedCalls?: boolean } = {},
): Message[] {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const texts = options.wellFormed ? TEXTS.filter(isWellFormed) : TEXTS;
  const out: Message[] = [];
  let pending: string[] = [];
  let idCount = 0;
  for (let i = 0; i < length; i += 1) {
    const r = random();
    // A user turn (summaries and bash runs become ones) starts a unit: the calls before it stay unanswered.
    if (options.oneUnitIds && (r < 0.2 || r >= 0.9)) pending = [];
    if (r < 0.2) {
      const odd = options.own ? random() : 1;
      out.push(
        odd < 0.08
          ? { role: 'user', content: [], timestamp: i }
          : odd < 0.16
            ? { role: 'user', content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }], timestamp: i }
            : random() < 0.3
              ? { role: 'user', content: pick(texts), timestamp: i }
              : { role: 'user', content: [{ type: 'text', text: pick(texts) }], timestamp: i },
      );
    } else if (r < 0.5) {
      const foreign = random() < 0.3;
      const content: Record<string, unknown>[] = [];
      if (random() < 0.5) content.push({ type: 'thinking', thinking: pick(texts), thinkingSignature: random() < 0.5 ? 'sig' : '' });
      if (random() < 0.1) content.push({ type: 'thinking', thinking: '[Reasoning redacted]', thinkingSignature: 'enc', redacted: true });
      if (random() < 0.7) content.push({ type: 'text', text: pick(texts) });
      if (options.responses && foreign) asResponsesTurn(random, content, i);
      pending = [];
      const calls = Math.floor(random() * 3);
      for (let c = 0; c < calls; c += 1) {
        const id = !options.oneUnitIds && random() < 0.15 ? pick(IDS) : `${pick(IDS)}_${(idCount += 1)}`;
        pending.push(id);
        const call: Record<string, unknown> = { type: 'toolCall', id, name: 'bash', arguments: { n: c } };
        if (options.own && random() < 0.5) call.thoughtSignature = 'c2lnbmF0dXJl';
        content.push(call);
      }
      const route = foreign ? { api: 'openai-responses', provider: 'openai', model: 'gpt-5' } : (options.own ?? ANTHROPIC_ROUTE);
      out.push({
        role: 'assistant',
        content,
        ...route,
        stopReason:
          failedStop(random() < 0.1 ? pick(['error', 'aborted']) : null, calls > 0, options.noFailedCalls) ??
          (calls > 0 ? 'toolUse' : 'stop'),
        timestamp: i,
      });
    } else if (r < 0.9) {
      const orphanId = options.oneUnitIds ? `orphan_${i}` : undefined;
      const id = pending.length > 0 && random() < 0.85 ? pending.shift()! : (orphanId ?? pick(IDS));
      out.push({
        role: 'toolResult',
        toolCallId: id,
        toolName: 'bash',
        content:
          random() < 0.3
            ? [
                { type: 'text', text: pick(texts) },
                { type: 'text', text: pick(texts) },
              ]
            : random() < 0.15
              ? [
                  { type: 'text', text: pick(texts) },
                  { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
                ]
              : [{ type: 'text', text: pick(texts) }],
        isError: random() < 0.2,
        details: { exitCode: 0 },
        timestamp: i,
      });
    } else if (r < 0.95) {
      out.push({ role: 'compactionSummary', summary: pick(texts), tokensBefore: 1, timestamp: i });
    } else {
      out.push({
        role: 'bashExecution',
        command: 'ls',
        output: pick(texts),
        exitCode: 0,
        excludeFromContext: random() < 0.5,
        timestamp: i,
      });
    }
  }
  return out;
}

/** A failed turn's stop reason, or null: none when it would hold calls and `noFailedCalls` forbids it. */
function failedStop(failed: string | null, calls: boolean, noFailedCalls: boolean | undefined): string | null {
  return failed !== null && calls && noFailedCalls ? null : failed;
}

/** An OpenAI turn's blocks as the Responses API records them (see `transcript`). */
function asResponsesTurn(random: () => number, content: Record<string, unknown>[], turn: number): void {
  content.forEach((block, k) => {
    if (block.type === 'thinking')
      block.thinkingSignature = JSON.stringify({ type: 'reasoning', id: `rs_${turn}_${k}`, summary: [], encrypted_content: 'gAAAA' });
    if (block.type === 'text') {
      const r = random();
      if (r < 0.4) block.textSignature = JSON.stringify({ v: 1, id: `msg_${turn}x${k}`, ...(r < 0.2 ? { phase: 'final_answer' } : {}) });
      else if (r < 0.6) block.textSignature = `msg_legacy${turn}${k}`;
    }
  });
}

/** How a renamed id is written: given how many were renamed before it. */
export type RenamedAs = (n: number, random: () => number) => string;

/** Hygiene's ids for Anthropic and Bedrock: plain, or (a third of them) still holding a character pi-ai cleans. */
const renamedForAnthropic: RenamedAs = (n, random) => `${random() < 0.33 ? 'new|' : 'callnew'}${n}`;

/**
 * A new id for a share (`renamed`) of the transcript's tool-call ids, as hygiene's id rewrite gives
 * them (`as`: Anthropic's and Bedrock's forms when not given).
 */
function renamedIds(random: () => number, original: Message[], renamed: number, as: RenamedAs): Map<string, string> {
  const ids = new Map<string, string>();
  for (const message of original)
    if (message.role === 'assistant' && Array.isArray(message.content))
      for (const block of message.content as Record<string, unknown>[])
        if (block.type === 'toolCall' && typeof block.id === 'string' && !ids.has(block.id) && random() < renamed)
          ids.set(block.id, as(ids.size, random));
  return ids;
}

/** A message with its calls' and result's ids renamed (the same object when none is). */
function withRenamedIds(message: Message, ids: Map<string, string>): Message {
  if (message.role === 'toolResult' && typeof message.toolCallId === 'string' && ids.has(message.toolCallId))
    return { ...message, toolCallId: ids.get(message.toolCallId) };
  if (message.role !== 'assistant' || !Array.isArray(message.content)) return message;
  const content = message.content as Record<string, unknown>[];
  const renamed = (b: Record<string, unknown>) => b.type === 'toolCall' && typeof b.id === 'string' && ids.has(b.id);
  if (!content.some(renamed)) return message;
  return { ...message, content: content.map((b) => (renamed(b) ? { ...b, id: ids.get(b.id as string) } : b)) };
}

/**
 * A replay as hygiene makes one: most messages kept (the same objects), some changed, dropped or
 * added. `rewritten`: the share of assistant turns rewritten whole besides (their blocks copied, so
 * their tool calls are not the original's), as after a switch to another model. `renamed`: the share
 * of tool-call ids given another, in their calls and results, as the id rewrite does, written as
 * `renamedAs` writes them.
 */
export function replayOf(
  random: () => number,
  original: Message[],
  options: { rewritten?: number; renamed?: number; renamedAs?: RenamedAs } = {},
): { messages: Message[]; origins: (number | null)[] } {
  const messages: Message[] = [];
  const origins: (number | null)[] = [];
  const ids = options.renamed ? renamedIds(random, original, options.renamed, options.renamedAs ?? renamedForAnthropic) : null;
  original.forEach((message, index) => {
    const r = random();
    if (r < 0.06) return;
    let out = message;
    if (options.rewritten && message.role === 'assistant' && Array.isArray(message.content) && random() < options.rewritten) {
      out = { ...message, content: message.content.map((b) => ({ ...(b as object) })) };
    } else if (r < 0.12 && message.role === 'toolResult') {
      out = { ...message };
      delete out.details;
    } else if (r < 0.18 && message.role === 'assistant' && Array.isArray(message.content)) {
      out = { ...message, content: message.content.filter((b) => (b as { type?: string }).type !== 'thinking') };
    } else if (r < 0.21 && Array.isArray(message.content)) {
      out = { ...message, content: [...message.content] };
    } else if (r < 0.23) {
      out = { ...message, content: [{ type: 'text', text: 'changed' }] };
    }
    messages.push(ids ? withRenamedIds(out, ids) : out);
    origins.push(index);
  });
  if (random() < 0.3) {
    messages.push({ role: 'user', content: [{ type: 'text', text: 'Continue.' }], timestamp: 99 });
    origins.push(null);
  }
  return { messages, origins };
}

/**
 * Assistant turns of API `from` as if `target` had recorded them (its api, provider and model), so
 * that they are the target's own turns. Each message is mapped once: a replay mapped with the same
 * function still shares the original's objects where it did.
 */
export function recordedBy(target: Target, from: string): (message: Message) => Message {
  const mapped = new Map<Message, Message>();
  return (m) => {
    let out = mapped.get(m);
    if (!out) {
      out =
        m.role === 'assistant' && m.api === from
          ? ({ ...m, api: target.api, provider: target.provider, model: target.modelId } as Message)
          : m;
      mapped.set(m, out);
    }
    return out;
  };
}

/**
 * Checking a context-length or model-capability answer against the session: the replay's size
 * against the model's window, the tools, thinking and images the session uses against what the
 * catalogue says the model supports.
 */
import type { ErrorEvidence, Inspection } from '../inspection.js';
import { isRecord } from '../messages.js';
import { payloadFamily, payloadThinkingEnabled } from '../preflight/family.js';
import type { Message } from '../types.js';
import type { Capability } from './category-patterns.js';
import type { ReportedTokens } from './classify.js';
import type { ExplainFacts } from './facts.js';

/** What checking a non-transcript answer found. */
export interface CategoryCheck {
  turns: number[];
  evidence: ErrorEvidence[];
  confidenceDelta: number;
}

/** Tokens a provider counts for one image, roughly (a ~1200-pixel image on Anthropic is ~1.6k). */
const IMAGE_TOKENS = 1600;

function blocks(message: Message): unknown[] {
  return Array.isArray(message.content) ? message.content : [];
}

function charsOf(message: Message): { chars: number; images: number } {
  if (typeof message.content === 'string') return { chars: message.content.length, images: 0 };
  let chars = typeof message.summary === 'string' ? message.summary.length : 0;
  let images = 0;
  for (const b of blocks(message)) {
    if (!isRecord(b)) continue;
    if (b.type === 'image') images++;
    else if (typeof b.text === 'string') chars += b.text.length;
    else if (typeof b.thinking === 'string') chars += b.thinking.length;
    else if (b.arguments !== undefined) chars += JSON.stringify(b.arguments)?.length ?? 0;
  }
  return { chars, images };
}

/** An estimate of the tokens of some messages: characters / 4, plus a flat cost per image. */
export function estimateTokens(messages: readonly Message[]): number {
  let chars = 0;
  let images = 0;
  for (const m of messages) {
    const c = charsOf(m);
    chars += c.chars;
    images += c.images;
  }
  return Math.ceil(chars / 4) + images * IMAGE_TOKENS;
}

function k(n: number): string {
  return n >= 10_000 ? `${Math.round(n / 1000)}k` : n.toLocaleString('en-US');
}

/** The messages the failing request carried: up to a recorded failed turn, else the whole replay. */
function requestMessages(inspection: Inspection, facts: ExplainFacts): { messages: readonly Message[]; what: string } {
  if (facts.turn !== undefined)
    return { messages: inspection.original.messages.slice(0, facts.turn), what: `the turns before turn #${facts.turn}` };
  return { messages: inspection.replay.messages, what: 'this replay' };
}

function lastRecordedInput(messages: readonly Message[]): { turn: number; tokens: number } | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const usage = messages[i].usage;
    if (messages[i].role !== 'assistant' || !isRecord(usage)) continue;
    const sum = [usage.input, usage.cacheRead, usage.cacheWrite].reduce<number>(
      (s, v) => s + (typeof v === 'number' && Number.isFinite(v) ? v : 0),
      0,
    );
    if (sum > 0) return { turn: i, tokens: sum };
  }
  return null;
}

/** Compare a context-length error with the request's size and the model's window. */
export function checkContextLength(inspection: Inspection, tokens: ReportedTokens | undefined, facts: ExplainFacts): CategoryCheck {
  const evidence: ErrorEvidence[] = [];
  let delta = 0;
  const { messages, what } = requestMessages(inspection, facts);
  const estimate = estimateTokens(messages);
  const recorded = lastRecordedInput(messages);
  const contextTokens = facts.model?.contextWindow;
  const modelName = facts.model?.modelId ?? inspection.target.modelId;
  if (tokens?.limit)
    evidence.push({
      fact: `The error counts ${tokens.requested === null ? 'the request' : `${tokens.requested.toLocaleString('en-US')} tokens`} against a limit of ${tokens.limit.toLocaleString('en-US')}.`,
      confirmed: null,
    });
  evidence.push({
    fact: `${what[0].toUpperCase()}${what.slice(1)} is ≈ ${k(estimate)} tokens (characters / 4, images ≈ ${IMAGE_TOKENS} each).`,
    confirmed: null,
  });
  if (recorded)
    evidence.push({
      fact: `Turn #${recorded.turn} recorded ${recorded.tokens.toLocaleString('en-US')} input tokens in its usage.`,
      confirmed: null,
    });
  if (contextTokens) evidence.push({ fact: `${modelName} accepts ${k(contextTokens)} tokens (pi-ai's catalogue).`, confirmed: null });
  if (tokens?.limit && contextTokens && Math.abs(tokens.limit - contextTokens) > contextTokens * 0.1)
    evidence.push({
      fact: `The error's limit (${k(tokens.limit)}) is not ${modelName}'s window (${k(contextTokens)}): the request went to another model or deployment, or the server runs with a smaller context.`,
      confirmed: false,
    });
  const limit = tokens?.limit ?? contextTokens;
  const size = Math.max(estimate, recorded?.tokens ?? 0);
  if (limit) {
    if (size >= limit * 0.8) {
      delta += 0.02;
      evidence.push({ fact: `The session is at ${Math.round((size / limit) * 100)} % of the ${k(limit)}-token limit.`, confirmed: true });
    } else if (size < limit * 0.5) {
      delta -= 0.1;
      evidence.push({
        fact: `The session is only ${Math.round((size / limit) * 100)} % of the ${k(limit)}-token limit: the failing request carried more (tool definitions, attachments, another branch) or the limit is smaller than stated.`,
        confirmed: false,
      });
    }
  }
  return { turns: [], evidence, confidenceDelta: delta };
}

function turnsWith(messages: readonly Message[], test: (block: Record<string, unknown>) => boolean): number[] {
  const out: number[] = [];
  messages.forEach((m, i) => {
    if (blocks(m).some((b) => isRecord(b) && test(b))) out.push(i);
  });
  return out;
}

/** The model an error names ("registry.ollama.ai/library/qwen:4b does not support tools", "'claude-x' does not support thinking"). */
export function namedModel(text: string): string | null {
  const m =
    /library\/([\w.:-]+) does not support/i.exec(text) ??
    /["']([\w./:@-]{3,})["']? does not support/i.exec(text) ??
    /for model [`'"]?([\w./:@-]{3,})/i.exec(text);
  return m ? m[1] : null;
}

/** Check a model-capability answer against the session's tools, thinking and images and the catalogue's flags. */
export function checkCapability(
  inspection: Inspection,
  capability: Capability | undefined,
  text: string,
  facts: ExplainFacts,
): CategoryCheck {
  const evidence: ErrorEvidence[] = [];
  let turns: number[] = [];
  const { messages } = requestMessages(inspection, facts);
  const model = facts.model;
  const named = namedModel(text);
  if (named) {
    const same =
      named.toLowerCase().includes(inspection.target.modelId.toLowerCase()) ||
      inspection.target.modelId.toLowerCase().includes(named.toLowerCase());
    evidence.push({
      fact: `The error names the model ${named}; the target is ${inspection.target.modelId}.`,
      confirmed: same ? true : false,
    });
  }
  if (capability === 'tools') {
    turns = turnsWith(messages, (b) => b.type === 'toolCall');
    evidence.push(
      turns.length > 0
        ? { fact: `The session calls tools (${turns.length} turn${turns.length === 1 ? '' : 's'} with tool calls).`, confirmed: true }
        : { fact: 'The session has no tool calls; the request still declared tools.', confirmed: null },
    );
  } else if (capability === 'thinking') {
    const family = payloadFamily(inspection.target.api);
    const asked = inspection.target.reasoning === true || (family !== null && payloadThinkingEnabled(inspection.original.payload, family));
    turns = turnsWith(messages, (b) => b.type === 'thinking');
    evidence.push({
      fact: asked ? 'The request asks the model to think.' : 'This inspection does not ask for thinking; the failing request did.',
      confirmed: asked ? true : null,
    });
    if (model?.reasoning !== undefined)
      evidence.push({
        fact: model.reasoning
          ? `pi-ai's catalogue lists ${model.modelId} as a reasoning model: the route or deployment used may not be.`
          : `pi-ai's catalogue lists ${model.modelId} as not a reasoning model.`,
        confirmed: !model.reasoning,
      });
  } else if (capability === 'images') {
    turns = turnsWith(messages, (b) => b.type === 'image');
    evidence.push({
      fact: `${turns.length} turn${turns.length === 1 ? '' : 's'} of the session carry images.`,
      confirmed: turns.length > 0,
    });
    if (model?.input)
      evidence.push({
        fact: model.input.includes('image')
          ? `pi-ai's catalogue says ${model.modelId} takes images.`
          : `pi-ai's catalogue says ${model.modelId} takes text only.`,
        confirmed: !model.input.includes('image'),
      });
  }
  return { turns: turns.slice(0, 20), evidence, confidenceDelta: 0 };
}

// A small writer for hand-written pi / OpenClaw session files (JSONL, v1/v2/v3).
//
// Every entry gets a deterministic 8-hex id (derived from the session name and a counter), a
// parentId chaining it to the current leaf, and an ISO timestamp from a clock that advances a few
// seconds per entry; message timestamps (ms) follow the same clock. Nothing here is random, so
// regenerating the corpus produces byte-identical files.
import crypto from 'node:crypto';

const sha = (s) => crypto.createHash('sha256').update(s).digest('hex');

/** Deterministic pseudo-random string over an alphabet (for ids and signatures). */
export function token(seed, length, alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789') {
  let out = '';
  let block = '';
  let n = 0;
  while (out.length < length) {
    if (block.length < 2) block = sha(`${seed}:${n++}`);
    const v = parseInt(block.slice(0, 2), 16);
    block = block.slice(2);
    out += alphabet[v % alphabet.length];
  }
  return out;
}

/** A base64 string that looks like an Anthropic thinking signature. */
export function anthropicSignature(seed, bytes = 180) {
  return (
    'Er' +
    Buffer.from(
      sha(`sig:${seed}`)
        .repeat(Math.ceil(bytes / 32))
        .slice(0, bytes * 2),
      'hex',
    ).toString('base64')
  );
}
/** A Gemini thought signature (canonical base64). */
export function geminiSignature(seed, bytes = 120) {
  return (
    'Cq' +
    Buffer.from(
      sha(`gsig:${seed}`)
        .repeat(Math.ceil(bytes / 32))
        .slice(0, bytes * 2),
      'hex',
    )
      .toString('base64')
      .slice(2)
  );
}
/** An OpenAI Responses reasoning item, serialised the way pi-ai stores it in thinkingSignature. */
export function reasoningItem(seed, summary = '') {
  return JSON.stringify({
    type: 'reasoning',
    id: `rs_${sha(`rs:${seed}`).slice(0, 48)}`,
    summary: summary ? [{ type: 'summary_text', text: summary }] : [],
    encrypted_content: `gAAAAAB${Buffer.from(sha(`enc:${seed}`).repeat(4), 'hex').toString('base64')}`,
  });
}
export const toolu = (seed) => `toolu_01${token(`toolu:${seed}`, 22)}`;
export const callId = (seed) => `call_${token(`call:${seed}`, 24)}`;
export const fcId = (seed) => `fc_${sha(`fc:${seed}`).slice(0, 50)}`;
export const callFc = (seed) => `${callId(seed)}|${fcId(seed)}`;
export const msgId = (seed) => `msg_${sha(`msg:${seed}`).slice(0, 48)}`;
export const textSig = (seed, phase) => JSON.stringify(phase ? { v: 1, id: msgId(seed), phase } : { v: 1, id: msgId(seed) });

// Prices per million tokens (roughly the public list prices; only the shape matters).
const PRICES = {
  anthropic: [3, 15, 0.3, 3.75],
  openai: [1.25, 10, 0.125, 0],
  google: [1.25, 10, 0.31, 0],
  default: [0.5, 1.5, 0, 0],
};

/** A pi-ai usage object with cost. */
export function usage(input, output, cacheRead = 0, cacheWrite = 0, family = 'default') {
  const p = PRICES[family] ?? PRICES.default;
  const r = (x) => Math.round(x * 1e9) / 1e9;
  const cost = {
    input: r((input * p[0]) / 1e6),
    output: r((output * p[1]) / 1e6),
    cacheRead: r((cacheRead * p[2]) / 1e6),
    cacheWrite: r((cacheWrite * p[3]) / 1e6),
  };
  cost.total = r(cost.input + cost.output + cost.cacheRead + cost.cacheWrite);
  return { input, output, cacheRead, cacheWrite, totalTokens: input + output + cacheRead + cacheWrite, cost };
}
export const zeroUsage = () => usage(0, 0, 0, 0);

/** Common assistant origins (api/provider/model as pi-ai writes them). */
export const ORIGINS = {
  anthropic: { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', family: 'anthropic' },
  opus: { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-opus-4-6', family: 'anthropic' },
  openai: { api: 'openai-responses', provider: 'openai', model: 'gpt-5', family: 'openai' },
  codex: { api: 'openai-codex-responses', provider: 'openai-codex', model: 'gpt-5-codex', family: 'openai' },
  google: { api: 'google-generative-ai', provider: 'google', model: 'gemini-2.5-pro', family: 'google' },
  bedrock: {
    api: 'bedrock-converse-stream',
    provider: 'amazon-bedrock',
    model: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
    family: 'anthropic',
  },
  ollama: { api: 'openai-completions', provider: 'ollama', model: 'qwen3:8b', family: 'default' },
  vllm: { api: 'openai-completions', provider: 'vllm', model: 'Qwen/Qwen3-8B', family: 'default' },
  mistral: { api: 'openai-completions', provider: 'mistral', model: 'mistral-large-latest', family: 'default' },
  kimi: { api: 'openai-completions', provider: 'moonshot', model: 'kimi-k2-0905-preview', family: 'default' },
  openrouterGemini: { api: 'openai-completions', provider: 'openrouter', model: 'google/gemini-2.5-pro', family: 'google' },
};

export class Session {
  /**
   * @param {string} name     used to derive ids
   * @param {object} opts     { version: 1|2|3, start: ISO, cwd, origin: key of ORIGINS or object, idStyle }
   */
  constructor(name, opts = {}) {
    this.name = name;
    this.version = opts.version ?? 3;
    this.clock = Date.parse(opts.start ?? '2025-11-04T09:00:00.000Z');
    this.cwd = opts.cwd ?? `/home/dev/src/${name}`;
    this.origin = typeof opts.origin === 'string' ? ORIGINS[opts.origin] : (opts.origin ?? ORIGINS.anthropic);
    this.lines = [];
    this.counter = 0;
    this.leaf = null;
    this.sessionId = `019a${sha(`session:${name}`).slice(0, 4)}-${sha(`s2:${name}`).slice(0, 4)}-7${sha(`s3:${name}`).slice(0, 3)}-8${sha(`s4:${name}`).slice(0, 3)}-${sha(`s5:${name}`).slice(0, 12)}`;
    const header = { type: 'session', version: this.version, id: this.sessionId, timestamp: this.iso(), cwd: this.cwd };
    if (this.version === 1) delete header.version;
    if (opts.parentSession) header.parentSession = opts.parentSession;
    this.lines.push(header);
  }
  iso() {
    return new Date(this.clock).toISOString();
  }
  /** Advance the clock by `seconds` (fractional allowed). */
  tick(seconds = 3) {
    this.clock += Math.round(seconds * 1000);
    return this;
  }
  nextId() {
    this.counter += 1;
    return sha(`${this.name}:entry:${this.counter}`).slice(0, 8);
  }
  /** Append a raw tree entry (adds id/parentId/timestamp unless v1). Returns its id. */
  entry(type, fields = {}, { tick = 2 } = {}) {
    this.tick(tick);
    const e = { type };
    let id = null;
    if (this.version >= 2) {
      id = this.nextId();
      e.id = id;
      e.parentId = this.leaf;
    }
    e.timestamp = this.iso();
    Object.assign(e, fields);
    this.lines.push(e);
    if (id) this.leaf = id;
    return id;
  }
  /** Move the leaf (start a branch from an earlier entry). */
  at(id) {
    this.leaf = id;
    return this;
  }
  use(origin) {
    this.origin = typeof origin === 'string' ? ORIGINS[origin] : origin;
    return this;
  }
  message(message, opts = {}) {
    const tick = opts.tick ?? 2;
    this.tick(0); // message timestamp is taken after the entry tick below
    const id = this.entry('message', {}, { tick });
    const e = this.lines[this.lines.length - 1];
    e.message = { ...message, timestamp: message.timestamp ?? this.clock };
    return id;
  }
  user(content, extra = {}, opts = {}) {
    const c = typeof content === 'string' && !extra.rawString ? [{ type: 'text', text: content }] : content;
    const { rawString: _r, ...rest } = extra;
    return this.message({ role: 'user', content: c, ...rest }, { tick: opts.tick ?? 20 });
  }
  assistant(content, opts = {}) {
    const o = { ...this.origin, ...(opts.origin ? (typeof opts.origin === 'string' ? ORIGINS[opts.origin] : opts.origin) : {}) };
    const stopReason = opts.stopReason ?? (Array.isArray(content) && content.some((b) => b && b.type === 'toolCall') ? 'toolUse' : 'stop');
    const msg = {
      role: 'assistant',
      content,
      api: o.api,
      provider: o.provider,
      model: o.model,
      usage:
        opts.usage === undefined
          ? usage(
              opts.input ?? 1200 + this.counter * 37,
              opts.output ?? 60 + this.counter * 3,
              opts.cacheRead ?? 0,
              opts.cacheWrite ?? 0,
              o.family,
            )
          : opts.usage,
      stopReason,
      timestamp: undefined,
    };
    if (opts.usage === null) delete msg.usage;
    if (opts.errorMessage) msg.errorMessage = opts.errorMessage;
    if (opts.responseId !== false && (o.api === 'anthropic-messages' || o.api === 'bedrock-converse-stream'))
      msg.responseId = opts.responseId ?? `msg_01${token(`resp:${this.name}:${this.counter}`, 22)}`;
    if (opts.responseId !== false && (o.api === 'openai-responses' || o.api === 'openai-codex-responses'))
      msg.responseId = opts.responseId ?? `resp_${sha(`resp:${this.name}:${this.counter}`).slice(0, 48)}`;
    Object.assign(msg, opts.extra ?? {});
    return this.message(msg, { tick: opts.tick ?? 6 });
  }
  toolResult(toolCallId, toolName, content, opts = {}) {
    const c = typeof content === 'string' ? [{ type: 'text', text: content }] : content;
    const msg = { role: 'toolResult', toolCallId, toolName, content: c, isError: opts.isError ?? false };
    if (opts.details !== undefined) msg.details = opts.details;
    Object.assign(msg, opts.extra ?? {});
    if (opts.omitToolCallId) delete msg.toolCallId;
    return this.message(msg, { tick: opts.tick ?? 1 });
  }
  modelChange(provider, modelId) {
    return this.entry('model_change', { provider, modelId }, { tick: 0.5 });
  }
  thinkingLevel(level) {
    return this.entry('thinking_level_change', { thinkingLevel: level }, { tick: 0.2 });
  }
  modelSnapshot(provider, modelApi, modelId) {
    return this.entry(
      'custom',
      { customType: 'model-snapshot', data: { timestamp: this.clock + 10, provider, modelApi, modelId } },
      { tick: 0.01 },
    );
  }
  custom(customType, data) {
    return this.entry('custom', { customType, data }, { tick: 0.5 });
  }
  customMessage(customType, content, opts = {}) {
    const f = { customType, content, display: opts.display ?? true };
    if (opts.details !== undefined) f.details = opts.details;
    return this.entry('custom_message', f, { tick: opts.tick ?? 1 });
  }
  compaction(summary, firstKeptEntryId, tokensBefore, opts = {}) {
    const f = { summary, firstKeptEntryId, tokensBefore };
    if (opts.details !== undefined) f.details = opts.details;
    return this.entry('compaction', f, { tick: opts.tick ?? 30 });
  }
  branchSummary(fromId, summary, opts = {}) {
    const f = { fromId, summary };
    if (opts.details !== undefined) f.details = opts.details;
    return this.entry('branch_summary', f, { tick: 5 });
  }
  label(targetId, label) {
    return this.entry('label', { targetId, label }, { tick: 1 });
  }
  sessionInfo(name) {
    return this.entry('session_info', { name }, { tick: 0.5 });
  }
  /** Append a raw line (string, written as-is) — for malformed-line cases. */
  raw(line) {
    this.lines.push({ __raw: line });
    return this;
  }
  toJsonl({ eol = '\n', bom = false, finalNewline = true } = {}) {
    const text = this.lines.map((l) => (l.__raw !== undefined ? l.__raw : JSON.stringify(l))).join(eol) + (finalNewline ? eol : '');
    return (bom ? '\uFEFF' : '') + text;
  }
}

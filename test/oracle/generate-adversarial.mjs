#!/usr/bin/env node
// Writes a seeded corpus of adversarial sessions: test/oracle/adversarial/*.jsonl + manifest.json.
//
//   node test/oracle/generate-adversarial.mjs [--count 160] [--seed 11] [--extras] [--out DIR]
//   node test/oracle/generate-adversarial.mjs --extras --seed 23 --count 200 --out adversarial-extras
//
// Each session is a random walk over what real sessions contain and what breaks replays: assistant
// turns from every provider family (their id styles, signatures, reasoning items), thinking with and
// without signatures, tool calls with missing/displaced/duplicated/orphan/id-less results, error,
// aborted and length turns, blank and object content, images (valid, oversized, corrupt), runtime
// context, inter-session provenance, delivery mirrors, heartbeats, compactions (several in a row),
// branch summaries, forks and retries, custom messages, model switches and snapshots; headers of every
// version, a file whose first line is not a header, CRLF and BOM. The same seed writes the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeImages } from './lib/images.mjs';
import {
  Session,
  zeroUsage,
  toolu,
  callFc,
  callId,
  textSig,
  reasoningItem,
  anthropicSignature,
  geminiSignature,
  token,
} from './lib/session-builder.mjs';
import { ALL_TARGETS } from './lib/targets.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
const OUT = path.resolve(HERE, opt('--out', 'adversarial'));
const COUNT = Number(opt('--count', '160'));
const SEED = Number(opt('--seed', '11'));
/** Rarer shapes, drawn from their own stream: shell executions, reset boundaries, excluded messages, ids reused across turns, assistant images. */
const EXTRAS = argv.includes('--extras');

/** mulberry32: a small seeded PRNG. */
function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    chance: (p) => next() < p,
    int: (lo, hi) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

const ORIGINS = {
  anthropic: {
    api: 'anthropic-messages',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    family: 'anthropic',
    ids: 'toolu',
    sig: 'anthropic',
  },
  opus: { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-opus-4-6', family: 'anthropic', ids: 'toolu', sig: 'anthropic' },
  bedrock: {
    api: 'bedrock-converse-stream',
    provider: 'amazon-bedrock',
    model: 'anthropic.claude-sonnet-4-5-20250929-v1:0',
    family: 'anthropic',
    ids: 'tooluse',
    sig: 'anthropic',
  },
  openai: { api: 'openai-responses', provider: 'openai', model: 'gpt-5', family: 'openai', ids: 'callfc', sig: 'reasoning' },
  codex: {
    api: 'openai-codex-responses',
    provider: 'openai-codex',
    model: 'gpt-5-codex',
    family: 'openai',
    ids: 'callfc',
    sig: 'reasoning',
  },
  azure: {
    api: 'azure-openai-responses',
    provider: 'azure-openai-responses',
    model: 'gpt-5',
    family: 'openai',
    ids: 'callfc',
    sig: 'reasoning',
  },
  google: { api: 'google-generative-ai', provider: 'google', model: 'gemini-2.5-pro', family: 'google', ids: 'gemini', sig: 'gemini' },
  geminiCli: {
    api: 'google-gemini-cli',
    provider: 'google-gemini-cli',
    model: 'gemini-2.5-pro',
    family: 'google',
    ids: 'gemini',
    sig: 'gemini',
  },
  antigravity: {
    api: 'google-gemini-cli',
    provider: 'google-antigravity',
    model: 'claude-sonnet-4-5',
    family: 'anthropic',
    ids: 'toolu',
    sig: 'antigravity',
  },
  mistral: { api: 'mistral-conversations', provider: 'mistral', model: 'devstral-2512', family: 'default', ids: 'nine', sig: 'none' },
  ollama: { api: 'openai-completions', provider: 'ollama', model: 'qwen3:8b', family: 'default', ids: 'call', sig: 'reasoning_content' },
  kimi: {
    api: 'openai-completions',
    provider: 'moonshotai',
    model: 'kimi-k2-thinking',
    family: 'default',
    ids: 'kimi',
    sig: 'reasoning_content',
  },
  openrouterGemini: {
    api: 'openai-completions',
    provider: 'openrouter',
    model: 'google/gemini-2.5-pro',
    family: 'google',
    ids: 'gemini',
    sig: 'gemini',
  },
  openrouterClaude: {
    api: 'openai-completions',
    provider: 'openrouter',
    model: 'anthropic/claude-sonnet-4.5',
    family: 'anthropic',
    ids: 'toolu',
    sig: 'reasoning_details',
  },
  groq: { api: 'openai-completions', provider: 'groq', model: 'llama-3.3-70b-versatile', family: 'default', ids: 'call', sig: 'none' },
  minimax: { api: 'anthropic-messages', provider: 'minimax', model: 'MiniMax-M2', family: 'default', ids: 'call', sig: 'anthropic' },
};
const ORIGIN_KEYS = Object.keys(ORIGINS);
const MIRROR = { api: 'openclaw-transcript', provider: 'openclaw', model: 'delivery-mirror', family: 'default' };
const INJECTED = { api: 'openclaw-transcript', provider: 'openclaw', model: 'gateway-injected', family: 'default' };

const TOOLS = ['read', 'bash', 'edit', 'write', 'grep', 'message', 'web_fetch'];
const PROMPTS = [
  'Why does the nightly export take two hours now?',
  'Fix the failing test in src/csv.test.js.',
  'Summarise the open pull requests.',
  'Can you check the deploy log for errors?',
  'Rename the config option `timeout` to `timeoutMs` everywhere.',
  'What changed in the last release?',
  'continue',
  'retry',
  'ok',
  'Thanks, push it.',
];
const RC_BEGIN = '<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>';
const RC_END = '<<<END_OPENCLAW_INTERNAL_CONTEXT>>>';
const RC_NOTICE = 'This context is runtime-generated, not user-authored. Keep internal details private.';
const CTX = '\u27E6openclaw:ctx\u27E7';

const images = await makeImages();

function generate(n) {
  const r = prng(SEED * 100003 + n);
  const x = prng(SEED * 7919 + n * 31 + 5);
  const usedIds = [];
  const name = `adv-${String(n).padStart(3, '0')}`;
  const version = r.chance(0.08) ? 1 : r.chance(0.08) ? 2 : 3;
  let origin = ORIGINS[r.pick(ORIGIN_KEYS)];
  const s = new Session(name, { version, origin });
  let seq = 0;
  const uid = () => `${name}:${++seq}`;
  const entryIds = [];
  const track = (id) => {
    if (id) entryIds.push(id);
    return id;
  };
  /** Tool-call ids in the style of the turn's provider, with adversarial variants. */
  const callIdFor = (o) => {
    const u = uid();
    if (r.chance(0.05)) return r.pick(['call_1', 'functions.read:0', `${'x'.repeat(70)}_${u.length}`, 'tool use/1', '']);
    switch (o.ids) {
      case 'toolu':
        return toolu(u);
      case 'tooluse':
        return `tooluse_${token(u, 22)}`;
      case 'callfc':
        return r.chance(0.8) ? callFc(u) : callId(u);
      case 'gemini':
        return `${r.pick(TOOLS)}_${1762247000000 + seq * 1000}_${seq}`;
      case 'nine':
        return token(u, 9);
      case 'kimi':
        return `functions.${r.pick(TOOLS)}:${seq % 3}`;
      default:
        return `call_${token(u, 24)}`;
    }
  };
  const thinkingFor = (o) => {
    const t = r.pick(['Check the log first.', 'Two reads are needed.', '', '   ', 'Plan: read, then edit.']);
    const b = { type: 'thinking', thinking: t };
    const roll = r.next();
    if (roll < 0.15) return b; // unsigned
    if (roll < 0.2) return { ...b, thinkingSignature: r.pick(['', '  ']) };
    if (o.sig === 'reasoning' || (roll < 0.3 && o.sig !== 'anthropic'))
      return { ...b, thinkingSignature: reasoningItem(uid(), r.chance(0.5) ? t : '') };
    if (o.sig === 'gemini')
      return r.chance(0.5)
        ? { ...b, thinkingSignature: geminiSignature(uid()) }
        : { ...b, thought_signature: r.pick([geminiSignature(uid()), 'msg_01abcDEF', 'c2lnbmF0dXJl-_x']) };
    if (o.sig === 'antigravity')
      return r.chance(0.5) ? { ...b, signature: anthropicSignature(uid()) } : { ...b, thinkingSignature: anthropicSignature(uid()) };
    if (o.sig === 'reasoning_content') return { ...b, thinkingSignature: r.pick(['reasoning_content', 'reasoning']) };
    if (o.sig === 'reasoning_details') return { ...b, thinkingSignature: 'reasoning_details' };
    if (o.sig === 'anthropic')
      return r.chance(0.9)
        ? { ...b, thinkingSignature: anthropicSignature(uid()) }
        : { type: 'redacted_thinking', data: anthropicSignature(uid()) };
    return b;
  };
  const textFor = (o, t) => {
    const b = { type: 'text', text: t };
    if ((o.ids === 'callfc' || o.sig === 'reasoning') && r.chance(0.5))
      b.textSignature = r.chance(0.8) ? textSig(uid(), r.pick(['commentary', 'final_answer', undefined])) : `msg_${token(uid(), 20)}`;
    return b;
  };
  const userContent = () => {
    const roll = r.next();
    let t = r.pick(PROMPTS);
    if (roll < 0.05) return r.pick(['', '   ', [], [{ type: 'text', text: '' }]]);
    if (roll < 0.1) t = `OpenClaw runtime context for the immediately preceding user message.\n${RC_NOTICE}\nsender=U1\n\n${t}`;
    else if (roll < 0.14) t = `Conversation info: ${CTX}\n\`\`\`json\n{"channel":"telegram"}\n\`\`\`\n\n${t}`;
    else if (roll < 0.18) t = `[OpenClaw heartbeat poll]`;
    if (r.chance(0.4)) return t;
    const blocks = [{ type: 'text', text: t }];
    if (r.chance(0.12)) blocks.push(imageBlock());
    if (r.chance(0.05)) blocks.push({ type: 'text', text: '  ' });
    return blocks;
  };
  const imageBlock = () => {
    const roll = r.next();
    if (roll < 0.45) return { type: 'image', data: images.smallPng, mimeType: 'image/png' };
    if (roll < 0.6) return { type: 'image', data: images.smallJpeg, mimeType: r.pick(['image/jpeg', 'image/webp', 'image/png']) };
    if (roll < 0.7) return { type: 'image', data: images.widePng, mimeType: 'image/png' };
    if (roll < 0.8)
      return {
        type: 'image',
        data: r.pick(['', '   ', 'iVBORw0KGgo', 'data:image/png;base64,AAAA', '!!!notbase64']),
        mimeType: 'image/png',
      };
    if (roll < 0.9) return { type: 'image', data: images.smallGif, mimeType: 'image/gif' };
    return { type: 'image', mimeType: 'image/png' };
  };
  const resultContent = () => {
    const roll = r.next();
    if (roll < 0.06) return [];
    if (roll < 0.1) return [{ type: 'text', text: '' }];
    if (roll < 0.16) return [{ type: 'text', text: 'screenshot:' }, imageBlock()];
    if (roll < 0.2) return 'plain string output';
    return [{ type: 'text', text: r.pick(['ok', 'exit 0', '3 failing tests', 'Successfully replaced text.', 'ENOENT: no such file']) }];
  };
  const addUser = () => {
    const extra = {};
    if (r.chance(0.06))
      extra.provenance = {
        kind: 'inter_session',
        sourceSessionKey: 'agent:main:subagent:7f3a',
        sourceTool: r.pick(['sessions_send', 'agent_harness_task']),
      };
    const c = userContent();
    return track(s.user(c, typeof c === 'string' ? { ...extra, rawString: r.chance(0.5) } : extra));
  };
  /** One assistant turn (maybe with calls) and the results that follow it. */
  const addTurn = (pendingDisplaced) => {
    if (r.chance(0.15)) origin = ORIGINS[r.pick(ORIGIN_KEYS)];
    s.use(origin);
    if (r.chance(0.05)) track(s.modelChange(origin.provider, origin.model));
    if (r.chance(0.04)) track(s.modelSnapshot(origin.provider, origin.api, origin.model));
    const content = [];
    if (r.chance(0.35)) content.push(thinkingFor(origin));
    if (r.chance(0.1) && origin.sig === 'reasoning') content.push(thinkingFor(origin));
    const nCalls = r.chance(0.5) ? r.int(1, 3) : 0;
    if (r.chance(0.8) || nCalls === 0) {
      const t = r.chance(0.08)
        ? r.pick(['', '  ', 'NO_REPLY', `${RC_BEGIN}\n${RC_NOTICE}\nx=1\n${RC_END}`])
        : r.pick(['Let me look.', 'Done — the build passes now.', 'Reading the file.', 'Here is the summary.']);
      content.push(textFor(origin, t));
    }
    const calls = [];
    for (let i = 0; i < nCalls; i++) {
      let id = r.chance(0.06) && calls.length ? calls[0].id : callIdFor(origin);
      if (EXTRAS && usedIds.length && x.chance(0.05)) id = x.pick(usedIds);
      usedIds.push(id);
      const b = {
        type: r.chance(0.05) ? 'toolUse' : 'toolCall',
        id,
        name: r.chance(0.05) ? r.pick([' read ', '', 'bad name!', 'x'.repeat(70)]) : r.pick(TOOLS),
      };
      if (r.chance(0.93)) b[b.type === 'toolUse' ? 'input' : 'arguments'] = { path: `src/f${i}.js` };
      if (r.chance(0.04)) b.partialJson = '{"path":"src/';
      if (origin.sig === 'gemini' && r.chance(0.5)) b.thoughtSignature = r.pick([geminiSignature(uid()), 'msg_01abc']);
      calls.push(b);
      content.push(b);
    }
    const roll = r.next();
    let stopReason = nCalls ? 'toolUse' : 'stop';
    let errorMessage;
    let body = content;
    if (roll < 0.06) {
      stopReason = 'error';
      errorMessage = r.pick(['Overloaded', '500 Internal Server Error', 'terminated']);
      if (r.chance(0.6)) body = r.chance(0.5) ? [] : [{ type: 'text', text: ' ' }];
    } else if (roll < 0.11) stopReason = 'aborted';
    else if (roll < 0.15) stopReason = 'length';
    if (r.chance(0.04)) body = r.pick(['plain string reply', { type: 'text', text: 'object content' }, null]);
    const opts = { stopReason, errorMessage };
    if (r.chance(0.05)) opts.usage = null;
    else if (r.chance(0.08)) opts.usage = { input_tokens: 100, output_tokens: 20, total_tokens: 120 };
    track(s.assistant(body, opts));
    if (r.chance(0.05))
      track(
        s.assistant([{ type: 'text', text: 'Posted.' }], {
          origin: r.chance(0.7) ? MIRROR : INJECTED,
          usage: zeroUsage(),
          responseId: false,
        }),
      );
    if (r.chance(0.03))
      track(
        s.assistant([{ type: 'text', text: 'Mirrored.' }], {
          extra: { openclawDeliveryMirror: { kind: r.pick(['channel-final', 'message-tool-source-reply', 'future-kind']) } },
        }),
      );
    // Results.
    for (const c of calls) {
      const fate = r.next();
      if (stopReason === 'error' || stopReason === 'aborted') {
        if (fate < 0.7) continue;
      }
      if (fate < 0.1) continue; // missing
      if (fate < 0.16) {
        pendingDisplaced.push(c);
        continue;
      }
      const opts2 = { isError: r.chance(0.1) };
      if (r.chance(0.15)) opts2.details = { diff: '--- a\n+++ b', exitCode: 0 };
      if (r.chance(0.03)) opts2.omitToolCallId = true;
      track(s.toolResult(c.id, c.name, resultContent(), opts2));
      if (r.chance(0.05)) track(s.toolResult(c.id, c.name, 'duplicate result', {}));
    }
    if (r.chance(0.04)) track(s.toolResult(callIdFor(origin), 'read', 'orphan result', {}));
  };

  /** The rarer shapes of `--extras`, after a user turn's assistant steps. */
  function extras() {
    if (x.chance(0.08))
      track(
        s.message(
          {
            role: 'bashExecution',
            command: x.pick(['ls -la', 'npm test', 'git status']),
            output: x.pick(['', 'ok\n', 'FAIL test/a.test.js']),
            exitCode: x.pick([0, 1, null]),
            cancelled: x.chance(0.2),
            truncated: false,
            ...(x.chance(0.3) ? { excludeFromContext: true } : {}),
          },
          { tick: 3 },
        ),
      );
    if (x.chance(0.05)) track(s.user(x.pick(PROMPTS), { excludeFromContext: true }));
    if (x.chance(0.04))
      track(
        s.assistant(
          [
            { type: 'text', text: 'Here is the chart.' },
            { type: 'image', data: images.smallPng, mimeType: 'image/png' },
          ],
          {},
        ),
      );
    if (x.chance(0.06) && version >= 2 && entryIds.length > 3) {
      const kept = entryIds[Math.max(0, entryIds.length - x.int(1, 5))];
      track(
        s.entry('reset', { reason: x.pick(['new', 'reset', 'idle']), ...(x.chance(0.7) ? { firstKeptEntryId: kept } : {}) }, { tick: 10 }),
      );
    }
    if (x.chance(0.04) && version === 2)
      track(s.message({ role: 'hookMessage', customType: '', content: 'hook says hi', display: true }, { tick: 1 }));
  }

  if (r.chance(0.1)) track(s.modelChange(origin.provider, origin.model));
  if (r.chance(0.08)) track(s.thinkingLevel(r.pick(['off', 'low', 'high'])));
  if (r.chance(0.06)) track(s.assistant([{ type: 'text', text: 'Hello! How can I help?' }], {}));
  const turns = r.int(2, 9);
  let displaced = [];
  for (let i = 0; i < turns; i++) {
    addUser();
    if (displaced.length) {
      for (const c of displaced) track(s.toolResult(c.id, c.name, 'late result', {}));
      displaced = [];
    }
    const steps = r.int(1, 3);
    for (let k = 0; k < steps; k++) addTurn(displaced);
    if (EXTRAS) extras();
    const event = r.next();
    if (event < 0.12 && entryIds.length > 3) {
      // A compaction keeping the last few entries (several in a row in long sessions).
      const kept = entryIds[Math.max(0, entryIds.length - r.int(1, 4))];
      track(s.compaction(`Summary ${i}: the user asked for a fix; tests were run.`, r.chance(0.05) ? 'deadbeef' : kept, 40000 + i, {}));
      if (r.chance(0.3)) track(s.compaction(`Summary ${i}b: more work.`, kept, 50000 + i, {}));
    } else if (event < 0.2 && entryIds.length > 4 && version >= 2) {
      // A fork from an earlier entry (a retry), maybe with a branch summary.
      const from = entryIds[r.int(1, entryIds.length - 2)];
      s.at(from);
      if (r.chance(0.6)) track(s.branchSummary(from, 'The abandoned branch tried a regex fix.', {}));
    } else if (event < 0.26) {
      track(
        s.customMessage(
          r.pick(['openclaw.runtime-context', 'note', 'hook']),
          r.chance(0.7) ? `${RC_BEGIN}\n${RC_NOTICE}\ncwd=/w\n${RC_END}` : [{ type: 'text', text: 'Custom note.' }],
          { display: r.chance(0.5) },
        ),
      );
    } else if (event < 0.3) {
      track(
        s.custom('model-snapshot', {
          timestamp: 1762247000000 + i,
          provider: origin.provider,
          modelApi: origin.api,
          modelId: origin.model,
        }),
      );
    } else if (event < 0.33) {
      track(s.label(entryIds[entryIds.length - 1], 'checkpoint'));
    }
  }
  if (r.chance(0.6)) addUser();
  const format = r.next();
  let text = s.toJsonl(format < 0.05 ? { eol: '\r\n', bom: r.chance(0.5) } : format < 0.08 ? { finalNewline: false } : {});
  if (format > 0.96) {
    // The first line is not the header (the header moved down, or missing).
    const lines = text.split('\n');
    const header = lines.shift();
    if (r.chance(0.5)) lines.splice(1, 0, header);
    text = lines.join('\n');
  }
  return { name, text };
}

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const cases = [];
for (let n = 1; n <= COUNT; n++) {
  const { name, text } = generate(n);
  fs.writeFileSync(path.join(OUT, `${name}.jsonl`), text);
  cases.push({ name, file: `${name}.jsonl`, options: { load: 'context' }, providers: '*' });
}
fs.writeFileSync(
  path.join(OUT, 'manifest.json'),
  `${JSON.stringify({ description: `Seeded adversarial sessions (seed ${SEED}); written by test/oracle/generate-adversarial.mjs.`, providers: ALL_TARGETS, cases }, null, 1)}\n`,
);
console.log(`wrote ${cases.length} sessions to ${path.relative(process.cwd(), OUT)}`);

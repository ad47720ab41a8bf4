#!/usr/bin/env node
// How long OpenClaw 2026.9.6's own replay pipeline takes on a session, against this project's
// `inspect()` on the same file: each in fresh processes, alternating, each against the parse floor
// (read + JSON.parse of every line) timed in the same process right after it, as the bench's probe does.
//
//   ORACLE_DIR=/path/to/openclaw-oracle ORACLE_NODE=/path/to/node24 \
//   node --import tsx test/oracle/time-release.mjs [--mb 100] [--shapes a,b] [--runs 3] [--dir DIR]
//
// The sessions are the bench's shapes (test/bench/session-shapes.ts), written to DIR (default: a
// folder in the system's temp dir, kept for the next run). Three sides, each timed cold (no
// warm-up, as `inspect()` through the package API and the CLI run), without payloads:
//   release      the release's pipeline under ORACLE_NODE: its session file parser, its SessionManager's
//                branch, sanitizeSessionHistory, validateReplayTurns, the heartbeat filter and final
//                pairing, convertToLlm and the stream-time guards, as the oracle harness sequences them
//                for `--load context` but without the harness's defensive copies and serialisation;
//   engine       this project's `inspect()` under ORACLE_NODE (the same Node and V8 as the release);
//   engine-node  this project's `inspect()` under the Node running this script.
// The engine runs with `behaviour: 'openclaw-2026.9.6'`, so both sides should hand the provider
// adapter the same messages. Prints, per shape and side, the medians of wall-clock and CPU time
// (every thread) and their ratios to the floor, and whether each run's messages were the release's
// (compared as JSON with sorted keys; a reduced image's bytes aside, see `canonical`), so the
// figures are known to compare the same work.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TARGET = { provider: 'anthropic', api: 'anthropic-messages', modelId: 'claude-sonnet-4-5', reasoning: true };
const NOW = Date.UTC(2026, 0, 1);

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** The parse floor, as the bench's probe times it. */
function floor(file) {
  const bytes = readFileSync(file);
  for (let start = 0; start < bytes.length;) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    if (end > start) {
      try {
        JSON.parse(bytes.toString('utf8', start, end));
      } catch {
        // a damaged line costs its parse attempt
      }
    }
    start = end + 1;
  }
}

/**
 * JSON with every object's keys sorted (the two sides write a message's fields in different
 * orders), and an image's data as a mark: the release encodes reduced images with its own image
 * library, this project with sharp. `images` counts the marks.
 */
function canonical(value, images) {
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, images)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  const image = value.type === 'image' && typeof value.data === 'string';
  if (image) images.count += 1;
  const keys = Object.keys(value)
    .filter((k) => value[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${image && k === 'data' ? '"<image>"' : canonical(value[k], images)}`).join(',')}}`;
}

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
async function child(side, file) {
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
  floor(file);
  const floorMs = performance.now() - t1;
  const floorCpuMs = cpuMs() - c1;
  const images = { count: 0 };
  const digest = createHash('sha256').update(canonical(messages, images)).digest('hex');
  const figures = { side, ms, cpuMs: cpu, floorMs, floorCpuMs, messages: messages.length, images: images.count, digest };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
  process.exit(0);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

async function main(argv) {
  const opt = (name, fallback) => {
    const i = argv.indexOf(name);
    return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
  };
  const oracleDir = process.env.ORACLE_DIR;
  const oracleNode = process.env.ORACLE_NODE;
  if (!oracleDir || !existsSync(path.join(oracleDir, 'lib', 'load-engine.mjs')) || !oracleNode || !existsSync(oracleNode)) {
    console.error('time-release: set ORACLE_DIR to the openclaw-oracle folder and ORACLE_NODE to the Node (>= 24.16) it runs on');
    process.exit(2);
  }
  const { generateShape, SHAPES } = await import('../bench/session-shapes.ts');
  const mb = Number(opt('--mb', '100'));
  const runs = Number(opt('--runs', '3'));
  const shapes = opt('--shapes', SHAPES.join(',')).split(',');
  const dir = opt('--dir', path.join(os.tmpdir(), 'transcript-inspector-time-release'));
  mkdirSync(dir, { recursive: true });
  const self = fileURLToPath(import.meta.url);
  const sides = [
    ['release', oracleNode],
    ['engine', oracleNode],
    ['engine-node', process.execPath],
  ];
  for (const shape of shapes) {
    const file = path.join(dir, `${shape}-${mb}.jsonl`);
    if (!existsSync(file)) await generateShape(file, shape, mb);
    const figures = new Map(sides.map(([side]) => [side, []]));
    for (let run = 0; run < runs; run += 1) {
      for (const [side, node] of sides) {
        const loader = side === 'release' ? [] : ['--import', 'tsx'];
        const args = ['--max-old-space-size=16384', ...loader, self, '--child', side === 'release' ? 'release' : 'engine', file];
        const r = spawnSync(node, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
        const line = r.stdout.trim().split('\n').pop();
        if (r.status !== 0 || !line) throw new Error(`${side} on ${shape}: exit ${r.status}\n${r.stderr.slice(-2000)}`);
        figures.get(side).push(JSON.parse(line));
      }
    }
    const mib = (statSync(file).size / 1024 / 1024).toFixed(0);
    const release = figures.get('release')[0];
    console.log(`${shape} (${mib} MiB): ${release.messages} messages out, ${release.images} of them images`);
    for (const [side, list] of figures) {
      const m = (key) => median(list.map((f) => f[key]));
      const ratio = (key, floorKey) => median(list.map((f) => f[key] / f[floorKey])).toFixed(2);
      const same = side === 'release' ? '' : list.every((f) => f.digest === release.digest) ? ', same messages' : ', DIFFERENT messages';
      // The release's time over this side's, both medians: how many times faster this side is.
      const faster = side === 'release' ? '' : `, ${(median(figures.get('release').map((f) => f.ms)) / m('ms')).toFixed(1)} × faster`;
      console.log(
        `  ${side.padEnd(11)} ${m('ms').toFixed(0).padStart(6)} ms (${ratio('ms', 'floorMs')} × floor), CPU ${m('cpuMs').toFixed(0).padStart(6)} ms (${ratio('cpuMs', 'floorCpuMs')}), floor ${m('floorMs').toFixed(0)} ms${faster}${same}`,
      );
    }
  }
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') await child(argv[1], argv[2]);
else await main(argv);

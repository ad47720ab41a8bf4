#!/usr/bin/env node
// Records what OpenClaw 2026.9.6 replays for every (case, target) pair of one or more corpora, as
// committed data: test/oracle/expected/<corpus>/<case>.json. The project's tests compare the engine
// with these files and never need the oracle; rerun this script after changing a corpus.
//
//   ORACLE_DIR=/path/to/openclaw-oracle \
//   $ORACLE_NODE test/oracle/run-oracle.mjs [--corpus corpus,adversarial,adversarial-extras,real] [--only NAME[,NAME]]
//
// It must run under the oracle's Node (≥ 24.16): it loads the oracle's harness (lib/oracle-core.mjs,
// lib/load-engine.mjs), which runs the release's own sanitizeSessionHistory, validateReplayTurns and
// stream-time guards with the real SessionManager building the branch (`--load context`), under the
// oracle's frozen clock (2026-01-01T00:00:00Z). One file per case; targets that replay exactly the
// same messages share one output entry.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ALL_TARGETS, oracleModel } from './lib/targets.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
const corpora = opt('--corpus', 'corpus,adversarial,adversarial-extras,real').split(',').filter(Boolean);
const only = opt('--only')?.split(',').filter(Boolean);
const oracleDir = process.env.ORACLE_DIR;
if (!oracleDir || !fs.existsSync(path.join(oracleDir, 'lib', 'oracle-core.mjs'))) {
  console.error('run-oracle: set ORACLE_DIR to the openclaw-oracle folder (it holds lib/oracle-core.mjs)');
  process.exit(2);
}

const core = await import(pathToFileURL(path.join(oracleDir, 'lib', 'oracle-core.mjs')).href);
core.installHermeticEnv(path.join(os.tmpdir(), 'openclaw-oracle-state'));
core.installFrozenClock(core.DEFAULT_NOW_MS);
const realWrite = process.stdout.write.bind(process.stdout);
const quiet = () => {
  process.stdout.write = (chunk, ...args) => process.stderr.write(chunk, ...args);
};
quiet();
const { loadEngine } = await import(pathToFileURL(path.join(oracleDir, 'lib', 'load-engine.mjs')).href);
const engine = await loadEngine();
process.stdout.write = realWrite;
const log = (s) => realWrite(`${s}\n`);

const canon = (v) =>
  Array.isArray(v)
    ? `[${v.map(canon).join(',')}]`
    : v && typeof v === 'object'
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
          .join(',')}}`
      : JSON.stringify(v ?? null);

let pairs = 0;
let errors = 0;
const started = performance.now();
for (const corpus of corpora) {
  const dir = path.join(HERE, corpus);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const outDir = path.join(HERE, 'expected', corpus);
  fs.mkdirSync(outDir, { recursive: true });
  if (!only) for (const f of fs.readdirSync(outDir)) if (f.endsWith('.json')) fs.rmSync(path.join(outDir, f));
  for (const c of manifest.cases) {
    if (only && !only.includes(c.name)) continue;
    const input = path.join(dir, c.file);
    const bytes = fs.readFileSync(input);
    const outputs = new Map();
    for (const key of c.providers === '*' ? Object.keys(manifest.providers) : c.providers) {
      const t = manifest.providers?.[key] ?? ALL_TARGETS[key];
      if (!t) throw new Error(`${corpus}/${c.name}: unknown target ${key}`);
      pairs += 1;
      let result;
      quiet();
      try {
        result = await core.runOracle(engine, {
          inputPath: input,
          provider: t.provider,
          modelApi: t.api,
          modelId: t.model,
          workRoot: core.defaultWorkRoot(),
          load: c.options?.load ?? 'context',
          // The release reads the allowlist as an array while sanitising and as a Set in its stream guard.
          allowedToolNames:
            c.options?.allowedToolNames &&
            Object.assign([...c.options.allowedToolNames], { has: (n) => c.options.allowedToolNames.includes(n) }),
          model: oracleModel(t, c.options?.model),
        });
      } catch (err) {
        result = { stages: {}, errors: [{ stage: 'oracle', message: String(err?.message ?? err) }] };
      } finally {
        process.stdout.write = realWrite;
      }
      const entry =
        result.stages?.outgoing !== undefined
          ? { outgoing: result.stages.outgoing }
          : { error: (result.errors ?? []).map((e) => `${e.stage}: ${e.message}`).join('; ') || 'no outgoing stage' };
      if (entry.error) errors += 1;
      const k = canon(entry);
      if (!outputs.has(k)) outputs.set(k, { targets: [], ...entry });
      outputs.get(k).targets.push(key);
    }
    // Targets mostly replay the same messages: each distinct message is stored once and outputs
    // list indices into that table.
    const table = new Map();
    const indexOf = (m) => {
      const k = canon(m);
      if (!table.has(k)) table.set(k, { i: table.size, m });
      return table.get(k).i;
    };
    const list = [...outputs.values()].map((o) => (o.outgoing ? { targets: o.targets, outgoing: o.outgoing.map(indexOf) } : o));
    const record = {
      openclaw: engine.__version,
      corpus,
      case: c.name,
      file: c.file,
      sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
      messages: [...table.values()].map((e) => e.m),
      outputs: list,
    };
    fs.writeFileSync(path.join(outDir, `${c.name}.json`), `${JSON.stringify(record)}\n`);
  }
  log(
    `${corpus}: done (${pairs} pairs so far, ${errors} without an outgoing stage, ${((performance.now() - started) / 1000).toFixed(0)} s)`,
  );
}
process.exit(0);

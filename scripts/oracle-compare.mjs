#!/usr/bin/env node
// How far our replay is from OpenClaw 2026.9.6's, in both behaviours, on every committed corpus.
//
//   node scripts/oracle-compare.mjs [--record] [--corpus corpus,adversarial,adversarial-extras,real] [--behaviour both|spec|openclaw-2026.9.6]
//                                   [--only NAME[,NAME]] [--targets K[,K]] [--build] [--report FILE] [--json FILE] [--quiet]
//
// 1. With --record, first runs test/oracle/run-oracle.mjs under the oracle's Node (ORACLE_NODE,
//    ORACLE_DIR) to rewrite the committed expectations test/oracle/expected/<corpus>/*.json.
//    Without it, the committed expectations are used: the oracle is not needed.
// 2. Runs OUR engine (dist/node/index.js `inspect`, payloads off, the oracle's frozen clock) on every
//    (case, target) pair in each behaviour and compares `replay.messages` with what the release
//    replayed (canonical JSON, key order ignored, image data digested the way the oracle prints it).
// 3. Writes test/oracle/REPORT.md. In `openclaw-2026.9.6` every pair must be identical; in `spec` a
//    pair may differ only where a named decision applies to it (test/oracle/decision-differences.json
//    says which difference lines each decision accounts for).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BEHAVIOURS, comparePair, expectedByTarget, fileSha256, loadCorpus } from '../test/oracle/lib/compare.mjs';
import { decisionExplainer } from '../test/oracle/lib/decisions.mjs';
import { oracleNode as defaultOracleNode } from '../test/oracle/lib/oracle-node.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ORACLE_ROOT = path.join(ROOT, 'test/oracle');
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
if (flag('--help') || flag('-h')) {
  const head = fs
    .readFileSync(fileURLToPath(import.meta.url), 'utf8')
    .split('\n')
    .slice(1, 17);
  console.log(head.map((l) => l.replace(/^\/\/ ?/, '')).join('\n'));
  process.exit(0);
}
const corpora = opt('--corpus', 'corpus,adversarial,adversarial-extras,real').split(',').filter(Boolean);
const behaviourOpt = opt('--behaviour', 'both');
const behaviours = behaviourOpt === 'both' ? BEHAVIOURS : [behaviourOpt];
const only = opt('--only')?.split(',').filter(Boolean);
const onlyTargets = opt('--targets')?.split(',').filter(Boolean);
const reportFile = path.resolve(ROOT, opt('--report', 'test/oracle/REPORT.md'));
const jsonFile = path.resolve(opt('--json', path.join(os.tmpdir(), 'transcript-inspector-oracle-compare.json')));
const quiet = flag('--quiet');
const log = (s) => {
  if (!quiet) console.error(s);
};

if (flag('--record')) {
  const oracleNode = defaultOracleNode();
  if (!process.env.ORACLE_DIR) fail('--record needs ORACLE_DIR (the openclaw-oracle folder)');
  if (!fs.existsSync(oracleNode)) fail(`no Node ≥ 24 at ${oracleNode} (set ORACLE_NODE)`);
  const args = [path.join(ORACLE_ROOT, 'run-oracle.mjs'), '--corpus', corpora.join(',')];
  if (only) args.push('--only', only.join(','));
  log(`recording the release's replays with ${oracleNode}…`);
  const run = spawnSync(oracleNode, args, { stdio: ['ignore', 'inherit', 'ignore'] });
  if (run.status !== 0) fail(`run-oracle.mjs failed (exit ${run.status})`);
}
if (flag('--build')) execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--node-only'], { cwd: ROOT, stdio: 'inherit' });
const distIndex = path.join(ROOT, 'dist/node/index.js');
if (!fs.existsSync(distIndex)) fail('dist/node/index.js is missing: run `node scripts/build.mjs --node-only` (or pass --build)');
const api = await import(pathToFileURL(distIndex).href);
const { decisionsOf, explains } = decisionExplainer(ORACLE_ROOT);

// ─── compare ──────────────────────────────────────────────────────────────────────────────────
const results = [];
const stale = [];
for (const corpus of corpora) {
  const loaded = loadCorpus(ORACLE_ROOT, corpus);
  for (const kase of loaded.cases) {
    if (only && !only.includes(kase.name)) continue;
    if (!kase.record) {
      stale.push(`${corpus}/${kase.name}: no expectation (run with --record)`);
      continue;
    }
    if (kase.record.sha256 !== fileSha256(kase.input))
      stale.push(`${corpus}/${kase.name}: the session changed since its expectation was recorded`);
    const hasImages = /"type"\s*:\s*"image"/.test(fs.readFileSync(kase.input, 'utf8'));
    for (const [key, expected] of expectedByTarget(kase.record)) {
      if (onlyTargets && !onlyTargets.includes(key)) continue;
      for (const behaviour of behaviours) {
        const r = await comparePair({
          inspect: api.inspect,
          kase,
          target: loaded.providers[key],
          expected,
          behaviour,
          decisionsOf: behaviour === 'spec' ? decisionsOf : () => [],
          explains,
          codec: hasImages ? undefined : null,
        });
        results.push({ corpus, case: kase.name, target: key, behaviour, ...r });
      }
    }
  }
  log(`${corpus}: compared`);
}

// ─── report ───────────────────────────────────────────────────────────────────────────────────
const COMPARED = ['identical', 'equivalent', 'decision', 'different'];
const totals = {};
for (const behaviour of behaviours) {
  for (const corpus of [...corpora, 'all']) {
    const rs = results.filter((r) => r.behaviour === behaviour && (corpus === 'all' || r.corpus === corpus));
    const n = (s) => rs.filter((r) => r.status === s).length;
    const byDecision = {};
    for (const r of rs.filter((x) => x.status === 'decision'))
      for (const d of new Set(r.explained.map((e) => e.decision))) byDecision[d] = (byDecision[d] ?? 0) + 1;
    totals[`${behaviour}/${corpus}`] = {
      pairs: rs.length,
      compared: rs.filter((r) => COMPARED.includes(r.status)).length,
      identical: n('identical'),
      equivalent: n('equivalent'),
      decision: n('decision'),
      different: n('different'),
      oracleErrors: n('oracle-error'),
      oracleErrorsFlagged: rs.filter((r) => r.status === 'oracle-error' && r.flagged).length,
      oursFailed: n('ours-failed'),
      byDecision,
    };
  }
}
const pct = (a, b) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(2)}%`);
const md = ['# Oracle comparison report', ''];
md.push(
  `Generated by \`node scripts/oracle-compare.mjs\` — engine at ${gitHead()}, release expectations recorded from openclaw 2026.9.6 by \`test/oracle/run-oracle.mjs\`.`,
  '',
  'Each pair is one session replayed to one target. **identical**: our `replay.messages` equal the release’s outgoing messages (canonical JSON). **equivalent**: only the bytes of a resized image differ (same dimensions and type; the encoders differ). **decision** (spec only): every difference is one a named spec decision makes on that pair. **different**: anything else. Pairs where the release itself throws (an invalid replay it refuses) are not compared; the count of those our engine flags with a `replay-invariant` annotation is shown.',
  '',
  '| behaviour | corpus | pairs compared | identical | equivalent | decision | different | release threw (we flag) | ours failed |',
  '|---|---|---|---|---|---|---|---|---|',
);
for (const [key, t] of Object.entries(totals)) {
  const [behaviour, corpus] = key.split('/');
  md.push(
    `| ${behaviour} | ${corpus} | ${t.compared} | ${t.identical} (${pct(t.identical, t.compared)}) | ${t.equivalent} | ${t.decision} | **${t.different}** | ${t.oracleErrors} (${t.oracleErrorsFlagged}) | ${t.oursFailed} |`,
  );
}
md.push('');
for (const behaviour of behaviours) {
  const bd = totals[`${behaviour}/all`].byDecision;
  if (Object.keys(bd).length)
    md.push(
      `Pairs set aside as decisions (${behaviour}): ${Object.entries(bd)
        .map(([d, n]) => `${d} ${n}`)
        .join(', ')}.`,
      '',
    );
}
if (stale.length) md.push('## Stale or missing expectations', '', ...stale.map((s) => `- ${s}`), '');
md.push('## Differences', '');
const diffs = results.filter((r) => r.status === 'different' || r.status === 'ours-failed');
if (diffs.length === 0) md.push('None.', '');
for (const g of groupBy(diffs, (r) => `${r.behaviour} · ${r.corpus}/${r.case}\n${r.lines.join('\n')}${r.note}`)) {
  const first = g.items[0];
  md.push(
    `### ${first.behaviour} · ${first.corpus}/${first.case} · ${g.items.map((r) => r.target).join(', ')}`,
    '',
    '```',
    ...clip(first.lines.length ? first.lines : [first.note], 30),
    '```',
    '',
  );
}
fs.writeFileSync(reportFile, `${md.join('\n')}\n`);
fs.writeFileSync(jsonFile, `${JSON.stringify({ totals, results }, null, 1)}\n`);
for (const [key, t] of Object.entries(totals))
  console.log(
    `${key.padEnd(32)} ${String(t.identical).padStart(6)} / ${String(t.compared).padEnd(6)} identical (${pct(t.identical, t.compared)}); equivalent ${t.equivalent}, decision ${t.decision}, different ${t.different}; release threw ${t.oracleErrors} (we flag ${t.oracleErrorsFlagged}); ours failed ${t.oursFailed}`,
  );
if (stale.length) console.log(`${stale.length} stale or missing expectations (see the report)`);
console.log(`report: ${path.relative(process.cwd(), reportFile)}   details: ${jsonFile}`);

function fail(msg) {
  console.error(`oracle-compare: ${msg}`);
  process.exit(2);
}
function clip(lines, n) {
  return lines.length > n ? [...lines.slice(0, n), `… ${lines.length - n} more`] : lines;
}
function groupBy(items, keyOf) {
  const map = new Map();
  for (const it of items) {
    const k = keyOf(it);
    if (!map.has(k)) map.set(k, []);
    map.get(k).push(it);
  }
  return [...map.entries()].map(([key, list]) => ({ key, items: list }));
}
function gitHead() {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'shared', 'electron'], { cwd: ROOT, encoding: 'utf8' }).trim();
    return dirty ? `${head} + uncommitted changes` : head;
  } catch {
    return 'unknown';
  }
}

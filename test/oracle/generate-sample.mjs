#!/usr/bin/env node
// Writes the bundled sample session electron/host/sample/sample-session.jsonl ("Open sample").
//
//   node test/oracle/generate-sample.mjs
//
// A v3 pi/OpenClaw session of a coding agent fixing an invoice-rounding bug, written so that most
// hygiene rules fire for most targets (see electron/host/sample/README.md for the inventory).
// Output is deterministic for a given sharp/libvips build and set of fonts (the screenshots are
// rendered from SVG); the generated file is committed, so regenerating is only needed to change it.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Session, usage, zeroUsage, toolu, callFc, textSig, reasoningItem, anthropicSignature } from './lib/session-builder.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUT = path.join(ROOT, 'electron/host/sample/sample-session.jsonl');
const sharp = createRequire(import.meta.url)('sharp');

// ─── images ───────────────────────────────────────────────────────────────────────────────────
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
function invoiceSvg(width, height) {
  const rows = [
    ['Hosting – Pro plan', '1', '€27.5488', '21%', '€33.33'],
    ['Extra storage (100 GB)', '1', '€27.5488', '21%', '€33.33'],
    ['Support hours', '1', '€27.5512', '21%', '€33.34'],
  ];
  const row = (r, i) => {
    const y = 300 + i * 70;
    return (
      `<rect x="96" y="${y - 44}" width="${width - 192}" height="70" fill="${i % 2 ? '#fafbfc' : '#ffffff'}"/>` +
      r
        .map(
          (c, k) =>
            `<text x="${[120, 760, 920, 1120, 1300][k]}" y="${y}" font-family="DejaVu Sans, sans-serif" font-size="26" fill="#222">${esc(c)}</text>`,
        )
        .join('')
    );
  };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <rect width="${width}" height="${height}" fill="#eef1f5"/>
  <rect width="${width}" height="72" fill="#1f2a44"/>
  <text x="36" y="48" font-family="DejaVu Sans, sans-serif" font-size="28" fill="#ffffff">acme billing · Invoices › INV-20931</text>
  <rect x="64" y="120" width="${width - 128}" height="${height - 200}" rx="10" fill="#ffffff" stroke="#cfd5de"/>
  <text x="96" y="196" font-family="DejaVu Sans, sans-serif" font-size="34" fill="#111">Invoice INV-20931 — Globex GmbH</text>
  <text x="120" y="250" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#667">Item</text>
  <text x="760" y="250" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#667">Qty</text>
  <text x="920" y="250" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#667">Unit (net)</text>
  <text x="1120" y="250" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#667">VAT</text>
  <text x="1300" y="250" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#667">Line (gross)</text>
  ${rows.map(row).join('\n  ')}
  <line x1="96" y1="500" x2="${width - 96}" y2="500" stroke="#cfd5de" stroke-width="2"/>
  <text x="1040" y="580" font-family="DejaVu Sans, sans-serif" font-size="30" fill="#111">Total due</text>
  <rect x="1270" y="540" width="230" height="60" rx="6" fill="#fde8e8" stroke="#e05252" stroke-width="3"/>
  <text x="1300" y="582" font-family="DejaVu Sans, sans-serif" font-size="32" fill="#b42318">€100.01</text>
  <text x="96" y="700" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#889">Lines sum to €100.00 — total shows €100.01</text>
  <rect x="96" y="${height - 190}" width="260" height="56" rx="8" fill="#2f6fed"/>
  <text x="126" y="${height - 152}" font-family="DejaVu Sans, sans-serif" font-size="24" fill="#fff">Download PDF</text>
</svg>`;
}
const largeScreenshot = (
  await sharp(Buffer.from(invoiceSvg(1600, 1200)))
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()
).toString('base64');
const smallDiagram = (
  await sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="90"><rect width="160" height="90" fill="#fff"/><rect x="8" y="20" width="60" height="50" fill="#dbe7ff" stroke="#2f6fed"/><rect x="92" y="20" width="60" height="50" fill="#e6f6ea" stroke="#2e9e5b"/><path d="M70 45 H90" stroke="#333" stroke-width="3"/></svg>`,
    ),
  )
    .png({ compressionLevel: 9, palette: true })
    .toBuffer()
).toString('base64');

// ─── the session ──────────────────────────────────────────────────────────────────────────────
const s = new Session('sample-session', { origin: 'anthropic', start: '2025-11-12T08:41:00.000Z', cwd: '/home/dev/src/acme-billing' });
const A = 'anthropic';
s.modelChange('anthropic', 'claude-sonnet-4-5');
s.thinkingLevel('medium');
s.modelSnapshot('anthropic', 'anthropic-messages', 'claude-sonnet-4-5');

s.user(
  'Customers report invoice totals that are off by one cent (e.g. INV-20931 shows €100.01 but its lines add up to €100.00). Can you find and fix it? This is the billing service repo.',
);
const grep1 = toolu('grep1');
s.assistant(
  [
    {
      type: 'thinking',
      thinking:
        'Off-by-one-cent totals usually mean floating point and rounding done in the wrong place. Find where invoice totals are computed first.',
      thinkingSignature: anthropicSignature('s1'),
    },
    { type: 'text', text: "I'll start by finding where invoice totals are computed." },
    { type: 'toolCall', id: grep1, name: 'grep', arguments: { pattern: 'total', path: 'src/billing', ignoreCase: true } },
  ],
  { input: 3, output: 141, cacheWrite: 6120 },
);
s.toolResult(
  grep1,
  'grep',
  'src/billing/totals.ts:8:export function invoiceTotal(lines: Line[]): number {\nsrc/billing/totals.ts:14:  return Math.round(total * 100) / 100;\nsrc/billing/money.ts:3:export const toCents = (x: number) => Math.round(x * 100);\nsrc/api/invoices.ts:41:    total: invoiceTotal(invoice.lines),',
  { details: { matches: 4, truncated: false } },
);
const readTotals = toolu('read1');
const readMoney = toolu('read2');
s.assistant(
  [
    {
      type: 'thinking',
      thinking: 'totals.ts rounds once at the end. Read it together with money.ts.',
      thinkingSignature: anthropicSignature('s2'),
    },
    { type: 'toolCall', id: readTotals, name: 'read', arguments: { path: 'src/billing/totals.ts' } },
    { type: 'toolCall', id: readMoney, name: 'read', arguments: { path: 'src/billing/money.ts' } },
  ],
  { input: 1, output: 96, cacheRead: 6120, cacheWrite: 412 },
);
s.toolResult(
  readTotals,
  'read',
  "import type { Line } from './types';\n\n/** Gross total of an invoice, in euros. */\nexport function invoiceTotal(lines: Line[]): number {\n  let total = 0;\n  for (const l of lines) {\n    total += l.unitNet * l.qty * (1 + l.vatRate);\n  }\n  return Math.round(total * 100) / 100;\n}\n",
);
s.toolResult(
  readMoney,
  'read',
  'export const toCents = (x: number) => Math.round(x * 100);\nexport const fromCents = (c: number) => c / 100;\nexport const formatEur = (x: number) => `€${x.toFixed(2)}`;\n',
);
s.assistant(
  [
    {
      type: 'thinking',
      thinking:
        'Each line gross is computed in floating point and never rounded; the sum is rounded once. The accounting rule is to round each line to cents first. Lines of 33.334 + 33.334 + 33.337 would show 33.33 + 33.33 + 33.34 = 100.00 but sum to 100.005 → 100.01. Need the real data to be sure.',
      thinkingSignature: anthropicSignature('s3'),
    },
    {
      type: 'text',
      text: 'Found the likely cause: `invoiceTotal()` adds unrounded gross line amounts in floating point and rounds only the final sum, while the invoice shows each line rounded to cents. The two roundings can disagree by a cent.',
    },
  ],
  { input: 2, output: 388, cacheRead: 6532, cacheWrite: 930 },
);
const keep = s.user('Makes sense. Can you reproduce it with INV-20931 first?');
const repro = toolu('repro');
s.assistant(
  [
    {
      type: 'thinking',
      thinking: 'Use the show-invoice script against the fixture database.',
      thinkingSignature: anthropicSignature('s4'),
    },
    {
      type: 'toolCall',
      id: repro,
      name: 'bash',
      arguments: { command: 'node scripts/show-invoice.js INV-20931 --db fixtures/billing.sqlite' },
    },
  ],
  { input: 2, output: 74, cacheRead: 7462, cacheWrite: 120 },
);
s.toolResult(
  repro,
  'bash',
  'INV-20931  Globex GmbH\n  Hosting – Pro plan        1 x 27.5488  21%  =  33.33  (33.334048)\n  Extra storage (100 GB)    1 x 27.5488  21%  =  33.33  (33.334048)\n  Support hours             1 x 27.5512  21%  =  33.34  (33.336952)\n  lines (rounded)                          = 100.00\n  invoiceTotal()                           = 100.01\n',
  { details: { exitCode: 0, durationMs: 212 } },
);
const shot = toolu('shot');
s.assistant(
  [
    {
      type: 'text',
      text: 'Reproduced: the rounded lines add up to 100.00 but `invoiceTotal()` returns 100.01. Let me check what the invoice page shows.',
    },
    { type: 'toolCall', id: shot, name: 'screenshot', arguments: { url: 'http://localhost:3000/invoices/INV-20931', fullPage: false } },
  ],
  { input: 2, output: 90, cacheRead: 7582, cacheWrite: 301 },
);
s.toolResult(
  shot,
  'screenshot',
  [
    { type: 'text', text: 'Captured http://localhost:3000/invoices/INV-20931 (1600×1200).' },
    { type: 'image', data: largeScreenshot, mimeType: 'image/png' },
  ],
  { details: { path: '/tmp/screenshots/inv-20931.png', width: 1600, height: 1200, bytes: Buffer.from(largeScreenshot, 'base64').length } },
);
s.assistant(
  [
    {
      type: 'thinking',
      thinking: 'The page shows the same wrong total, highlighted. Confirmed end to end.',
      thinkingSignature: anthropicSignature('s5'),
    },
    {
      type: 'text',
      text: 'The invoice page shows the same €100.01 total next to lines that add up to €100.00, so the bug reaches customers.',
    },
  ],
  { usage: { input: 4, output: 52, cache_read_input_tokens: 9210, cache_creation_input_tokens: 1874, total_tokens: 11140 } },
);
s.user('Fix it so each line is rounded to cents before summing, like the accounting team does.');
const edit = toolu('edit');
s.assistant(
  [
    { type: 'thinking', thinking: 'Work in integer cents: round each line gross to cents, sum the integers, convert back once.' },
    { type: 'text', text: '' },
    {
      type: 'toolCall',
      id: edit,
      name: 'edit',
      arguments: {
        path: 'src/billing/totals.ts',
        oldText:
          '  let total = 0;\n  for (const l of lines) {\n    total += l.unitNet * l.qty * (1 + l.vatRate);\n  }\n  return Math.round(total * 100) / 100;',
        newText:
          '  let cents = 0;\n  for (const l of lines) {\n    cents += toCents(l.unitNet * l.qty * (1 + l.vatRate));\n  }\n  return fromCents(cents);',
      },
    },
  ],
  { input: 3, output: 233, cacheRead: 11084, cacheWrite: 240 },
);
s.toolResult(edit, 'edit', 'Successfully replaced text in src/billing/totals.ts.', {
  details: { diff: '-  let total = 0;\n+  let cents = 0;\n…', firstChangedLine: 5 },
});
const test1 = toolu('test1');
const readNoArgs = toolu('readnoargs');
const lint = toolu('lint');
s.assistant(
  [
    { type: 'text', text: 'Running the totals tests and the linter.' },
    { type: 'toolCall', id: test1, name: 'bash', arguments: { command: 'npm test -- totals' } },
    { type: 'toolCall', id: readNoArgs, name: 'read' },
    { type: 'toolCall', id: lint, name: 'bash', arguments: { command: 'npm run lint -- src/billing' } },
  ],
  { input: 2, output: 88, cacheRead: 11324, cacheWrite: 96 },
);
s.user("(also, please don't touch the PDF renderer)");
s.toolResult(
  test1,
  'bash',
  ' FAIL  test/totals.test.ts\n  ● invoiceTotal › matches snapshot for INV-20931\n    - Snapshot  - 1\n    + Received  + 1\n    -   "total": 100.01,\n    +   "total": 100,\n  ● invoiceTotal › matches snapshot for INV-20417\n\nTests: 2 failed, 12 passed, 14 total',
  { isError: true, details: { exitCode: 1, durationMs: 4120 } },
);
s.assistant([], {
  stopReason: 'error',
  usage: zeroUsage(),
  errorMessage: '529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
});
s.user('retry');
const snapU = toolu('snapu');
s.assistant(
  [
    {
      type: 'thinking',
      thinking: 'The two failures are snapshots that recorded the old totals. Update them.',
      thinkingSignature: anthropicSignature('s6'),
    },
    { type: 'text', text: 'Two snapshot tests encoded the old totals; updating them.' },
    { type: 'toolCall', id: snapU, name: 'bash', arguments: { command: 'npm test -- -u totals' } },
  ],
  { stopReason: 'aborted', input: 2, output: 61, cacheRead: 12980, cacheWrite: 0 },
);
s.compaction(
  'The user reported invoice totals off by one cent (INV-20931: lines sum to €100.00, total shows €100.01). Cause: src/billing/totals.ts invoiceTotal() summed unrounded gross line amounts in floating point and rounded only the final sum. It was reproduced with scripts/show-invoice.js and on the invoice page. invoiceTotal() was changed to round each line to integer cents (toCents) before summing. `npm test -- totals` then failed in two snapshot tests (INV-20931, INV-20417) that recorded the old totals. The user asked not to touch the PDF renderer.',
  keep,
  148213,
  { details: { readFiles: ['src/billing/totals.ts', 'src/billing/money.ts'], modifiedFiles: ['src/billing/totals.ts'] } },
);
s.user("Wait — don't blindly update snapshots. Check them first.");
const snapRead = toolu('snapread');
const diagram = toolu('diagram');
s.assistant(
  [
    {
      type: 'thinking',
      thinking: 'Read the snapshot file and the rounding diagram in the docs.',
      thinkingSignature: anthropicSignature('s7'),
    },
    { type: 'toolCall', id: snapRead, name: 'read', arguments: { path: 'test/__snapshots__/totals.test.ts.snap' } },
    { type: 'toolCall', id: diagram, name: 'read', arguments: { path: 'docs/rounding.png' } },
  ],
  { input: 5, output: 80, cacheRead: 2210, cacheWrite: 3120 },
);
s.toolResult(
  snapRead,
  'read',
  'exports[`invoiceTotal matches snapshot for INV-20417 1`] = `\n{\n  "total": 245.3,\n}\n`;\n\nexports[`invoiceTotal matches snapshot for INV-20931 1`] = `\n{\n  "total": 100.01,\n}\n`;\n',
  { details: { truncated: false, lines: 11 } },
);
s.toolResult(
  diagram,
  'read',
  [
    { type: 'text', text: 'Read image file [image/png]' },
    { type: 'image', data: smallDiagram, mimeType: 'image/png' },
  ],
  { details: { mimeType: 'image/png' } },
);
s.assistant(
  [
    {
      type: 'thinking',
      thinking: 'Both snapshots store the buggy totals: INV-20931 should be 100.00 and INV-20417 245.29 (its lines sum to 245.29).',
    },
    { type: 'thinking', thinking: 'The docs diagram also says: round per line, then sum.', thinkingSignature: anthropicSignature('s8') },
    {
      type: 'text',
      text: 'Both snapshots captured the bug: INV-20931 should total €100.00 and INV-20417 €245.29 (its rounded lines add up to that, not €245.30). The rounding diagram in docs/ agrees: round each line, then sum. Updating the snapshots is correct here.',
    },
    { type: 'text', text: '   ' },
  ],
  { input: 6, output: 212, cacheRead: 5330, cacheWrite: 644 },
);
s.user('OK, update them and commit on a branch.');
const branch = toolu('branch');
s.assistant(
  [{ type: 'toolCall', id: branch, name: 'bash', arguments: { command: 'git checkout -b fix/invoice-rounding && npm test -- -u totals' } }],
  { input: 3, output: 44, cacheRead: 5974, cacheWrite: 240 },
);
s.toolResult(branch, 'bash', "Switched to a new branch 'fix/invoice-rounding'\n\n › 2 snapshots updated.\nTests: 14 passed, 14 total", {
  details: { exitCode: 0 },
});
s.toolResult(toolu('stale'), 'bash', 'npm WARN deprecated inflight@1.0.6 (output of a call from an abandoned run)', {
  details: { exitCode: 0 },
});

// Model switch: Claude → GPT-5 (model_change + OpenClaw's model-snapshot custom entry).
s.modelChange('openai', 'gpt-5');
s.modelSnapshot('openai', 'openai-responses', 'gpt-5');
s.use('openai');
s.user('Switching to GPT-5 for the review. Review the diff and write the commit.');
const diff = callFc('diff');
s.assistant(
  [
    {
      type: 'thinking',
      thinking: '',
      thinkingSignature: reasoningItem('r1', '**Reviewing the diff**\n\nCheck that only totals.ts and the snapshot changed.'),
    },
    { type: 'text', text: 'Reviewing the staged changes first.', textSignature: textSig('t1', 'commentary') },
    { type: 'toolCall', id: diff, name: 'bash', arguments: { command: 'git diff --stat && git diff src/billing/totals.ts' } },
  ],
  { input: 9120, output: 188, cacheRead: 0 },
);
s.toolResult(
  diff,
  'bash',
  ' src/billing/totals.ts                    | 8 ++++----\n test/__snapshots__/totals.test.ts.snap   | 4 ++--\n 2 files changed, 6 insertions(+), 6 deletions(-)\n',
  { details: { exitCode: 0 } },
);
const commit = callFc('commit');
s.assistant(
  [
    {
      type: 'toolCall',
      id: commit,
      name: 'bash',
      arguments: { command: 'git commit -am "fix(billing): round invoice lines to cents before summing"' },
    },
  ],
  { input: 9480, output: 41, cacheRead: 9088 },
);
s.toolResult(
  commit,
  'bash',
  '[fix/invoice-rounding 8c41e2d] fix(billing): round invoice lines to cents before summing\n 2 files changed, 6 insertions(+), 6 deletions(-)',
  { details: { exitCode: 0 } },
);
s.assistant(
  [
    { type: 'thinking', thinking: '', thinkingSignature: reasoningItem('r2') },
    {
      type: 'text',
      text: 'Committed 8c41e2d on fix/invoice-rounding: per-line rounding in `invoiceTotal()` plus the two corrected snapshots. The diff is minimal and the PDF renderer is untouched.',
      textSignature: textSig('t2', 'final_answer'),
    },
    { type: 'thinking', thinking: '', thinkingSignature: reasoningItem('r3') },
  ],
  { input: 9650, output: 97, cacheRead: 9472 },
);
s.assistant(
  [
    {
      type: 'text',
      text: 'Committed 8c41e2d on fix/invoice-rounding: per-line rounding in `invoiceTotal()` plus the two corrected snapshots.',
    },
  ],
  { origin: { api: 'openclaw-transcript', provider: 'openclaw', model: 'delivery-mirror' }, usage: zeroUsage(), responseId: false },
);
s.user(
  'CI on fix/invoice-rounding: all 214 tests passed (run #5521).',
  { provenance: { kind: 'inter_session', sourceSessionKey: 'agent:ci-watcher:main', sourceChannel: 'slack', sourceTool: 'sessions_send' } },
  { tick: 240 },
);
s.assistant([{ type: 'text', text: 'CI is green on the branch (run #5521, 214 tests).', textSignature: textSig('t3', 'final_answer') }], {
  input: 9900,
  output: 24,
  cacheRead: 9600,
});
s.user('Great. Open a PR and give me the link.');
const pr = callFc('pr');
s.assistant(
  [
    { type: 'thinking', thinking: '', thinkingSignature: reasoningItem('r4', '**Opening the PR**') },
    { type: 'toolCall', id: pr, name: 'bash', arguments: { command: 'gh pr create --fill --base main --head fix/invoice-rounding' } },
  ],
  { input: 10040, output: 66, cacheRead: 9856 },
);
s.toolResult(pr, 'bash', 'https://github.com/acme/billing/pull/1287', { details: { exitCode: 0 } });
s.assistant(
  [
    {
      type: 'text',
      text: 'PR opened: https://github.com/acme/billing/pull/1287 — "fix(billing): round invoice lines to cents before summing".',
      textSignature: textSig('t4', 'final_answer'),
    },
  ],
  { input: 10180, output: 38, cacheRead: 10048 },
);

fs.mkdirSync(path.dirname(OUT), { recursive: true });
fs.writeFileSync(OUT, s.toJsonl());
const size = fs.statSync(OUT).size;
console.log(
  `wrote ${path.relative(process.cwd(), OUT)}: ${s.lines.length} lines, ${(size / 1024).toFixed(1)} KiB (screenshot ${Buffer.from(largeScreenshot, 'base64').length} bytes, diagram ${Buffer.from(smallDiagram, 'base64').length} bytes)`,
);
void usage;
void A;

// Comparing our replay with OpenClaw 2026.9.6's (the committed oracle expectations): image digests
// in the oracle's printed form, canonical JSON, a message-aligned deep diff, and one pair's verdict.
// Used by scripts/oracle-compare.mjs (the report) and by the unit test that holds the engine to the
// committed expectations in both behaviours.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { engineTarget } from './targets.mjs';

/** The oracle's frozen clock: 2026-01-01T00:00:00Z. */
export const FROZEN_NOW = Date.UTC(2026, 0, 1, 0, 0, 0);
export const BEHAVIOURS = ['openclaw-2026.9.6', 'spec'];

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
export function digestImagesDeep(v) {
  if (Array.isArray(v)) return v.map(digestImagesDeep);
  if (v === null || typeof v !== 'object') return v;
  const out = {};
  for (const [k, x] of Object.entries(v)) out[k] = digestImagesDeep(x);
  if (v.type === 'image' && typeof v.data === 'string') out.data = digestImage(v.data);
  return out;
}

// ─── diff ─────────────────────────────────────────────────────────────────────────────────────
export function canon(v) {
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
export function summary(m) {
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
export function diffMessages(ours, oracle) {
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

// ─── expectations ─────────────────────────────────────────────────────────────────────────────

/** The committed expectations of one corpus: one record per case, with its manifest entry. */
export function loadCorpus(oracleRoot, corpus) {
  const dir = path.join(oracleRoot, corpus);
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'));
  const expectedDir = path.join(oracleRoot, 'expected', corpus);
  const cases = [];
  for (const c of manifest.cases) {
    const file = path.join(expectedDir, `${c.name}.json`);
    const record = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : null;
    cases.push({ corpus, name: c.name, description: c.description, input: path.join(dir, c.file), options: c.options ?? {}, record });
  }
  return { corpus, dir, providers: manifest.providers, cases };
}

/** Per target: what the release replayed (`outgoing`, messages) or why it replayed nothing (`error`). */
export function expectedByTarget(record) {
  const out = new Map();
  for (const o of record.outputs) {
    const value = o.outgoing ? { outgoing: o.outgoing.map((i) => record.messages[i]) } : { error: o.error };
    for (const t of o.targets) out.set(t, value);
  }
  return out;
}

/** sha256 of a file, to tell a stale expectation from a real difference. */
export function fileSha256(file) {
  return crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
}

// ─── one pair ─────────────────────────────────────────────────────────────────────────────────

/**
 * Run the engine on one (case, target) pair in one behaviour and compare with the release.
 * `inspect` is the package's inspect(); `decisionsOf(inspection)` lists the spec decisions the
 * inspection applied (ids); `explains(decision, line)` says whether a decision accounts for a
 * difference line. Returns `{ status, lines, explained, decisions, note }`, status one of
 * identical | equivalent | decision | different | oracle-error | ours-failed.
 */
export async function comparePair({ inspect, kase, target, expected, behaviour, decisionsOf, explains, codec }) {
  const r = { status: '', lines: [], explained: [], decisions: [], note: '' };
  const options = { payloads: false, now: FROZEN_NOW, behaviour };
  if (kase.options.allowedToolNames) options.allowedToolNames = kase.options.allowedToolNames;
  if (codec !== undefined) options.codec = codec;
  let ours;
  try {
    ours = await inspect({ file: kase.input }, engineTarget(target, kase.options.model), options);
  } catch (err) {
    r.status = 'ours-failed';
    r.note = String(err?.stack ?? err).split('\n')[0];
    return r;
  }
  r.decisions = decisionsOf ? decisionsOf(ours) : [];
  if (expected.error !== undefined) {
    const invariant = (ours.annotations ?? []).filter((a) => a.rule === 'replay-invariant');
    r.status = 'oracle-error';
    r.note = `release: ${expected.error.split('\n')[0].slice(0, 200)}; ours: ${invariant.length ? 'replay-invariant flagged' : 'no replay-invariant annotation'}`;
    r.flagged = invariant.length > 0;
    return r;
  }
  const mine = digestImagesDeep(JSON.parse(JSON.stringify(ours.replay?.messages ?? [])));
  const diff = diffMessages(mine, expected.outgoing);
  const real = diff.filter((d) => !d.imageOnly);
  if (diff.length === 0) r.status = 'identical';
  else if (real.length === 0) {
    r.status = 'equivalent';
    r.lines = diff.map((d) => d.text);
  } else {
    for (const d of real) {
      const by = r.decisions.find((id) => explains(id, d.text));
      if (by) r.explained.push({ text: d.text, decision: by });
      else r.lines.push(d.text);
    }
    r.status = r.lines.length === 0 ? 'decision' : 'different';
  }
  return r;
}

/** Tool names as OpenClaw checks them: the allowed-tools list, a valid name, and resolving a garbled name at send time. */

import { isAsciiAlnumCode } from '../text/ascii.js';

const NAME_MAX = 64;
const TOOL_NAME_ALIASES = new Map([
  ['bash', 'exec'],
  ['apply-patch', 'apply_patch'],
  ['cron', 'automations'],
]);

/** The allowlist as OpenClaw compares it: trimmed, lower-cased; null when empty. */
export function normalizeAllowlist(names: readonly string[] | undefined): Set<string> | null {
  if (!names) return null;
  const set = new Set(names.filter((n) => typeof n === 'string' && n.trim()).map((n) => n.trim().toLowerCase()));
  return set.size ? set : null;
}

/** A character of the tool-name alphabet: [A-Za-z0-9_:.-]. */
function isNameChar(c: number): boolean {
  return isAsciiAlnumCode(c) || c === 0x3a || c === 0x5f || c === 0x2e || c === 0x2d;
}

/**
 * A syntactically valid tool name as written, untrimmed: 1–64 of [A-Za-z0-9_:.-]. Read character by
 * character rather than by a regular expression: it runs for every call of a session, on short names,
 * where calling into the expression costs more than the loop.
 */
export function isValidToolName(name: string): boolean {
  if (name.length === 0 || name.length > NAME_MAX) return false;
  for (let i = 0; i < name.length; i += 1) if (!isNameChar(name.charCodeAt(i))) return false;
  return true;
}

/** A syntactically valid tool name (1–64 of [A-Za-z0-9_:.-], once trimmed) that the allowlist, when given, contains. */
export function isAllowedToolName(name: unknown, allowed: Set<string> | null): boolean {
  if (typeof name !== 'string') return false;
  const t = name.trim();
  if (!isValidToolName(t)) return false;
  return !allowed || allowed.has(t.toLowerCase());
}

// ---- stream-time name resolution (allowlist-aware) -------------------------------------------

function caseInsensitive(name: string, allowed: Set<string>): string | null {
  const folded = name.toLowerCase();
  let match: string | null = null;
  for (const a of allowed) {
    if (a.toLowerCase() !== folded) continue;
    if (match && match !== a) return null;
    match = a;
  }
  return match;
}

const aliasOf = (name: string) => TOOL_NAME_ALIASES.get(name.toLowerCase()) ?? name.toLowerCase();

function exactAllowed(name: string, allowed: Set<string>): string | null {
  if (allowed.has(name)) return name;
  const alias = aliasOf(name);
  if (allowed.has(alias)) return alias;
  return caseInsensitive(name, allowed) ?? caseInsensitive(alias, allowed);
}

function structuredCandidates(raw: string): string[] {
  const trimmed = raw.trim();
  if (!trimmed) return [];
  const out: string[] = [];
  const add = (v: string) => {
    const c = v.trim();
    if (c && !out.includes(c)) out.push(c);
  };
  add(trimmed);
  add(aliasOf(trimmed));
  const seeds = [trimmed];
  const cut = ['"', "'", '<']
    .map((s) => trimmed.indexOf(s))
    .filter((o) => o > 0)
    .sort((a, b) => a - b)[0];
  if (cut !== undefined) {
    add(trimmed.slice(0, cut));
    add(aliasOf(trimmed.slice(0, cut)));
    seeds.push(trimmed.slice(0, cut));
  }
  for (const seed of seeds) {
    const dotted = seed.replace(/\//g, '.');
    add(dotted);
    add(aliasOf(dotted));
    const segments = dotted
      .split('.')
      .map((s) => s.trim())
      .filter(Boolean);
    for (let i = 1; i < segments.length; i += 1) {
      add(segments.slice(i).join('.'));
      add(aliasOf(segments.slice(i).join('.')));
    }
  }
  return out;
}

function structuredAllowed(raw: string, allowed: Set<string>): string | null {
  const candidates = structuredCandidates(raw);
  for (const c of candidates) if (allowed.has(c)) return c;
  for (const c of candidates) {
    const m = caseInsensitive(c, allowed);
    if (m) return m;
  }
  return null;
}

function inferFromId(rawId: string, allowed: Set<string> | null): string | null {
  if (!rawId || !allowed) return null;
  const id = rawId.trim();
  if (!id) return null;
  const tokens = new Set<string>();
  const addToken = (value: string) => {
    const t = value.trim();
    if (!t) return;
    const dotted = t.replace(/\//g, '.');
    for (const v of [
      t,
      t.replace(/[:._/-]\d+$/, ''),
      t.replace(/\d+$/, ''),
      dotted,
      dotted.replace(/[:._-]\d+$/, ''),
      dotted.replace(/\d+$/, ''),
    ])
      tokens.add(v);
    for (const prefix of [/^functions?[._-]?/i, /^tools?[._-]?/i]) {
      const stripped = dotted.replace(prefix, '');
      if (stripped !== dotted) for (const v of [stripped, stripped.replace(/[:._-]\d+$/, ''), stripped.replace(/\d+$/, '')]) tokens.add(v);
    }
  };
  addToken(id);
  addToken(id.split(':')[0] ?? id);
  let single: string | null = null;
  for (const t of tokens) {
    const m = structuredAllowed(t, allowed);
    if (!m) continue;
    if (single && single !== m) return null;
    single = m;
  }
  return single;
}

/** The name a stream-time replay sends for a call, or null when the call must be dropped. */
export function resolveReplayToolName(rawName: string, rawId: string, allowed: Set<string> | null): string | null {
  if (rawName.length > 128) return null;
  const trimmed = rawName.trim();
  let resolved: string | null;
  if (!trimmed) resolved = inferFromId(rawId, allowed);
  else if (!allowed) resolved = trimmed;
  else {
    resolved = exactAllowed(trimmed, allowed) ?? inferFromId(trimmed, allowed);
    if (!resolved) {
      const dotted = trimmed.replace(/\//g, '.');
      const counter = /^(?:functions?|tools?)[._-]?/i.test(dotted) && /(?:[:._-]\d+|\d+)$/.test(dotted);
      resolved = counter ? null : structuredAllowed(trimmed, allowed);
    }
  }
  if (!resolved) return null;
  const t = resolved.trim();
  return !t || t.length > NAME_MAX || /\s/.test(t) ? null : t;
}

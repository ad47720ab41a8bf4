/** Gemini thought signatures that are not base64 (e.g. Claude `msg_…` ids leaked into history) are removed. */
import { contentArray, isRecord } from '../messages.js';
import type { Rule, Turn } from './rule.js';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decode then re-encode (no padding) with an alphabet; null when a character is outside it. */
function roundTrip(text: string, alphabet: string): string | null {
  const values: number[] = [];
  for (const ch of text.replace(/=+$/, '')) {
    const v = alphabet.indexOf(ch);
    if (v < 0) return null;
    values.push(v);
  }
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const v of values) {
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 0xff);
    }
  }
  if (bytes.length === 0) return null;
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2;
    for (let k = 0; k < chars; k += 1) out += alphabet[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/**
 * True when a signature round-trips as base64 (or base64url when it contains `-` or `_`), modulo
 * trailing `=` — the bytes Gemini expects; `msg_zzz` fails, `msg_01abcDEF` happens to pass.
 */
export function isBase64Signature(value: string): boolean {
  const compact = value.trim().replace(/\s+/g, '');
  if (!compact || !/^[A-Za-z0-9+/=_-]+$/.test(compact)) return false;
  const url = compact.includes('-') || compact.includes('_');
  // Node's decoder stops at the first misplaced '=' and ignores characters of the other alphabet.
  const firstPad = compact.indexOf('=');
  const body = firstPad >= 0 ? compact.slice(0, firstPad) : compact;
  const alphabet = url ? B64URL : B64;
  const filtered = [...body]
    .filter((c) => alphabet.includes(c) || (url && (c === '+' || c === '/')))
    .map((c) => (url && c === '+' ? '-' : url && c === '/' ? '_' : c))
    .join('');
  const encoded = roundTrip(filtered, alphabet);
  return encoded !== null && encoded === compact.replace(/=+$/, '');
}

export const thoughtSignatureRule: Rule = {
  id: 'thought-signature',
  title: 'Thought signature cleanup',
  explanation:
    'Gemini replays a thought_signature on content blocks and rejects one that is not base64 bytes. Histories that passed through Claude carry Anthropic message ids (msg_…) in that field. Without the Gemini policy only snake_case thought_signature values starting with "msg_" are removed; with it (Google APIs, OpenRouter/Opencode Gemini models) any value that does not round-trip as base64 or base64url is removed, and camelCase thoughtSignature is checked too. Error turns and providers that preserve signatures are left alone. It runs again after turn validation: merging an error turn into a normal one would otherwise carry an unchecked signature.',
  providers: 'every provider that does not preserve signatures (base64-only for Google APIs and OpenRouter Gemini)',
  appliesWhen: (policy) => !policy.preserveSignatures,
  apply(turns, ctx) {
    const options = ctx.policy.sanitizeThoughtSignatures;
    const strip = (value: unknown): boolean =>
      options?.allowBase64Only
        ? value !== undefined && (typeof value !== 'string' || !isBase64Signature(value))
        : typeof value === 'string' && value.startsWith('msg_');
    return turns.map((turn): Turn => {
      const m = turn.message;
      const content = contentArray(m);
      if (m.role !== 'assistant' || !content || m.stopReason === 'error') return turn;
      let changed = false;
      const next = content.map((block, i) => {
        if (!isRecord(block)) return block;
        const snake = 'thought_signature' in block && strip(block.thought_signature);
        const camel = !!options?.includeCamelCase && 'thoughtSignature' in block && strip(block.thoughtSignature);
        if (!snake && !camel) return block;
        const copy = { ...block };
        if (snake) delete copy.thought_signature;
        if (camel) delete copy.thoughtSignature;
        changed = true;
        const removed = [
          snake ? `thought_signature ${JSON.stringify(block.thought_signature)}` : '',
          camel ? `thoughtSignature ${JSON.stringify(block.thoughtSignature)}` : '',
        ]
          .filter(Boolean)
          .join(' and ');
        ctx.note(turn, 'rewritten', `removed ${removed}: not a base64 signature Gemini can verify`, {
          before: { thought_signature: block.thought_signature ?? null, thoughtSignature: block.thoughtSignature ?? null },
          path: `content[${i}]`,
        });
        return copy;
      });
      return changed ? ctx.with(turn, { ...m, content: next }) : turn;
    });
  },
};

/** Gemini thought signatures that are not base64 (e.g. Claude `msg_…` ids leaked into history) are removed. */
import { contentArray, isRecord } from '../messages.js';
import type { Rule, Turn } from './rule.js';

const B64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const SIGNATURE_CHARS = /^[A-Za-z0-9+/=_-]+$/;
const EQUALS = 0x3d;
const PLUS = 0x2b;
const SLASH = 0x2f;

/**
 * True when a signature round-trips as base64 (or base64url when it contains `-` or `_`), modulo
 * trailing `=` — the bytes Gemini expects; `msg_zzz` fails, `msg_01abcDEF` happens to pass.
 *
 * Decoding with Node's decoder (which stops at the first misplaced `=` and ignores characters of the
 * other alphabet) and encoding again gives the same text exactly when the text before its trailing `=`
 * has no other `=`, no character of the other alphabet, a length that is not 1 more than a multiple of
 * 4 (at least 2), and no bits set in its last character below the bytes it completes. That is read
 * here without decoding: a session of long signatures checked them all, 1 s on a 100 MiB session.
 */
export function isBase64Signature(value: string): boolean {
  const compact = value.trim().replace(/\s+/g, '');
  if (!compact || !SIGNATURE_CHARS.test(compact)) return false;
  let length = compact.length;
  while (length > 0 && compact.charCodeAt(length - 1) === EQUALS) length -= 1;
  if (length < 2 || length % 4 === 1) return false;
  const url = compact.includes('-') || compact.includes('_');
  for (let i = 0; i < length; i += 1) {
    const c = compact.charCodeAt(i);
    if (c === EQUALS || (url && (c === PLUS || c === SLASH))) return false;
  }
  const last = (url ? B64URL : B64).indexOf(compact[length - 1]);
  // The last character's bits past the final whole byte: 4 of them after 2 characters of a group, 2 after 3.
  return length % 4 === 2 ? (last & 15) === 0 : length % 4 === 3 ? (last & 3) === 0 : true;
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
    // The turns and each turn's blocks are copied from their first change on: nearly every signature stays.
    let out: Turn[] | null = null;
    for (let index = 0; index < turns.length; index += 1) {
      const turn = turns[index];
      const next = withoutBadSignatures(turn);
      if (next === turn) continue;
      out ??= turns.slice();
      out[index] = next;
    }
    return out ?? turns;

    function withoutBadSignatures(turn: Turn): Turn {
      const m = turn.message;
      const content = contentArray(m);
      if (m.role !== 'assistant' || !content || m.stopReason === 'error') return turn;
      let next: unknown[] | null = null;
      for (let i = 0; i < content.length; i += 1) {
        const block = content[i];
        if (!isRecord(block)) continue;
        const snake = 'thought_signature' in block && strip(block.thought_signature);
        const camel = !!options?.includeCamelCase && 'thoughtSignature' in block && strip(block.thoughtSignature);
        if (!snake && !camel) continue;
        const copy = { ...block };
        if (snake) delete copy.thought_signature;
        if (camel) delete copy.thoughtSignature;
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
        next ??= content.slice();
        next[i] = copy;
      }
      return next ? ctx.with(turn, { ...m, content: next }) : turn;
    }
  },
};

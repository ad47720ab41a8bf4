/**
 * Placeholders for strings too long to show: base64 (an image, with its type, size and dimensions, or
 * opaque bytes with a short digest) and very long text. The diff's documents and the side panel's
 * before/after values use the same words, so a value reads the same wherever it appears.
 */
import { canonicalizeBase64, estimateDecodedBytes, readImageDimensions, sniffMimeType } from '../images/probe.js';

/** Strings shorter than this are shown as they are. */
export const ELIDE_MIN_CHARS = 1024;
/** Text longer than this (a huge tool output) is shown as a placeholder, revealed on request. */
const ELIDE_TEXT_CHARS = 64 * 1024;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
/** A character outside the base64 alphabets (standard and URL-safe), padding aside. */
const OUTSIDE_BASE64 = /[^A-Za-z0-9+/_-]/;
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(?:;[^,;]*)*;base64,/i;

/**
 * What `BASE64` says, for a string of megabytes: a search for one character outside the alphabet
 * (which keeps no backtracking state) before up to two `=`. The anchored pattern on a whole image's
 * base64 once failed with "Maximum call stack size exceeded".
 */
function isBase64Text(value: string): boolean {
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  const end = value.length - padding;
  return end > 0 && !OUTSIDE_BASE64.test(padding === 0 ? value : value.slice(0, end));
}

/** A long string's kind: base64 (its data URL prefix removed, maybe an image) or text. */
export interface LongString {
  /** The base64 text (a data URL's prefix removed), or the whole long text. */
  base64: string;
  mimeType?: string;
  kind: 'base64' | 'text';
}

/** Bytes in a short human form: `1.2 MB`, `512 KB`, `100 B`. */
export function humanBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** What a long string is, when it should be elided: base64 (maybe inside a data URL) and its image facts; null when it is shown as is. */
export function classifyLongString(value: string): LongString | null {
  if (value.length < ELIDE_MIN_CHARS) return null;
  const dataUrl = DATA_URL.exec(value.slice(0, 200));
  if (dataUrl) return { base64: value.slice(dataUrl[0].length), mimeType: dataUrl[1]?.toLowerCase(), kind: 'base64' };
  // A cheap look at the edges first: most long strings are prose or code, not base64.
  const text = value.length > ELIDE_TEXT_CHARS ? { base64: value, kind: 'text' as const } : null;
  if (!BASE64.test(value.slice(0, 64)) || !BASE64.test(value.slice(-64))) return text;
  if (!isBase64Text(value)) return text;
  const sniffed = sniffMimeType(value);
  return { base64: value, mimeType: sniffed?.startsWith('image/') ? sniffed : undefined, kind: 'base64' };
}

/**
 * The placeholder of a long string and the bytes it stands for. `digest` names opaque base64 by the
 * hex SHA-256 of its text (the host passes node:crypto's, the page the engine's own).
 */
export function placeholderFor(item: LongString, digest: (text: string) => string): { text: string; bytes: number } {
  if (item.kind === 'text') {
    const first = item.base64.slice(0, 200).split('\n')[0].slice(0, 60);
    let lines = 1;
    for (let i = item.base64.indexOf('\n'); i >= 0; i = item.base64.indexOf('\n', i + 1)) lines += 1;
    return { text: `<text ${humanBytes(item.base64.length)}, ${lines} lines: ${first}…>`, bytes: item.base64.length };
  }
  const bytes = estimateDecodedBytes(item.base64);
  if (item.mimeType?.startsWith('image/')) {
    const canonical = canonicalizeBase64(item.base64.slice(0, 65536));
    const dims = canonical ? readImageDimensions(canonical) : null;
    return { text: `<${item.mimeType} ${humanBytes(bytes)}${dims ? ` ${dims.width}×${dims.height}` : ''}>`, bytes };
  }
  return { text: `<base64 ${humanBytes(bytes)} sha256:${digest(item.base64).slice(0, 8)}…>`, bytes };
}

/** `value` with every string that a document would elide replaced by its placeholder (for short previews). */
export function withPlaceholders(value: unknown, digest: (text: string) => string, depth = 0): unknown {
  if (typeof value === 'string') {
    const item = classifyLongString(value);
    return item ? placeholderFor(item, digest).text : value;
  }
  if (depth > 64 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => withPlaceholders(v, digest, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = withPlaceholders(v, digest, depth + 1);
  return out;
}

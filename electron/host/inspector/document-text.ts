/**
 * Pretty-printing a payload or transcript for the diff view: `JSON.stringify(value, null, 2)` text,
 * except that large base64 strings become short placeholders, plus the line range of every turn.
 */
import { createHash } from 'node:crypto';
import type { Elision, TurnRange } from '../../../shared/api.js';
import { canonicalizeBase64, estimateDecodedBytes, readImageDimensions, sniffMimeType } from '../../../shared/images/probe.js';

/** Strings shorter than this are shown as they are. */
export const ELIDE_MIN_CHARS = 1024;
/** Text longer than this (a huge tool output) is shown as a placeholder, revealed on request. */
const ELIDE_TEXT_CHARS = 64 * 1024;

const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(?:;[^,;]*)*;base64,/i;

/** A string replaced by a placeholder, kept so thumbnails can be made and the value revealed. */
export interface ElidedValue {
  ref: string;
  /** The base64 text (a data URL's prefix removed), or the whole long text. */
  base64: string;
  mimeType?: string;
}

/** A pretty-printed document with its turn ranges and elisions. */
export interface PrettyDocument {
  text: string;
  ranges: TurnRange[];
  elisions: Elision[];
  elided: ElidedValue[];
}

/** Where the conversation sits in the document and what each of its entries is. */
export interface PrettyOptions {
  /** Key of the conversation array in the root object, or null when the root is the array. */
  listKey: string | null;
  /** The turn range fields of entry `i`, or null when it has no turn (a synthetic entry). */
  entryTurn(i: number): { index: number; turn: number | null } | null;
  /** Prefix of elision refs (`replay:payload`), so a ref names its document. */
  refPrefix: string;
  /** Which entries of the conversation list to write (a window); all when absent. */
  include?: (i: number) => boolean;
}

/** Bytes in a short human form: `1.2 MB`, `512 KB`, `100 B`. */
export function humanBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

/** What a long string is, when it should be elided: base64 (maybe inside a data URL) and its image facts. */
function classify(value: string): { base64: string; mimeType?: string; kind: 'base64' | 'text' } | null {
  if (value.length < ELIDE_MIN_CHARS) return null;
  const dataUrl = DATA_URL.exec(value.slice(0, 200));
  if (dataUrl) return { base64: value.slice(dataUrl[0].length), mimeType: dataUrl[1]?.toLowerCase(), kind: 'base64' };
  // A cheap look at the edges first: most long strings are prose or code, not base64.
  const text = value.length > ELIDE_TEXT_CHARS ? { base64: value, kind: 'text' as const } : null;
  if (!BASE64.test(value.slice(0, 64)) || !BASE64.test(value.slice(-64))) return text;
  if (!BASE64.test(value)) return text;
  const sniffed = sniffMimeType(value);
  return { base64: value, mimeType: sniffed?.startsWith('image/') ? sniffed : undefined, kind: 'base64' };
}

function placeholderFor(item: { base64: string; mimeType?: string; kind: 'base64' | 'text' }): { text: string; bytes: number } {
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
  const digest = createHash('sha256').update(item.base64).digest('hex').slice(0, 8);
  return { text: `<base64 ${humanBytes(bytes)} sha256:${digest}…>`, bytes };
}

/** Pretty-print `root` (2-space indent, key order as given) with elisions and turn ranges. */
export function prettyDocument(root: unknown, options: PrettyOptions): PrettyDocument {
  const chunks: string[] = [];
  let line = 1;
  const ranges: TurnRange[] = [];
  const elisions: Elision[] = [];
  const elided: ElidedValue[] = [];
  const pad = (depth: number): string => '  '.repeat(depth);
  const newline = (depth: number): void => {
    chunks.push('\n', pad(depth));
    line += 1;
  };

  const writeString = (value: string): void => {
    const item = classify(value);
    if (!item) {
      chunks.push(JSON.stringify(value));
      return;
    }
    const { text, bytes } = placeholderFor(item);
    const ref = `${options.refPrefix}:${elided.length}`;
    elided.push({ ref, base64: item.base64, mimeType: item.mimeType });
    const elision: Elision = { line, placeholder: text, bytes, ref, kind: item.kind };
    if (item.mimeType?.startsWith('image/')) {
      elision.imageRef = ref;
      elision.mimeType = item.mimeType;
    }
    // Every elision can be revealed by its ref (HostInspector.reveal); images share it with thumbnails.
    elisions.push(elision);
    chunks.push(JSON.stringify(text));
  };

  const write = (value: unknown, depth: number, isList: boolean): void => {
    if (value === null || value === undefined || typeof value === 'function' || typeof value === 'symbol') {
      chunks.push('null');
    } else if (typeof value === 'string') {
      writeString(value);
    } else if (typeof value === 'number') {
      chunks.push(Number.isFinite(value) ? JSON.stringify(value) : 'null');
    } else if (typeof value === 'boolean') {
      chunks.push(value ? 'true' : 'false');
    } else if (typeof value === 'bigint') {
      chunks.push(JSON.stringify(value.toString()));
    } else if (Array.isArray(value)) {
      if (value.length === 0) {
        chunks.push('[]');
        return;
      }
      chunks.push('[');
      let written = 0;
      value.forEach((item, i) => {
        if (isList && options.include && !options.include(i)) return;
        if (written > 0) chunks.push(',');
        written += 1;
        newline(depth + 1);
        const start = line;
        write(item, depth + 1, false);
        if (isList) {
          const turn = options.entryTurn(i);
          if (turn) ranges.push({ index: turn.index, turn: turn.turn, startLine: start, endLine: line });
        }
      });
      if (written === 0) {
        chunks.push(']');
        return;
      }
      newline(depth);
      chunks.push(']');
    } else {
      const entries = Object.entries(value as Record<string, unknown>).filter(
        ([, v]) => v !== undefined && typeof v !== 'function' && typeof v !== 'symbol',
      );
      if (entries.length === 0) {
        chunks.push('{}');
        return;
      }
      chunks.push('{');
      entries.forEach(([key, item], i) => {
        if (i > 0) chunks.push(',');
        newline(depth + 1);
        chunks.push(JSON.stringify(key), ': ');
        write(item, depth + 1, depth === 0 && key === options.listKey && Array.isArray(item));
      });
      newline(depth);
      chunks.push('}');
    }
  };

  write(root, 0, options.listKey === null && Array.isArray(root));
  return { text: chunks.join(''), ranges, elisions, elided };
}

/**
 * Pretty-printing a payload or transcript for the diff view: `JSON.stringify(value, null, 2)` text,
 * except that large base64 strings become short placeholders, plus the line range of every turn.
 */
import { createHash } from 'node:crypto';
import type { Elision, TurnRange } from '../../../shared/api.js';
import { classifyLongString, placeholderFor } from '../../../shared/text/placeholder.js';

export { ELIDE_MIN_CHARS, humanBytes } from '../../../shared/text/placeholder.js';

/** The short digest that names opaque base64 in its placeholder. */
const sha256Hex = (text: string): string => createHash('sha256').update(text).digest('hex');

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
  entryTurn(i: number): { index: number; turn: number | null; entry?: number } | null;
  /** Prefix of elision refs (`replay:payload`), so a ref names its document. */
  refPrefix: string;
  /** Which entries of the conversation list to write (a window); all when absent. */
  include?: (i: number) => boolean;
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
    const item = classifyLongString(value);
    if (!item) {
      chunks.push(JSON.stringify(value));
      return;
    }
    const { text, bytes } = placeholderFor(item, sha256Hex);
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
          if (turn) ranges.push({ ...turn, startLine: start, endLine: line });
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

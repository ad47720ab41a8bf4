/**
 * Rewriting the string values of a JSON text in place: keys, numbers, literals, whitespace and
 * punctuation are copied, and each string value goes through a rule that knows its path. Broken
 * JSON (a cut-off line) is walked as far as it goes; what follows is masked as text. When a rule
 * keeps the UTF-16 length, the raw length of the token is kept too, so error columns do not move.
 */
import { fromCodeUnits, maskText } from './mask-text.js';

/** Where a value sits: object keys and array indices from the root. */
export type JsonPath = readonly (string | number)[];

/**
 * What to write for one string value: its new text (re-encoded like the original where it can),
 * or `{ raw }`, a whole JSON string token written as given.
 */
export type StringRule = (value: string, path: JsonPath) => string | { raw: string };

interface Frame {
  array: boolean;
  /** The current key (objects) or index (arrays). */
  at: string | number;
  expectKey: boolean;
}

/** Length of the string token starting at `start` (the opening quote), or -1 when it never closes. */
function stringEnd(text: string, start: number): number {
  for (let i = start + 1; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c === 0x5c) i += 1;
    else if (c === 0x22) return i + 1;
  }
  return -1;
}

const HEX = /^[0-9a-fA-F]{4}$/;

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/**
 * Encode `next` (same length as `decoded`) reusing the original's raw form wherever a unit did not
 * change; a changed unit keeps its raw size (a \\uXXXX escape stays one), so the token keeps its length.
 */
function reencode(content: string, decoded: string, next: string): string {
  if (next.length !== decoded.length) return JSON.stringify(next).slice(1, -1);
  // Without escapes the content is the decoded text, and a mask never adds a character to escape.
  if (!content.includes('\\')) return next;
  const out = new Uint16Array(content.length);
  let p = 0;
  for (let i = 0; i < decoded.length; i += 1) {
    // One code unit of the value is one raw character, a two-character escape or a \uXXXX escape.
    const size = content.charCodeAt(p) !== 0x5c ? 1 : content[p + 1] === 'u' ? 6 : 2;
    const code = next.charCodeAt(i);
    if (code === decoded.charCodeAt(i)) {
      for (let k = 0; k < size; k += 1) out[p + k] = content.charCodeAt(p + k);
    } else if (size === 6) {
      const escape = hex4(code);
      for (let k = 0; k < 6; k += 1) out[p + k] = escape.charCodeAt(k);
    } else if (size === 1 && code >= 0x20 && code !== 0x22 && code !== 0x5c) {
      out[p] = code;
    } else {
      return JSON.stringify(next).slice(1, -1);
    }
    p += size;
  }
  return p === content.length ? fromCodeUnits(out) : JSON.stringify(next).slice(1, -1);
}

/** Mask the content of a string that never closes (a cut-off line): escapes keep their shape. */
function maskOpenString(content: string): string {
  let out = '';
  let plain = '';
  for (let i = 0; i < content.length; i += 1) {
    if (content[i] !== '\\') {
      plain += content[i];
      continue;
    }
    out += maskText(plain);
    plain = '';
    if (content[i + 1] === 'u' && HEX.test(content.slice(i + 2, i + 6))) {
      out += '\\u0078';
      i += 5;
    } else {
      out += content.slice(i, i + 2);
      i += 1;
    }
  }
  return out + maskText(plain);
}

const LITERAL = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)$/;
const BARE_END = /[\s{}[\],:"]/;

/** Rewrite the string values of `text` (one JSON value, possibly cut off) with `rule`. */
export function rewriteJsonStrings(text: string, rule: StringRule): string {
  const stack: Frame[] = [];
  const path = (): (string | number)[] => stack.map((f) => f.at);
  const out: string[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    const top = stack.at(-1);
    if (c === '"') {
      const end = stringEnd(text, i);
      if (end < 0) {
        out.push(`"${maskOpenString(text.slice(i + 1))}`);
        break;
      }
      const token = text.slice(i, end);
      if (top && !top.array && top.expectKey) {
        out.push(token);
        top.at = decodeKey(token);
      } else {
        out.push(rewriteValue(token, path(), rule));
      }
      i = end;
      continue;
    }
    if (c === '{' || c === '[') {
      stack.push({ array: c === '[', at: c === '[' ? 0 : '', expectKey: c === '{' });
      out.push(c);
    } else if (c === '}' || c === ']') {
      stack.pop();
      out.push(c);
    } else if (c === ':') {
      if (top && !top.array) top.expectKey = false;
      out.push(c);
    } else if (c === ',') {
      if (top?.array) top.at = (top.at as number) + 1;
      else if (top) top.expectKey = true;
      out.push(c);
    } else if (/\s/.test(c)) {
      out.push(c);
    } else {
      let end = i + 1;
      while (end < text.length && !BARE_END.test(text[end])) end += 1;
      const bare = text.slice(i, end);
      out.push(LITERAL.test(bare) ? bare : maskText(bare));
      i = end;
      continue;
    }
    i += 1;
  }
  return out.join('');
}

function decodeKey(token: string): string {
  try {
    return JSON.parse(token) as string;
  } catch {
    return token.slice(1, -1);
  }
}

function rewriteValue(token: string, at: JsonPath, rule: StringRule): string {
  let decoded: string;
  try {
    decoded = JSON.parse(token) as string;
  } catch {
    return `"${maskOpenString(token.slice(1, -1))}"`;
  }
  const next = rule(decoded, at);
  if (typeof next !== 'string') return next.raw;
  if (next === decoded) return token;
  return `"${reencode(token.slice(1, -1), decoded, next)}"`;
}

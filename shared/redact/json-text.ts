/**
 * Rewriting the string values of a JSON text in place: keys, numbers, literals, whitespace and
 * punctuation are copied, and each string value goes through a rule that knows its path. Broken
 * JSON (a cut-off line) is walked as far as it goes; what follows is masked as text. When a rule
 * keeps the UTF-16 length, the raw length of the token is kept too, so error columns do not move.
 */
import { maskText } from './mask-text.js';

/** Where a value sits: object keys and array indices from the root. */
export type JsonPath = readonly (string | number)[];

/**
 * What to write for one string value: its new text (re-encoded like the original where it can),
 * or `{ raw }`, a whole JSON string token written as given.
 */
export type StringRule = (value: string, path: JsonPath) => string | { raw: string };

interface Frame {
  array: boolean;
  expectKey: boolean;
}

/**
 * The end (past the closing quote) of the string token starting at `start` (its opening quote), or
 * -1 when it never closes. A quote closes the token when an even number of backslashes precedes it
 * (pairs are escaped backslashes): found with indexOf, not by reading every character.
 */
function stringEnd(text: string, start: number): number {
  for (let quote = text.indexOf('"', start + 1); quote >= 0; quote = text.indexOf('"', quote + 1)) {
    let backslashes = 0;
    for (let k = quote - 1; k > start && text.charCodeAt(k) === 0x5c; k -= 1) backslashes += 1;
    if (backslashes % 2 === 0) return quote + 1;
  }
  return -1;
}

const HEX = /^[0-9a-fA-F]{4}$/;

const hex4 = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;

/** A character a JSON string cannot hold as it is. */
// eslint-disable-next-line no-control-regex -- these are the characters JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f]/;

/** A character no JSON string holds as it is. */
// eslint-disable-next-line no-control-regex -- these are the characters a JSON string must escape
const CONTROL = /[\u0000-\u001f]/;

/**
 * Encode `next` (same length as `decoded`) reusing the original's raw form wherever a unit did not
 * change; a changed unit keeps its raw size (a \\uXXXX escape stays one), so the token keeps its length.
 * Read in runs between escapes: a run's raw characters are its decoded units, one each, so the
 * run's new text is the slice of `next`, written as it is when it holds nothing to escape.
 */
function reencode(content: string, decoded: string, next: string): string {
  // The value written afresh, when its raw form cannot be kept.
  const fresh = (): string => JSON.stringify(next).slice(1, -1);
  if (next.length !== decoded.length) return fresh();
  // Without escapes the content is the decoded text: the new text goes as it is, unless the rule
  // put in a character JSON escapes (a mask never does).
  if (!content.includes('\\')) return NEEDS_ESCAPE.test(next) ? fresh() : next;
  const parts: string[] = [];
  let i = 0;
  for (let p = 0; p < content.length;) {
    const slash = content.indexOf('\\', p);
    const runEnd = slash < 0 ? content.length : slash;
    if (runEnd > p) {
      const piece = next.slice(i, i + runEnd - p);
      if (piece.length !== runEnd - p || NEEDS_ESCAPE.test(piece)) return fresh();
      parts.push(piece);
      i += piece.length;
      p = runEnd;
      continue;
    }
    // One escape, one code unit of the value: two characters, or six for \uXXXX.
    const size = content[p + 1] === 'u' ? 6 : 2;
    const code = next.charCodeAt(i);
    if (code === decoded.charCodeAt(i)) parts.push(content.slice(p, p + size));
    else if (size === 6) parts.push(hex4(code));
    else return fresh();
    i += 1;
    p += size;
  }
  return i === decoded.length ? parts.join('') : fresh();
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
const WHITESPACE = /\s/;

/** Whether a code unit is whitespace as `\s` reads it (ASCII answered without the regex). */
function isSpace(code: number): boolean {
  if (code < 0x80) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  return WHITESPACE.test(String.fromCharCode(code));
}

/**
 * Rewrite the string values of `text` (one JSON value, possibly cut off) with `rule`. `parsed`: the
 * text is known to be one valid JSON value (it parsed), so its strings need no check for control characters.
 */
export function rewriteJsonStrings(text: string, rule: StringRule, parsed = false): string {
  const stack: Frame[] = [];
  // Each frame's current key (objects) or index (arrays), as the walk goes; each rule call gets its own copy.
  const path: (string | number)[] = [];
  // What is unchanged is copied in runs: text[copied, i) still has to be written.
  const out: string[] = [];
  let copied = 0;
  const replace = (from: number, to: number, replacement: string) => {
    if (from > copied) out.push(text.slice(copied, from));
    out.push(replacement);
    copied = to;
  };
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    if (c === 0x22) {
      const end = stringEnd(text, i);
      if (end < 0) {
        replace(i, text.length, `"${maskOpenString(text.slice(i + 1))}`);
        break;
      }
      const token = text.slice(i, end);
      if (top && !top.array && top.expectKey) {
        path[stack.length - 1] = decodeKey(token);
      } else {
        const next = rewriteValue(token, path.slice(), rule, parsed);
        if (next !== token) replace(i, end, next);
      }
      i = end;
      continue;
    }
    if (c === 0x7b || c === 0x5b) {
      stack.push({ array: c === 0x5b, expectKey: c === 0x7b });
      path.push(c === 0x5b ? 0 : '');
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
      path.length = stack.length;
    } else if (c === 0x3a) {
      if (top && !top.array) top.expectKey = false;
    } else if (c === 0x2c) {
      if (top?.array) path[stack.length - 1] = (path[stack.length - 1] as number) + 1;
      else if (top) top.expectKey = true;
    } else if (!isSpace(c)) {
      let end = i + 1;
      while (end < text.length && !BARE_END.test(text[end])) end += 1;
      const bare = text.slice(i, end);
      if (!LITERAL.test(bare)) replace(i, end, maskText(bare));
      i = end;
      continue;
    }
    i += 1;
  }
  if (copied === 0) return text;
  if (copied < text.length) out.push(text.slice(copied));
  return out.join('');
}

/** A key's text: most keys have no escape, and then it is the token without its quotes. */
function decodeKey(token: string): string {
  if (!token.includes('\\')) return token.slice(1, -1);
  try {
    return JSON.parse(token) as string;
  } catch {
    return token.slice(1, -1);
  }
}

function rewriteValue(token: string, at: JsonPath, rule: StringRule, parsed: boolean): string {
  const content = token.slice(1, -1);
  // A token without a backslash or a control character is its own value: no parse, and no escape to
  // keep (in a text that parsed, it cannot hold a control character).
  const plain = !content.includes('\\') && (parsed || !CONTROL.test(content));
  let decoded: string;
  if (plain) decoded = content;
  else {
    try {
      decoded = JSON.parse(token) as string;
    } catch {
      return `"${maskOpenString(content)}"`;
    }
  }
  // Outside any try: what a rule throws ends the walk (redact-json.ts stops one that way).
  const next = rule(decoded, at);
  if (typeof next !== 'string') return next.raw;
  if (next === decoded) return token;
  if (plain) return `"${next.length === decoded.length && !NEEDS_ESCAPE.test(next) ? next : JSON.stringify(next).slice(1, -1)}"`;
  return `"${reencode(content, decoded, next)}"`;
}

/**
 * Locating and explaining a JSON syntax error the same way in every JavaScript engine.
 *
 * `JSON.parse` messages differ between engines and versions; support staff need "where" and "why",
 * so a failing line is re-scanned by this small validator, which stops at the first error.
 */

/** What kind of JSON error was found. */
export type JsonErrorKind = 'truncated' | 'unexpected' | 'trailing' | 'bad-escape' | 'control-char' | 'empty';

/** The first error of a JSON text: its offset and kind. */
export interface JsonErrorLocation {
  offset: number;
  kind: JsonErrorKind;
  /** What the scanner expected at `offset` ("a value", "\",\" or \"}\""…). */
  expected: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Scan `text` as one JSON value; return the first error, or null when it is valid JSON. */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  const n = text.length;
  const skipWs = () => {
    while (i < n && WS.has(text.charCodeAt(i))) i += 1;
  };
  const err = (kind: JsonErrorKind, expected: string): JsonErrorLocation => ({
    offset: Math.min(i, n),
    kind: i >= n && kind === 'unexpected' ? 'truncated' : kind,
    expected,
  });

  // Iterative parser with an explicit stack so deeply nested garbage cannot overflow the call stack.
  type Frame = { kind: 'object' | 'array'; state: 'start' | 'key' | 'colon' | 'value' | 'comma' };
  const stack: Frame[] = [];

  const scanString = (): JsonErrorLocation | null => {
    i += 1; // opening quote
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c === 0x22) {
        i += 1;
        return null;
      }
      if (c === 0x5c) {
        const e = text.charCodeAt(i + 1);
        if (i + 1 >= n) {
          i = n;
          return err('truncated', 'the rest of the string');
        }
        if (e === 0x75) {
          for (let k = 2; k < 6; k += 1) {
            if (i + k >= n) {
              i = n;
              return err('truncated', 'the rest of the string');
            }
            if (!/[0-9a-fA-F]/.test(text[i + k])) {
              i += k;
              return err('bad-escape', 'a hexadecimal digit of a \\u escape');
            }
          }
          i += 6;
          continue;
        }
        if (!'"\\/bfnrt'.includes(text[i + 1])) {
          i += 1;
          return err('bad-escape', 'a valid escape after "\\"');
        }
        i += 2;
        continue;
      }
      if (c < 0x20) return err('control-char', 'a printable character (raw control characters must be escaped)');
      i += 1;
    }
    return err('truncated', 'the closing quote of a string');
  };

  const scanNumber = (): JsonErrorLocation | null => {
    const m = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m || m[0] === '-' || m[0].length === 0) return err('unexpected', 'a value');
    const after = i + m[0].length;
    // A number cut at the end of input ("1." or "1e") is truncation, not garbage.
    if (after < n && /[.eE+-]/.test(text[after])) {
      i = after;
      return err(after + 1 >= n ? 'truncated' : 'unexpected', 'a digit');
    }
    i = after;
    return null;
  };

  const scanLiteral = (word: string): JsonErrorLocation | null => {
    for (let k = 0; k < word.length; k += 1) {
      if (i + k >= n) {
        i = n;
        return err('truncated', `the rest of "${word}"`);
      }
      if (text[i + k] !== word[k]) {
        i += k;
        return err('unexpected', `"${word}"`);
      }
    }
    i += word.length;
    return null;
  };

  /** Scan a value start; pushes a frame for containers. */
  const scanValue = (): JsonErrorLocation | null => {
    skipWs();
    if (i >= n) return err('truncated', 'a value');
    const c = text[i];
    if (c === '{') {
      i += 1;
      stack.push({ kind: 'object', state: 'start' });
      return null;
    }
    if (c === '[') {
      i += 1;
      stack.push({ kind: 'array', state: 'start' });
      return null;
    }
    if (c === '"') return scanString();
    if (c === 't') return scanLiteral('true');
    if (c === 'f') return scanLiteral('false');
    if (c === 'n') return scanLiteral('null');
    if (c === '-' || (c >= '0' && c <= '9')) return scanNumber();
    return err('unexpected', 'a value');
  };

  skipWs();
  if (i >= n) return { offset: 0, kind: 'empty', expected: 'a value' };
  let e = scanValue();
  if (e) return e;
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    skipWs();
    if (i >= n) return err('truncated', top.kind === 'object' ? '"}"' : '"]"');
    const c = text[i];
    if (top.kind === 'array') {
      if (top.state === 'start' && c === ']') {
        i += 1;
        stack.pop();
        continue;
      }
      if (top.state === 'start' || top.state === 'comma') {
        top.state = 'value';
        e = scanValue();
        if (e) return e;
        continue;
      }
      // after a value
      if (c === ',') {
        i += 1;
        top.state = 'comma';
        continue;
      }
      if (c === ']') {
        i += 1;
        stack.pop();
        continue;
      }
      return err('unexpected', '"," or "]"');
    }
    // object
    if (top.state === 'start' && c === '}') {
      i += 1;
      stack.pop();
      continue;
    }
    if (top.state === 'start' || top.state === 'comma') {
      if (c !== '"') return err('unexpected', 'a property name in double quotes');
      e = scanString();
      if (e) return e;
      top.state = 'key';
      continue;
    }
    if (top.state === 'key') {
      if (c !== ':') return err('unexpected', '":"');
      i += 1;
      top.state = 'value';
      e = scanValue();
      if (e) return e;
      top.state = 'colon';
      continue;
    }
    // state 'colon' means: a value was read, expect , or }
    if (c === ',') {
      i += 1;
      top.state = 'comma';
      continue;
    }
    if (c === '}') {
      i += 1;
      stack.pop();
      continue;
    }
    return err('unexpected', '"," or "}"');
  }
  skipWs();
  if (i < n) return err('trailing', 'the end of the line');
  return null;
}

/** A short, printable rendering of the character at an offset. */
export function describeCharAt(text: string, offset: number): string {
  if (offset >= text.length) return 'the end of the line';
  const code = text.codePointAt(offset) ?? 0;
  if (code === 0) return 'a NUL byte';
  if (code === 0xfffd) return 'an invalid UTF-8 byte';
  if (code < 0x20 || code === 0x7f) return `control character 0x${code.toString(16).padStart(2, '0')}`;
  const ch = String.fromCodePoint(code);
  return `"${ch}"`;
}
